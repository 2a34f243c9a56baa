import {
  autoUpdate,
  flip,
  offset,
  type Placement,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
} from '@floating-ui/react'
import { cloneElement, isValidElement, type ReactElement, type Ref, useState } from 'react'
import * as styles from './Tooltip.css'

export type TooltipProps = {
  /** Tooltip text. */
  content: string
  /** The trigger: one element that accepts a ref and event props. */
  children: ReactElement<Record<string, unknown> & { ref?: Ref<HTMLElement> }>
  /** @default 'top' */
  placement?: Placement
  /** Controlled visibility (e.g. from the headless tooltip store). */
  open?: boolean
  onOpenChange?: (open: boolean) => void
}

/** A hover/focus tooltip, positioned with @floating-ui/react and rendered next to its trigger. */
export function Tooltip({ content, children, placement = 'top', open: controlled, onOpenChange }: TooltipProps) {
  const [uncontrolled, setUncontrolled] = useState(false)
  const open = controlled ?? uncontrolled
  const setOpen = (o: boolean) => {
    setUncontrolled(o)
    onOpenChange?.(o)
  }
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [offset(6), flip(), shift({ padding: 8 })],
  })
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { move: false }),
    useFocus(context),
    useDismiss(context),
    useRole(context, { role: 'tooltip' }),
  ])
  if (!isValidElement(children)) return children
  return (
    <>
      {cloneElement(children, getReferenceProps({ ref: refs.setReference, ...children.props }))}
      {open && (
        <div ref={refs.setFloating} className={styles.tooltip} style={floatingStyles} data-testid="portico-tooltip" {...getFloatingProps()}>
          {content}
        </div>
      )}
    </>
  )
}
