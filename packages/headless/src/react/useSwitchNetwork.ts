import { useStore } from '@nanostores/react'
import { codeOf } from '../core/codes'
import type { CodedMessage } from '../core/errors'
import { useEffect } from 'react'
import type { SwitchState } from '../core/switching/switching'
import type { CaipNetwork } from '../core/types'
import { atom } from 'nanostores'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

const IDLE_SWITCH = atom<SwitchState>({ phase: 'idle' })

export interface UseSwitchNetworkOptions {
  /** The network to switch to. @default the SwitchNetwork view's target */
  network?: CaipNetwork
  /** Ask the wallet when mounted (once per target). @default true */
  enabled?: boolean
}

export interface UseSwitchNetworkReturn {
  network?: CaipNetwork
  /** @default 'idle' */
  phase: SwitchState['phase']
  /** @deprecated the English text; read `errorCode`. The failure's text, when the wallet gave one. @default undefined */
  error?: string
  /** The failure, coded (userRejected, otherError { detail } with the wallet's text …), when the wallet gave one. @default undefined */
  errorCode?: CodedMessage
  /** Ask the wallet again. */
  retry: () => void
}

/** The SwitchNetwork view: asks the wallet once, then returns to the view before Networks (or closes); a failure can be retried. */
export function useSwitchNetwork(options: UseSwitchNetworkOptions = {}): UseSwitchNetworkReturn {
  const portico = usePortico()
  const flow = useLoadedFlow(portico, 'switching')
  const route = useStore(portico.router.$route)
  const state = useStore(flow?.$switch ?? IDLE_SWITCH)
  const network = options.network ?? (route.view === 'SwitchNetwork' ? route.data.network : undefined)
  const enabled = options.enabled ?? true
  useEffect(() => {
    if (enabled && network) flow?.ensureSwitch(network)
  }, [flow, enabled, network])
  const mine = state.network === network
  return {
    network,
    // Until the switching module is in, the wallet is about to be asked.
    phase: !flow && enabled && network ? 'waiting' : mine ? state.phase : 'idle',
    error: mine ? state.error : undefined,
    errorCode: (mine && codeOf(state.error)) || undefined,
    retry: () => {
      if (network) void flow?.runSwitch(network)
    },
  }
}
