import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import type { TokenBalance } from '../core/chain/chain'
import { usePortico } from './usePortico'

export interface UseTokenBalancesOptions {
  /** Fetch token balances (and the EVM profile name) when mounted while connected. @default true */
  fetchOnMount?: boolean
}

export interface UseTokenBalancesReturn {
  /** Tokens of the active account (decimals '0' filtered). @default [] */
  tokenBalance: TokenBalance[]
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
    loading: account.balanceLoading,
    refetch: (opts) => portico.balance.fetchTokenBalances(opts),
  }
}
