/**
 * The preview flow's wiring to the instance, in its lazy chunk: flows.ts carries only the `import()`,
 * so an app that never previews a request loads none of the engine (viem's decoders, @solana/kit).
 */
import type { FlowHost } from '../host'
import type { CaipNetwork } from '../types'
import { createPreview, type PreviewTarget } from './preview'

/** The EVM network's RPC and the connected EVM account. */
function targetOf(host: FlowHost, network: CaipNetwork | undefined): PreviewTarget | undefined {
  const rpcUrl = network?.rpcUrls.default.http[0]
  if (network?.chainNamespace !== 'eip155' || !rpcUrl) return undefined
  const from = host.get('chain').getAccount('eip155')?.address
  return { rpcUrl, ...(from ? { from } : {}), chain: { id: Number(network.id), nativeCurrency: network.nativeCurrency } }
}

export function wirePreview(host: FlowHost) {
  const chain = host.get('chain')
  const fetcher = host.options.fetch
  return createPreview({
    // USD from the account's balances (the Portico API's prices): the native currency and the tokens it holds.
    price: ({ asset, chainId }) => {
      if (chainId === undefined) return undefined
      const held = chain.$account
        .get()
        .tokenBalance.find(
          (t) =>
            t.chainId === `eip155:${chainId}` &&
            (asset === 'native' ? !t.address : t.address?.split(':').pop()?.toLowerCase() === asset.toLowerCase()),
        )
      return held?.price
    },
    // A sign-in message is checked against the page the app runs on.
    config: () => {
      const pageHost = (globalThis as { location?: { host?: string } }).location?.host
      return pageHost ? { host: pageHost } : {}
    },
    target: (chainId) =>
      targetOf(
        host,
        chainId === undefined
          ? chain.getActiveNetwork('eip155')
          : host.options.networks.find((n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId),
      ),
    ...(fetcher ? { fetch: (...a: Parameters<typeof fetch>) => fetcher(...a) } : {}),
  })
}
