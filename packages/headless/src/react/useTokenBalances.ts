import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import type { TokenBalance } from '../core/chain/chain'
import { usePortico } from './usePortico'

export interface UseTokenBalancesOptions {
  /** Fetch token balances (and the EVM profile name) when mounted while connected. @default true */
  fetchOnMount?: boolean
}

/**
 * The USD value of token balances (Account's total, issue 12): the sum of `value` over the tokens that
 * have a price, to the cent; null when none has one (nothing worth showing, e.g. no prices on a test
 * network, or no tokens).
 */
export function totalUsdValue(tokens: readonly Pick<TokenBalance, 'value' | 'price'>[]): number | null {
  const priced = tokens.filter((t) => Number.isFinite(t.price) && t.price > 0 && Number.isFinite(t.value))
  if (priced.length === 0) return null
  return Math.round(priced.reduce((sum, t) => sum + t.value, 0) * 100) / 100
}

export interface UseTokenBalancesReturn {
  /** Tokens of the active account (decimals '0' filtered). @default [] */
  tokenBalance: TokenBalance[]
  /** Their total value in USD (totalUsdValue); null when no token has a price. @default null */
  totalUsd: number | null
  /** @default false */
  loading: boolean
  /** Fetch again (30 s cache unless forceUpdate; blocked 30 s after a failure). */
  refetch: (opts?: { forceUpdate?: boolean }) => Promise<boolean>
}

/** Token balances of the active account through the Portico API (SPEC §4 "Token balance fetch"). */
export function useTokenBalances(options: UseTokenBalancesOptions = {}): UseTokenBalancesReturn {
  const portico = usePortico()
  const account = useStore(portico.chain.$account)
  const fetchOnMount = options.fetchOnMount ?? true
  const caipAddress = account.caipAddress
  useEffect(() => {
    if (!fetchOnMount || !caipAddress) return
    void portico.balance.fetchTokenBalances()
    void portico.identity.fetchIdentity()
  }, [portico, fetchOnMount, caipAddress])
  return {
    tokenBalance: account.tokenBalance,
    totalUsd: totalUsdValue(account.tokenBalance),
    loading: account.balanceLoading,
    refetch: (opts) => portico.balance.fetchTokenBalances(opts),
  }
}
