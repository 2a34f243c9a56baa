import type { WalletFeature } from '@portico/headless'
import { Button } from '../../components/Button/Button'
import { Icon, type IconName } from '../../components/Icon/icons'
import { useMessages } from '../../messages/context'
import * as styles from './WalletFeatures.css'

export type WalletFeatureItem = { id: WalletFeature; onClick: () => void }

const ICONS: Record<WalletFeature, IconName> = { onramp: 'card', swaps: 'swap', receive: 'download', send: 'external' }

/**
 * The Account view's wallet features (on-ramp, swaps, receive, send) as a row of buttons. Which ones
 * and in what order is headless's decision (useWalletFeatures); this only draws them.
 */
export function WalletFeatures({ items }: { items: readonly WalletFeatureItem[] }) {
  const messages = useMessages()
  if (items.length === 0) return null
  return (
    <ul className={styles.row} aria-label={messages.walletFeatures.label} data-testid="portico-account-features">
      {items.map((f) => (
        <li key={f.id} className={styles.item}>
          <Button
            variant="accentSoft"
            fullWidth
            icon={<Icon name={ICONS[f.id]} size={18} />}
            onClick={f.onClick}
            data-testid={`portico-account-feature-${f.id}`}
          >
            {messages.walletFeatures[f.id]}
          </Button>
        </li>
      ))}
    </ul>
  )
}

/**
 * Why wallet features are missing (SPEC §6): the region's restriction, under the features row. Which
 * features are restricted is headless's answer (useWalletFeatures().restricted).
 */
export function RegionNote({ restricted }: { restricted: readonly WalletFeature[] }) {
  const messages = useMessages()
  const swaps = restricted.includes('swaps')
  const onramp = restricted.includes('onramp')
  if (!swaps && !onramp) return null
  const m = messages.walletFeatures.regionRestricted
  return (
    <p className={styles.note} data-testid="portico-account-region-note">
      <Icon name="info" size={16} />
      <span>{swaps && onramp ? m.both : swaps ? m.swaps : m.onramp}</span>
    </p>
  )
}
