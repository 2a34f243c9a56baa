import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react'
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
  ref?: Ref<HTMLButtonElement>
}

export function Button({ variant, size, fullWidth, loading = false, icon, className, children, onClick, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
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
}
