import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react'
import { Spinner } from '../Spinner/Spinner'
import * as styles from './Button.css'

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** @default 'primary' */
  variant?: 'primary' | 'secondary' | 'accentSoft' | 'ghost' | 'danger'
  /** @default 'md' */
  size?: 'sm' | 'md'
  /** Stretch to the container width. @default false */
  fullWidth?: boolean
  /** Show a spinner and mark the button busy (it stays focusable but ignores clicks). @default false */
  loading?: boolean
  /** Element before the label. */
  icon?: ReactNode
}

/** Forwards its ref to the <button> (forwardRef: React 18 does not pass `ref` as a prop). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, fullWidth, loading = false, icon, className, children, onClick, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={[styles.button({ variant, size, fullWidth }), className].filter(Boolean).join(' ')}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
      {...rest}
    >
      {loading ? <Spinner size={16} /> : icon}
      {children}
    </button>
  )
})
