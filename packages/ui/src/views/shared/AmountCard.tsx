import { Icon } from '../../components/Icon/icons'
import * as form from './Form.css'
import * as token from './Token.css'
import { TokenIcon } from './TokenIcon'

// The parts of the amount card that Send and Swap share: the token pill beside the amount, and the
// balance with Max.

export type TokenPillProps = {
  /** The chosen token; none shows `emptyText` as an accent call to action. */
  token?: { symbol: string; iconUrl?: string }
  /** The text without a token ('Select token'). */
  emptyText: string
  'aria-label': string
  onClick?: () => void
  testId: string
}

/** The token button: icon, symbol and a chevron, as a pill. */
export function TokenPill({ token: t, emptyText, onClick, testId, 'aria-label': ariaLabel }: TokenPillProps) {
  return (
    <button
      type="button"
      className={t ? token.tokenPill : `${token.tokenPill} ${token.tokenPillEmpty}`}
      onClick={onClick}
      aria-label={ariaLabel}
      data-testid={testId}
    >
      {t && <TokenIcon iconUrl={t.iconUrl} symbol={t.symbol} size={28} />}
      <span className={token.tokenSymbol}>{t ? t.symbol : emptyText}</span>
      <Icon name="chevronRight" size={16} />
    </button>
  )
}

export type BalanceMaxProps = {
  /** 'Balance: 12.345 ETH'. */
  text: string
  testId: string
  /** Max; without it, no Max button. */
  onMax?: () => void
  maxText: string
  maxTitle: string
  maxTestId: string
}

/** The balance, and Max beside it. */
export function BalanceMax({ text, testId, onMax, maxText, maxTitle, maxTestId }: BalanceMaxProps) {
  return (
    <span className={form.balance}>
      <span className={form.balanceText} data-testid={testId}>
        {text}
      </span>
      {onMax && (
        <button type="button" className={form.max} onClick={onMax} title={maxTitle} data-testid={maxTestId}>
          {maxText}
        </button>
      )}
    </span>
  )
}
