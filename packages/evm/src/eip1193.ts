/** The slice of EIP-1193 the adapter uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
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
  let e: any = error
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (typeof e.code === 'number') return e.code
    e = e.data?.originalError ?? e.cause
  }
  return undefined
}
