import { Icon } from '../../components/Icon/icons'
import { IconButton } from '../../components/IconButton/IconButton'
import { Link } from '../../components/Link/Link'
import { visuallyHidden } from '../../components/shared.css'
import * as styles from './TxHash.css'

export type TxHashProps = {
  /** The whole hash (or Solana signature): the title, and what Copy copies. */
  hash: string
  /** What is shown ('0x5c50…1b22060'). @default hash */
  shortHash?: string
  /** Copy was just pressed: the check icon and the 'Copied' status. */
  copied: boolean
  onCopy?: () => void
  /** The transaction's page on the network's explorer; no link without it. @default undefined */
  explorerUrl?: string
  /** The view's texts: the box's label, Copy's name, the copied status, the link's text. */
  texts: { hash: string; copyHash: string; copied: string; explorer: string }
  /** Test ids: `${testId}-hash`, `${testId}-hash-copy`, `${testId}-explorer`. */
  testId: string
}

/** A success view's transaction: the hash with Copy, then the explorer link when the network has one. */
export function TxHash({ hash, shortHash, copied, onCopy, explorerUrl, texts: m, testId }: TxHashProps) {
  return (
    <>
      <div className={styles.hashBox}>
        <span className={styles.hashText}>
          <span className={styles.hashLabel}>{m.hash}</span>
          <span className={styles.hash} title={hash} data-testid={`${testId}-hash`}>
            {shortHash ?? hash}
          </span>
        </span>
        <IconButton
          icon={copied ? 'check' : 'copy'}
          label={copied ? m.copied : m.copyHash}
          size="sm"
          filled
          onClick={onCopy}
          data-testid={`${testId}-hash-copy`}
        />
        <span role="status" className={visuallyHidden}>
          {copied ? m.copied : ''}
        </span>
      </div>
      {explorerUrl && (
        <Link href={explorerUrl} className={styles.explorer} data-testid={`${testId}-explorer`}>
          {m.explorer}
          <Icon name="external" size={14} />
        </Link>
      )}
    </>
  )
}
