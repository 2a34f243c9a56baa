import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { WalletImage } from '../../components/WalletListItem/WalletListItem'
import { useMessages } from '../../messages/context'
import * as styles from '../shared/views.css'
import * as local from './ConnectingExternal.css'

export type ConnectingExternalViewProps = {
  /** Wallet name, e.g. 'Rabbit Wallet'. */
  name: string
  /** Wallet icon; a monogram tile is shown without it. */
  imageUrl?: string
  /** The connection error text ('Connection rejected', 'Failed to connect'), or null while waiting. */
  error?: string | null
  /** The request has been waiting a while: a hint where to find it, and Try again. @default false */
  slow?: boolean
  onRetry?: () => void
}

/**
 * Waiting for a browser wallet to approve the connection: the wallet's icon inside a turning ring,
 * "Continue in <wallet>", what to do; after a few seconds a hint where the request is and Try again.
 * On failure the ring stops in the error colour, the error and Try again.
 */
export function ConnectingExternalView({ name, imageUrl, error, slow = false, onRetry }: ConnectingExternalViewProps) {
  const messages = useMessages()
  const m = messages.connectingExternal
  const failed = Boolean(error)
  return (
    <div className={styles.centered} data-testid="portico-connecting-external" data-state={failed ? 'error' : slow ? 'slow' : 'waiting'}>
      <span className={local.stage}>
        <svg className={failed ? local.ringFailed : local.ring} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          <rect className={local.ringTrack} x="2" y="2" width="96" height="96" rx="28" pathLength="100" />
          <rect className={failed ? local.ringErrorStroke : local.ringArc} x="2" y="2" width="96" height="96" rx="28" pathLength="100" />
        </svg>
        <span className={local.walletTile}>
          <WalletImage name={name} imageUrl={imageUrl} />
        </span>
        {failed && (
          <span className={[styles.badge, styles.badgeError].join(' ')}>
            <Icon name="close" size={14} />
          </span>
        )}
      </span>
      {failed ? (
        <div role="alert" className={local.text}>
          <p className={styles.heading}>{error}</p>
          <p className={styles.muted}>{m.failedHint}</p>
        </div>
      ) : (
        <div role="status" aria-live="polite" className={local.text}>
          <p className={styles.heading}>{m.title(name)}</p>
          <p className={styles.muted}>{slow ? m.slowHint(name) : m.hint}</p>
        </div>
      )}
      {(failed || slow) && onRetry && (
        <Button
          variant={failed ? 'primary' : 'secondary'}
          onClick={onRetry}
          icon={<Icon name="refresh" size={18} />}
          data-testid="portico-connecting-external-retry"
          data-autofocus={failed || undefined}
        >
          {m.retry}
        </Button>
      )}
    </div>
  )
}
