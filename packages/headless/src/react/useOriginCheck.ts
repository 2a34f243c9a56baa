import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import type { OriginState, OriginStatus } from '../core/project/project'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UseOriginCheckReturn {
  /** Where the check stands: `notAllowed` blocks the modal (OriginNotAllowed). @default 'unchecked' until the modal's first open */
  status: OriginStatus
  /** The page's origin, once checked. @default null */
  origin: string | null
  /** The project's allowed origin patterns (empty: every origin). @default [] */
  allowedOrigins: string[]
  /** Why the check could not be made (the modal is not blocked then). @default null */
  error: 'RATE_LIMITED' | 'SERVER_ERROR' | null
  /** The project does not allow this page's origin: show that instead of connect methods. @default false */
  notAllowed: boolean
}

// Before the modal's first open nothing is asked (the project flow's module loads then).
const UNCHECKED: ReadableAtom<OriginState> = atom<OriginState>({ status: 'unchecked', origin: null, allowedOrigins: [], error: null })

/**
 * The allowed-origins check (SPEC §7/§8) for custom UIs: made on the modal's first open, never
 * before. A disallowed origin also logs a console error naming the origin and the fix.
 */
export function useOriginCheck(): UseOriginCheckReturn {
  const portico = usePortico()
  const opened = useStore(portico.modal.$hasOpened)
  const flow = useLoadedFlow(portico, 'project', opened)
  const state = useStore(flow?.$origin ?? UNCHECKED)
  return { ...state, notAllowed: state.status === 'notAllowed' }
}
