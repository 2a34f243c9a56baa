import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import { useMemo } from 'react'
import { lazyMethods } from '../core/lazy'
import type { RequestPreviewState } from '../core/preview/requests'
import { useLoadedFlow } from './lazy'
import { IDLE_PREVIEW_STATE } from './usePreview'
import { usePortico } from './usePortico'

export interface UseRequestPreviewOptions {
  /** Load the request-preview module when mounted (a previewing provider loads it anyway). @default true */
  enabled?: boolean
}

export interface UseRequestPreviewReturn extends RequestPreviewState {
  /** The module is still being fetched. @default true until it is loaded */
  pending: boolean
  /** Continue: the shown request goes to the wallet; the provider resolves with the wallet's answer. */
  approve: () => void
  /** Cancel: the shown request is rejected with 4001 ('User rejected the request'); the next one shows. */
  reject: () => void
}

// The flow's IDLE_REQUEST_PREVIEW, written out (the flow's module stays lazy).
const IDLE: ReadableAtom<RequestPreviewState> = atom<RequestPreviewState>({
  phase: 'idle',
  request: null,
  queued: 0,
  preview: IDLE_PREVIEW_STATE,
  action: 'continue',
  canContinue: false,
  canCancel: false,
})

const ACTIONS = ['approve', 'reject'] as const

/**
 * The request a previewing provider (`getProvider('eip155', { preview: true })`) holds for the user's
 * review, for the RequestPreview view or a custom one: the request, its preview (decoded with coded
 * flags, the simulation), the phase (previewing, review, confirming while the wallet is asked), the
 * main button's code ('continue', or 'continueAnyway' for a transaction that would fail), and the
 * answers. Requests queue: one is shown at a time.
 */
export function useRequestPreview(options: UseRequestPreviewOptions = {}): UseRequestPreviewReturn {
  const portico = usePortico()
  const flow = useLoadedFlow(portico, 'requestPreview', options.enabled ?? true)
  const state = useStore(flow?.$requestPreview ?? IDLE)
  const actions = useMemo(
    () =>
      lazyMethods(
        () => portico.load('requestPreview'),
        ACTIONS,
        {},
        () => portico.peek('requestPreview'),
      ),
    [portico],
  )
  return { ...state, pending: !flow, ...actions }
}
