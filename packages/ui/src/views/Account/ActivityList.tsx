import { useActivity, type UseActivityReturn } from '@portico/headless/react'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { Link } from '../../components/Link/Link'
import { SkeletonRows } from '../../components/Skeleton/Skeleton'
import { Spinner } from '../../components/Spinner/Spinner'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import * as styles from './ActivityList.css'

type ActivityGroup = UseActivityReturn['groups'][number]
type ActivityRowShown = ActivityGroup['rows'][number]

export type ActivityListViewProps = Pick<UseActivityReturn, 'groups' | 'initialLoading' | 'loading' | 'error' | 'empty' | 'hasMore'> & {
  /** The network has no history (useActivity().unavailable): `unavailableState` is shown. @default false */
  unavailable?: boolean
  /** Shown when the network has no history (the Account view's panel). */
  unavailableState?: ReactNode
  /** Load the next page (the scroll sentinel and the 'Load more' button). */
  onLoadMore: () => void
  /** Load the first page again (the error's Retry). */
  onRetry: () => void
  /** Shown when there is nothing (the Account view's empty panel). */
  emptyState?: ReactNode
}

function Row({ row }: { row: ActivityRowShown }) {
  const messages = useMessages()
  const meta = [
    row.counterpart &&
      (row.counterpart.direction === 'to' ? messages.activity.to(row.counterpart.label) : messages.activity.from(row.counterpart.label)),
    row.time,
  ]
    .filter(Boolean)
    .join(' · ')
  return (
    <li className={styles.row} data-testid="portico-activity-row" data-status={row.status} data-id={row.id}>
      <span className={styles.iconWrap}>
        {row.iconUrl ? (
          <img className={styles.icon} src={row.iconUrl} alt="" width={36} height={36} />
        ) : (
          <span className={styles.icon} aria-hidden="true">
            <Icon name={row.counterpart?.direction === 'from' ? 'download' : 'swap'} size={18} />
          </span>
        )}
        {row.status === 'pending' && (
          <span className={styles.badge} aria-hidden="true">
            <Spinner size={12} />
          </span>
        )}
        {row.status === 'failed' && (
          <span className={`${styles.badge} ${styles.badgeFailed}`} aria-hidden="true">
            <Icon name="error" size={14} />
          </span>
        )}
      </span>
      <span className={styles.text}>
        <span className={styles.description} title={row.description} data-testid="portico-activity-description">
          {row.description}
        </span>
        <span className={styles.meta}>
          {row.status !== 'confirmed' && (
            <>
              <span className={row.status === 'failed' ? styles.statusFailed : styles.statusPending} data-testid="portico-activity-status">
                {row.status === 'failed' ? messages.activity.failed : messages.activity.pending}
              </span>
              {' · '}
            </>
          )}
          <span title={row.counterpart?.address}>{meta}</span>
        </span>
      </span>
      {row.explorerUrl && (
        <Link
          href={row.explorerUrl}
          className={styles.explorer}
          aria-label={messages.activity.explorer(row.description)}
          data-testid="portico-activity-explorer"
        >
          <Icon name="external" size={16} />
        </Link>
      )}
    </li>
  )
}

/** Loads the next page when the end of the list scrolls into view (re-armed after each page). */
function Sentinel({ onVisible }: { onVisible: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  const latest = useRef(onVisible)
  latest.current = onVisible
  useEffect(() => {
    const el = ref.current
    if (!el || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current()
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return <div ref={ref} className={styles.sentinel} aria-hidden="true" data-testid="portico-activity-sentinel" />
}

/** The Activity tab's content from the state useActivity gives: it only renders. */
export function ActivityListView({
  groups,
  initialLoading,
  loading,
  error,
  empty,
  hasMore,
  onLoadMore,
  onRetry,
  emptyState,
  unavailable = false,
  unavailableState,
}: ActivityListViewProps) {
  const messages = useMessages()
  const count = groups.reduce((n, g) => n + g.rows.length, 0)
  const ids = useId()
  if (count === 0 && error) {
    return (
      <div className={styles.problem} role="alert" data-testid="portico-activity-error">
        <span className={styles.problemIcon} aria-hidden="true">
          <Icon name="alert" size={22} />
        </span>
        <p className={styles.problemText}>{error}</p>
        <Button
          variant="secondary"
          size="sm"
          icon={<Icon name="refresh" size={16} />}
          onClick={onRetry}
          data-testid="portico-activity-retry"
        >
          {messages.activity.retry}
        </Button>
      </div>
    )
  }
  if (count === 0 && initialLoading)
    return <SkeletonRows count={4} label={messages.activity.loading} data-testid="portico-activity-loading" />
  if (count === 0 && unavailable) return <>{unavailableState}</>
  if (count === 0 && empty) return <>{emptyState}</>
  return (
    <div className={styles.root} data-testid="portico-activity">
      {groups.map((g) => (
        // biome-ignore lint/a11y/useSemanticElements: a labelled group of lists, not of form controls: <fieldset> is not meant for it.
        <div key={g.key} role="group" className={styles.group} aria-labelledby={`${ids}-${g.key}`}>
          <h3 id={`${ids}-${g.key}`} className={styles.groupLabel}>
            {g.label}
          </h3>
          <ul className={styles.rows}>
            {g.rows.map((row) => (
              <Row key={row.id} row={row} />
            ))}
          </ul>
        </div>
      ))}
      {error && (
        <div className={styles.more} role="alert">
          <p className={styles.problemText}>{error}</p>
          <Button variant="secondary" size="sm" onClick={onLoadMore} data-testid="portico-activity-retry">
            {messages.activity.retry}
          </Button>
        </div>
      )}
      {hasMore && !error && (
        <div className={styles.more}>
          <Sentinel key={count} onVisible={onLoadMore} />
          <Button variant="ghost" size="sm" loading={loading} onClick={onLoadMore} data-testid="portico-activity-load-more">
            {loading ? messages.activity.loadingMore : messages.activity.loadMore}
          </Button>
        </div>
      )}
    </div>
  )
}

/** The Account view's Activity tab: the connected account's transactions (useActivity), month by month. */
export function ActivityList({ emptyState, unavailableState }: { emptyState?: ReactNode; unavailableState?: ReactNode }) {
  const activity = useActivity()
  const messages = useMessages()
  return (
    <ActivityListView
      groups={activity.groups}
      initialLoading={activity.initialLoading}
      loading={activity.loading}
      error={activity.errorCode && codeText(activity.errorCode, messages)}
      empty={activity.empty}
      hasMore={activity.hasMore}
      onLoadMore={activity.loadMore}
      onRetry={activity.refetch}
      emptyState={emptyState}
      unavailable={activity.unavailable}
      unavailableState={unavailableState}
    />
  )
}
