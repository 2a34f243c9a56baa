import { Icon } from '../../components/Icon/icons'
import { ListItem } from '../../components/ListItem/ListItem'
import { messages } from '../../messages'
import { NetworkImage } from '../shared/NetworkImage'
import * as styles from '../shared/views.css'

export type NetworkEntry = { caipNetworkId: string; name: string; imageUrl?: string; testnet?: boolean }

export type NetworksViewProps = {
  networks: readonly NetworkEntry[]
  /** CAIP-2 id of the current network. */
  current?: string
  onSelect?: (caipNetworkId: string) => void
}

export function NetworksView({ networks, current, onSelect }: NetworksViewProps) {
  return (
    <ul className={styles.list} data-testid="portico-networks">
      {networks.map((n) => {
        const isCurrent = n.caipNetworkId === current
        return (
          <li key={n.caipNetworkId}>
            <ListItem
              title={n.name}
              leading={<NetworkImage name={n.name} caipNetworkId={n.caipNetworkId} imageUrl={n.imageUrl} />}
              current={isCurrent}
              trailing={
                isCurrent ? (
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                    {messages.networks.current}
                    <Icon name="check" size={18} />
                  </span>
                ) : undefined
              }
              onClick={() => onSelect?.(n.caipNetworkId)}
              data-testid="portico-network-item"
            />
          </li>
        )
      })}
    </ul>
  )
}

export function NetworksFooter() {
  return <span>{messages.footer.networks}</span>
}
