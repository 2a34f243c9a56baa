import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { useMessages } from '../../messages/context'
import * as styles from './views.css'

export type PairingErrorProps = {
  /** What happened: 'Connection rejected', 'Failed to connect', or why pairing is unavailable. */
  error: string
  /** The chosen wallet, named in the hint. */
  walletName?: string
  /** Start a new pairing; without it (pairing unavailable) the hint points elsewhere. */
  onRetry?: () => void
  /** Sizes the panel to the QR code it stands in for. */
  className?: string
}

/**
 * A failed pairing, in the QR code's place and size, read as one thing: an icon, what happened,
 * what to do, and Try again. The QR code, the scan text and the links are gone with the pairing.
 */
export function PairingError({ error, walletName, onRetry, className }: PairingErrorProps) {
  const messages = useMessages()
  const m = messages.connectingWalletConnect
  return (
    <div className={[styles.pairingError, className].filter(Boolean).join(' ')} data-testid="portico-pairing-error">
      <span className={styles.pairingErrorIcon}>
        <Icon name="error" size={28} />
      </span>
      <div role="alert" className={styles.pairingErrorText}>
        <p className={styles.heading}>{error}</p>
        <p className={styles.muted}>{onRetry ? m.failedHint(walletName) : m.unavailableHint}</p>
      </div>
      {onRetry && (
        <Button variant="primary" onClick={onRetry} icon={<Icon name="refresh" size={18} />} data-testid="portico-wc-retry">
          {m.retry}
        </Button>
      )}
    </div>
  )
}
