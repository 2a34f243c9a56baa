import { useStore } from '@nanostores/react'
import { codeOf } from '../core/codes'
import type { CodedMessage } from '../core/errors'
import type { CaipNetwork, ChainNamespace, RouteData } from '../core/types'
import { atom } from 'nanostores'
import type { ActiveChainSwitchState } from '../core/switching/switching'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

const IDLE_ACTIVE_CHAIN = atom<ActiveChainSwitchState>({ busy: false })

export interface UseSwitchActiveChainReturn {
  /** The SwitchActiveChain view's data (target namespace, next view, replace flag, network). */
  data?: RouteData<'SwitchActiveChain'>
  /** The namespace to switch to. */
  namespace?: ChainNamespace
  /** The network it will be on: the carried one, else the namespace's current network. */
  network?: CaipNetwork
  /** @default false */
  busy: boolean
  /** @deprecated the English text; read `errorCode`. @default undefined */
  error?: string
  /** Why Continue failed, coded (userRejected, otherError { detail } with the wallet's text …). @default undefined */
  errorCode?: CodedMessage
  /** Switch, then show the next view (Connect when the namespace has no wallet yet). */
  continue: () => void
  /** Back to the view before. */
  cancel: () => void
}

/** The SwitchActiveChain view (SPEC §2): leaving a connected namespace for another. */
export function useSwitchActiveChain(): UseSwitchActiveChainReturn {
  const portico = usePortico()
  const { router, chain } = portico
  const flow = useLoadedFlow(portico, 'switching')
  const route = useStore(router.$route)
  const state = useStore(flow?.$activeChainSwitch ?? IDLE_ACTIVE_CHAIN)
  useStore(chain.$global)
  const data = route.view === 'SwitchActiveChain' ? route.data : undefined
  return {
    data,
    namespace: data?.switchToChain,
    network: data ? (data.network ?? chain.getActiveNetwork(data.switchToChain)) : undefined,
    busy: state.busy,
    error: state.error,
    errorCode: codeOf(state.error) ?? undefined,
    continue: () => {
      if (data) void (flow ? flow.continueActiveChain(data) : portico.load('switching').then((f) => f.continueActiveChain(data)))
    },
    cancel: () => {
      flow?.clearActiveChainError()
      router.goBack()
    },
  }
}
