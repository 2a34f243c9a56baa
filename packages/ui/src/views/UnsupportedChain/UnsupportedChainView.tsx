import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { useMessages } from '../../messages/context'
import { type NetworkEntry, NetworksView } from '../Networks/NetworksView'
import * as styles from '../shared/views.css'

export type UnsupportedChainViewProps = {
  networks: readonly NetworkEntry[]
  onSelect?: (caipNetworkId: string) => void
  onDisconnect?: () => void
}

export function UnsupportedChainView({ networks, onSelect, onDisconnect }: UnsupportedChainViewProps) {
  const messages = useMessages()
  return (
    <>
      <p className={styles.muted} style={{ textAlign: 'center', padding: '0 8px 8px' }} data-testid="portico-unsupported-chain">
        {messages.unsupportedChain.body}
      </p>
      <NetworksView networks={networks} onSelect={onSelect} />
      {onDisconnect && (
        <Button variant="ghost" fullWidth icon={<Icon name="logout" size={18} />} onClick={onDisconnect}>
          {messages.unsupportedChain.disconnect}
        </Button>
      )}
    </>
  )
}
