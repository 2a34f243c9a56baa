import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import * as styles from './views.css'

export type ListErrorProps = {
  /** What failed, e.g. 'Wallets could not be loaded'. */
  title: string
  /** The request's error text ('HTTP status code: 503'). */
  detail?: string | null
  retryLabel: string
  onRetry?: () => void
}

/** A failed list request shown where the list goes: what failed, why, and a retry. */
export function ListError({ title, detail, retryLabel, onRetry }: ListErrorProps) {
  return (
    <div role="alert" className={styles.listError} data-testid="portico-list-error">
      <span className={styles.listErrorIcon}>
        <Icon name="error" size={20} />
      </span>
      <span className={styles.listErrorText}>
        <span className={styles.listErrorTitle}>{title}</span>
        {detail && <span className={styles.small}>{detail}</span>}
      </span>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} icon={<Icon name="refresh" size={16} />}>
          {retryLabel}
        </Button>
      )}
    </div>
  )
}
