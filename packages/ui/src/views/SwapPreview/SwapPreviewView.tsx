import type { SimulationResult } from '@portico/headless'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { useMessages } from '../../messages/context'
import { ErrorAlert } from '../shared/ErrorAlert'
import * as form from '../shared/Form.css'
import { Simulation } from '../shared/Simulation'
import { TokenIcon } from '../shared/TokenIcon'
import * as styles from './SwapPreview.css'

/** One side of the swap, formatted. */
export type SwapSideDisplay = {
  /** '0.5', '1,485'. */
  amount: string
  symbol: string
  iconUrl?: string
  /** '$1,500.00'; omitted without a price. @default undefined */
  usd?: string
}

export type SwapPreviewViewProps = {
  from: SwapSideDisplay
  to: SwapSideDisplay
  /** '1 ETH = 2,970 USDC'. @default undefined */
  rate?: string
  /** '1.00%'. @default undefined */
  priceImpact?: string
  /** The slippage tolerance ('1%'). @default undefined */
  maxSlippage?: string
  /** The least received at that tolerance ('1,470.15 USDC'). @default undefined */
  minimumReceived?: string
  /** The provider's share: '0.00425 ETH (0.85%)'. @default undefined */
  providerFee?: string
  /** '0.003 ETH ($9.00)'. @default undefined */
  networkCost?: string
  /** The source token needs an approval first: the two steps, and 'Approve USDC' as the button. @default false */
  needsApproval?: boolean
  /**
   * What the wallet is waited on ('Approve limit increase in your wallet', 'Confirm transaction in
   * your wallet', 'Swapping ...'): both buttons disabled, the main one busy. The text itself is the
   * flow's snackbar under the view (a polite status), so it is not repeated here. @default undefined
   */
  waiting?: string
  /**
   * The transaction the button sends (the approval, else the swap), simulated before the wallet is asked:
   * balance changes, or that it will fail. @default null (none shown)
   */
  simulation?: SimulationResult | null
  /** The simulation is under way. @default false */
  simulating?: boolean
  /** The icon of an asset ('native' or a token's address), for the simulation's rows. @default none */
  iconOf?: (asset: string) => string | undefined
  /** The last approval's or swap's failure ('User rejected the request'), as an alert. @default undefined */
  error?: string
  onCancel?: () => void
  onApprove?: () => void
  onSwap?: () => void
}

function Side({ label, side, testId }: { label: string; side: SwapSideDisplay; testId: string }) {
  return (
    <div className={styles.side} data-testid={testId}>
      <span className={styles.sideLabel}>{label}</span>
      <span className={styles.sideAmount}>
        <TokenIcon iconUrl={side.iconUrl} symbol={side.symbol} size={28} />
        <span className={styles.sideAmountText} data-testid={`${testId}-amount`}>
          {side.amount} {side.symbol}
        </span>
      </span>
      {side.usd && (
        <span className={styles.sideUsd} data-testid={`${testId}-usd`}>
          {side.usd}
        </span>
      )}
    </div>
  )
}

/**
 * SwapPreview: what is paid and received (amounts and USD), the rate, price impact, max slippage
 * with the minimum received, the provider fee and the network cost; when an approval is needed, the
 * approval step before the swap step. While the wallet is asked, the buttons wait (the flow's
 * snackbar says what for); a failure is an alert and everything stays. Cancel goes back.
 */
export function SwapPreviewView(props: SwapPreviewViewProps) {
  const messages = useMessages()
  const { from, to, needsApproval = false, waiting, error, simulation = null, simulating = false, iconOf } = props
  const failing = simulation?.simulation === 'ok' && simulation.status === 'reverted'
  const m = messages.swap
  const busy = Boolean(waiting)
  const rows: [string, string | undefined, string][] = [
    [m.rate, props.rate, 'portico-swap-preview-rate'],
    [m.priceImpact, props.priceImpact, 'portico-swap-preview-impact'],
    [m.maxSlippage, props.maxSlippage, 'portico-swap-preview-slippage'],
    [m.minimumReceived, props.minimumReceived, 'portico-swap-preview-minimum'],
    [m.providerFee, props.providerFee, 'portico-swap-preview-fee'],
    [m.networkCost, props.networkCost, 'portico-swap-preview-network-cost'],
  ]
  return (
    <div className={styles.view} data-testid="portico-swap-preview" data-waiting={waiting} aria-busy={busy || undefined}>
      <div className={styles.sides}>
        <Side label={m.youPay} side={from} testId="portico-swap-preview-from" />
        <span className={styles.arrow} aria-hidden="true">
          <Icon name="chevronRight" size={16} />
        </span>
        <Side label={m.youReceive} side={to} testId="portico-swap-preview-to" />
      </div>

      <dl className={form.details}>
        {rows.map(([term, value, testId]) => (
          <div className={form.detailRow} key={testId}>
            <dt className={form.term}>{term}</dt>
            <dd className={form.value} data-testid={testId}>
              {value ?? m.unknown}
            </dd>
          </div>
        ))}
      </dl>

      <Simulation result={simulation} loading={simulating} {...(iconOf ? { iconOf: (c) => iconOf(c.asset) } : {})} />

      {needsApproval && (
        <ol className={styles.steps} data-testid="portico-swap-steps">
          <li className={`${styles.step} ${styles.stepCurrent}`} aria-current="step">
            <span className={styles.stepNumber}>1</span>
            <span className={styles.stepText}>
              <span className={styles.stepTitle}>{m.approveStep(from.symbol)}</span>
              <span className={styles.stepHint}>{m.approveHint(from.symbol)}</span>
            </span>
          </li>
          <li className={styles.step}>
            <span className={styles.stepNumber}>2</span>
            <span className={styles.stepText}>
              <span className={styles.stepTitle}>{m.swapStep}</span>
            </span>
          </li>
        </ol>
      )}

      {error && !waiting && <ErrorAlert testId="portico-swap-error">{error}</ErrorAlert>}

      <div className={styles.actions}>
        <Button variant="secondary" fullWidth disabled={busy} onClick={props.onCancel} data-testid="portico-swap-cancel">
          {m.cancel}
        </Button>
        {needsApproval ? (
          <Button
            variant="primary"
            fullWidth
            disabled={busy}
            loading={busy}
            onClick={props.onApprove}
            data-autofocus
            data-testid="portico-swap-approve"
          >
            {m.approve(from.symbol)}
          </Button>
        ) : (
          <Button
            variant="primary"
            fullWidth
            disabled={busy}
            loading={busy}
            onClick={props.onSwap}
            data-autofocus
            data-testid="portico-swap-submit"
          >
            {failing ? messages.preview.swapAnyway : m.swap}
          </Button>
        )}
      </div>
    </div>
  )
}
