import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { ChainNamespace } from '../core/types'
import { usePortico } from './usePortico'

export interface UseLiveBalanceOptions {
  /** The namespace whose balances follow new blocks. @default the active namespace */
  namespace?: ChainNamespace
  /** Follow new blocks while mounted. @default true */
  enabled?: boolean
}

export interface UseLiveBalanceReturn {
  /** The balances follow new blocks now (an account is connected and its adapter reports blocks). @default false */
  following: boolean
}

/**
 * While mounted (a view shows the balance), each new block of the account's network refreshes its
 * balances within the SPEC 30 s cache, and past it once after a transaction (balance flow). Account,
 * chain and transaction events refresh them whether or not this hook is used.
 */
export function useLiveBalance(options: UseLiveBalanceOptions = {}): UseLiveBalanceReturn {
  const { balance, chain } = usePortico()
  const active = useStore(chain.$activeChain)
  const chains = useStore(chain.$chains)
  const ns = options.namespace ?? active
  const state = ns ? chains[ns] : undefined
  // Follow again when the account or its network changes.
  const key = state?.accountState.caipAddress
  const enabled = options.enabled ?? true
  const [following, setFollowing] = useState(false)
  useEffect(() => {
    const stop = enabled && key ? balance.watchBlocks(ns) : undefined
    setFollowing(stop !== undefined)
    return stop
  }, [balance, enabled, ns, key])
  return { following }
}
