/**
 * The text of a sign-in message (SPEC §3 "Sign-in message"): EIP-4361 on eip155, CAIP-122 on the
 * other namespaces ("…with your Solana account:", the chain id being the CAIP-2 reference). The one
 * formatter is @portico/protocol/siwx's, which the Portico API reads messages back with; this maps
 * the SPEC's field names (accountAddress) onto it.
 */
import { formatSiwxMessage as formatFields } from '@portico/protocol/siwx'
import type { SiwxMessageData } from '../options/siwx'

/** 'eip155:1' → ['eip155', '1']. */
export function splitChainId(chainId: string): [namespace: string, reference: string] {
  const at = chainId.indexOf(':')
  return at < 0 ? [chainId, ''] : [chainId.slice(0, at), chainId.slice(at + 1)]
}

/**
 * An address as an account's identity: hex addresses (eip155's EIP-55, sui's 0x-hex) compare without
 * case, as the Portico API compares them; every other namespace's (base58, SS58, bech32, c32) exactly.
 */
export function addressKey(namespace: string, address: string): string {
  return namespace === 'eip155' || namespace === 'sui' ? address.toLowerCase() : address
}

/** The text the wallet signs; throws (SiwxMessageError) on a field the format can not carry (a line break, a bad nonce …). */
export function formatSiwxMessage(data: SiwxMessageData): string {
  const { accountAddress, version, ...rest } = data
  return formatFields({ ...rest, address: accountAddress, version: version as '1' })
}
