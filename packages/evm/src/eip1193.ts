import { ERRORS, PorticoError } from '@portico/headless'
import { hexToBigInt, isHex, numberToHex } from 'viem'

/** The slice of EIP-1193 the adapter uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>
  on?(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown
}

/** EIP-6963 provider info. */
export interface Eip6963ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

export interface Eip6963ProviderDetail {
  info: Eip6963ProviderInfo
  provider: Eip1193Provider
}

/** Error code a wallet answers when it does not know a chain (wallet_switchEthereumChain). */
export const UNRECOGNIZED_CHAIN_CODE = 4902

/** Wallets nest the original error differently; find the code wherever it is. */
export function errorCode(error: unknown): number | undefined {
  let e: unknown = error
  for (let depth = 0; typeof e === 'object' && e !== null && depth < 4; depth++) {
    const nested = e as { code?: unknown; data?: { originalError?: unknown } | null; cause?: unknown }
    if (typeof nested.code === 'number') return nested.code
    e = nested.data?.originalError ?? nested.cause
  }
  return undefined
}

/** A chain id as wallets send it: a number, a hex or a decimal string. */
export function parseChainId(value: unknown): number {
  if (typeof value === 'number') return value
  if (typeof value === 'string') return isHex(value) ? Number(hexToBigInt(value)) : Number(value)
  throw new PorticoError(ERRORS.failedToConnect)
}

/** A transaction for eth_sendTransaction. */
export interface EvmTransaction {
  from: string
  to: string
  value?: bigint
  data?: `0x${string}`
  gas?: bigint
  gasPrice?: bigint
}

/** eth_sendTransaction from `tx.from`; resolves with the hash. */
export async function sendEvmTransaction(provider: Eip1193Provider, tx: EvmTransaction): Promise<string> {
  const request: Record<string, string> = { from: tx.from, to: tx.to }
  if (tx.value !== undefined) request.value = numberToHex(tx.value)
  if (tx.data) request.data = tx.data
  if (tx.gas !== undefined) request.gas = numberToHex(tx.gas)
  if (tx.gasPrice !== undefined) request.gasPrice = numberToHex(tx.gasPrice)
  const hash = await provider.request({ method: 'eth_sendTransaction', params: [request] })
  if (typeof hash !== 'string') throw new PorticoError(ERRORS.transactionError, { cause: hash })
  return hash
}
