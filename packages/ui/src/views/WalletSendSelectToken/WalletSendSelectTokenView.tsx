import { Icon } from '../../components/Icon/icons'
import { Input } from '../../components/Input/Input'
import { ListItem } from '../../components/ListItem/ListItem'
import { messages } from '../../messages'
import { TokenIcon } from '../WalletSend/TokenIcon'
import * as styles from './WalletSendSelectToken.css'

/** One token of the list, formatted. */
export type SelectableToken = {
  /** Stable key (chain id + address). */
  id: string
  name: string
  symbol: string
  iconUrl?: string
  /** The balance, formatted ('12.345'). */
  balance: string
  /** The balance's value in USD, formatted ('$38,524.30'). @default undefined */
  value?: string
}

export type WalletSendSelectTokenViewProps = {
  /** The tokens to show (already searched by headless). @default [] */
  tokens?: readonly SelectableToken[]
  /** The search text. @default '' */
  query?: string
  onQuery?: (text: string) => void
  /** The token chosen now (marked current). @default undefined */
  currentId?: string
  onSelect?: (id: string) => void
}

/** WalletSendSelectToken: the search (focused first) and the tokens with a balance; choosing one goes back to the form. */
export function WalletSendSelectTokenView({ tokens = [], query = '', onQuery, currentId, onSelect }: WalletSendSelectTokenViewProps) {
  const m = messages.walletSend
  return (
    <div className={styles.view} data-testid="portico-send-tokens">
      <Input
        type="search"
        icon="search"
        label={m.search}
        placeholder={m.searchPlaceholder}
        value={query}
        onChange={(e) => onQuery?.(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
        data-testid="portico-send-token-search"
      />
      {tokens.length === 0 ? (
        <p className={styles.empty} role="status" data-testid="portico-send-tokens-empty">
          <span className={styles.emptyIcon}>
            <Icon name={query.trim() ? 'search' : 'wallet'} size={22} />
          </span>
          {query.trim() ? m.noMatch(query.trim()) : m.noTokens}
        </p>
      ) : (
        <ul className={styles.list} aria-label={m.tokensLabel}>
          {tokens.map((t) => (
            <li key={t.id}>
              <ListItem
                title={t.name}
                description={
                  <span className={styles.quantity}>
                    {t.balance} {t.symbol}
                  </span>
                }
                leading={<TokenIcon iconUrl={t.iconUrl} symbol={t.symbol} size={36} />}
                trailing={t.value ? <span className={styles.value}>{t.value}</span> : undefined}
                current={t.id === currentId}
                onClick={() => onSelect?.(t.id)}
                data-testid="portico-send-token-item"
                data-token={t.symbol}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
