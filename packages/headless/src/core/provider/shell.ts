/**
 * What `portico.getProvider(namespace)` returns at once: an EIP-1193 object whose code (provider.ts,
 * the lazy flow 'provider') is imported on first use, so an app that never asks for a provider
 * carries none of it. Calls and listener changes wait for that module, in the order they were made.
 */
import type { Eip1193Provider } from './types'

export function providerShell(load: () => Promise<Eip1193Provider>): Eip1193Provider {
  // Start loading now: the provider's view of Portico's state begins as early as possible.
  load().catch(() => undefined)
  const later =
    (name: 'on' | 'removeListener') =>
    (event: never, listener: never): Eip1193Provider => {
      void load().then((p) => p[name](event, listener))
      return shell
    }
  const shell: Eip1193Provider = {
    request: (args) => load().then((p) => p.request(args)),
    on: later('on'),
    removeListener: later('removeListener'),
  }
  return shell
}
