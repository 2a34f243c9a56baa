import type { SimulationResult } from '@portico/headless'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { Spinner } from '../../components/Spinner/Spinner'
import { useMessages } from '../../messages/context'
import * as form from '../shared/Form.css'
import { Simulation } from '../shared/Simulation'
import * as styles from './RequestPreview.css'

/** One label/value line of what the request does. */
export type RequestDetail = {
  label: string
  /** Formatted ('0xf39F…2266', '10 USDC', 'Unlimited'). */
  value: string
  /** The full value (an address) as the line's title. @default undefined */
  full?: string
  /** An address or a hash: monospace. @default false */
  mono?: boolean
}

/** One call of a batch: its heading ('Send') and lines. */
export type RequestCallDisplay = { heading: string; details: RequestDetail[] }

/** A flag as a warning: its text, and whether it is a danger (the error colour). */
export type RequestWarning = { code: string; text: string; danger: boolean }

export type RequestPreviewViewProps = {
  /** What the request does ('Send', 'Allow spending', 'Permit2 signature', 'Batch of 2 calls'). */
  heading: string
  details: RequestDetail[]
  /** A message to sign, shown whole. @default undefined */
  message?: string
  /** A batch's calls. @default undefined */
  calls?: RequestCallDisplay[]
  /** The flags. @default [] */
  warnings?: RequestWarning[]
  /** Transactions and batches: the simulation (the shared Simulation component renders it). @default undefined (a signature) */
  simulation?: SimulationResult
  /** The request could not be read: a warning and its method. @default false */
  undecodable?: boolean
  /** previewing: a spinner in place of the details; confirming: 'Confirm in your wallet', both buttons off. */
  phase: 'previewing' | 'review' | 'confirming'
  /** The main button's code. @default 'continue' */
  action?: 'continue' | 'continueAnyway'
  /** Requests waiting behind this one. @default 0 */
  queued?: number
  onCancel?: () => void
  onContinue?: () => void
}

function Details({ details, testId }: { details: RequestDetail[]; testId: string }) {
  return (
    <dl className={form.details} data-testid={testId}>
      {details.map((d) => (
        <div className={form.detailRow} key={`${d.label}:${d.value}`}>
          <dt className={form.term}>{d.label}</dt>
          <dd className={d.mono ? styles.mono : styles.value} title={d.full}>
            {/* An isolate: '0.01 ETH' keeps its order in a right-to-left locale. */}
            <bdi>{d.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * RequestPreview: what an app's request does before it reaches the user's wallet — the decoded
 * request, its warnings (dangers in the error colour), the simulated balance changes and fee (or that
 * it could not be simulated, or that it will fail, with the reason) — then Cancel and Continue
 * ('Continue anyway' for a failing transaction). While the wallet is asked: 'Confirm in your wallet'.
 */
export function RequestPreviewView(props: RequestPreviewViewProps) {
  const m = useMessages().requestPreview
  const { phase, warnings = [], queued = 0, action = 'continue' } = props
  const confirming = phase === 'confirming'
  return (
    <div className={styles.view} data-testid="portico-request-preview" data-phase={phase} aria-busy={phase !== 'review' || undefined}>
      {phase === 'previewing' ? (
        <div className={styles.checking} role="status" data-testid="portico-request-preview-checking">
          <Spinner size={24} accent />
          <span>{m.previewing}</span>
        </div>
      ) : (
        <>
          <div className={styles.card}>
            <h3 className={styles.heading} data-testid="portico-request-preview-heading">
              {props.heading}
            </h3>
            {props.details.length > 0 && <Details details={props.details} testId="portico-request-preview-details" />}
            {props.message !== undefined && (
              <pre className={styles.message} data-testid="portico-request-preview-message">
                {props.message}
              </pre>
            )}
            {props.calls && (
              <ol className={styles.calls} data-testid="portico-request-preview-calls">
                {props.calls.map((call, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the calls are the batch's, in its order
                  <li key={i} className={styles.call}>
                    <span className={styles.callHeading}>
                      {m.call(i + 1)}: {call.heading}
                    </span>
                    <Details details={call.details} testId={`portico-request-preview-call-${i + 1}`} />
                  </li>
                ))}
              </ol>
            )}
          </div>

          {(warnings.length > 0 || props.undecodable) && (
            <ul className={styles.warnings} aria-label={m.warnings} data-testid="portico-request-preview-warnings">
              {props.undecodable && (
                <li className={styles.warning} data-testid="portico-request-preview-undecodable">
                  <Icon name="alert" size={16} />
                  <span>{m.undecodable}</span>
                </li>
              )}
              {warnings.map((w) => (
                <li
                  key={w.code}
                  className={w.danger ? styles.danger : styles.warning}
                  data-testid={`portico-request-preview-flag-${w.code}`}
                  data-level={w.danger ? 'danger' : 'warning'}
                >
                  <Icon name={w.danger ? 'error' : 'alert'} size={16} />
                  <span>{w.text}</span>
                </li>
              ))}
            </ul>
          )}

          {props.simulation && <Simulation result={props.simulation} showFee />}
        </>
      )}

      {confirming && (
        <div className={styles.waiting} role="status" data-testid="portico-request-preview-waiting">
          <Spinner size={24} accent />
          <span className={styles.waitingText}>
            <span className={styles.waitingTitle}>{m.confirm}</span>
            <span className={styles.waitingHint}>{m.confirmHint}</span>
          </span>
        </div>
      )}

      {queued > 0 && (
        <p className={styles.queued} data-testid="portico-request-preview-queued">
          {m.queued(queued)}
        </p>
      )}

      <div className={styles.actions}>
        <Button variant="secondary" fullWidth disabled={confirming} onClick={props.onCancel} data-testid="portico-request-preview-cancel">
          {m.cancel}
        </Button>
        <Button
          variant={action === 'continueAnyway' ? 'danger' : 'primary'}
          fullWidth
          disabled={phase !== 'review'}
          loading={confirming}
          onClick={props.onContinue}
          data-autofocus
          data-testid="portico-request-preview-continue"
        >
          {action === 'continueAnyway' ? m.continueAnyway : m.continue}
        </Button>
      </div>
    </div>
  )
}
