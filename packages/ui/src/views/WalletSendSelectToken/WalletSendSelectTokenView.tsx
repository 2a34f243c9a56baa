import { useMessages } from '../../messages/context'
import { TokenList, TokenListEmpty, type TokenRowToken, TokenSearch } from '../shared/TokenRow'
import * as styles from './WalletSendSelectToken.css'

/** One token of the list, formatted: the id is chain id + address; every token listed has a balance ('12.345'). */
export type SelectableToken = TokenRowToken & { balance: string }

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

/**
 * The balance and symbol as separate text nodes, as this list has always rendered them: Chromium lays
 * them out a few pixels differently from one joined text (the screenshots would change).
 */
const sendQuantity = (t: TokenRowToken) => (
  <>
    {t.balance} {t.symbol}
  </>
)

/** WalletSendSelectToken: the search (focused first) and the tokens with a balance; choosing one goes back to the form. */
export function WalletSendSelectTokenView({ tokens = [], query = '', onQuery, currentId, onSelect }: WalletSendSelectTokenViewProps) {
  const messages = useMessages()
  const m = messages.walletSend
  return (
    <div className={styles.view} data-testid="portico-send-tokens">
      <TokenSearch label={m.search} placeholder={m.searchPlaceholder} query={query} onQuery={onQuery} testId="portico-send-token-search" />
      {tokens.length === 0 ? (
        <TokenListEmpty searching={!!query.trim()} testId="portico-send-tokens-empty">
          {query.trim() ? m.noMatch(query.trim()) : m.noTokens}
        </TokenListEmpty>
      ) : (
        <TokenList
          tokens={tokens}
          currentId={currentId}
          onSelect={onSelect}
          itemTestId="portico-send-token-item"
          aria-label={m.tokensLabel}
          quantity={sendQuantity}
        />
      )}
    </div>
  )
}
