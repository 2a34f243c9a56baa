// EIP-55 checksummed accounts from a wallet's answer: viem's getAddress, which needs keccak-256.
// Loaded with import() by the first session (connect or reconnect), so an app whose visitors never
// connect an EVM wallet carries no keccak; wallet events come after a session, when it is loaded.
import { getAddress } from 'viem'

/** The string entries of an eth_accounts / accountsChanged answer, checksummed; anything else is []. */
export function parseAccounts(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.filter((a): a is string => typeof a === 'string').map((a) => getAddress(a))
}
