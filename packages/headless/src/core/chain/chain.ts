/** Chain state per namespace, global state and account state (SPEC §3), reset (SPEC §4). */
import { atom, computed, type ReadableAtom } from 'nanostores'
import type { TokenBalance } from '@portico/protocol/account'
import type { AccountType, CaipAddress, CaipNetwork, CaipNetworkId, ChainNamespace, ConnectionStatus, SocialProvider } from '../types'

/** A token balance as the API returns it (SPEC §3 "Token balance"); the wire type of @portico/protocol. */
export type { TokenBalance } from '@portico/protocol/account'

export interface EmbeddedUser {
  email?: string | null
  username?: string
  accounts?: { address: string; type: AccountType }[]
}

/** Account state of one namespace (SPEC §3). */
export interface AccountState {
  /** Account view tab: 0 Tokens, 1 Activity. */
  currentTab: number
  tokenBalance: TokenBalance[]
  smartAccountDeployed: boolean
  addressLabels: Record<string, string>
  user?: EmbeddedUser
  preferredAccountType?: AccountType
  caipAddress?: CaipAddress
  address?: string
  balance?: string
  balanceSymbol?: string
  profileName?: string | null
  profileImage?: string | null
  addressExplorerUrl?: string
  /**
   * The wallet of the account: the connector's name and image, or the wallet behind it when the
   * adapter names one (ConnectResult.wallet, e.g. a WalletConnect peer); `via` is then the
   * connector's name ('WalletConnect').
   */
  connectedWalletInfo?: { name: string; icon?: string; type?: string; via?: string }
  socialProvider?: SocialProvider
  /** Handle of an open social sign-in popup (kept opaque so this type stays DOM-free). */
  socialWindow?: unknown
  farcasterUrl?: string
  status: ConnectionStatus
  balanceLoading: boolean
  /** Time (ms) of the last failed balance fetch; retries are blocked for 30 s after it. */
  lastRetry?: number
}

/** Network state of one namespace (SPEC §3). */
export interface NetworkState {
  caipNetwork?: CaipNetwork
  supportsAllNetworks: boolean
  approvedCaipNetworkIds: CaipNetworkId[]
  requestedCaipNetworks: CaipNetwork[]
  smartAccountEnabledNetworks: number[]
}

export interface ChainState {
  namespace: ChainNamespace
  networks: CaipNetwork[]
  networkState: NetworkState
  accountState: AccountState
}

export interface GlobalState {
  activeChain?: ChainNamespace
  activeCaipAddress?: CaipAddress
  activeCaipNetwork?: CaipNetwork
  noAdapters: boolean
  isSwitchingNamespace: boolean
}

export const DEFAULT_ACCOUNT_TYPE: AccountType = 'eoa'

/** The block explorer's page of `address` on `network` ('<explorer>/address/<address>'), if it has one. */
export function addressExplorerUrl(network: CaipNetwork | undefined, address: string): string | undefined {
  const base = network?.blockExplorers?.default.url
  if (!base || !network) return undefined
  // Subscan and Suiscan name the page 'account'; every other explorer here 'address'. A query on the
  // explorer's URL (Solana's ?cluster=devnet, Hiro's ?chain=testnet) stays after the path.
  const segment = network.chainNamespace === 'polkadot' || network.chainNamespace === 'sui' ? 'account' : 'address'
  const [path = '', query] = base.split('?')
  return `${path.replace(/\/+$/, '')}/${segment}/${encodeURIComponent(address)}${query ? `?${query}` : ''}`
}

export function initialAccountState(preferredAccountType: AccountType = DEFAULT_ACCOUNT_TYPE): AccountState {
  return {
    currentTab: 0,
    tokenBalance: [],
    smartAccountDeployed: false,
    addressLabels: {},
    preferredAccountType,
    status: 'disconnected',
    balanceLoading: false,
  }
}

export interface ChainOptions {
  networks: readonly CaipNetwork[]
  defaultNetwork?: CaipNetwork
  noAdapters: boolean
}

export function createChain(options: ChainOptions) {
  const namespaces = [...new Set(options.networks.map((n) => n.chainNamespace))]
  const initial: Partial<Record<ChainNamespace, ChainState>> = {}
  for (const namespace of namespaces) {
    const networks = options.networks.filter((n) => n.chainNamespace === namespace)
    const start =
      options.defaultNetwork?.chainNamespace === namespace
        ? (networks.find((n) => n.caipNetworkId === options.defaultNetwork?.caipNetworkId) ?? networks[0])
        : networks[0]
    initial[namespace] = {
      namespace,
      networks,
      networkState: {
        caipNetwork: start,
        supportsAllNetworks: true,
        approvedCaipNetworkIds: [],
        requestedCaipNetworks: networks,
        smartAccountEnabledNetworks: [],
      },
      accountState: initialAccountState(),
    }
  }
  const firstNetwork = options.defaultNetwork ?? options.networks[0]

  const $chains = atom<Partial<Record<ChainNamespace, ChainState>>>(initial)
  const $activeChain = atom<ChainNamespace | undefined>(firstNetwork?.chainNamespace)
  const $noAdapters = atom(options.noAdapters)
  const $isSwitchingNamespace = atom(false)

  const $global: ReadableAtom<GlobalState> = computed(
    [$chains, $activeChain, $noAdapters, $isSwitchingNamespace],
    (chains, activeChain, noAdapters, isSwitchingNamespace) => {
      const state = activeChain ? chains[activeChain] : undefined
      return {
        activeChain,
        activeCaipAddress: state?.accountState.caipAddress,
        activeCaipNetwork: state?.networkState.caipNetwork,
        noAdapters,
        isSwitchingNamespace,
      }
    },
  )

  /** The active namespace's account state. */
  const $account: ReadableAtom<AccountState> = computed(
    [$chains, $activeChain],
    (chains, active) => (active && chains[active]?.accountState) || EMPTY_ACCOUNT,
  )

  const getChain = (namespace: ChainNamespace) => $chains.get()[namespace]

  function updateChain(namespace: ChainNamespace, fn: (c: ChainState) => ChainState): void {
    const current = getChain(namespace)
    if (!current) return
    $chains.set({ ...$chains.get(), [namespace]: fn(current) })
  }

  /** Merge fields into a namespace's account state. */
  function setAccount(namespace: ChainNamespace, patch: Partial<AccountState>): void {
    updateChain(namespace, (c) => ({ ...c, accountState: { ...c.accountState, ...patch } }))
  }

  function setNetworkState(namespace: ChainNamespace, patch: Partial<NetworkState>): void {
    updateChain(namespace, (c) => ({ ...c, networkState: { ...c.networkState, ...patch } }))
  }

  /** SPEC §4 reset: disconnected, no address/balances/profile/social/user, tab 0, no smart account. */
  function resetAccount(namespace: ChainNamespace): void {
    updateChain(namespace, (c) => ({
      ...c,
      accountState: initialAccountState(c.accountState.preferredAccountType ?? DEFAULT_ACCOUNT_TYPE),
    }))
  }

  /**
   * Make `network` the current network of its namespace and that namespace the active one.
   * A connected account's CAIP address and block-explorer page follow the network.
   */
  function setActiveNetwork(network: CaipNetwork): void {
    const ns = network.chainNamespace
    updateChain(ns, (c) => {
      const address = c.accountState.address
      return {
        ...c,
        networkState: { ...c.networkState, caipNetwork: network },
        accountState: address
          ? {
              ...c.accountState,
              caipAddress: `${network.caipNetworkId}:${address}` as CaipAddress,
              addressExplorerUrl: addressExplorerUrl(network, address),
            }
          : c.accountState,
      }
    })
    if (getChain(ns)) $activeChain.set(ns)
  }

  /** Make `namespace` active (keeps its current network). Unknown namespaces are ignored. */
  function setActiveNamespace(namespace: ChainNamespace): void {
    if (getChain(namespace)) $activeChain.set(namespace)
  }

  const getAccount = (namespace?: ChainNamespace): AccountState | undefined => {
    const ns = namespace ?? $activeChain.get()
    return ns ? getChain(ns)?.accountState : undefined
  }
  const getNetworks = (namespace?: ChainNamespace): CaipNetwork[] =>
    namespace ? (getChain(namespace)?.networks ?? []) : [...options.networks]
  const getActiveNetwork = (namespace?: ChainNamespace): CaipNetwork | undefined => {
    const ns = namespace ?? $activeChain.get()
    return ns ? getChain(ns)?.networkState.caipNetwork : undefined
  }
  /** Find a configured network by CAIP-2 id, or by namespace + chain id. */
  function findNetwork(caipNetworkId: string): CaipNetwork | undefined
  function findNetwork(namespace: ChainNamespace, chainId: number | string): CaipNetwork | undefined
  function findNetwork(a: string, b?: number | string): CaipNetwork | undefined {
    const id = b === undefined ? a : `${a}:${b}`
    return options.networks.find((n) => n.caipNetworkId === id)
  }
  const isConnected = (namespace?: ChainNamespace): boolean => Boolean(getAccount(namespace)?.caipAddress)

  return {
    $chains,
    $activeChain,
    $global,
    $account,
    $noAdapters,
    $isSwitchingNamespace,
    namespaces,
    getChain,
    getAccount,
    getNetworks,
    getActiveNetwork,
    findNetwork,
    isConnected,
    setAccount,
    setNetworkState,
    resetAccount,
    setActiveNetwork,
    setActiveNamespace,
    setIsSwitchingNamespace: (value: boolean) => $isSwitchingNamespace.set(value),
    /** The Account view's tab (0 Tokens, 1 Activity) of a namespace (the active one by default). */
    setCurrentTab(tab: number, namespace?: ChainNamespace): void {
      const ns = namespace ?? $activeChain.get()
      if (ns && Number.isInteger(tab) && tab >= 0) setAccount(ns, { currentTab: tab })
    },
  }
}

const EMPTY_ACCOUNT: AccountState = Object.freeze(initialAccountState()) as AccountState

export type Chain = ReturnType<typeof createChain>
/** Members only other flows call (state changes go through their actions): not in the public `Portico` type. */
export type ChainInternal =
  | 'setAccount'
  | 'setNetworkState'
  | 'resetAccount'
  | 'setActiveNetwork'
  | 'setActiveNamespace'
  | 'setIsSwitchingNamespace'
