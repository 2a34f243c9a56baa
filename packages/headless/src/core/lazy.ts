// A module of its own: the modal's hooks (useSend) and the first load (portico.wallet, portico.embedded)
// share it, and a shared module moves to a shared chunk — alone it moves without the wallet facade.

/**
 * `names` of a lazy flow as functions that load it on their first call (then call it), added to
 * `into`: how `portico.wallet` and `portico.embedded` are there before their code is. With `peek`,
 * a call once the flow is loaded goes to it at once (in the same task, e.g. still inside a click).
 */
export function lazyMethods<T, K extends keyof T>(
  load: () => Promise<T>,
  names: readonly K[],
  into: object = {},
  peek?: () => T | undefined,
): Pick<T, K> {
  const out = into as Record<K, unknown>
  type Method = (...a: unknown[]) => Promise<unknown>
  for (const name of names) {
    out[name] = (...args: unknown[]) => {
      const flow = peek?.()
      return flow ? (flow[name] as Method)(...args) : load().then((f) => (f[name] as Method)(...args))
    }
  }
  return out as Pick<T, K>
}
