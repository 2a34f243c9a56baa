/**
 * The contract between @portico/headless and the chain adapter packages (@portico/evm, @portico/solana …).
 *
 * Life cycle:
 * 1. `createPortico({ adapters })` calls `adapter.setup(ctx)` once per adapter (no network request,
 *    no window access at import time; an adapter may look at `window` inside `setup` only when
 *    `typeof window !== 'undefined'`).
 * 2. The adapter reports its wallets with `ctx.setConnectors(list)` (call it again whenever the list
 *    changes, e.g. on an EIP-6963 announcement) and wallet events with `ctx.onAccountsChanged`,
 *    `ctx.onChainChanged` and `ctx.onDisconnect`.
 * 3. headless calls `connect`, `reconnect`, `disconnect`, `switchNetwork` … when the user asks.
 *
 * Errors: reject with the wallet's error as is (keep `code: 4001` for user rejection) — headless maps
 * it with `isUserRejection` to 'Connection rejected'.
 */
import type { CaipNetwork, ChainNamespace } from './core/types'

export type ConnectorType = 'injected' | 'announced' | 'walletConnect' | 'auth' | 'external'

/** A way to connect a wallet, registered by an adapter. */
export interface Connector {
  /** Unique within the Portico instance, e.g. 'injected', the EIP-6963 rdns, 'walletConnect'. */
  id: string
  name: string
  type: ConnectorType
  namespace: ChainNamespace
  imageUrl?: string
  /** EIP-6963 reverse-DNS id of the wallet, when known. */
  rdns?: string
  /** The wallet's id in the wallet explorer, when known. */
  explorerId?: string
}

/** Per-connector state of SPEC §4: the one in use, one known/authorised earlier, or neither. */
export type ConnectorState = 'connected' | 'active' | 'disconnected'

/** What `connect` / `reconnect` resolve with. */
export interface ConnectResult {
  /** The selected account's address (checksummed for EVM). */
  address: string
  /** The chain the wallet is on: a number for EVM, the CAIP-2 reference string elsewhere. */
  chainId: number | string
  /** Every account the wallet exposed, selected one first. */
  accounts: string[]
}

/** Given to `adapter.setup`. */
export interface AdapterContext {
  /** The app's networks of this adapter's namespace. */
  readonly networks: readonly CaipNetwork[]
  /** The Portico project id (for RPC URLs that need it). */
  readonly projectId: string
  /** The currently selected network of this namespace, if any. */
  getActiveNetwork(): CaipNetwork | undefined
  /** Replace this adapter's connectors (headless keeps them ordered across adapters). */
  setConnectors(list: Connector[]): void
  /** The wallet's accounts changed; an empty list means it disconnected. */
  onAccountsChanged(accounts: string[]): void
  /** The wallet moved to another chain (EVM chain id number, or the CAIP-2 reference). */
  onChainChanged(chainId: number | string): void
  /** The wallet ended the session. */
  onDisconnect(): void
}

export interface SendTransactionParams {
  /** Recipient address. */
  to: string
  /** Native value in the smallest unit (wei, lamports). */
  value?: bigint
  /** Call data, hex, 0x-prefixed. */
  data?: `0x${string}`
  gas?: bigint
  gasPrice?: bigint
  network?: CaipNetwork
}

export interface ChainAdapter {
  /** Required: the chain family this adapter serves. Adapters without it are refused. */
  readonly namespace: ChainNamespace
  /** Register connectors and subscribe to wallet events. May return a cleanup function. */
  setup(ctx: AdapterContext): void | (() => void) | Promise<void | (() => void)>
  /** Ask the wallet for access (a prompt). Resolves with the accounts, rejects on refusal. */
  connect(params: { connectorId: string; network?: CaipNetwork }): Promise<ConnectResult>
  /**
   * Restore an earlier authorised session without a prompt (eth_accounts for EVM). Resolves null
   * when the wallet no longer exposes an account.
   */
  reconnect(params: { connectorId: string; network?: CaipNetwork }): Promise<ConnectResult | null>
  disconnect(params: { connectorId: string }): Promise<void>
  /** Move the connected wallet to `network` (adds it to the wallet when unknown, for EVM). */
  switchNetwork(params: { network: CaipNetwork; connectorId?: string }): Promise<void>
  /** Native balance of `address` on `network`, formatted in whole units ('1.5'). */
  getBalance(params: { address: string; network: CaipNetwork }): Promise<{ balance: string; symbol: string }>
  signMessage(params: { message: string; address: string; connectorId?: string }): Promise<string>
  /** Resolves with the transaction hash / signature. */
  sendTransaction(params: SendTransactionParams & { address: string; connectorId?: string }): Promise<string>
}
