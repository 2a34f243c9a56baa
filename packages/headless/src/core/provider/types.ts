/** EIP-1193 types of `portico.getProvider(namespace)` (no runtime code). */

/** What `request` takes (EIP-1193 RequestArguments). */
export interface Eip1193RequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object
}

/** The events the provider emits and what their listeners receive. */
export interface Eip1193Events {
  /** The connected account(s), selected one first; `[]` when the account went away. */
  accountsChanged: (accounts: string[]) => void
  /** The chain id as a 0x-prefixed hex string ('0x7a69'). */
  chainChanged: (chainId: string) => void
  /** An account became available (Portico connected in this namespace). */
  connect: (info: { chainId: string }) => void
  /** The account went away (Portico disconnected in this namespace): a ProviderRpcError with code 4900. */
  disconnect: (error: Error & { code: number }) => void
}
export type Eip1193EventName = keyof Eip1193Events

/**
 * A standard EIP-1193 provider over Portico's connection in one namespace (eip155): what ethers'
 * BrowserProvider, viem's `custom()` transport and wagmi connectors take.
 */
export interface Eip1193Provider {
  /** Resolves with the JSON-RPC result; rejects with an Error that has an EIP-1193 / JSON-RPC `code`. */
  request(args: Eip1193RequestArguments): Promise<unknown>
  on<E extends Eip1193EventName>(event: E, listener: Eip1193Events[E]): Eip1193Provider
  removeListener<E extends Eip1193EventName>(event: E, listener: Eip1193Events[E]): Eip1193Provider
}

/** The namespaces `getProvider` serves. */
export type ProviderNamespace = 'eip155'

/** What `getProvider(namespace, options)` may change. */
export interface ProviderOptions {
  /**
   * Before `eth_sendTransaction` / `wallet_sendTransaction`, `wallet_sendCalls`, `eth_signTypedData_v4`
   * and `personal_sign` reach a wallet the user brought (injected, WalletConnect), Portico's modal shows
   * what the request does (decoded, flagged, simulated: the RequestPreview view, useRequestPreview) and
   * forwards it only when the user continues; Cancel or closing the modal rejects with 4001. The embedded
   * wallet confirms in its own frame and is not previewed twice. A provider of its own: one object per
   * namespace and value. @default false
   */
  preview?: boolean
}
