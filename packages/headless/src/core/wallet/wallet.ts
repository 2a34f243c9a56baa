/**
 * Wallet operations (SPEC §7 "Wallet operations", §6): what the connected account can be asked to do.
 * Every call goes to the adapter that holds the namespace's connection. Beyond signMessage and
 * sendTransaction, a call needs the adapter to declare the capability (adapters.ts): an undeclared
 * one is refused with 'Requested RPC call is not allowed', never a TypeError. A refusal in the
 * wallet becomes 'User rejected the request' (code 4001).
 */
import {
  RECEIPT_TIMEOUT_MS,
  type AdapterCapability,
  type CallsStatus,
  type ChainAdapter,
  type SendCallsParams,
  type SendTransactionParams,
  type TransactionReceipt,
  type TransferParams,
  type TypedDataParams,
  type WalletCallContext,
  type WriteContractParams,
} from '../../adapters'
import { ERRORS, isUserRejection, PorticoError, USER_REJECTED_CODE } from '../errors'
import type { CaipNetwork, ChainNamespace } from '../types'
import { checkWalletCalls } from './calls'

/** ERC-7715 wallet_grantPermissions request (the wallet checks it; see its docs for the types it enforces). */
export interface GrantPermissionsRequest {
  /** Hex chain id, e.g. '0x7a69'. */
  chainId: string
  /** Unix time (seconds) after which the grant ends. */
  expiry: number
  /** Who may use the grant: `{ type: 'account', data: { id: address } }` or `{ type: 'key', data: { type: 'secp256k1', publicKey } }`. */
  signer: { type: string; data: Record<string, unknown> }
  /** E.g. `{ type: 'contract-call', data: { address, abi, functions } }`, `{ type: 'native-token-limit', data: { allowance } }`. */
  permissions: readonly { type: string; data: Record<string, unknown>; policies?: readonly unknown[] }[]
  /** The account. @default the connected one */
  address?: string
}
/** The granted request, with the account and `context` (what the signer presents). */
export type GrantPermissionsResult = GrantPermissionsRequest & { address: string; context: string }
/** EIP-7811 filters. */
export interface GetAssetsFilter {
  chainFilter?: readonly string[]
  assetTypeFilter?: readonly ('native' | 'erc20')[]
  assetFilter?: Record<string, readonly { address: string; type: 'native' | 'erc20' }[]>
}
/** One asset of wallet_getAssets: `address` 'native' for the chain's currency; `balance` hex. */
export interface WalletAsset {
  address: string
  balance: string
  type: 'native' | 'erc20'
  metadata?: { name?: string; symbol?: string; decimals?: number }
}

export interface WalletDeps {
  /** The connected account of a namespace (the active one by default) and the adapter holding it; throws 'No account connected'. */
  connectedWallet(namespace?: ChainNamespace): { adapter: ChainAdapter; address: string; connectorId: string; namespace: ChainNamespace }
  /** The adapter serving a namespace, connected or not (receipts can be awaited without an account). */
  adapterFor(namespace: ChainNamespace): ChainAdapter | undefined
  /** The active namespace. */
  activeNamespace(): ChainNamespace | undefined
  /** The current network of a namespace. */
  activeNetwork(namespace?: ChainNamespace): CaipNetwork | undefined
  /** A transaction of the namespace's account went out or was included: its balances changed. */
  onTransaction?(namespace: ChainNamespace): void
}

/** Options every wallet call takes. */
export interface WalletCallOptions {
  /** The namespace whose account acts. @default the active namespace */
  namespace?: ChainNamespace
}

export function createWallet(deps: WalletDeps) {
  /** A refusal in the wallet becomes 'User rejected the request' (code 4001); other errors pass through. */
  const normalise = (error: unknown): unknown =>
    isUserRejection(error) ? new PorticoError(ERRORS.userRejected, { code: USER_REJECTED_CODE, cause: error }) : error

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      throw normalise(error)
    }
  }

  /** `call` for a transaction of the namespace's account: once it succeeds, its balances are stale. */
  async function send<T>(namespace: ChainNamespace, run: () => Promise<T>): Promise<T> {
    const result = await call(run)
    deps.onTransaction?.(namespace)
    return result
  }

  /** The capabilities the adapter of a namespace declares. @default the active namespace's */
  function capabilities(namespace?: ChainNamespace): readonly AdapterCapability[] {
    const ns = namespace ?? deps.activeNamespace()
    return (ns && deps.adapterFor(ns)?.capabilities) || []
  }

  /** The connected wallet, provided its adapter declared `capability` and implements `method`. */
  function capable<M extends keyof ChainAdapter>(capability: AdapterCapability, method: M, namespace?: ChainNamespace) {
    const wallet = deps.connectedWallet(namespace)
    const fn = wallet.adapter[method]
    if (!wallet.adapter.capabilities?.includes(capability) || typeof fn !== 'function') throw new PorticoError(ERRORS.rpcNotAllowed)
    const ctx: WalletCallContext = { address: wallet.address, connectorId: wallet.connectorId, namespace: wallet.namespace }
    return { wallet, ctx, fn: fn.bind(wallet.adapter) as NonNullable<ChainAdapter[M]> }
  }

  return {
    capabilities,
    /** Does the namespace's adapter declare `capability`? */
    supports: (capability: AdapterCapability, namespace?: ChainNamespace): boolean => capabilities(namespace).includes(capability),

    /** Sign `message` with the connected account (personal_sign on EVM). */
    async signMessage(message: string, opts: WalletCallOptions = {}): Promise<string> {
      const { adapter, address, connectorId } = deps.connectedWallet(opts.namespace)
      return await call(() => adapter.signMessage({ message, address, connectorId }))
    },

    /** Send a transaction from the connected account; resolves with its hash. */
    async sendTransaction(params: SendTransactionParams, opts: WalletCallOptions = {}): Promise<string> {
      const { adapter, address, connectorId, namespace } = deps.connectedWallet(opts.namespace)
      return send(namespace, () => adapter.sendTransaction({ ...params, address, connectorId }))
    },

    /** Send the native currency, or a token when `token` is given (ERC-20, SPL). Resolves with the hash. */
    async transfer(params: TransferParams, opts: WalletCallOptions = {}): Promise<string> {
      if (params.amount <= 0n) throw new PorticoError(ERRORS.sendAmountReceiver)
      const { wallet, ctx, fn } = capable(params.token ? 'tokenTransfer' : 'nativeTransfer', 'transfer', opts.namespace)
      return send(wallet.namespace, () => fn({ ...params, ...ctx }))
    },

    /** Call a contract function from the connected account (an ERC-20 approval …). Resolves with the hash. */
    async writeContract(params: WriteContractParams, opts: WalletCallOptions = {}): Promise<string> {
      const { wallet, ctx, fn } = capable('contractWrite', 'writeContract', opts.namespace)
      return send(wallet.namespace, () => fn({ ...params, ...ctx }))
    },

    /** Sign EIP-712 typed data (eth_signTypedData_v4). */
    async signTypedData(params: TypedDataParams, opts: WalletCallOptions = {}): Promise<string> {
      const { ctx, fn } = capable('typedData', 'signTypedData', opts.namespace)
      return call(() => fn({ ...params, ...ctx }))
    },

    /** EIP-5792 wallet_sendCalls; the calls are checked first (SPEC §5). Resolves with the batch id. */
    async sendCalls(params: SendCallsParams, opts: WalletCallOptions = {}): Promise<{ id: string }> {
      checkWalletCalls(params.calls)
      const { wallet, ctx, fn } = capable('sendCalls', 'sendCalls', opts.namespace)
      return send(wallet.namespace, () => fn({ ...params, ...ctx }))
    },

    /** EIP-5792 wallet_getCallsStatus. */
    async getCallsStatus(id: string, opts: WalletCallOptions = {}): Promise<CallsStatus> {
      const { ctx, fn } = capable('callsStatus', 'getCallsStatus', opts.namespace)
      return call(() => fn({ id, ...ctx }))
    },

    /** EIP-5792 wallet_getCapabilities; {} when the wallet cannot tell or fails (SPEC §8). */
    async getCapabilities(opts: WalletCallOptions = {}): Promise<Record<string, Record<string, unknown>>> {
      const { ctx, fn } = capable('walletCapabilities', 'getCapabilities', opts.namespace)
      try {
        return await fn(ctx)
      } catch {
        return {}
      }
    },

    /**
     * ERC-7715 wallet_grantPermissions: let `request.signer` run the permitted calls from the account
     * until `request.expiry`. Resolves with the grant and its `context`.
     */
    async grantPermissions(request: GrantPermissionsRequest, opts: WalletCallOptions = {}): Promise<GrantPermissionsResult> {
      const { ctx, fn } = capable('walletRequest', 'request', opts.namespace)
      return (await call(() => fn({ method: 'wallet_grantPermissions', params: [request], ...ctx }))) as GrantPermissionsResult
    },

    /** ERC-7715: revoke a grant by its `context`; it stops working at once. */
    async revokePermissions(request: { context: string }, opts: WalletCallOptions = {}): Promise<void> {
      const { ctx, fn } = capable('walletRequest', 'request', opts.namespace)
      await call(() => fn({ method: 'wallet_revokePermissions', params: [request], ...ctx }))
    },

    /** EIP-7811 wallet_getAssets of the connected account, per chain id (hex). */
    async getAssets(filter: GetAssetsFilter = {}, opts: WalletCallOptions = {}): Promise<Record<string, WalletAsset[]>> {
      const { ctx, fn } = capable('walletRequest', 'request', opts.namespace)
      return (await call(() => fn({ method: 'wallet_getAssets', params: [{ account: ctx.address, ...filter }], ...ctx }))) as Record<
        string,
        WalletAsset[]
      >
    },

    /** Wait until `hash` is included on the namespace's current network (SPEC §9: 25 s by default). */
    async waitForReceipt(
      hash: string,
      opts: WalletCallOptions & { network?: CaipNetwork; timeoutMs?: number } = {},
    ): Promise<TransactionReceipt> {
      const ns = opts.namespace ?? opts.network?.chainNamespace ?? deps.activeNamespace()
      const adapter = ns ? deps.adapterFor(ns) : undefined
      if (!adapter) throw new PorticoError(ERRORS.chainAdapterNotFound)
      if (!adapter.capabilities?.includes('waitForReceipt') || typeof adapter.waitForReceipt !== 'function')
        throw new PorticoError(ERRORS.rpcNotAllowed)
      const network = opts.network ?? deps.activeNetwork(ns)
      const receipt = await adapter.waitForReceipt({ hash, network, timeoutMs: opts.timeoutMs ?? RECEIPT_TIMEOUT_MS })
      if (ns) deps.onTransaction?.(ns)
      return receipt
    },
  }
}

export type WalletFlow = ReturnType<typeof createWallet>
