/** Tooltip state (SPEC §3): message, open, trigger rectangle, variant shade. */
import { atom } from 'nanostores'

export interface TriggerRect {
  x: number
  y: number
  width: number
  height: number
}

export type TooltipVariant = 'shade' | 'fill'

export interface TooltipState {
  message: string
  open: boolean
  triggerRect: TriggerRect
  variant: TooltipVariant
}

const EMPTY_RECT: TriggerRect = { x: 0, y: 0, width: 0, height: 0 }

export function createTooltip() {
  const $tooltip = atom<TooltipState>({ message: '', open: false, triggerRect: EMPTY_RECT, variant: 'shade' })
  return {
    $tooltip,
    /** Show `message` next to `triggerRect`. @default variant 'shade' */
    show(params: { message: string; triggerRect: TriggerRect; variant?: TooltipVariant }): void {
      $tooltip.set({ message: params.message, triggerRect: params.triggerRect, variant: params.variant ?? 'shade', open: true })
    },
    hide(): void {
      $tooltip.set({ ...$tooltip.get(), open: false })
    },
  }
}

export type Tooltip = ReturnType<typeof createTooltip>
