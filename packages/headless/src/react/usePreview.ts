import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import { useEffect, useMemo, useRef } from 'react'
import { lazyMethods } from '../core/lazy'
import type { PreviewOptions, PreviewState } from '../core/preview/preview'
import type { PreviewRequest } from '../core/preview/request'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UsePreviewOptions extends PreviewOptions {
  /**
   * A request to preview when mounted and again whenever another request object is passed (keep it
   * stable, e.g. with useMemo). @default undefined (call `preview` yourself)
   */
  request?: PreviewRequest
  /** Load the preview module when mounted (a `request` loads it anyway). @default true */
  enabled?: boolean
}

export interface UsePreviewReturn extends PreviewState {
  /** The preview module is still being fetched. @default true until it is loaded */
  pending: boolean
  /**
   * Preview a wallet request: decode it (coded `flags`), read the chain for the spender's code and the
   * holder's balance, and simulate transactions and batches (`simulation`). Resolves with the state.
   */
  preview: (request: PreviewRequest, options?: PreviewOptions) => Promise<PreviewState>
  /** Back to idle. */
  reset: () => void
}

/** The engine's IDLE_PREVIEW, written out: the hooks must not carry the engine's module (viem). */
export const IDLE_PREVIEW_STATE: PreviewState = {
  status: 'idle',
  method: null,
  decoded: null,
  authorizations: [],
  tokens: {},
  simulation: null,
  flags: [],
  failing: false,
  level: 'none',
  error: null,
}
const IDLE: ReadableAtom<PreviewState> = atom<PreviewState>(IDLE_PREVIEW_STATE)

const ACTIONS = ['preview', 'reset'] as const

/**
 * What a wallet request does before it is signed (issue 23 §2), for a custom confirmation: the
 * decoded request with its flags (codes: unlimitedAmount, spenderNoCode, foreignDomain …), the
 * simulated balance changes and fee, and whether it would revert. The engine is a lazy chunk.
 */
export function usePreview(options: UsePreviewOptions = {}): UsePreviewReturn {
  const portico = usePortico()
  const { request, enabled, ...previewOptions } = options
  const flow = useLoadedFlow(portico, 'preview', (enabled ?? true) || request !== undefined)
  const state = useStore(flow?.$preview ?? IDLE)
  const actions = useMemo(
    () =>
      lazyMethods(
        () => portico.load('preview'),
        ACTIONS,
        {},
        () => portico.peek('preview'),
      ),
    [portico],
  )
  // The options of the last render, read when the request changes (not a reason to preview again).
  const latest = useRef(previewOptions)
  latest.current = previewOptions
  useEffect(() => {
    if (request) void actions.preview(request, latest.current)
  }, [actions, request])
  return { ...state, pending: !flow, ...actions }
}
