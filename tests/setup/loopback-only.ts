// Node test projects: any fetch to an address that is not loopback fails at once, so a test can
// never send traffic off the machine by accident (e.g. a default API URL left in place).
// Installed once per process (a project that shares its modules across files runs this per file).
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])
const GUARDED = Symbol.for('portico.loopbackOnly')
const realFetch = globalThis.fetch

if (!(GUARDED in realFetch)) {
  const guarded = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !LOOPBACK.has(url.hostname)) {
      throw new TypeError(`fetch to a non-loopback address refused in tests: ${url.origin}`)
    }
    return realFetch(input, init)
  }) as typeof fetch
  globalThis.fetch = Object.assign(guarded, { [GUARDED]: true })
}
