import { Button } from '../../components/Button/Button'
import { useMessages } from '../../messages/context'
import { Box } from '../../theme/Box'
import { NetworkImage } from '../shared/NetworkImage'
import * as styles from '../shared/views.css'

export type SwitchActiveChainViewProps = {
  /** Display name of the target namespace (e.g. 'Solana'). */
  namespaceName: string
  /** The network the app switches to. */
  network?: { name: string; caipNetworkId: string; imageUrl?: string }
  /** The switch is running (Continue pressed). */
  busy?: boolean
  /** Why the last attempt failed. */
  error?: string | null
  onContinue?: () => void
  onCancel?: () => void
}

/** SPEC §2 SwitchActiveChain: the app is about to make another namespace (and its network) active. */
export function SwitchActiveChainView({ namespaceName, network, busy = false, error, onContinue, onCancel }: SwitchActiveChainViewProps) {
  const messages = useMessages()
  const t = messages.switchActiveChain
  return (
    <div className={styles.centered} data-testid="portico-switch-active-chain">
      {network && (
        <span className={styles.networkTile}>
          <NetworkImage name={network.name} caipNetworkId={network.caipNetworkId} imageUrl={network.imageUrl} size={80} />
        </span>
      )}
      <p className={styles.heading} style={{ marginTop: 16 }}>
        {t.heading(namespaceName)}
      </p>
      <p className={styles.muted}>{t.body(namespaceName, network?.name)}</p>
      {error && (
        <p className={styles.muted} role="alert">
          {error}
        </p>
      )}
      <Box display="flex" gap="sm" marginTop="sm" style={{ width: '100%' }}>
        <Button variant="secondary" fullWidth onClick={onCancel} disabled={busy} data-testid="portico-switch-active-chain-cancel">
          {t.cancel}
        </Button>
        <Button variant="primary" fullWidth onClick={onContinue} loading={busy} data-testid="portico-switch-active-chain-continue">
          {t.continue}
        </Button>
      </Box>
    </div>
  )
}
