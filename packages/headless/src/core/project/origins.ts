/**
 * Allowed origins (SPEC §7 GET /projects/v1/origins): does the page's origin match one of the
 * project's patterns? A pattern is an origin (`https://app.example`) where `*` stands for one host
 * label or a port (`https://*.example.com`, `http://localhost:*`), the same rule as the Portico API's
 * own CORS check; a lone `*` allows every origin. Case-insensitive; a trailing slash is ignored.
 */

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')

/** Whether `origin` (e.g. `window.location.origin`) matches `pattern`. */
export function originMatches(origin: string, pattern: string): boolean {
  const rule = pattern.trim().replace(/\/+$/, '')
  if (rule === '*') return true
  if (rule === '') return false
  return new RegExp(`^${rule.split('*').map(escapeRegExp).join('[A-Za-z0-9-]+')}$`, 'i').test(origin.replace(/\/+$/, ''))
}

/** Whether `origin` is allowed by `patterns`: an empty list is no restriction. */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.length === 0 || patterns.some((p) => originMatches(origin, p))
}
