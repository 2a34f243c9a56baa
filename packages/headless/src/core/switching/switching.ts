/**
 * Switching (SPEC §2 network switch routing, §4 "Switching"), the part the modal's views drive: the
 * SwitchNetwork view's attempt, SwitchActiveChain's Continue, and the multi-wallet list
 * (ProfileWallets). A lazy flow: it loads with the default modal, or with the first hook that needs it.
 * The routing decision itself (switchRoute / selectNetwork) stays in the network flow.
 */
import { atom, computed, type ReadableAtom } from 'nanostores'
import type { Connector } from '../../adapters'
import type { Chain } from '../chain/chain'
import type { Connection } from '../connection/connection'
import type { Router } from '../router/router'
import type { CaipNetwork, ChainNamespace, RouteData } from '../types'

/** One row of the multi-wallet list (ProfileWallets): a namespace of the app with its wallet, if any. */
export interface ProfileWallet {
  namespace: ChainNamespace
  /** The namespace's current network. */
  network?: CaipNetwork
  /** The connected wallet, when there is one. */
  wallet?: { connectorId: string; name: string; imageUrl?: string; address: string }
  /** The active namespace. */
  active: boolean
}

import { afterSwitch, nextViewAfterActiveChain, type ActiveChainSwitchState, type SwitchState } from './rules'

export * from './rules'

const errorText = (e: unknown): string | undefined => (e instanceof Error && e.message ? e.message : undefined)

export interface SwitchingDeps {
  chain: Chain
  router: Router
  $connections: ReadableAtom<Partial<Record<ChainNamespace, Connection>>>
  $connectors: ReadableAtom<Connector[]>
  /** Switch now (asks a connected wallet): the network flow. */
  switchNetwork: (network: CaipNetwork) => Promise<void>
  /** Make a namespace active, keeping its network: the network flow. */
  switchActiveNamespace: (namespace: ChainNamespace) => void
  disconnect: (opts: { namespace?: ChainNamespace }) => Promise<void>
  closeModal: () => void
}

export function createSwitching(deps: SwitchingDeps) {
  const { chain, router } = deps

  const $switch = atom<SwitchState>({ phase: 'idle' })

  /**
   * The SwitchNetwork view's attempt: ask the wallet, then return to the view before Networks (or
   * close). A failure stays on the view with its text, for a retry.
   */
  async function runSwitch(network: CaipNetwork): Promise<boolean> {
    $switch.set({ network, phase: 'waiting' })
    try {
      await deps.switchNetwork(network)
      if ($switch.get().network !== network) return true
      $switch.set({ phase: 'idle' })
      // Another view took the modal over meanwhile (the sign-in prompt the new account made due): leave it.
      if (router.$route.get().view !== 'SwitchNetwork') return true
      const next = afterSwitch(router.$history.get())
      if (next === 'close') deps.closeModal()
      else router.goBackToIndex(next.goBackToIndex)
      return true
    } catch (e) {
      if ($switch.get().network === network) $switch.set({ network, phase: 'error', error: errorText(e) })
      return false
    }
  }

  /** Start the attempt for `network` unless one for it is already waiting or failed (a view mounting twice asks once). */
  function ensureSwitch(network: CaipNetwork): void {
    const current = $switch.get()
    if (current.network === network && current.phase !== 'idle') return
    void runSwitch(network)
  }

  const $activeChainSwitch = atom<ActiveChainSwitchState>({ busy: false })

  /**
   * SwitchActiveChain's Continue: the target namespace becomes active (on the carried network when
   * there is one: a connected wallet is asked; otherwise only the selection changes), then the next
   * view is shown, replacing this one when the replace flag is set.
   */
  async function continueActiveChain(data: RouteData<'SwitchActiveChain'>): Promise<boolean> {
    const ns = data.switchToChain
    const network = data.network && data.network.chainNamespace === ns ? data.network : undefined
    $activeChainSwitch.set({ busy: true })
    try {
      if (network) await deps.switchNetwork(network)
      deps.switchActiveNamespace(ns)
      $activeChainSwitch.set({ busy: false })
      const view = nextViewAfterActiveChain(data, chain.isConnected(ns))
      if (data.navigateWithReplace) router.replace(view)
      else router.push(view)
      return true
    } catch (e) {
      $activeChainSwitch.set({ busy: false, error: errorText(e) ?? String(e) })
      return false
    }
  }

  /** SPEC §4 multi-wallet: one row per namespace of the app, with its wallet (if connected) and network. */
  const $profileWallets: ReadableAtom<ProfileWallet[]> = computed(
    [deps.$connections, chain.$chains, chain.$activeChain, deps.$connectors],
    (connections, chains, active, connectors) =>
      chain.namespaces.map((ns): ProfileWallet => {
        const state = chains[ns]
        const connection = connections[ns]
        const address = state?.accountState.address
        const connector = connection ? connectors.find((c) => c.id === connection.connectorId) : undefined
        const info = state?.accountState.connectedWalletInfo
        return {
          namespace: ns,
          network: state?.networkState.caipNetwork,
          wallet:
            connection && address
              ? // The account's wallet (a WalletConnect session: the peer's own name and icon), else the connector.
                {
                  connectorId: connection.connectorId,
                  name: info?.name ?? connector?.name ?? connection.connectorId,
                  imageUrl: info?.icon ?? connector?.imageUrl,
                  address,
                }
              : undefined,
          active: ns === active,
        }
      }),
  )

  /** Multi-wallet: make a connected namespace active (its wallet keeps its session) and show Account. */
  function makeActive(namespace: ChainNamespace): void {
    if (!chain.isConnected(namespace)) return
    deps.switchActiveNamespace(namespace)
    router.reset('Account')
  }

  /**
   * Multi-wallet: disconnect one namespace's wallet. When it was the active one and another namespace
   * is still connected, that one becomes active and the wallet list stays open over its Account view.
   */
  async function disconnectWallet(namespace: ChainNamespace): Promise<void> {
    const wasActive = chain.$activeChain.get() === namespace
    await deps.disconnect({ namespace })
    if (!wasActive) return
    const other = chain.namespaces.find((n) => n !== namespace && chain.isConnected(n))
    if (!other) return
    deps.switchActiveNamespace(other)
    router.reset('Account')
    router.push('ProfileWallets')
  }

  return {
    $switch: $switch as ReadableAtom<SwitchState>,
    runSwitch,
    ensureSwitch,
    $activeChainSwitch: $activeChainSwitch as ReadableAtom<ActiveChainSwitchState>,
    continueActiveChain,
    clearActiveChainError: (): void => $activeChainSwitch.set({ busy: false }),
    $profileWallets,
    makeActive,
    disconnectWallet,
  }
}

export type SwitchingFlow = ReturnType<typeof createSwitching>
