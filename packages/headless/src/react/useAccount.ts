import { useStore } from '@nanostores/react'
import type { TokenBalance } from '../core/chain/chain'
import type { CaipAddress, ChainNamespace, ConnectionStatus } from '../core/types'
import { usePortico } from './usePortico'

export interface UseAccountReturn {
  /** @default undefined */
  address?: string
  /** 'namespace:chainId:address'. @default undefined */
  caipAddress?: CaipAddress
  /** The active namespace. */
  namespace?: ChainNamespace
  /** @default 'disconnected' */
  status: ConnectionStatus
  /** @default false */
  isConnected: boolean
  /** Connector used by the active namespace. @default undefined */
  connectorId?: string
  /** Native balance in whole units, e.g. '1.5'. @default undefined */
  balance?: string
  balanceSymbol?: string
  /** @default false */
  balanceLoading: boolean
  /** Token balances from the API (after `portico.balance.fetchTokenBalances()`). @default [] */
  tokenBalance: TokenBalance[]
  profileName?: string | null
  profileImage?: string | null
  /** Email or social user name of an auth connection. @default undefined */
  authName?: string
  /** The social provider of an auth connection ('google', 'discord' …), for `formatAuthName`. @default undefined */
  socialProvider?: string
  /** Block explorer page of the address. @default undefined */
  addressExplorerUrl?: string
}

/** The active namespace's account. */
export function useAccount(): UseAccountReturn {
  const { chain, connection } = usePortico()
  const account = useStore(chain.$account)
  const namespace = useStore(chain.$activeChain)
  const connections = useStore(connection.$connections)
  const current = namespace ? connections[namespace] : undefined
  return {
    address: account.address,
    caipAddress: account.caipAddress,
    namespace,
    status: account.status,
    isConnected: account.status === 'connected' && Boolean(account.caipAddress),
    connectorId: current?.connectorId,
    balance: account.balance,
    balanceSymbol: account.balanceSymbol,
    balanceLoading: account.balanceLoading,
    tokenBalance: account.tokenBalance,
    profileName: account.profileName,
    profileImage: account.profileImage,
    authName: current?.authName,
    socialProvider: account.socialProvider,
    addressExplorerUrl: account.addressExplorerUrl,
  }
}
