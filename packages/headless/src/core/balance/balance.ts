/**
 * Token balance flow (SPEC §4): fetch for the active account through the API, loading flag, 30 s
 * cache (in the API client); after a failure, retries are blocked for 30 s and the banner shows
 * 'Token Balance Unavailable', and one retry is scheduled for when the block ends. The account's
 * native balance is the API's native entry; fetchNativeBalance reads it from the chain adapter instead.
 */
import type { ChainAdapter } from '../../adapters'
import type { ApiClient } from '../../api/client'
import type { Banner } from '../banner/banner'
import type { Chain } from '../chain/chain'
import { ERRORS } from '../errors'
import type { Timers } from '../timers'
import type { ChainNamespace } from '../types'

/** How long retries are blocked after a failed balance fetch. */
export const BALANCE_RETRY_MS = 30_000

export interface BalanceDeps {
  chain: Chain
  api: ApiClient
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
      deps.banner.showError(ERRORS.tokenBalanceUnavailable)
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

  return { fetchTokenBalances, fetchNativeBalance, cancelRetry }
}

export type BalanceFlow = ReturnType<typeof createBalance>
