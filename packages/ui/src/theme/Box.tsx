import { createElement, type ElementType, forwardRef, type HTMLAttributes, type ReactNode } from 'react'
import { type Sprinkles, sprinkles } from './sprinkles.css'

export type BoxProps = Sprinkles &
  Omit<HTMLAttributes<HTMLElement>, keyof Sprinkles> & {
    /** The element to render. @default 'div' */
    as?: ElementType
    children?: ReactNode
    [dataAttribute: `data-${string}`]: string | undefined
  }

/**
 * A layout primitive: sprinkles props become atomic classes, everything else passes to the element,
 * and so does its ref (forwardRef: React 18 does not pass `ref` as a prop).
 */
export const Box = forwardRef<HTMLElement, BoxProps>(function Box({ as = 'div', className, ...rest }, ref) {
  const atoms: Record<string, unknown> = {}
  const other: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(rest)) {
    if (sprinkles.properties.has(key as keyof Sprinkles)) atoms[key] = value
    else other[key] = value
  }
  const cls = [sprinkles(atoms as Sprinkles), className].filter(Boolean).join(' ')
  return createElement(as, { ...other, ref, className: cls })
})
