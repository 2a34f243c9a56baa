import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import type { SwitchState } from '../core/network/network'
import type { CaipNetwork } from '../core/types'
import { usePortico } from './usePortico'

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
  /** The failure's text, when the wallet gave one. @default undefined */
  error?: string
  /** Ask the wallet again. */
  retry: () => void
}

/** The SwitchNetwork view: asks the wallet once, then returns to the view before Networks (or closes); a failure can be retried. */
export function useSwitchNetwork(options: UseSwitchNetworkOptions = {}): UseSwitchNetworkReturn {
  const { network: flow, router } = usePortico()
  const route = useStore(router.$route)
  const state = useStore(flow.$switch)
  const network = options.network ?? (route.view === 'SwitchNetwork' ? route.data.network : undefined)
  const enabled = options.enabled ?? true
  useEffect(() => {
    if (enabled && network) flow.ensureSwitch(network)
  }, [flow, enabled, network])
  const mine = state.network === network
  return {
    network,
    phase: mine ? state.phase : 'idle',
    error: mine ? state.error : undefined,
    retry: () => {
      if (network) void flow.runSwitch(network)
    },
  }
}
