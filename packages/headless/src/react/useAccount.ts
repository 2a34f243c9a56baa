import { useStore } from '@nanostores/react'
import type { TokenBalance } from '../core/chain/chain'
import type { CaipAddress, ChainNamespace, ConnectionStatus } from '../core/types'
import { initialAccountState } from '../core/chain/chain'
import { usePortico } from './usePortico'

const DISCONNECTED = initialAccountState()

export interface UseAccountOptions {
  /** The namespace whose account is read. @default the active namespace */
  namespace?: ChainNamespace
}

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
  /**
   * The wallet the account is connected with: the connector's name and image, or for a WalletConnect
   * session the peer wallet's own name and icon with `via: 'WalletConnect'`. @default undefined
   */
  connectedWalletInfo?: { name: string; icon?: string; type?: string; via?: string }
  /** The Account view's tab: 0 Tokens, 1 Activity. @default 0 */
  currentTab: number
  setCurrentTab: (tab: number) => void
  /** Namespaces with a connected wallet (multi-wallet). @default [] */
  connectedNamespaces: ChainNamespace[]
}

/** A namespace's account (the active one by default). */
export function useAccount(options: UseAccountOptions = {}): UseAccountReturn {
  const { chain, connection } = usePortico()
  const active = useStore(chain.$account)
  const activeChain = useStore(chain.$activeChain)
  const chains = useStore(chain.$chains)
  const connections = useStore(connection.$connections)
  const namespace = options.namespace ?? activeChain
  const account = options.namespace ? (chains[options.namespace]?.accountState ?? DISCONNECTED) : active
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
    connectedWalletInfo: account.connectedWalletInfo,
    currentTab: account.currentTab,
    setCurrentTab: (tab) => chain.setCurrentTab(tab, namespace),
    connectedNamespaces: Object.keys(connections) as ChainNamespace[],
  }
}
