import { ListItem } from '../../components/ListItem/ListItem'
import { useMessages } from '../../messages/context'
import * as styles from '../OnRampProviders/OnRampProviders.css'
import { TokenListEmpty } from '../shared/TokenRow'

/** A payment currency as its row shows it, formatted. */
export type OnRampSelectableFiat = {
  /** Its code ('USD'): the key, and what onSelect gives back. */
  id: string
  /** Its name ('US Dollar'). */
  name: string
  /** Its symbol ('$'). */
  symbol: string
  /** The payment method's limits, formatted ('10.00–7,500.00 USD'); omitted: any amount. @default undefined */
  limits?: string
}

export type OnRampFiatSelectViewProps = {
  /** The payment currencies. @default [] */
  currencies?: readonly OnRampSelectableFiat[]
  /** The currency chosen now (marked current, focused first). @default undefined */
  currentId?: string
  onSelect?: (id: string) => void
}

/**
 * OnRampFiatSelect: the currencies to pay with, one row each (symbol, name, code and the limits of
 * the payment method); the current one marked and focused first. Choosing one goes back.
 */
export function OnRampFiatSelectView({ currencies = [], currentId, onSelect }: OnRampFiatSelectViewProps) {
  const messages = useMessages()
  const m = messages.onramp
  if (currencies.length === 0) {
    return (
      <div className={styles.picker} data-testid="portico-onramp-fiats">
        <TokenListEmpty searching={false} testId="portico-onramp-fiats-empty">
          {m.noFiat}
        </TokenListEmpty>
      </div>
    )
  }
  const current = currentId ?? currencies[0]?.id
  return (
    <div className={styles.picker} data-testid="portico-onramp-fiats">
      <ul className={styles.list} aria-label={m.fiatLabel}>
        {currencies.map((c) => (
          <li key={c.id}>
            <ListItem
              title={c.name}
              description={`${c.id} · ${c.limits ?? m.noLimits}`}
              leading={
                <span className={styles.fiatTile} aria-hidden="true">
                  {c.symbol}
                </span>
              }
              current={c.id === current}
              onClick={() => onSelect?.(c.id)}
              data-autofocus={c.id === current || undefined}
              data-testid="portico-onramp-fiat-item"
              data-currency={c.id}
            />
          </li>
        ))}
      </ul>
    </div>
  )
}
