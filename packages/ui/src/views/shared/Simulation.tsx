import type { AssetChange, SimulationResult } from '@portico/headless'
import { Icon } from '../../components/Icon/icons'
import { Spinner } from '../../components/Spinner/Spinner'
import { useMessages } from '../../messages/context'
import { useNumberFormat } from '../../messages/numbers'
import * as styles from './Simulation.css'
import { TokenIcon } from './TokenIcon'

export type SimulationProps = {
  /** The simulation to show (headless `SimulationResult`); null before one is made. */
  result: SimulationResult | null
  /** A simulation is under way: a spinner in place of the changes. @default false */
  loading?: boolean
  /** Show the simulated network fee under the changes (a view that shows its own fee leaves it out). @default false */
  showFee?: boolean
  /** The icon of an asset ('native' or the token's address), when the view knows it. @default none (the symbol's letter) */
  iconOf?: (change: AssetChange) => string | undefined
}

const DUST = 0.000001

/** An amount with its sign, to 6 decimals in the modal's locale: '-1', '+5.25', and '-<0.000001' for dust. */
export function changeText(change: Pick<AssetChange, 'amount' | 'formatted'>, locale: string): string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 6, signDisplay: 'exceptZero' })
  const value = Number(change.formatted)
  if (value === 0 || Math.abs(value) >= DUST) return format.format(value)
  // Dust: the sign, '<', then the smallest amount shown.
  return format
    .formatToParts(value < 0 ? -DUST : DUST)
    .map((part) => (part.type === 'minusSign' || part.type === 'plusSign' ? `${part.value}<` : part.value))
    .join('')
}

/** A fee to 3 significant digits ('0.0000248'): its last wei are noise in an estimate. */
const feeText = (formatted: string, locale: string) =>
  new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 }).format(Number(formatted))

/**
 * What a transaction will change, simulated before the wallet is asked (issue 23 §2): each asset that
 * leaves (in the error colour) or arrives (in the success colour) with its USD value, or that it
 * will fail and why, or that it could not be simulated. Each row carries the exact change in base
 * units (`data-amount`).
 */
export function Simulation({ result, loading = false, showFee = false, iconOf }: SimulationProps) {
  const m = useMessages().preview
  const f = useNumberFormat()
  if (!loading && !result) return null
  const status = loading ? 'loading' : result?.simulation === 'unavailable' ? 'unavailable' : result?.status
  return (
    // A block under its heading, not a landmark: a page may show two modals (and their regions would share a name).
    <div className={styles.box} aria-busy={loading || undefined} data-testid="portico-simulation" data-status={status}>
      <div className={styles.header}>
        <h3 className={styles.heading}>{m.heading}</h3>
        <span className={styles.badge}>{m.simulated}</span>
      </div>
      {loading || !result ? (
        <p className={styles.pending} role="status">
          <Spinner size={16} />
          {m.simulating}
        </p>
      ) : result.simulation === 'unavailable' ? (
        <p className={styles.unavailable} data-testid="portico-simulation-unavailable">
          <span className={styles.noteIcon}>
            <Icon name="alert" size={16} />
          </span>
          <span>{m.notSimulated}</span>
        </p>
      ) : (
        <>
          {result.status === 'reverted' ? (
            <div className={styles.failing} role="alert" data-testid="portico-simulation-failing">
              <span className={styles.failingTitle}>
                <Icon name="error" size={16} />
                {m.willFail}
              </span>
              <span>{m.reverts(result.revert.reason || result.revert.error?.name || m.unknownReason)}</span>
            </div>
          ) : result.changes.length === 0 ? (
            <p className={styles.note} data-testid="portico-simulation-none">
              {m.noChanges}
            </p>
          ) : (
            <ul className={styles.list}>
              {result.changes.map((change) => (
                <li
                  key={change.asset}
                  className={styles.row}
                  data-testid="portico-simulation-change"
                  data-asset={change.asset}
                  data-amount={change.amount.toString()}
                >
                  <TokenIcon iconUrl={iconOf?.(change)} symbol={change.symbol} size={20} />
                  <span className={styles.symbol}>{change.symbol}</span>
                  <span className={change.amount < 0n ? styles.out : styles.inn} dir="ltr">
                    {changeText(change, f.locale)}
                  </span>
                  {change.usd !== undefined && <span className={styles.usd}>{f.usd(Math.abs(change.usd))}</span>}
                </li>
              ))}
            </ul>
          )}
          {showFee && result.fee.amount > 0n && (
            <p className={styles.fee} data-testid="portico-simulation-fee">
              <span>{m.networkFee}</span>
              <span>
                {feeText(result.fee.formatted, f.locale)} {result.fee.symbol}
                {result.fee.usd !== undefined && ` (${f.usd(result.fee.usd)})`}
              </span>
            </p>
          )}
        </>
      )}
    </div>
  )
}
