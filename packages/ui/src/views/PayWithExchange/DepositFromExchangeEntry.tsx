import type { ExchangePreset } from '@portico/headless'
import { usePayWithExchange, useRouter } from '@portico/headless/react'
import { Icon } from '../../components/Icon/icons'
import { ListItem } from '../../components/ListItem/ListItem'
import { useMessages } from '../../messages/context'
import * as styles from './DepositFromExchangeEntry.css'

export type DepositFromExchangeEntryProps = {
  /** The asset (a symbol, or an app's own asset) and the USD amount to start with (PayWithExchange's route data). @default undefined */
  preset?: ExchangePreset
  /** Instead of opening PayWithExchange (e.g. a story). @default router.push('PayWithExchange', preset) */
  onSelect?: () => void
}

/**
 * 'Deposit from an exchange' as a list row, for the on-ramp's provider list: opens PayWithExchange.
 * Renders nothing when pay with exchange is not available (SPEC §5: the flag, the namespace). It reads
 * availability without loading the flow: the flow and its view load when the row is chosen.
 */
export function DepositFromExchangeEntry({ preset, onSelect }: DepositFromExchangeEntryProps) {
  const messages = useMessages()
  const { available } = usePayWithExchange({ enabled: false })
  const router = useRouter()
  const m = messages.exchange
  if (!available) return null
  return (
    <ListItem
      title={m.entry}
      description={m.entryHint}
      leading={
        <span className={styles.icon}>
          <Icon name="download" size={20} />
        </span>
      }
      chevron
      onClick={onSelect ?? (() => router.push('PayWithExchange', preset))}
      data-testid="portico-exchange-entry"
    />
  )
}
