/**
 * Origin rules for CORS. A rule is an exact origin (`https://app.example`) or a pattern whose `*`
 * stands for one run of letters, digits and hyphens: any port (`http://localhost:*`) or one host
 * label (`https://*.preview.example`).
 */
export const DEFAULT_ALLOWED_ORIGINS = ['http://127.0.0.1:*', 'http://localhost:*', 'http://127.0.0.1', 'http://localhost']

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')

export function originMatcher(rules: readonly string[]): (origin: string) => boolean {
  const patterns = rules.map((rule) => new RegExp(`^${rule.split('*').map(escapeRegExp).join('[A-Za-z0-9-]+')}$`))
  return (origin) => patterns.some((pattern) => pattern.test(origin))
}
