// Drives an authorization through the dev OIDC provider over real HTTP, as a browser would: follow
// the redirects by hand with a cookie jar, read the login page, post its form for one account (or
// cancel). For tests that have no browser.

export interface DriveOptions {
  /** The account to pick (its id), or 'cancel' to press Cancel. */
  account: string
  /** Redirects followed at most. @default 10 */
  maxRedirects?: number
}

/** A tiny cookie jar: name=value per cookie, any path (one provider, one origin). */
function cookieJar() {
  const cookies = new Map<string, string>()
  return {
    take(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const pair = line.split(';')[0] ?? ''
        const eq = pair.indexOf('=')
        if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim())
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  }
}

/**
 * From the client's authorization URL to the URL the provider finally redirects to outside its
 * own origin (the client's redirect_uri with ?code&state, or ?error). Throws when it does not get
 * there. The returned URL is not fetched.
 */
export async function driveOidcAuthorization(authorizationUrl: string, options: DriveOptions): Promise<URL> {
  const start = new URL(authorizationUrl)
  const jar = cookieJar()
  let url = start
  let init: RequestInit = { method: 'GET' }
  let posted = false
  for (let hop = 0; hop < (options.maxRedirects ?? 10) + 2; hop++) {
    if (url.origin !== start.origin) return url
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    })
    jar.take(res)
    const location = res.headers.get('location')
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel()
      url = new URL(location, url)
      init = { method: 'GET' }
      continue
    }
    const text = await res.text()
    if (res.status !== 200 || posted) throw new Error(`dev OIDC provider answered ${res.status} at ${url.pathname}: ${text.slice(0, 300)}`)
    const action = /<form method="post" action="([^"]+)"/.exec(text)?.[1]
    if (!action) throw new Error(`no login form at ${url.pathname}`)
    const field = options.account === 'cancel' ? 'cancel=1' : `account=${encodeURIComponent(options.account)}`
    if (options.account !== 'cancel' && !text.includes(`data-testid="portico-oidc-user-${options.account}"`))
      throw new Error(`no account ${options.account} on the login page`)
    url = new URL(action.replace(/&amp;/g, '&'), url)
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: field }
    posted = true
  }
  throw new Error('too many redirects')
}
