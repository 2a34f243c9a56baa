/**
 * The text of a sign-in message (SPEC §3 "Sign-in message"): EIP-4361 on eip155, CAIP-122 on the
 * other namespaces (the same layout, "…with your Solana account:", the chain id being the CAIP-2
 * reference). Pure: no clock, no I/O.
 */
import type { SiwxMessageData } from '../options/siwx'

/** The account word of CAIP-122's first line, per namespace. */
const ACCOUNT_WORD: Record<string, string> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
  sui: 'Sui',
  stacks: 'Stacks',
}

/** 'eip155:1' → ['eip155', '1']. */
export function splitChainId(chainId: string): [namespace: string, reference: string] {
  const at = chainId.indexOf(':')
  return at < 0 ? [chainId, ''] : [chainId.slice(0, at), chainId.slice(at + 1)]
}

/** Fields a wallet would show wrongly, or a verifier would parse wrongly: one line each. */
function oneLine(name: string, value: string | undefined): void {
  if (value !== undefined && /[\r\n]/.test(value)) throw new Error(`SIWX message: ${name} must be one line`)
}

/**
 * The text the wallet signs. EIP-4361 layout (and CAIP-122's, which reuses it):
 *
 * ```
 * app.example.com wants you to sign in with your Ethereum account:
 * 0xAbC…
 *
 * Sign in with your wallet.
 *
 * URI: https://app.example.com
 * Version: 1
 * Chain ID: 1
 * Nonce: 32891756
 * Issued At: 2026-11-23T22:00:00.000Z
 * ```
 * then the optional Expiration Time, Not Before, Request ID and Resources lines, in that order.
 */
export function formatSiwxMessage(data: SiwxMessageData): string {
  const [namespace, reference] = splitChainId(data.chainId)
  for (const key of ['domain', 'accountAddress', 'statement', 'uri', 'version', 'nonce', 'issuedAt', 'expirationTime', 'notBefore', 'requestId'] as const) oneLine(key, data[key])
  for (const r of data.resources ?? []) oneLine('resources', r)
  const word = ACCOUNT_WORD[namespace] ?? namespace
  const lines = [`${data.domain} wants you to sign in with your ${word} account:`, data.accountAddress, '']
  if (data.statement) lines.push(data.statement)
  lines.push('', `URI: ${data.uri}`, `Version: ${data.version}`, `Chain ID: ${reference}`, `Nonce: ${data.nonce}`, `Issued At: ${data.issuedAt}`)
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`)
  if (data.requestId) lines.push(`Request ID: ${data.requestId}`)
  if (data.resources?.length) lines.push('Resources:', ...data.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}
