// Shared by the adapter's tests on the real local relay (not part of the package's exports).
import type { CaipNetwork } from '@portico/headless'

/**
 * Records every fetch from here on (the node project's setup already refuses non-loopback ones);
 * `offLoopback()` lists those that went elsewhere, `restore()` puts the previous fetch back.
 */
export function recordFetches() {
  const previous = globalThis.fetch
  const fetched: string[] = []
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    fetched.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    return previous(input, init)
  }) as typeof fetch
  return {
    offLoopback: () => fetched.filter((u) => !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(u).hostname)),
    restore: () => {
      globalThis.fetch = previous
    },
  }
}

/** A network of any namespace; `ref` is the CAIP-2 reference. */
export const testNetwork = (
  ns: CaipNetwork['chainNamespace'],
  ref: string,
  opts: { name?: string; symbol: string; decimals: number; rpcUrl?: string },
): CaipNetwork => ({
  id: ns === 'eip155' ? Number(ref) : ref,
  caipNetworkId: `${ns}:${ref}` as CaipNetwork['caipNetworkId'],
  chainNamespace: ns,
  name: opts.name ?? `${ns} ${ref}`,
  nativeCurrency: { name: opts.symbol, symbol: opts.symbol, decimals: opts.decimals },
  rpcUrls: { default: { http: [opts.rpcUrl ?? 'http://127.0.0.1:9'] } },
})

export function mapStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

/** Polls `fn` every 10 ms until it gives a value (not undefined/false), for at most `ms`. */
export const until = async <T>(fn: () => T | undefined, what: string, ms = 10_000): Promise<T> => {
  const end = Date.now() + ms
  for (;;) {
    const v = fn()
    if (v !== undefined && v !== false) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}
