import { useCallback, useEffect, useRef, useState } from 'react'
import type { ExportKeyKind, ViewportRect } from '../adapters'
import { codeOf } from '../core/codes'
import { type CodedMessage, ERRORS, PorticoError } from '../core/errors'
import { useEmbeddedAccount } from './useEmbeddedAccount'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

/** 'idle': nothing shown; 'opening': the frame is asked; 'shown': the key is in the frame, over the given box. */
export type ExportKeyPhase = 'unavailable' | 'idle' | 'opening' | 'shown'

export interface UseExportKeyReturn {
  /** @default 'unavailable' */
  phase: ExportKeyPhase
  /** Whose key is shown (or being opened). @default undefined */
  kind?: ExportKeyKind
  /**
   * What went wrong last, coded: otherError { detail } with the connector's text, e.g. 'Confirm with
   * your second factor first' (no fresh step-up: useTwoFactor's 'verified' phase is needed). @default undefined
   */
  errorCode?: CodedMessage
  /**
   * Show the key of `kind` inside the embedded wallet's secure frame, placed over `rect` (viewport px;
   * the room the view makes for it). The key never reaches this page: it is not in this hook's state.
   */
  show: (kind: ExportKeyKind, rect: ViewportRect) => void
  /** Remove the key from the frame and hide the frame (also done on unmount). */
  hide: () => void
}

/** The embedded account flow, once loaded (it is, whenever the hook is available). */
function required<T>(flow: T | undefined): T {
  if (!flow) throw new PorticoError(ERRORS.notEmailOrSocial)
  return flow
}

/** Export the embedded wallet's private key, shown by its secure frame (issue 22 §2). */
export function useExportKey(): UseExportKeyReturn {
  const portico = usePortico()
  const { isEmbedded } = useEmbeddedAccount()
  const flow = useLoadedFlow(portico, 'embeddedAccount', isEmbedded)
  const available = isEmbedded && Boolean(flow?.canExportKey())
  const [phase, setPhase] = useState<'idle' | 'opening' | 'shown'>('idle')
  const [kind, setKind] = useState<ExportKeyKind | undefined>()
  const [errorCode, setErrorCode] = useState<CodedMessage | undefined>()
  const attempt = useRef(0)
  const shownRef = useRef(false)

  const hide = useCallback(() => {
    attempt.current++
    setPhase('idle')
    setKind(undefined)
    if (shownRef.current) {
      shownRef.current = false
      void flow?.hideKeyExport().catch(() => undefined)
    }
  }, [flow])

  const show = useCallback(
    (next: ExportKeyKind, rect: ViewportRect) => {
      const id = ++attempt.current
      setPhase('opening')
      setKind(next)
      setErrorCode(undefined)
      shownRef.current = true
      Promise.resolve()
        .then(() => required(flow).showKeyExport(next, rect))
        .then(
          () => {
            if (id === attempt.current) setPhase('shown')
          },
          (error: unknown) => {
            if (id !== attempt.current) return
            shownRef.current = false
            setPhase('idle')
            setKind(undefined)
            setErrorCode(codeOf(error) ?? undefined)
          },
        )
    },
    [flow],
  )

  // Leaving the view takes the key off screen.
  useEffect(
    () => () => {
      if (shownRef.current) void flow?.hideKeyExport().catch(() => undefined)
    },
    [flow],
  )

  return {
    phase: available ? phase : 'unavailable',
    ...(kind ? { kind } : {}),
    ...(errorCode ? { errorCode } : {}),
    show,
    hide,
  }
}
