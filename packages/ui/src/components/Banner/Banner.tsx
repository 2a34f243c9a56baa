import type { ReactNode } from 'react'
import { Icon, type IconName } from '../Icon/icons'
import { IconButton } from '../IconButton/IconButton'
import { Spinner } from '../Spinner/Spinner'
import * as styles from './Banner.css'

export type BannerVariant = 'info' | 'warning' | 'error' | 'success' | 'loading'

const ICONS: Record<Exclude<BannerVariant, 'loading'>, IconName> = { info: 'info', warning: 'alert', error: 'error', success: 'success' }

/** Errors and warnings interrupt (role alert); the rest are polite status messages. */
export const roleFor = (variant: BannerVariant): 'alert' | 'status' => (variant === 'error' || variant === 'warning' ? 'alert' : 'status')

function VariantIcon({ variant }: { variant: BannerVariant }) {
  return variant === 'loading' ? <Spinner size={16} /> : <Icon name={ICONS[variant]} size={18} />
}

export type BannerProps = {
  variant: BannerVariant
  children: ReactNode
  /** An action under the message (e.g. a retry button). */
  action?: ReactNode
}

/** An inline message inside a view. */
export function Banner({ variant, children, action }: BannerProps) {
  return (
    <div role={roleFor(variant)} className={styles.banner[variant]} data-testid="portico-banner" data-variant={variant}>
      <span className={styles.icon}>
        <VariantIcon variant={variant} />
      </span>
      <div className={styles.body}>
        <span>{children}</span>
        {action && <div className={styles.action}>{action}</div>}
      </div>
    </div>
  )
}

export type SnackbarProps = {
  variant: BannerVariant
  message: string
  /** Takes it off: a close button with this label shows (not for 'loading', which its flow replaces). @default none */
  onDismiss?: () => void
  /** The close button's accessible name. @default 'Dismiss' */
  dismissLabel?: string
}

/** The notification shown for the headless banner store (info and success hide by themselves; errors stay until closed). */
export function Snackbar({ variant, message, onDismiss, dismissLabel = 'Dismiss' }: SnackbarProps) {
  return (
    <div role={roleFor(variant)} className={styles.snackbar} data-testid="portico-snackbar" data-variant={variant}>
      <span className={styles.snackbarIcon[variant]}>
        <VariantIcon variant={variant} />
      </span>
      <span className={styles.snackbarText}>{message}</span>
      {onDismiss && variant !== 'loading' && (
        <IconButton icon="close" size="sm" label={dismissLabel} onClick={onDismiss} data-testid="portico-snackbar-close" />
      )}
    </div>
  )
}
