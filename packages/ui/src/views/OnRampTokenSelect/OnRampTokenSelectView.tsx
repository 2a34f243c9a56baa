import { useMessages } from '../../messages/context'
import * as styles from '../OnRampProviders/OnRampProviders.css'
import { TokenList, TokenListEmpty, type TokenRowToken } from '../shared/TokenRow'

/** A purchase currency as its row shows it: id, name, symbol, icon, and its network's name (the line under the name). */
export type OnRampSelectableToken = TokenRowToken & {
  /** The network it is bought on ('Ethereum'). @default undefined */
  network?: string
}

export type OnRampTokenSelectViewProps = {
  /** The purchase currencies of the active network. @default [] */
  tokens?: readonly OnRampSelectableToken[]
  /** The currency chosen now (marked current). @default undefined */
  currentId?: string
  onSelect?: (id: string) => void
}

/**
 * OnRampTokenSelect: what can be bought on the active network, one row each (icon, name, symbol and
 * network); the current one marked and focused first. Choosing one goes back to the providers.
 */
export function OnRampTokenSelectView({ tokens = [], currentId, onSelect }: OnRampTokenSelectViewProps) {
  const messages = useMessages()
  const m = messages.onramp
  const current = currentId ?? tokens[0]?.id
  return (
    <div className={styles.picker} data-testid="portico-onramp-tokens">
      {tokens.length === 0 ? (
        <TokenListEmpty searching={false} testId="portico-onramp-tokens-empty">
          {m.noTokens}
        </TokenListEmpty>
      ) : (
        <TokenList
          tokens={tokens}
          currentId={current}
          autoFocusId={current}
          onSelect={onSelect}
          itemTestId="portico-onramp-token-item"
          aria-label={m.tokensLabel}
          quantity={(t) => {
            const network = (t as OnRampSelectableToken).network
            return network ? `${t.symbol} · ${network}` : t.symbol
          }}
        />
      )}
    </div>
  )
}
