import { Avatar } from '../../components/Avatar/Avatar'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { useMessages } from '../../messages/context'
import { TxHash } from '../shared/TxHash'
import * as styles from './WalletSendSuccess.css'

export type WalletSendSuccessViewProps = {
  /** The transaction hash. */
  hash: string
  /** The hash as shown (shortened); the full one is copied. @default hash */
  shortHash?: string
  /** What was sent ('0.5') and its symbol; omitted, the heading is the title alone. @default undefined */
  amount?: string
  symbol?: string
  /** The value sent in USD, formatted. @default undefined */
  usd?: string
  /** The receiver, shortened; with its name and avatar when sent to a name. @default undefined */
  to?: string
  toFull?: string
  toName?: string
  toImageUrl?: string
  /** The transaction's page on the network's block explorer; no explorer, no link. @default undefined */
  explorerUrl?: string
  /** The hash was copied. @default false */
  copied?: boolean
  onCopy?: () => void
  /** Back to Account. */
  onDone?: () => void
}

/** WalletSendSuccess: the send went out — what, to whom, the hash with Copy, the explorer link, and Done (focused first). */
export function WalletSendSuccessView({
  hash,
  shortHash,
  amount,
  symbol,
  usd,
  to,
  toFull,
  toName,
  toImageUrl,
  explorerUrl,
  copied = false,
  onCopy,
  onDone,
}: WalletSendSuccessViewProps) {
  const messages = useMessages()
  const m = messages.walletSend
  return (
    <div className={styles.view} data-testid="portico-send-success">
      <span className={styles.badge}>
        <Icon name="success" size={36} />
      </span>
      <h2 className={styles.heading} data-testid="portico-send-success-heading">
        {amount && symbol ? m.sentHeading(amount, symbol) : m.successTitle}
      </h2>
      {(usd || to) && (
        <p className={styles.sub}>
          {usd && <span>{usd}</span>}
          {to && (
            <span className={styles.to} data-testid="portico-send-success-to">
              <Avatar address={toFull ?? to} imageUrl={toImageUrl} size={18} />
              {m.sentTo(toName ?? to)}
              {toName && <span className={styles.mono}>({to})</span>}
            </span>
          )}
        </p>
      )}
      <TxHash hash={hash} shortHash={shortHash} copied={copied} onCopy={onCopy} explorerUrl={explorerUrl} texts={m} testId="portico-send" />
      <Button variant="primary" fullWidth onClick={onDone} data-autofocus data-testid="portico-send-done">
        {m.done}
      </Button>
    </div>
  )
}
