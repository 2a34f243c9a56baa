import { useId } from 'react'
import { Icon } from '../../components/Icon/icons'
import { Input } from '../../components/Input/Input'
import { ListItem } from '../../components/ListItem/ListItem'
import { messages } from '../../messages'
import { TokenIcon } from '../WalletSend/TokenIcon'
import * as styles from './SwapSelectToken.css'

/** One token of the picker, formatted. */
export type SwapSelectableToken = {
  /** Its CAIP-10 id (the key, and what onSelect gives back). */
  id: string
  name: string
  symbol: string
  iconUrl?: string
  /** The balance held, formatted ('12.345'); omitted when none. @default undefined */
  balance?: string
  /** The balance's USD value, formatted ('$38,524.30'); omitted without one. @default undefined */
  value?: string
}

export type SwapSelectTokenViewProps = {
  /** The search text. @default '' */
  query?: string
  onQuery?: (text: string) => void
  /** Quick picks above the lists (the chain's suggested tokens); hidden while searching. @default [] */
  suggested?: readonly SwapSelectableToken[]
  /** The account's tokens with a balance; hidden while searching. @default [] */
  yourTokens?: readonly SwapSelectableToken[]
  /** The chain's popular tokens; hidden while searching. @default [] */
  popular?: readonly SwapSelectableToken[]
  /** The search's results (by name, symbol or address), shown while a query is typed. @default [] */
  results?: readonly SwapSelectableToken[]
  /** The token chosen now on this side (marked current). @default undefined */
  currentId?: string
  onSelect?: (id: string) => void
}

function Section({ title, tokens, currentId, onSelect, testId }: { title: string; tokens: readonly SwapSelectableToken[]; currentId?: string; onSelect?: (id: string) => void; testId: string }) {
  const headingId = useId()
  if (tokens.length === 0) return null
  return (
    <div className={styles.section} data-testid={testId}>
      <h3 id={headingId} className={styles.heading}>
        {title}
      </h3>
      <ul className={styles.list} aria-labelledby={headingId}>
        {tokens.map((t) => (
          <li key={t.id}>
            <ListItem
              title={t.name}
              description={
                <span className={styles.quantity}>
                  {t.balance !== undefined ? `${t.balance} ${t.symbol}` : t.symbol}
                </span>
              }
              leading={<TokenIcon iconUrl={t.iconUrl} symbol={t.symbol} size={36} />}
              trailing={t.value ? <span className={styles.value}>{t.value}</span> : undefined}
              current={t.id === currentId}
              onClick={() => onSelect?.(t.id)}
              data-testid="portico-swap-token-item"
              data-token={t.symbol}
            />
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * SwapSelectToken: the search (focused first; name, symbol or address), then the suggested quick
 * picks, 'Your tokens' with their balances and 'Popular'; while searching, the results. Choosing one
 * goes back to the form.
 */
export function SwapSelectTokenView({ query = '', onQuery, suggested = [], yourTokens = [], popular = [], results = [], currentId, onSelect }: SwapSelectTokenViewProps) {
  const m = messages.swap
  const q = query.trim()
  const empty = q ? results.length === 0 : yourTokens.length + popular.length + suggested.length === 0
  return (
    <div className={styles.view} data-testid="portico-swap-tokens">
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
        data-testid="portico-swap-token-search"
      />
      {!q && suggested.length > 0 && (
        <ul className={styles.chips} aria-label={m.suggested} data-testid="portico-swap-suggested">
          {suggested.map((t) => (
            <li key={t.id}>
              <button type="button" className={styles.chip} aria-current={t.id === currentId || undefined} onClick={() => onSelect?.(t.id)} data-testid="portico-swap-suggested-item" data-token={t.symbol}>
                <TokenIcon iconUrl={t.iconUrl} symbol={t.symbol} size={20} />
                {t.symbol}
              </button>
            </li>
          ))}
        </ul>
      )}
      {empty ? (
        <p className={styles.empty} role="status" data-testid="portico-swap-tokens-empty">
          <span className={styles.emptyIcon}>
            <Icon name={q ? 'search' : 'wallet'} size={22} />
          </span>
          {q ? m.noMatch(q) : m.noTokens}
        </p>
      ) : q ? (
        <Section title={m.results} tokens={results} currentId={currentId} onSelect={onSelect} testId="portico-swap-results" />
      ) : (
        <>
          <Section title={m.yourTokens} tokens={yourTokens} currentId={currentId} onSelect={onSelect} testId="portico-swap-your-tokens" />
          <Section title={m.popular} tokens={popular} currentId={currentId} onSelect={onSelect} testId="portico-swap-popular" />
        </>
      )}
    </div>
  )
}
