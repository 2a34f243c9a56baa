import { visuallyHidden } from '../shared.css'
import * as styles from './Skeleton.css'

/** Name-bar widths that vary row to row, so placeholders do not look like one repeated stripe. */
const WIDTHS = ['46%', '34%', '52%', '40%', '30%', '48%']

export type SkeletonRowsProps = {
  /** Rows to show. */
  count: number
  /** What is loading, read once by assistive technology (the rows themselves are hidden from it). */
  label: string
  'data-testid'?: string
}

/**
 * Placeholder wallet rows, the size and pitch of the rows they stand for (56 px, 8 px apart), shown
 * where a list is still on its way so a view never waits blank. One polite status for assistive
 * technology.
 */
export function SkeletonRows({ count, label, 'data-testid': testId = 'portico-skeleton' }: SkeletonRowsProps) {
  return (
    <div role="status" className={styles.group} data-testid={testId}>
      <span className={visuallyHidden}>{label}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows: the position is all that tells them apart.
        <span key={i} className={styles.row} aria-hidden="true" data-testid="portico-skeleton-row">
          <span className={`${styles.block} ${styles.tile}`} />
          <span className={`${styles.block} ${styles.bar}`} style={{ width: WIDTHS[i % WIDTHS.length] }} />
        </span>
      ))}
    </div>
  )
}
