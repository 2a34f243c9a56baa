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
 *
 * Multi-namespace adapters (WalletConnect): `namespace` is the primary one; `namespaces` lists every
 * namespace the adapter can serve. headless routes each call to the adapter that registered the
 * connector in use, so several adapters may share a namespace (e.g. evm + walletConnect on eip155).
 * Accounts of other namespaces come back in `ConnectResult.namespaces` and through the namespace
 * argument of the context's events.
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
  /**
   * Multi-namespace sessions: the namespace of the account above when it is not the adapter's
   * primary one (e.g. a WalletConnect session that approved no eip155 account). @default the adapter's namespace
   */
  namespace?: ChainNamespace
  /**
   * Multi-namespace sessions: the accounts of further namespaces (not the one above). headless
   * applies those whose namespace the app configured, without changing the active namespace.
   */
  namespaces?: Partial<Record<ChainNamespace, NamespaceAccounts>>
}

/** One namespace's part of a multi-namespace session. */
export interface NamespaceAccounts {
  address: string
  chainId: number | string
  accounts: string[]
}

/** Given to `adapter.setup`. */
export interface AdapterContext {
  /** The app's networks of this adapter's namespace. */
  readonly networks: readonly CaipNetwork[]
  /** Every network the app configured, all namespaces (multi-namespace adapters build requests from it). */
  readonly allNetworks?: readonly CaipNetwork[]
  /** The Portico project id (for RPC URLs that need it). */
  readonly projectId: string
  /** The currently selected network of this namespace, if any. */
  getActiveNetwork(): CaipNetwork | undefined
  /** Replace this adapter's connectors (headless keeps them ordered across adapters). */
  setConnectors(list: Connector[]): void
  /**
   * The wallet's accounts changed; an empty list means it disconnected. `namespace` defaults to the
   * adapter's namespace.
   */
  onAccountsChanged(accounts: string[], namespace?: ChainNamespace): void
  /** The wallet moved to another chain (EVM chain id number, or the CAIP-2 reference). */
  onChainChanged(chainId: number | string, namespace?: ChainNamespace): void
  /** The wallet ended the session: in `namespace`, or in every namespace this adapter connected. */
  onDisconnect(namespace?: ChainNamespace): void
  /** Publish the pending pairing URI (WalletConnect), undefined once it is used or gone. */
  setWcUri?(uri: string | undefined): void
}

/** What `connect` receives. */
export interface ConnectParams {
  connectorId: string
  network?: CaipNetwork
  /**
   * Aborted when the user gives up (the modal closes during a pairing): reject with
   * `signal.reason` (PorticoError 'Modal closed') and clean up.
   */
  signal?: AbortSignal
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
  /** Every namespace this adapter can connect, primary first. @default [namespace] */
  readonly namespaces?: readonly ChainNamespace[]
  /** Register connectors and subscribe to wallet events. May return a cleanup function. */
  setup(ctx: AdapterContext): void | (() => void) | Promise<void | (() => void)>
  /** Ask the wallet for access (a prompt). Resolves with the accounts, rejects on refusal. */
  connect(params: ConnectParams): Promise<ConnectResult>
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
