/**
 * The provider flow's wiring, in its lazy chunk: flows.ts carries only the `import()`, so an app that
 * never asks for a provider loads none of it.
 */
import type { FlowHost } from '../host'
import { createProviders } from './provider'

export function wireProviders(host: FlowHost) {
  const get = host.get
  return createProviders({
    chain: get('chain'),
    modal: get('modal'),
    router: get('router'),
    network: get('network'),
    connection: get('connection'),
    wallet: get('wallet'),
    requestPreview: () => host.load('requestPreview'),
  })
}
