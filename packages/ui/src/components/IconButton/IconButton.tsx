import type { ButtonHTMLAttributes, Ref } from 'react'
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
  ref?: Ref<HTMLButtonElement>
}

export function IconButton({ icon, label, size = 'md', filled, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button type={type} aria-label={label} className={[styles.iconButton({ size, filled }), className].filter(Boolean).join(' ')} {...rest}>
      <Icon name={icon} size={size === 'sm' ? 16 : 20} />
    </button>
  )
}
