import type { SwapButtonState } from '@portico/headless'
import { useEffect, useId, useRef } from 'react'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { block } from '../../components/Skeleton/Skeleton.css'
import { Spinner } from '../../components/Spinner/Spinner'
import { visuallyHidden } from '../../components/shared.css'
import { amountFontSize } from '../shared/amountFit'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { BalanceMax, TokenPill } from '../shared/AmountCard'
import * as form from '../shared/Form.css'
import * as styles from './Swap.css'

/** A chosen token as its button shows it. */
export type SwapTokenDisplay = {
  symbol: string
  iconUrl?: string
}

/** The quote's details under the form, formatted. */
export type SwapDetailsDisplay = {
  /** '1 ETH = 2,970 USDC'. */
  rate: string
  /** '0.45%'; omitted without prices. */
  priceImpact?: string
  /** The network cost: '0.003 ETH ($9.00)'; omitted before the gas price is known. */
  networkCost?: string
}

export type SwapViewProps = {
  /** The flow is still loading or initializing: skeletons where the tokens and values go. @default false */
  loading?: boolean
  /** The active network has no swaps: 'Network not supported for Swaps' instead of the form's values. @default false */
  unsupported?: boolean
  /** With `unsupported`: the notice's 'Switch network' button (to Networks); none without it. */
  onSwitchNetwork?: () => void
  /** The source token; none shows 'Select token'. @default undefined */
  source?: SwapTokenDisplay
  /** The source balance, formatted ('12.345'); omitted when none is held. @default undefined */
  balance?: string
  /** The source amount as masked by headless (SPEC §5). @default '' */
  amount?: string
  onAmount?: (text: string) => void
  /** Max: the whole balance (headless keeps the network cost back for the network token); no balance, no Max. */
  onMax?: () => void
  /** The source amount in USD ('$1,500.00'); omitted without a price. @default undefined */
  sourceUsd?: string
  onSourceToken?: () => void
  /** The target token; none shows 'Select token'. @default undefined */
  target?: SwapTokenDisplay
  /** The quoted amount, 6 decimals ('1485.000000'); '' until quoted. @default '' */
  toAmount?: string
  /** The quoted amount in USD; omitted until quoted. @default undefined */
  toUsd?: string
  onToToken?: () => void
  /** A quote is on its way: a spinner on the target amount. @default false */
  quoting?: boolean
  /** The switch arrow: source and target change sides. */
  onSwitch?: () => void
  /** The switch arrow cannot be pressed (initializing, switching). @default false */
  switchDisabled?: boolean
  /** The quote's rate, price impact and network cost; omitted until quoted. @default undefined */
  details?: SwapDetailsDisplay
  /** headless's button state: its action (worded through the locale), disabled, loading. */
  button: SwapButtonState
  /** The main button ('Review swap'; 'Try again' after a failed build). */
  onButton?: () => void
}

function TokenButton({
  token,
  side,
  onClick,
  loading,
  testId,
}: {
  token?: SwapTokenDisplay
  side: string
  onClick?: () => void
  loading: boolean
  testId: string
}) {
  const messages = useMessages()
  const m = messages.swap
  if (loading) return <span className={`${block} ${styles.tokenSkeleton}`} aria-hidden="true" data-testid={`${testId}-skeleton`} />
  return (
    <TokenPill
      token={token}
      emptyText={m.chooseToken}
      aria-label={token ? m.changeToken(side, token.symbol) : `${side}: ${m.chooseToken}`}
      onClick={onClick}
      testId={testId}
    />
  )
}

/**
 * Swap: what is paid (the amount, focused first, with its token, USD value, balance and Max), the
 * switch arrow, what is received (the quote, read-only, to 6 decimals, with its token and USD value),
 * the quote's rate, price impact and network cost, and the button whose state headless decides
 * ('Select token' … 'Review swap'). Skeletons while the flow starts; off the swap chains, 'Network
 * not supported for Swaps'.
 */
export function SwapView(props: SwapViewProps) {
  const messages = useMessages()
  const {
    loading = false,
    unsupported = false,
    source,
    balance,
    amount = '',
    sourceUsd,
    target,
    toAmount = '',
    toUsd,
    quoting = false,
    details,
    button,
  } = props
  const m = messages.swap
  const amountId = useId()
  const toId = useId()
  // The notice appears once the flow knows the network has no swaps, which disables the amount field
  // that had focus: focus moves on to 'Switch network' (unless the user is elsewhere).
  const amountRef = useRef<HTMLInputElement>(null)
  const switchNetworkRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const active = switchNetworkRef.current?.ownerDocument.activeElement
    if (unsupported && (!active || active === active.ownerDocument.body || active === amountRef.current)) switchNetworkRef.current?.focus()
  }, [unsupported])
  const bar = (width: number) => <span className={`${block} ${styles.barSkeleton}`} style={{ width }} aria-hidden="true" />
  return (
    <div className={styles.view} data-testid="portico-swap" aria-busy={loading || undefined}>
      {loading && (
        <span role="status" className={visuallyHidden} data-testid="portico-swap-loading">
          {m.loading}
        </span>
      )}
      {unsupported && (
        <p className={styles.unsupported} role="status" data-testid="portico-swap-unsupported">
          <span className={styles.unsupportedIcon}>
            <Icon name="alert" size={18} />
          </span>
          <span className={styles.unsupportedText}>
            <span className={styles.unsupportedTitle}>{m.unsupported}</span>
            <span>{m.unsupportedHint}</span>
            {props.onSwitchNetwork && (
              <span className={styles.unsupportedAction}>
                <Button
                  ref={switchNetworkRef}
                  variant="secondary"
                  size="sm"
                  onClick={props.onSwitchNetwork}
                  data-autofocus
                  data-testid="portico-swap-switch-network"
                >
                  {m.switchNetwork}
                </Button>
              </span>
            )}
          </span>
        </p>
      )}

      <div className={styles.pair}>
        <div className={styles.card}>
          <div className={styles.cardHead}>
            <label htmlFor={amountId} className={styles.cardLabel}>
              {m.youPay}
            </label>
            {!loading && source && balance !== undefined && (
              <BalanceMax
                text={m.balance(balance, source.symbol)}
                testId="portico-swap-balance"
                onMax={props.onMax}
                maxText={m.max}
                maxTitle={m.maxLabel}
                maxTestId="portico-swap-max"
              />
            )}
          </div>
          <div className={styles.amountRow}>
            <input
              ref={amountRef}
              id={amountId}
              aria-label={m.amount}
              className={styles.amountInput}
              style={{ fontSize: amountFontSize(amount, 24, 12) }}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              placeholder={m.amountPlaceholder}
              value={amount}
              disabled={unsupported}
              onChange={(e) => props.onAmount?.(e.target.value)}
              data-autofocus
              data-testid="portico-swap-amount"
            />
            {!unsupported && (
              <TokenButton
                token={source}
                side={m.youPay}
                onClick={props.onSourceToken}
                loading={loading}
                testId="portico-swap-source-token"
              />
            )}
          </div>
          <div className={form.metaRow}>
            <span className={form.usd} data-testid="portico-swap-source-usd">
              {loading ? bar(56) : (sourceUsd ?? '')}
            </span>
          </div>
        </div>

        <button
          type="button"
          className={styles.switchButton}
          onClick={props.onSwitch}
          disabled={props.switchDisabled || loading || unsupported}
          aria-label={m.switchTokens}
          title={m.switchTokens}
          data-testid="portico-swap-switch"
        >
          <Icon name="swap" size={18} />
        </button>

        <div className={`${styles.card} ${styles.cardTarget}`}>
          <div className={styles.cardHead}>
            <label htmlFor={toId} className={styles.cardLabel}>
              {m.youReceive}
            </label>
          </div>
          <div className={styles.amountRow}>
            <input
              id={toId}
              aria-label={m.received}
              className={styles.amountInput}
              style={{ fontSize: amountFontSize(quoting ? '' : toAmount, 24, 12) }}
              readOnly
              tabIndex={-1}
              placeholder={m.amountPlaceholder}
              value={quoting ? '' : toAmount}
              aria-busy={quoting || undefined}
              data-testid="portico-swap-to-amount"
            />
            {quoting && <Spinner size={20} label={m.quoting} />}
            {!unsupported && (
              <TokenButton token={target} side={m.youReceive} onClick={props.onToToken} loading={loading} testId="portico-swap-to-token" />
            )}
          </div>
          <div className={form.metaRow}>
            <span className={form.usd} data-testid="portico-swap-to-usd">
              {loading ? bar(56) : quoting ? '' : (toUsd ?? '')}
            </span>
          </div>
        </div>
      </div>

      {details && !quoting && (
        <dl className={form.details} data-testid="portico-swap-details">
          <div className={form.detailRow}>
            <dt className={form.term}>{m.rate}</dt>
            <dd className={form.value} data-testid="portico-swap-rate">
              {details.rate}
            </dd>
          </div>
          <div className={form.detailRow}>
            <dt className={form.term}>{m.priceImpact}</dt>
            <dd className={form.value} data-testid="portico-swap-impact">
              {details.priceImpact ?? m.unknown}
            </dd>
          </div>
          <div className={form.detailRow}>
            <dt className={form.term}>{m.networkCost}</dt>
            <dd className={form.value} data-testid="portico-swap-network-cost">
              {details.networkCost ?? m.unknown}
            </dd>
          </div>
        </dl>
      )}

      <Button
        variant="primary"
        fullWidth
        disabled={loading || button.disabled}
        loading={button.loading}
        onClick={props.onButton}
        data-testid="portico-swap-button"
      >
        {button.action === 'inputError' ? codeText(button.error, messages) : m.button[button.action]}
      </Button>
    </div>
  )
}
