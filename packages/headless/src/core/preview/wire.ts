/**
 * The preview flows' wiring to the instance, in their lazy chunk: flows.ts carries only the `import()`,
 * so an app that never previews a request loads none of the engine (viem's decoders, @solana/kit).
 */
import type { FlowHost } from '../host'
import type { CaipNetwork } from '../types'
import { decodeCall } from './evm'
import { createPreview, type PreviewTarget } from './preview'
import { createRequestPreview } from './requests'
import { type PriceOf, type SimulationResult, simulate } from './simulate'
import type { EvmCall } from './types'

/** The EVM network's RPC and the connected EVM account. */
function targetOf(host: FlowHost, network: CaipNetwork | undefined): PreviewTarget | undefined {
  const rpcUrl = network?.rpcUrls.default.http[0]
  if (network?.chainNamespace !== 'eip155' || !rpcUrl) return undefined
  const from = host.get('chain').getAccount('eip155')?.address
  return { rpcUrl, ...(from ? { from } : {}), chain: { id: Number(network.id), nativeCurrency: network.nativeCurrency } }
}

/** USD from the account's balances (the Portico API's prices): the native currency and the tokens it holds. */
const balancePrice =
  (host: FlowHost): PriceOf =>
  ({ asset, chainId }) => {
    if (chainId === undefined) return undefined
    const held = host
      .get('chain')
      .$account.get()
      .tokenBalance.find(
        (t) =>
          t.chainId === `eip155:${chainId}` &&
          (asset === 'native' ? !t.address : t.address?.split(':').pop()?.toLowerCase() === asset.toLowerCase()),
      )
    return held?.price
  }

const fetchOf = (host: FlowHost) => {
  const fetcher = host.options.fetch
  return fetcher ? { fetch: (...a: Parameters<typeof fetch>) => fetcher(...a) } : {}
}

/**
 * The modal's own previews (Send, Swap): `calls` simulated from the connected EVM account on the active
 * EVM network's RPC, whatever wallet holds the account (injected, WalletConnect, embedded). Without an
 * EVM account or RPC: 'unavailable' ('noNetwork') with the decoded calls.
 */
export function simulateOnHost(host: FlowHost, calls: readonly EvmCall[]): Promise<SimulationResult> {
  const target = targetOf(host, host.get('chain').getActiveNetwork('eip155'))
  if (!target?.from || !target.rpcUrl)
    return Promise.resolve({ simulation: 'unavailable', reason: 'noNetwork', calls: calls.map((c) => decodeCall(c)) })
  return simulate({
    rpcUrl: target.rpcUrl,
    from: target.from as `0x${string}`,
    calls,
    ...(target.chain ? { chain: target.chain } : {}),
    price: balancePrice(host),
    ...fetchOf(host),
  })
}

export function wirePreview(host: FlowHost) {
  const chain = host.get('chain')
  return createPreview({
    price: balancePrice(host),
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
    ...fetchOf(host),
  })
}

/**
 * The request-preview flow (a previewing provider's requests held for review): a preview engine of
 * its own, so the usePreview store and the modal's Send and Swap previews are not touched.
 */
export function wireRequestPreview(host: FlowHost) {
  return createRequestPreview({ engine: wirePreview(host), modal: host.get('modal'), router: host.get('router') })
}
