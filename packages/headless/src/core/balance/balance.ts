/**
 * Token balance flow (SPEC §4): fetch for the active account through the API, loading flag, 30 s
 * cache (in the API client); after a failure, retries are blocked for 30 s and the banner shows
 * 'Token Balance Unavailable', and one retry is scheduled for when the block ends. The account's
 * native balance is the API's native entry; fetchNativeBalance reads it from the chain adapter instead
 * (and so does fetchTokenBalances in an instance without an API: no token list then).
 *
 * When balances refresh without a reload:
 * - account and chain events (connect, accounts changed, chain changed): the connection flow fetches
 *   them for the new account / network (a new cache key, so fresh);
 * - transaction events (`transactionSent`: the wallet operations call it after a transaction, a
 *   transfer, a contract write, a call batch or a receipt): fetched at once past the 30 s cache
 *   (`forceUpdate`), and once more past it on the next new block (the transaction is in by then);
 * - new blocks (`watchBlocks`, while a view shows the balance and the adapter reports blocks):
 *   fetched within the 30 s cache, so a quiet chain costs one request per 30 s at most.
 * The 30 s retry block after a failure holds for all of them.
 */
import type { ChainAdapter } from '../../adapters'
import type { ApiClient } from '../../api/client'
import type { Banner } from '../banner/banner'
import type { Chain } from '../chain/chain'
import { coded } from '../errors'
import type { Timers } from '../timers'
import type { ChainNamespace } from '../types'

/** How long retries are blocked after a failed balance fetch. */
export const BALANCE_RETRY_MS = 30_000

export interface BalanceDeps {
  chain: Chain
  /** The Portico API; without one (no apiUrl) fetchTokenBalances reads the native balance only, as fetchNativeBalance. */
  api?: ApiClient | undefined
  banner: Banner
  timers: Timers
  adapters: readonly ChainAdapter[]
  /** The adapter serving a namespace (the connected connector's owner). @default first with that namespace */
  adapterFor?: (namespace: ChainNamespace) => ChainAdapter | undefined
}

export function createBalance(deps: BalanceDeps) {
  const { chain } = deps

  /**
   * Fetch token balances of the active (or given) namespace's account. Resolves false when nothing
   * was fetched (no account, retry window, failure).
   */
  /** One pending automatic retry, scheduled for when the retry block of a failed fetch ends. */
  let retry: { id: ReturnType<Timers['setTimeout']>; namespace: ChainNamespace } | undefined

  function cancelRetry(): void {
    if (retry) deps.timers.clearTimeout(retry.id)
    retry = undefined
  }

  async function fetchTokenBalances(opts: { namespace?: ChainNamespace; forceUpdate?: boolean } = {}): Promise<boolean> {
    const ns = opts.namespace ?? chain.$activeChain.get()
    const account = ns ? chain.getAccount(ns) : undefined
    const network = ns ? chain.getActiveNetwork(ns) : undefined
    if (!ns || !account?.address || !network) return false
    if (!deps.api) return fetchNativeBalance(ns).then(() => true)
    if (account.lastRetry !== undefined && deps.timers.now() - account.lastRetry < BALANCE_RETRY_MS) return false
    if (retry?.namespace === ns) cancelRetry()
    chain.setAccount(ns, { balanceLoading: true })
    try {
      const balances = await deps.api.account.getBalance(account.address, { chainId: network.caipNetworkId, forceUpdate: opts.forceUpdate })
      const native = balances.find((b) => b.address === undefined && b.chainId === network.caipNetworkId)
      chain.setAccount(ns, {
        tokenBalance: balances,
        balanceLoading: false,
        lastRetry: undefined,
        ...(native ? { balance: native.quantity.numeric, balanceSymbol: native.symbol } : {}),
      })
      return true
    } catch {
      chain.setAccount(ns, { balanceLoading: false, lastRetry: deps.timers.now() })
      deps.banner.showError(coded('tokenBalanceUnavailable'))
      // Try once more by itself when the block ends, so the balance returns with the server.
      cancelRetry()
      const id = deps.timers.setTimeout(() => {
        retry = undefined
        if (chain.getAccount(ns)?.address === account.address) void fetchTokenBalances({ namespace: ns })
      }, BALANCE_RETRY_MS)
      retry = { id, namespace: ns }
      return false
    }
  }

  /** Namespaces whose balances a transaction changed: the next new block refreshes them past the cache. */
  const stale = new Set<ChainNamespace>()

  /** A transaction from the account: refresh now past the 30 s cache, and again on the next new block. */
  function transactionSent(namespace?: ChainNamespace): void {
    const ns = namespace ?? chain.$activeChain.get()
    if (!ns) return
    stale.add(ns)
    void fetchTokenBalances({ namespace: ns, forceUpdate: true })
  }

  /**
   * Follow the new blocks of the namespace's current network (the adapter's `watchBlocks`): each one
   * refreshes the balances within the 30 s cache, past it once after a transaction. Returns the stop
   * function, or undefined when there is nothing to follow (nobody connected there, or the adapter
   * reports no blocks).
   */
  function watchBlocks(namespace?: ChainNamespace): (() => void) | undefined {
    const ns = namespace ?? chain.$activeChain.get()
    const network = ns && chain.getAccount(ns)?.address ? chain.getActiveNetwork(ns) : undefined
    const adapter = ns && network ? (deps.adapterFor?.(ns) ?? deps.adapters.find((a) => a.namespace === ns)) : undefined
    if (!ns || !network || !adapter?.watchBlocks) return undefined
    return adapter.watchBlocks({ network, onBlock: () => void fetchTokenBalances({ namespace: ns, forceUpdate: stale.delete(ns) }) })
  }

  /** Native balance through the adapter (wallet RPC). Failures leave the old value. */
  async function fetchNativeBalance(namespace?: ChainNamespace): Promise<void> {
    const ns = namespace ?? chain.$activeChain.get()
    const account = ns ? chain.getAccount(ns) : undefined
    const network = ns ? chain.getActiveNetwork(ns) : undefined
    const adapter = ns ? (deps.adapterFor?.(ns) ?? deps.adapters.find((a) => a.namespace === ns)) : undefined
    if (!ns || !account?.address || !network || !adapter) return
    try {
      const { balance, symbol } = await adapter.getBalance({ address: account.address, network })
      if (chain.getAccount(ns)?.address === account.address) chain.setAccount(ns, { balance, balanceSymbol: symbol })
    } catch {
      // keep the previous balance; the token list (API) reports its own failure
    }
  }

  return { fetchTokenBalances, fetchNativeBalance, cancelRetry, transactionSent, watchBlocks }
}

export type BalanceFlow = ReturnType<typeof createBalance>
