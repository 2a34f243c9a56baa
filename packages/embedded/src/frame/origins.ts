/**
 * Which host page may talk to the frame: the project's allowed origins (SPEC §7
 * GET /projects/v1/origins). A rule is an exact origin or a pattern whose `*` stands for one run of
 * letters, digits and hyphens (a port, or one host label) — the server's CORS rules.
 */
const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')

export function originMatcher(rules: readonly string[]): (origin: string) => boolean {
  const patterns = rules.map((rule) => new RegExp(`^${rule.split('*').map(escapeRegExp).join('[A-Za-z0-9-]+')}$`))
  return (origin) => typeof origin === 'string' && origin !== 'null' && patterns.some((p) => p.test(origin))
}

/** The origin of a URL, or undefined ('' and opaque origins included). */
export function originOf(url: string | undefined | null): string | undefined {
  if (!url) return undefined
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/**
 * The host page's origin: the browser's ancestorOrigins when it has them (Chromium, Safari), else the
 * referrer's origin. When both are known they must agree. The referrer is only a hint: the caller
 * still checks every message's origin and source, and the allowed-origins list.
 */
export function hostOriginOf(ancestorOrigins: ArrayLike<string> | undefined, referrer: string | undefined): string | undefined {
  const ancestor = ancestorOrigins && ancestorOrigins.length > 0 ? originOf(ancestorOrigins[0]) : undefined
  const hinted = originOf(referrer)
  if (ancestor && hinted && ancestor !== hinted) return undefined
  return ancestor ?? hinted
}
