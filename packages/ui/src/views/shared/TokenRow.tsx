import type { ReactNode } from 'react'
import { Icon } from '../../components/Icon/icons'
import { Input } from '../../components/Input/Input'
import { ListItem } from '../../components/ListItem/ListItem'
import * as styles from './Token.css'
import { TokenIcon } from './TokenIcon'

// The token pickers of Send and Swap: the search field, the rows (icon, name, balance with symbol,
// value) and the empty state.

/** One token of a picker, formatted. */
export type TokenRowToken = {
  /** Stable key, and what onSelect gives back. */
  id: string
  name: string
  symbol: string
  iconUrl?: string
  /** The balance, formatted ('12.345'); without one the row shows the symbol alone. @default undefined */
  balance?: string
  /** The balance's value in USD, formatted ('$38,524.30'). @default undefined */
  value?: string
}

export type TokenRowProps = {
  token: TokenRowToken
  /** Marked current (aria-current). @default false */
  current?: boolean
  onSelect?: (id: string) => void
  testId: string
  /** The line under the name. @default the balance and symbol as one text ('12.345 ETH'), or the symbol alone */
  quantity?: (token: TokenRowToken) => ReactNode
  /** Focused when the view shows (data-autofocus). @default false */
  autoFocus?: boolean
}

/** One token as a list row: choosing it calls onSelect with its id. */
export function TokenRow({ token: t, current = false, onSelect, testId, quantity, autoFocus = false }: TokenRowProps) {
  return (
    <ListItem
      title={t.name}
      description={
        <span className={styles.tokenQuantity}>
          {quantity ? quantity(t) : t.balance !== undefined ? `${t.balance} ${t.symbol}` : t.symbol}
        </span>
      }
      leading={<TokenIcon iconUrl={t.iconUrl} symbol={t.symbol} size={36} />}
      trailing={t.value ? <span className={styles.tokenValue}>{t.value}</span> : undefined}
      current={current}
      onClick={() => onSelect?.(t.id)}
      data-testid={testId}
      data-token={t.symbol}
      data-autofocus={autoFocus || undefined}
    />
  )
}

export type TokenListProps = {
  tokens: readonly TokenRowToken[]
  /** The token chosen now (marked current). @default undefined */
  currentId?: string
  onSelect?: (id: string) => void
  /** Each row's test id. */
  itemTestId: string
  /** The line under each name (TokenRow's quantity). */
  quantity?: (token: TokenRowToken) => ReactNode
  /** The token whose row takes the focus when the view shows. @default none */
  autoFocusId?: string
  'aria-label'?: string
  'aria-labelledby'?: string
}

/** The tokens as a list of rows. */
export function TokenList({ tokens, currentId, onSelect, itemTestId, quantity, autoFocusId, ...aria }: TokenListProps) {
  return (
    <ul className={styles.tokenList} {...aria}>
      {tokens.map((t) => (
        <li key={t.id}>
          <TokenRow
            token={t}
            current={t.id === currentId}
            onSelect={onSelect}
            testId={itemTestId}
            quantity={quantity}
            autoFocus={t.id === autoFocusId}
          />
        </li>
      ))}
    </ul>
  )
}

export type TokenSearchProps = {
  label: string
  placeholder: string
  /** The search text. */
  query: string
  onQuery?: (text: string) => void
  testId: string
}

/** The pickers' search field, focused first. */
export function TokenSearch({ label, placeholder, query, onQuery, testId }: TokenSearchProps) {
  return (
    <Input
      type="search"
      icon="search"
      label={label}
      placeholder={placeholder}
      value={query}
      onChange={(e) => onQuery?.(e.target.value)}
      autoComplete="off"
      spellCheck={false}
      data-autofocus
      data-testid={testId}
    />
  )
}

/** No token to list: a search icon while searching, else a wallet, over the reason. */
export function TokenListEmpty({ searching, testId, children }: { searching: boolean; testId: string; children: ReactNode }) {
  return (
    <p className={styles.empty} role="status" data-testid={testId}>
      <span className={styles.emptyIcon}>
        <Icon name={searching ? 'search' : 'wallet'} size={22} />
      </span>
      {children}
    </p>
  )
}
