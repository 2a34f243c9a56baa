import { useStore } from '@nanostores/react'
import type { TooltipVariant, TriggerRect } from '../core/tooltip/tooltip'
import { usePortico } from './usePortico'

export interface UseTooltipReturn {
  /** @default '' */
  message: string
  /** @default false */
  open: boolean
  /** @default { x: 0, y: 0, width: 0, height: 0 } */
  triggerRect: TriggerRect
  /** @default 'shade' */
  variant: TooltipVariant
  show: (params: { message: string; triggerRect: TriggerRect; variant?: TooltipVariant }) => void
  hide: () => void
}

export function useTooltip(): UseTooltipReturn {
  const { tooltip } = usePortico()
  const state = useStore(tooltip.$tooltip)
  return { ...state, show: tooltip.show, hide: tooltip.hide }
}
