import type { ListedWallet } from '@portico/headless'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { IconButton } from '../../components/IconButton/IconButton'
import { Input } from '../../components/Input/Input'
import { SkeletonRows } from '../../components/Skeleton/Skeleton'
import { Spinner } from '../../components/Spinner/Spinner'
import { WalletImage } from '../../components/WalletListItem/WalletListItem'
import * as tagStyles from '../../components/WalletListItem/WalletListItem.css'
import { useMessages } from '../../messages/context'
import { ListError } from '../shared/ListError'
import * as viewStyles from '../shared/views.css'
import * as styles from './AllWallets.css'
import { scrollToReveal, visibleRange } from './virtual'

/** Row pitch: a 56 px wallet row plus an 8 px gap. */
export const ROW_HEIGHT = 64
/** Height of the scrolling list. */
export const VIEWPORT_HEIGHT = 400
/** Rows mounted beyond each edge of the viewport. */
export const OVERSCAN = 3
/** The next page is asked for when the last visible row is this close to the end. */
export const END_THRESHOLD = 10

export type AllWalletsViewProps = {
  /** Wallets to list (search results while searching). */
  wallets: readonly ListedWallet[]
  /** Search text as typed. */
  query: string
  onQuery?: (query: string) => void
  /** A page or a search is on its way. */
  loading: boolean
  /** Error text of the last request, or null. */
  error: string | null
  /** More pages can be loaded. */
  hasMore: boolean
  onLoadMore?: () => void
  onRetry?: () => void
  onSelect?: (wallet: ListedWallet) => void
  /** @default VIEWPORT_HEIGHT */
  viewportHeight?: number
  /** @default OVERSCAN */
  overscan?: number
  /** The legal checkbox, shown above the search field. */
  legal?: ReactNode
  /** Wallets cannot be chosen (the legal checkbox is not checked yet). @default false */
  locked?: boolean
}

function WalletRow({
  wallet,
  index,
  active,
  id,
  locked,
  onSelect,
}: {
  wallet: ListedWallet
  index: number
  active: boolean
  id: string
  locked: boolean
  onSelect?: (w: ListedWallet) => void
}) {
  const messages = useMessages()
  const tag = wallet.installed ? messages.allWallets.installed : wallet.recent ? messages.allWallets.recent : undefined
  return (
    // A listbox with aria-activedescendant (WAI-ARIA APG): the listbox keeps focus and handles the keys (Enter/Space choose),
    // so an option is neither focusable nor given key handlers of its own.
    // biome-ignore lint/a11y/useFocusableInteractive: see above: focus stays on the listbox.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above: the listbox's onKeyDown handles Enter and Space.
    <div
      id={id}
      role="option"
      aria-selected={active}
      aria-disabled={locked || undefined}
      data-active={active || undefined}
      data-testid="portico-all-wallets-item"
      data-wallet-id={wallet.id}
      className={styles.row}
      style={{ top: index * ROW_HEIGHT }}
      onClick={() => !locked && onSelect?.(wallet)}
    >
      <span className={styles.image}>
        <WalletImage name={wallet.name} imageUrl={wallet.image_url} />
      </span>
      <span className={styles.name}>{wallet.name}</span>
      {tag && <span className={tagStyles.tag[wallet.installed ? 'success' : 'accent']}>{tag}</span>}
    </div>
  )
}

/**
 * Every explorer wallet: a search field and a virtualised listbox (fixed row height, only the
 * visible rows plus overscan are mounted, so images load only for those), loading the next page as
 * the end comes near. Keyboard: arrows, Page Up/Down, Home/End move; Enter or Space chooses.
 */
export function AllWalletsView({
  wallets,
  query,
  onQuery,
  loading,
  error,
  hasMore,
  onLoadMore,
  onRetry,
  onSelect,
  viewportHeight = VIEWPORT_HEIGHT,
  overscan = OVERSCAN,
  legal,
  locked = false,
}: AllWalletsViewProps) {
  const messages = useMessages()
  const listRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [active, setActive] = useState(-1)
  const baseId = `portico-wallet-${useId().replace(/:/g, '')}`
  const count = wallets.length
  const viewport = Math.min(viewportHeight, Math.max(count, 1) * ROW_HEIGHT)
  const range = visibleRange({ scrollTop, viewport, rowHeight: ROW_HEIGHT, count, overscan })

  // A new query starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies(query): the effect runs for each new query; it reads none of it.
  useEffect(() => {
    setScrollTop(0)
    setActive(-1)
    if (listRef.current) listRef.current.scrollTop = 0
  }, [query])

  // Infinite scroll: ask for the next page when the last visible row nears the end.
  const nearEnd = count === 0 || range.last >= count - 1 - END_THRESHOLD
  // biome-ignore lint/correctness/useExhaustiveDependencies(count): a page that arrives with the end still near asks for the next one.
  useEffect(() => {
    if (nearEnd && hasMore && !loading && !error) onLoadMore?.()
  }, [nearEnd, hasMore, loading, error, onLoadMore, count])

  const moveTo = (index: number) => {
    if (count === 0) return
    const next = Math.min(count - 1, Math.max(0, index))
    setActive(next)
    const top = scrollToReveal(next, scrollTop, viewport, ROW_HEIGHT)
    if (top !== scrollTop) {
      setScrollTop(top)
      if (listRef.current) listRef.current.scrollTop = top
    }
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor(viewport / ROW_HEIGHT))
    const from = active < 0 ? range.first - 1 : active
    const choose = () => {
      const wallet = wallets[active]
      if (!locked && active >= 0 && wallet) onSelect?.(wallet)
    }
    switch (e.key) {
      case 'ArrowDown':
        moveTo(from + 1)
        break
      case 'ArrowUp':
        moveTo(active < 0 ? range.first : from - 1)
        break
      case 'PageDown':
        moveTo(from + page)
        break
      case 'PageUp':
        moveTo(from - page)
        break
      case 'Home':
        moveTo(0)
        break
      case 'End':
        moveTo(count - 1)
        break
      case 'Enter':
      case ' ':
        choose()
        break
      default:
        return
    }
    e.preventDefault()
  }

  const activeMounted = active >= range.start && active < range.end
  const searching = query.trim() !== ''
  // Placeholders, never a lone spinner: the first page, and every search until its answer is in.
  const placeholders = loading && (count === 0 || searching)
  const failedEmpty = count === 0 && !loading && error
  const empty = count === 0 && !loading && !error
  const showList = count > 0 && !placeholders

  return (
    <div data-testid="portico-all-wallets">
      {legal && <div className={styles.legal}>{legal}</div>}
      <Input
        ref={inputRef}
        className={styles.search}
        label={messages.allWallets.searchLabel}
        placeholder={messages.allWallets.searchPlaceholder}
        icon="search"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(e) => onQuery?.(e.target.value)}
        onKeyDown={(e) => {
          // Escape clears a typed search (and stays in the modal); an empty field lets it close the modal.
          if (e.key === 'Escape' && query) {
            e.preventDefault()
            e.stopPropagation()
            onQuery?.('')
          }
        }}
        data-testid="portico-all-wallets-search"
        data-autofocus=""
        trailing={
          query ? (
            <IconButton
              icon="close"
              size="sm"
              label={messages.allWallets.clearSearch}
              data-testid="portico-all-wallets-clear"
              onClick={() => {
                onQuery?.('')
                inputRef.current?.focus()
              }}
            />
          ) : undefined
        }
      />
      {placeholders && (
        <div className={styles.placeholders} style={{ height: viewportHeight }}>
          <SkeletonRows
            count={Math.max(1, Math.floor((viewportHeight + ROW_HEIGHT - 56) / ROW_HEIGHT))}
            label={searching ? messages.allWallets.searching : messages.allWallets.loading}
            data-testid="portico-all-wallets-loading"
          />
        </div>
      )}
      {failedEmpty && (
        <ListError title={messages.allWallets.error} detail={error} retryLabel={messages.allWallets.retry} onRetry={onRetry} />
      )}
      {empty && (
        <div className={styles.empty} data-testid="portico-all-wallets-empty" role="status">
          <p className={viewStyles.heading}>{messages.allWallets.empty}</p>
          {query.trim() && <p className={viewStyles.muted}>{messages.allWallets.emptyHint(query.trim())}</p>}
        </div>
      )}
      {showList && (
        <div
          ref={listRef}
          role="listbox"
          tabIndex={0}
          aria-label={messages.allWallets.listLabel}
          aria-activedescendant={activeMounted ? `${baseId}-${active}` : undefined}
          aria-disabled={locked || undefined}
          className={styles.viewport}
          style={{ height: viewport }}
          data-testid="portico-all-wallets-list"
          onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (active < 0) setActive(range.first)
          }}
        >
          <div className={styles.spacer} style={{ height: count * ROW_HEIGHT - (ROW_HEIGHT - 56) }}>
            {wallets.slice(range.start, range.end).map((w, i) => {
              const index = range.start + i
              return (
                <WalletRow
                  key={w.id}
                  wallet={w}
                  index={index}
                  active={index === active}
                  id={`${baseId}-${index}`}
                  locked={locked}
                  onSelect={onSelect}
                />
              )
            })}
          </div>
        </div>
      )}
      {showList && loading && (
        <div className={styles.status} data-testid="portico-all-wallets-more">
          <Spinner size={20} accent label={messages.allWallets.loadingMore} />
        </div>
      )}
      {showList && !loading && error && (
        <div className={styles.status} role="alert">
          <span>{error}</span>
          {onRetry && (
            <Button variant="accentSoft" size="sm" onClick={onRetry} icon={<Icon name="refresh" size={16} />}>
              {messages.allWallets.retry}
            </Button>
          )}
        </div>
      )}
    </div>
  )
}
