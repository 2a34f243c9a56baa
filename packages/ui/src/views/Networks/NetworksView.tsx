import { Icon } from '../../components/Icon/icons'
import { ListItem } from '../../components/ListItem/ListItem'
import { useMessages } from '../../messages/context'
import { NetworkImage } from '../shared/NetworkImage'
import * as styles from '../shared/views.css'
import * as own from './Networks.css'

export type NetworkEntry = { caipNetworkId: string; name: string; imageUrl?: string; testnet?: boolean }

export type NetworksViewProps = {
  networks: readonly NetworkEntry[]
  /** CAIP-2 id of the current network. */
  current?: string
  /** A wallet is connected on the current network's namespace: the current network says "Connected". @default false */
  connected?: boolean
  onSelect?: (caipNetworkId: string) => void
}

/**
 * The app's networks; the current one is marked (accent border, a check). "Connected" appears under
 * its name only while a wallet is connected. Names wrap rather than being cut off.
 */
export function NetworksView({ networks, current, connected = false, onSelect }: NetworksViewProps) {
  const messages = useMessages()
  return (
    <ul className={styles.list} data-testid="portico-networks">
      {networks.map((n) => {
        const isCurrent = n.caipNetworkId === current
        return (
          <li key={n.caipNetworkId}>
            <ListItem
              title={n.name}
              wrap
              description={isCurrent && connected ? <span className={own.connected}>{messages.networks.current}</span> : undefined}
              leading={<NetworkImage name={n.name} caipNetworkId={n.caipNetworkId} imageUrl={n.imageUrl} />}
              current={isCurrent}
              trailing={
                isCurrent ? (
                  <span className={own.check}>
                    <Icon name="check" size={20} />
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
  const messages = useMessages()
  return <span>{messages.footer.networks}</span>
}
