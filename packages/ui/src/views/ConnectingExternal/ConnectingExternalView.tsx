import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { Spinner } from '../../components/Spinner/Spinner'
import { WalletImage } from '../../components/WalletListItem/WalletListItem'
import { messages } from '../../messages'
import * as styles from '../shared/views.css'
import * as local from './ConnectingExternal.css'

export type ConnectingExternalViewProps = {
  /** Wallet name, e.g. 'Rabbit Wallet'. */
  name: string
  /** Wallet icon; a monogram tile is shown without it. */
  imageUrl?: string
  /** The connection error text ('Connection rejected', 'Failed to connect'), or null while waiting. */
  error?: string | null
  onRetry?: () => void
}

/** Waiting for a browser wallet to approve the connection; on failure the error and a retry. */
export function ConnectingExternalView({ name, imageUrl, error, onRetry }: ConnectingExternalViewProps) {
  const failed = Boolean(error)
  return (
    <div className={styles.centered} data-testid="portico-connecting-external" data-state={failed ? 'error' : 'waiting'}>
      <span className={styles.networkTile}>
        <span className={local.walletTile}>
          <WalletImage name={name} imageUrl={imageUrl} />
        </span>
        <span className={[styles.badge, failed ? styles.badgeError : styles.badgeWaiting].join(' ')}>
          {failed ? <Icon name="close" size={14} /> : <Spinner size={16} accent label={messages.connectingExternal.waiting} />}
        </span>
      </span>
      <p className={styles.heading} style={{ marginTop: 16 }}>
        {messages.connectingExternal.title(name)}
      </p>
      {failed ? (
        <>
          <p className={local.error} role="alert">
            {error}
          </p>
          <p className={styles.muted}>{messages.connectingExternal.failedHint}</p>
        </>
      ) : (
        <p className={styles.muted}>{messages.connectingExternal.hint}</p>
      )}
      {failed && onRetry && (
        <Button variant="accentSoft" size="sm" onClick={onRetry} icon={<Icon name="refresh" size={16} />} style={{ marginTop: 8 }}>
          {messages.connectingExternal.retry}
        </Button>
      )}
    </div>
  )
}
