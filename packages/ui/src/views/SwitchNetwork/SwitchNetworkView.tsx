import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { Spinner } from '../../components/Spinner/Spinner'
import { useMessages } from '../../messages/context'
import { NetworkImage } from '../shared/NetworkImage'
import * as styles from '../shared/views.css'

export type SwitchNetworkViewProps = {
  network: { name: string; caipNetworkId: string; imageUrl?: string }
  /** 'waiting' while the wallet is asked, 'error' after it declined or failed. */
  state: 'waiting' | 'error'
  /** The wallet's error text, if any. */
  error?: string | null
  onRetry?: () => void
}

export function SwitchNetworkView({ network, state, error, onRetry }: SwitchNetworkViewProps) {
  const messages = useMessages()
  const failed = state === 'error'
  return (
    <div className={styles.centered} data-testid="portico-switch-network" data-state={state}>
      <span className={styles.networkTile}>
        <NetworkImage name={network.name} caipNetworkId={network.caipNetworkId} imageUrl={network.imageUrl} size={80} />
        <span className={[styles.badge, failed ? styles.badgeError : styles.badgeWaiting].join(' ')}>
          {failed ? <Icon name="close" size={14} /> : <Spinner size={16} accent />}
        </span>
      </span>
      <p className={styles.heading} style={{ marginTop: 16 }} role={failed ? 'alert' : 'status'}>
        {failed ? messages.switchNetwork.failed : messages.switchNetwork.waiting}
      </p>
      <p className={styles.muted}>{failed ? (error ?? messages.switchNetwork.failedHint) : messages.switchNetwork.waitingHint}</p>
      {failed && onRetry && (
        <Button variant="accentSoft" size="sm" onClick={onRetry} icon={<Icon name="refresh" size={16} />} style={{ marginTop: 8 }}>
          {messages.switchNetwork.retry}
        </Button>
      )}
    </div>
  )
}
