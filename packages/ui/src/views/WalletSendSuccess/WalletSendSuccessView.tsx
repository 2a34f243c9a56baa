import { Avatar } from '../../components/Avatar/Avatar'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { IconButton } from '../../components/IconButton/IconButton'
import { Link } from '../../components/Link/Link'
import { visuallyHidden } from '../../components/shared.css'
import { messages } from '../../messages'
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
export function WalletSendSuccessView({ hash, shortHash, amount, symbol, usd, to, toFull, toName, toImageUrl, explorerUrl, copied = false, onCopy, onDone }: WalletSendSuccessViewProps) {
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
      <div className={styles.hashBox}>
        <span className={styles.hashText}>
          <span className={styles.hashLabel}>{m.hash}</span>
          <span className={styles.hash} title={hash} data-testid="portico-send-hash">
            {shortHash ?? hash}
          </span>
        </span>
        <IconButton icon={copied ? 'check' : 'copy'} label={copied ? m.copied : m.copyHash} size="sm" filled onClick={onCopy} data-testid="portico-send-hash-copy" />
        <span role="status" className={visuallyHidden}>
          {copied ? m.copied : ''}
        </span>
      </div>
      {explorerUrl && (
        <Link href={explorerUrl} className={styles.explorer} data-testid="portico-send-explorer">
          {m.explorer}
          <Icon name="external" size={14} />
        </Link>
      )}
      <Button variant="primary" fullWidth onClick={onDone} data-autofocus data-testid="portico-send-done">
        {m.done}
      </Button>
    </div>
  )
}
