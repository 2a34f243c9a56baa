import { useStore } from '@nanostores/react'
import { usePortico } from './usePortico'

export interface UseLegalReturn {
  /** @default false */
  isLegalCheckboxChecked: boolean
  setLegalChecked: (checked: boolean) => void
}

export function useLegal(): UseLegalReturn {
  const { legal } = usePortico()
  const state = useStore(legal.$legal)
  return { isLegalCheckboxChecked: state.isLegalCheckboxChecked, setLegalChecked: legal.setLegalChecked }
}
