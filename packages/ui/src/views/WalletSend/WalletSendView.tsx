import type { SendButtonAction } from '@portico/headless'
import { useId } from 'react'
import { Avatar } from '../../components/Avatar/Avatar'
import { Button } from '../../components/Button/Button'
import { Input } from '../../components/Input/Input'
import { Spinner } from '../../components/Spinner/Spinner'
import { visuallyHidden } from '../../components/shared.css'
import { amountFontSize } from '../shared/amountFit'
import { useMessages } from '../../messages/context'
import { BalanceMax, TokenPill } from '../shared/AmountCard'
import { ErrorAlert } from '../shared/ErrorAlert'
import * as form from '../shared/Form.css'
import * as styles from './WalletSend.css'

/** The chosen token as shown on its button and under the amount. */
export type SendTokenDisplay = {
  symbol: string
  iconUrl?: string
  /** The balance, formatted ('12.345'). */
  balance: string
}

/** The network fee, formatted. */
export type SendFeeDisplay = {
  /** In the native currency ('0.000021'). */
  native: string
  symbol: string
  /** In USD ('$0.07'); omitted without a price. */
  usd?: string
}

export type WalletSendViewProps = {
  /** The chosen token; none shows 'Select token' on the token button. @default undefined */
  token?: SendTokenDisplay
  /** Open the token list. */
  onToken?: () => void
  /** The amount as masked by headless (SPEC §5). @default '' */
  amount?: string
  /** Every keystroke of the amount field (headless masks it). */
  onAmount?: (text: string) => void
  /** Max: the whole balance (the native Max keeps the fee back); no token, no Max. */
  onMax?: () => void
  /** The amount's live value in USD, formatted ('$1,500.00'); omitted without a price. @default undefined */
  amountUsd?: string
  /** The receiver field as typed (an address or a name). @default '' */
  receiver?: string
  onReceiver?: (text: string) => void
  /** A name is being looked up: a spinner in the receiver field. @default false */
  resolving?: boolean
  /** The resolved name and its avatar, shown under the receiver field with the address it gives. @default undefined */
  receiverName?: string
  receiverImageUrl?: string
  /** The address the name gives, shortened ('0x7099…79C8'). @default undefined */
  receiverAddress?: string
  /** The network fee; omitted until estimated. @default undefined */
  fee?: SendFeeDisplay
  /** The fee is being estimated. @default false */
  feeLoading?: boolean
  /** headless's button state: its action (worded through the locale), whether it can be pressed, whether to offer 'Fund wallet'. */
  button: { action: SendButtonAction; disabled: boolean; fundWallet: boolean; switchWallet?: boolean }
  /** The main button ('Preview send'). */
  onPreview?: () => void
  /** 'Fund wallet' beside 'Insufficient funds' (offered only when given and the button asks for it). */
  onFundWallet?: () => void
  /** 'Use another wallet' (insufficient funds): connect a different wallet. */
  onOtherWallet?: () => void
  /** The last failure's text (a refused send, a failed estimate or lookup), shown as an alert. @default null */
  error?: string | null
}

/**
 * WalletSend: the amount (focused first) with the token button, its USD value, the balance and Max;
 * the receiver (an address or a name, resolved with its avatar); the network fee; the error; and the
 * button whose state headless decides ('Select token' … 'Preview send').
 */
export function WalletSendView(props: WalletSendViewProps) {
  const messages = useMessages()
  const {
    token,
    amount = '',
    amountUsd,
    receiver = '',
    resolving = false,
    receiverName,
    receiverImageUrl,
    receiverAddress,
    fee,
    feeLoading = false,
    button,
    error,
  } = props
  const m = messages.walletSend
  const amountId = useId()
  return (
    <div className={styles.view} data-testid="portico-send">
      <div className={styles.card}>
        <label htmlFor={amountId} className={visuallyHidden}>
          {m.amount}
        </label>
        <div className={styles.amountRow}>
          <input
            id={amountId}
            className={styles.amountInput}
            style={{ fontSize: amountFontSize(amount, 32, 10) }}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder={m.amountPlaceholder}
            value={amount}
            onChange={(e) => props.onAmount?.(e.target.value)}
            data-autofocus
            data-testid="portico-send-amount"
          />
          <TokenPill
            token={token}
            emptyText={m.chooseToken}
            aria-label={token ? m.changeToken(token.symbol) : m.chooseToken}
            onClick={props.onToken}
            testId="portico-send-token"
          />
        </div>
        <div className={form.metaRow}>
          <span className={form.usd} data-testid="portico-send-usd">
            {amountUsd ?? ''}
          </span>
          {token && (
            <BalanceMax
              text={m.balance(token.balance, token.symbol)}
              testId="portico-send-balance"
              onMax={props.onMax}
              maxText={m.max}
              maxTitle={m.maxLabel}
              maxTestId="portico-send-max"
            />
          )}
        </div>
      </div>

      <div className={styles.receiver}>
        <Input
          label={m.to}
          showLabel
          placeholder={m.receiverPlaceholder}
          value={receiver}
          onChange={(e) => props.onReceiver?.(e.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-busy={resolving || undefined}
          data-testid="portico-send-receiver"
          trailing={resolving ? <Spinner size={18} label={m.resolving} /> : undefined}
        />
        {receiverName && (
          <div className={styles.resolved} data-testid="portico-send-resolved">
            <Avatar address={receiverAddress} imageUrl={receiverImageUrl} size={24} />
            <span className={styles.resolvedName}>{receiverName}</span>
            {receiverAddress && <span className={styles.resolvedAddress}>{receiverAddress}</span>}
          </div>
        )}
      </div>

      <div className={styles.row} data-testid="portico-send-fee">
        <span>{m.networkFee}</span>
        <span className={styles.rowValue}>
          {feeLoading && !fee ? (
            <Spinner size={16} label={m.feeEstimating} />
          ) : fee ? (
            <>
              {fee.native} {fee.symbol}
              {fee.usd && <span className={styles.rowMuted}>({fee.usd})</span>}
            </>
          ) : (
            m.feeUnknown
          )}
        </span>
      </div>

      {error && <ErrorAlert testId="portico-send-error">{error}</ErrorAlert>}

      <div className={styles.actions}>
        <Button variant="primary" fullWidth disabled={button.disabled} onClick={props.onPreview} data-testid="portico-send-button">
          {m.button[button.action]}
        </Button>
        {button.fundWallet && props.onFundWallet && (
          <Button variant="accentSoft" fullWidth onClick={props.onFundWallet} data-testid="portico-send-fund">
            {m.fundWallet}
          </Button>
        )}
        {button.switchWallet && props.onOtherWallet && (
          <Button variant="secondary" fullWidth onClick={props.onOtherWallet} data-testid="portico-send-other-wallet">
            {m.otherWallet}
          </Button>
        )}
      </div>
    </div>
  )
}
