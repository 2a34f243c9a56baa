import { ListItem } from '../../components/ListItem/ListItem'
import { useMessages } from '../../messages/context'
import { NetworkImage } from '../shared/NetworkImage'
import { TokenIcon } from '../shared/TokenIcon'
import * as styles from './PayWithExchangeSelectAsset.css'

/** One asset of the picker, formatted. */
export type SelectableExchangeAsset = {
  /** Stable key ('eip155:1/native'), and what onSelect gives back. */
  id: string
  name: string
  symbol: string
  iconUrl?: string
  networkName: string
  networkId: string
  networkImageUrl?: string
}

export type PayWithExchangeSelectAssetViewProps = {
  /** The assets to pay in (SPEC §9's on the active network, plus an app's own). @default [] */
  assets?: readonly SelectableExchangeAsset[]
  /** The asset chosen now (marked current, focused first). @default the first */
  currentId?: string
  onSelect?: (id: string) => void
}

/** PayWithExchangeSelectAsset: the assets as rows (icon, name, symbol and network); the current one focused first; a choice goes back. */
export function PayWithExchangeSelectAssetView({ assets = [], currentId, onSelect }: PayWithExchangeSelectAssetViewProps) {
  const messages = useMessages()
  const m = messages.exchange
  const focused = assets.some((a) => a.id === currentId) ? currentId : assets[0]?.id
  return (
    <div className={styles.view} data-testid="portico-exchange-assets">
      <ul className={styles.list} aria-label={m.assetsLabel}>
        {assets.map((a) => (
          <li key={a.id}>
            <ListItem
              title={a.name}
              description={
                <span className={styles.network}>
                  {a.symbol} ·{' '}
                  <span className={styles.networkMark}>
                    <NetworkImage name={a.networkName} caipNetworkId={a.networkId} imageUrl={a.networkImageUrl} size={14} />
                  </span>
                  {a.networkName}
                </span>
              }
              leading={<TokenIcon iconUrl={a.iconUrl} symbol={a.symbol} size={36} />}
              current={a.id === currentId}
              onClick={() => onSelect?.(a.id)}
              {...(a.id === focused ? { 'data-autofocus': true } : {})}
              data-testid="portico-exchange-asset-item"
              data-asset={a.symbol}
            />
          </li>
        ))}
      </ul>
    </div>
  )
}
