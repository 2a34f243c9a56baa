/** Network switching and its routing (SPEC §2 "Network switch routing"). */
import { computed, type ReadableAtom } from 'nanostores'
import type { Chain } from '../chain/chain'
import type { ConnectionFlow } from '../connection/connection'
import { ERRORS, isUserRejection, PorticoError, USER_REJECTED_CODE } from '../errors'
import type { Router } from '../router/router'
import type { PorticoStorage } from '../storage/storage'
import type { CaipNetwork, ChainNamespace } from '../types'

/** The connector id of the embedded (email/social) auth connector. */
export const AUTH_CONNECTOR_ID = 'auth'
/** Namespaces the embedded auth connector can switch between without confirmation. */
export const AUTH_CONNECTOR_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

export type SwitchRoute = 'none' | 'SwitchNetwork' | 'SwitchActiveChain'

export interface NetworkDeps {
  chain: Chain
  router: Router
  connection: Pick<ConnectionFlow, 'getConnection' | 'adapterFor'>
  storage: PorticoStorage
  /** Closes the modal (a switch done from its first view). */
  closeModal: () => void
}

export function createNetwork(deps: NetworkDeps) {
  const { chain, router, connection } = deps

  /** Is the wallet (or, when not connected, the selection) on one of the app's networks? */
  const $isSupported: ReadableAtom<boolean> = computed(chain.$global, ({ activeCaipAddress, activeCaipNetwork }) => {
    const id = activeCaipAddress ? activeCaipAddress.split(':').slice(0, 2).join(':') : activeCaipNetwork?.caipNetworkId
    return Boolean(id && chain.findNetwork(id))
  })

  /**
   * Decide where a network choice leads (pure; no navigation):
   * same network (and the wallet on it) → none; ignoreSwitchConfirmation, or the auth connector on a chain it supports →
   * SwitchNetwork; connected on the current namespace but not on the target's → SwitchActiveChain;
   * otherwise SwitchNetwork.
   */
  function switchRoute(network: CaipNetwork, opts: { ignoreSwitchConfirmation?: boolean } = {}): SwitchRoute {
    const current = chain.getActiveNetwork()
    // A wallet on a chain the app does not list keeps the last listed one selected: choosing that
    // one (UnsupportedChain) is a switch of the wallet, not "the same network".
    if (current && current.caipNetworkId === network.caipNetworkId && $isSupported.get()) return 'none'
    const activeChain = chain.$activeChain.get()
    const connectorId = connection.getConnection(activeChain)?.connectorId
    const authOnSupported = connectorId === AUTH_CONNECTOR_ID && AUTH_CONNECTOR_NAMESPACES.includes(network.chainNamespace)
    if (opts.ignoreSwitchConfirmation || authOnSupported) return 'SwitchNetwork'
    if (chain.isConnected(activeChain) && network.chainNamespace !== activeChain && !chain.isConnected(network.chainNamespace))
      return 'SwitchActiveChain'
    return 'SwitchNetwork'
  }

  /** Apply the routing rules: push the view that performs the switch (the same network: nothing). Returns what was chosen. */
  function selectNetwork(network: CaipNetwork, opts: { ignoreSwitchConfirmation?: boolean } = {}): SwitchRoute {
    const route = switchRoute(network, opts)
    if (route === 'SwitchActiveChain') {
      router.push('SwitchActiveChain', { switchToChain: network.chainNamespace, navigateTo: 'Connect', navigateWithReplace: true, network })
    } else if (route === 'SwitchNetwork') {
      router.push('SwitchNetwork', { network })
    }
    return route
  }

  /**
   * A network chosen from a list (Networks, UnsupportedChain): the routing rules, and the network
   * already in use leaves the list (back, or the modal closes when the list was its first view).
   */
  function chooseNetwork(network: CaipNetwork): SwitchRoute {
    const route = selectNetwork(network)
    if (route === 'none') {
      if (router.$history.get().length > 1) router.goBack()
      else deps.closeModal()
    }
    return route
  }

  /** Multi-wallet "add a wallet" for a namespace without one: the routing rules towards its network. */
  function addWallet(namespace: ChainNamespace): SwitchRoute {
    const network = chain.getActiveNetwork(namespace) ?? chain.getNetworks(namespace)[0]
    return network ? selectNetwork(network) : 'none'
  }

  /**
   * Switch now: when the target namespace is connected the wallet is asked (adapter.switchNetwork),
   * then the state follows; otherwise only the selection changes. Rejects with the wallet's refusal
   * (PorticoError 'User rejected the request', code 4001) or 'Unsupported chain' for unknown networks.
   */
  async function switchNetwork(network: CaipNetwork): Promise<void> {
    const known = chain.findNetwork(network.caipNetworkId)
    if (!known) throw new PorticoError(ERRORS.unsupportedChain)
    const ns = known.chainNamespace
    const conn = connection.getConnection(ns)
    if (conn && chain.isConnected(ns)) {
      const adapter = connection.adapterFor(ns, conn.connectorId)
      if (!adapter) throw new PorticoError(ERRORS.chainAdapterNotFound)
      try {
        await adapter.switchNetwork({ network: known, connectorId: conn.connectorId })
      } catch (error) {
        if (isUserRejection(error)) throw new PorticoError(ERRORS.userRejected, { code: USER_REJECTED_CODE, cause: error })
        throw error
      }
    }
    chain.setActiveNetwork(known)
    chain.setIsSwitchingNamespace(false)
    deps.storage.set('activeCaipNetworkId', known.caipNetworkId)
  }

  /** Make a namespace active (SwitchActiveChain view), keeping its current network. */
  function switchActiveNamespace(namespace: ChainNamespace): void {
    chain.setActiveNamespace(namespace)
    chain.setIsSwitchingNamespace(false)
    const network = chain.getActiveNetwork(namespace)
    if (network) deps.storage.set('activeCaipNetworkId', network.caipNetworkId)
  }

  return {
    switchRoute,
    selectNetwork,
    chooseNetwork,
    addWallet,
    switchNetwork,
    switchActiveNamespace,
    $isSupported,
  }
}

export type NetworkFlow = ReturnType<typeof createNetwork>
