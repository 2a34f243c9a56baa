import type { SimulationResult } from '@portico/headless'
import { Avatar } from '../../components/Avatar/Avatar'
import { Button } from '../../components/Button/Button'
import { Spinner } from '../../components/Spinner/Spinner'
import { useMessages } from '../../messages/context'
import * as form from '../shared/Form.css'
import { NetworkImage } from '../shared/NetworkImage'
import { Simulation } from '../shared/Simulation'
import { TokenIcon } from '../shared/TokenIcon'
import type { SendFeeDisplay } from '../WalletSend/WalletSendView'
import * as styles from './WalletSendPreview.css'

export type WalletSendPreviewViewProps = {
  /** The amount to send ('0.5'). */
  amount: string
  symbol: string
  iconUrl?: string
  /** The amount's value in USD, formatted ('$1,560.25'). @default undefined */
  usd?: string
  /** The receiver's address, shortened ('0x7099…9C8'). */
  to: string
  /** The receiver's full address (its avatar's seed, the title of the short one). @default to */
  toFull?: string
  /** The resolved name and avatar, when sent to a name. @default undefined */
  toName?: string
  toImageUrl?: string
  /** The network it is sent on. @default undefined */
  network?: { name: string; caipNetworkId: string; imageUrl?: string }
  /** The network fee; omitted until estimated. @default undefined */
  fee?: SendFeeDisplay
  /** The send simulated before the wallet is asked (EVM): balance changes, or that it will fail. @default null (none shown) */
  simulation?: SimulationResult | null
  /** The simulation is under way. @default false */
  simulating?: boolean
  /** The icon of the sent token by asset ('native' or its address), for the simulation's rows. @default none */
  iconOf?: (asset: string) => string | undefined
  /** The wallet is asked: 'Confirm in your wallet' with a spinner; both buttons disabled. @default false */
  sending?: boolean
  onCancel?: () => void
  onSend?: () => void
}

/** WalletSendPreview: what is sent, to whom, on which network, at what fee; Cancel and Send (then the wallet's prompt). */
export function WalletSendPreviewView({
  amount,
  symbol,
  iconUrl,
  usd,
  to,
  toFull,
  toName,
  toImageUrl,
  network,
  fee,
  simulation = null,
  simulating = false,
  iconOf,
  sending = false,
  onCancel,
  onSend,
}: WalletSendPreviewViewProps) {
  const messages = useMessages()
  const m = messages.walletSend
  const failing = simulation?.simulation === 'ok' && simulation.status === 'reverted'
  return (
    <div className={styles.view} data-testid="portico-send-preview" data-sending={sending || undefined}>
      <div className={styles.hero}>
        <p className={styles.heroLabel}>{m.youSend}</p>
        <p className={styles.heroAmount} data-testid="portico-send-preview-amount">
          <TokenIcon iconUrl={iconUrl} symbol={symbol} size={28} />
          <span className={styles.heroAmountText}>
            {amount} {symbol}
          </span>
        </p>
        {usd && (
          <p className={styles.heroUsd} data-testid="portico-send-preview-usd">
            {usd}
          </p>
        )}
      </div>

      <dl className={form.details}>
        <div className={styles.detail}>
          <dt className={form.term}>{m.to}</dt>
          <dd className={styles.value} data-testid="portico-send-preview-to">
            <Avatar address={toFull ?? to} imageUrl={toImageUrl} size={24} />
            {toName ? (
              <span className={styles.receiverText}>
                <span className={styles.receiverName}>{toName}</span>
                <span className={styles.mono} title={toFull}>
                  {to}
                </span>
              </span>
            ) : (
              <span className={styles.monoStrong} title={toFull}>
                {to}
              </span>
            )}
          </dd>
        </div>
        {network && (
          <div className={styles.detail}>
            <dt className={form.term}>{m.network}</dt>
            <dd className={styles.value} data-testid="portico-send-preview-network">
              <NetworkImage name={network.name} caipNetworkId={network.caipNetworkId} imageUrl={network.imageUrl} size={20} />
              {network.name}
            </dd>
          </div>
        )}
        <div className={styles.detail}>
          <dt className={form.term}>{m.networkFee}</dt>
          <dd className={styles.value} data-testid="portico-send-preview-fee">
            {fee ? (
              <>
                {fee.native} {fee.symbol}
                {fee.usd && <span className={styles.muted}>({fee.usd})</span>}
              </>
            ) : (
              m.feeUnknown
            )}
          </dd>
        </div>
      </dl>

      <Simulation result={simulation} loading={simulating} {...(iconOf ? { iconOf: (c) => iconOf(c.asset) } : {})} />

      {sending && (
        <div className={styles.waiting} role="status" data-testid="portico-send-waiting">
          <Spinner size={24} accent />
          <span className={styles.waitingText}>
            <span className={styles.waitingTitle}>{m.confirm}</span>
            <span className={styles.waitingHint}>{m.confirmHint}</span>
          </span>
        </div>
      )}

      <div className={styles.actions}>
        <Button variant="secondary" fullWidth disabled={sending} onClick={onCancel} data-testid="portico-send-cancel">
          {m.cancel}
        </Button>
        <Button
          variant="primary"
          fullWidth
          disabled={sending}
          loading={sending}
          onClick={onSend}
          data-autofocus
          data-testid="portico-send-submit"
        >
          {failing ? messages.preview.sendAnyway : m.send}
        </Button>
      </div>
    </div>
  )
}
