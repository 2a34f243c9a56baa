import { useStore } from '@nanostores/react'
import type { OpenOptions } from '../core/modal/modal'
import { usePortico } from './usePortico'

export interface UseModalReturn {
  /** @default false */
  isOpen: boolean
  /** A flow is busy (spinner). @default false */
  loading: boolean
  /** True for 500 ms after `shake()`. @default false */
  isShaking: boolean
  /** Open with the rules of SPEC §2 (optionally a view with its data, or a namespace). */
  open: (options?: OpenOptions) => Promise<void>
  close: () => void
  shake: () => void
}

/** Modal visibility and controls. */
export function useModal(): UseModalReturn {
  const { modal } = usePortico()
  const state = useStore(modal.$modal)
  return { isOpen: state.open, loading: state.loading, isShaking: state.shake, open: modal.open, close: modal.close, shake: modal.shake }
}
