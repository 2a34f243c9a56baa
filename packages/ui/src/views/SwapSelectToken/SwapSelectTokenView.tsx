import { useId } from 'react'
import { useMessages } from '../../messages/context'
import { TokenIcon } from '../shared/TokenIcon'
import { TokenList, TokenListEmpty, type TokenRowToken, TokenSearch } from '../shared/TokenRow'
import * as styles from './SwapSelectToken.css'

/** One token of the picker, formatted: its CAIP-10 id (the key, and what onSelect gives back); no balance when none is held. */
export type SwapSelectableToken = TokenRowToken

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

function Section({
  title,
  tokens,
  currentId,
  onSelect,
  testId,
}: {
  title: string
  tokens: readonly SwapSelectableToken[]
  currentId?: string
  onSelect?: (id: string) => void
  testId: string
}) {
  const headingId = useId()
  if (tokens.length === 0) return null
  return (
    <div className={styles.section} data-testid={testId}>
      <h3 id={headingId} className={styles.heading}>
        {title}
      </h3>
      <TokenList
        tokens={tokens}
        currentId={currentId}
        onSelect={onSelect}
        itemTestId="portico-swap-token-item"
        aria-labelledby={headingId}
      />
    </div>
  )
}

/**
 * SwapSelectToken: the search (focused first; name, symbol or address), then the suggested quick
 * picks, 'Your tokens' with their balances and 'Popular'; while searching, the results. Choosing one
 * goes back to the form.
 */
export function SwapSelectTokenView({
  query = '',
  onQuery,
  suggested = [],
  yourTokens = [],
  popular = [],
  results = [],
  currentId,
  onSelect,
}: SwapSelectTokenViewProps) {
  const messages = useMessages()
  const m = messages.swap
  const q = query.trim()
  const empty = q ? results.length === 0 : yourTokens.length + popular.length + suggested.length === 0
  return (
    <div className={styles.view} data-testid="portico-swap-tokens">
      <TokenSearch label={m.search} placeholder={m.searchPlaceholder} query={query} onQuery={onQuery} testId="portico-swap-token-search" />
      {!q && suggested.length > 0 && (
        <ul className={styles.chips} aria-label={m.suggested} data-testid="portico-swap-suggested">
          {suggested.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className={styles.chip}
                aria-current={t.id === currentId || undefined}
                onClick={() => onSelect?.(t.id)}
                data-testid="portico-swap-suggested-item"
                data-token={t.symbol}
              >
                <TokenIcon iconUrl={t.iconUrl} symbol={t.symbol} size={20} />
                {t.symbol}
              </button>
            </li>
          ))}
        </ul>
      )}
      {empty ? (
        <TokenListEmpty searching={!!q} testId="portico-swap-tokens-empty">
          {q ? m.noMatch(q) : m.noTokens}
        </TokenListEmpty>
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
