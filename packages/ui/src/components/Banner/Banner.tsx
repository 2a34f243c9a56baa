import type { ReactNode } from 'react'
import { Icon, type IconName } from '../Icon/icons'
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

export type SnackbarProps = { variant: BannerVariant; message: string }

/** The floating notification shown for the headless banner store. */
export function Snackbar({ variant, message }: SnackbarProps) {
  return (
    <div role={roleFor(variant)} className={styles.snackbar} data-testid="portico-snackbar" data-variant={variant}>
      <span className={styles.snackbarIcon[variant]}>
        <VariantIcon variant={variant} />
      </span>
      <span>{message}</span>
    </div>
  )
}
