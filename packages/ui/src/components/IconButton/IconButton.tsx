import { type ButtonHTMLAttributes, forwardRef } from 'react'
import { Icon, type IconName } from '../Icon/icons'
import * as styles from './IconButton.css'

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  icon: IconName
  /** Accessible name (required: the button has no text). */
  label: string
  /** @default 'md' */
  size?: 'sm' | 'md'
  /** Raised background. @default false */
  filled?: boolean
}

/** Forwards its ref to the <button> (forwardRef: React 18 does not pass `ref` as a prop). */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, label, size = 'md', filled, className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      className={[styles.iconButton({ size, filled }), className].filter(Boolean).join(' ')}
      {...rest}
    >
      <Icon name={icon} size={size === 'sm' ? 16 : 20} />
    </button>
  )
})
