/**
 * Receive (issue 12): what a sender needs to pay the connected account — the address, a QR payload,
 * and the networks of the account's namespace on which that address receives. Pure functions.
 */
import type { CaipNetwork, ChainNamespace } from '../types'

/**
 * The text of the Receive QR code.
 * - EVM: an EIP-681 URI `ethereum:<address>@<chainId>` — wallets that scan it open a transfer to the
 *   address on that chain, so the chain travels with the address (the case where a sender picks the
 *   wrong network is the one the view warns about). Scanners that only read addresses still find it.
 * - Every other namespace: the bare address (Solana Pay's `solana:` URL is a payment request with its
 *   own rules; exchanges and wallets read a plain base58 address everywhere).
 */
export function receivePayload(address: string, network?: Pick<CaipNetwork, 'id' | 'chainNamespace'>): string {
  if (network?.chainNamespace === 'eip155') return `ethereum:${address}@${network.id}`
  return address
}

/**
 * The networks on which the address receives: the app's configured networks of the account's
 * namespace (an address of a namespace is the same on each of its networks), in the app's order.
 */
export function receiveNetworks(networks: readonly CaipNetwork[], namespace?: ChainNamespace): CaipNetwork[] {
  if (!namespace) return []
  return networks.filter((n) => n.chainNamespace === namespace)
}
