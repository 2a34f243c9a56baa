/** Opening, closing and shaking the modal (SPEC §2 "Opening the modal", "Closing"). */
import { atom, type ReadableAtom } from 'nanostores'
import type { Chain } from '../chain/chain'
import type { Router } from '../router/router'
import type { Timers } from '../timers'
import type { CaipNetwork, ChainNamespace, RouteData, RouteView } from '../types'

export interface ModalState {
  open: boolean
  loading: boolean
  shake: boolean
}

/** How long the modal shakes. */
export const SHAKE_MS = 500

export type OpenOptions = {
  [V in RouteView]: {
    /** View to show (with its data). @default Account when connected, else Connect */
    view?: V
    data?: RouteData<V>
    /** Namespace to switch to before showing the modal. */
    namespace?: ChainNamespace
  }
}[RouteView]

export interface ModalDeps {
  router: Router
  chain: Chain
  timers: Timers
  manualControl: boolean
  embedded: boolean
  isMobile: () => boolean
  /** Performs a network switch (network flow). */
  switchNetwork: (network: CaipNetwork) => Promise<void>
  /** Clears the pairing URI (connection flow). */
  resetConnectionUri: () => void
  /** Takes the banner off (a closed modal does not bring back an old toast when it opens again). @default none */
  hideBanner?: () => void
}

export function createModal(deps: ModalDeps) {
  const { router, chain } = deps
  const $modal = atom<ModalState>({ open: false, loading: false, shake: false })
  /** The modal has been opened at least once: API-hosted images may load from then on (SPEC: no request before the first open). */
  const $hasOpened = atom(false)
  let shakeTimer: unknown

  const set = (patch: Partial<ModalState>) => {
    $modal.set({ ...$modal.get(), ...patch })
    if (patch.open) $hasOpened.set(true)
  }

  /** Applies the opening rules; resolves once the modal is open on its first view. */
  async function open(options: OpenOptions = {}): Promise<void> {
    const { view, data, namespace } = options as { view?: RouteView; data?: never; namespace?: ChainNamespace }
    if (deps.manualControl) {
      if (view) router.reset(view, data)
      set({ open: true })
      return
    }
    const noAdapters = chain.$noAdapters.get()
    if (namespace && namespace !== chain.$activeChain.get() && chain.getChain(namespace)) {
      const target = chain.getActiveNetwork(namespace) ?? chain.getNetworks(namespace)[0]
      if (noAdapters) {
        if (target) await deps.switchNetwork(target)
        router.reset('ConnectingWalletConnectBasic')
        set({ open: true })
        return
      }
      if (chain.isConnected() && !chain.isConnected(namespace) && target) {
        // Network switch flow: confirm leaving the connected namespace, then connect in the new one.
        chain.setIsSwitchingNamespace(true)
        router.reset('SwitchActiveChain', { switchToChain: namespace, navigateTo: 'Connect', navigateWithReplace: true, network: target })
        set({ open: true })
        return
      }
      chain.setActiveNamespace(namespace)
    }
    const address = chain.$global.get().activeCaipAddress
    if (noAdapters && !address) router.reset(deps.isMobile() ? 'AllWallets' : 'ConnectingWalletConnectBasic')
    else if (view) router.reset(view, data)
    else if (address) router.reset('Account')
    else router.reset('Connect')
    set({ open: true })
  }

  /** Closes; the next opening starts fresh (Connect, or Account/Connect in embedded mode). */
  function close(): void {
    if (deps.embedded) router.reset(chain.isConnected() ? 'Account' : 'Connect')
    else router.reset('Connect')
    set({ open: false, loading: false })
    deps.resetConnectionUri()
    deps.hideBanner?.()
  }

  /** Shakes the modal for 500 ms (a refused action). */
  function shake(): void {
    if (shakeTimer !== undefined) deps.timers.clearTimeout(shakeTimer)
    set({ shake: true })
    shakeTimer = deps.timers.setTimeout(() => {
      shakeTimer = undefined
      set({ shake: false })
    }, SHAKE_MS)
  }

  return { $modal, $hasOpened: $hasOpened as ReadableAtom<boolean>, open, close, shake, setLoading: (loading: boolean) => set({ loading }) }
}

export type Modal = ReturnType<typeof createModal>
