import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import { useEffect, useMemo, useState } from 'react'
import type { ActivityGroup, ActivityState } from '../core/activity/activity'
import { formatBalance, shortenAddress } from '../core/format/format'
import { intlLocale, localeOf } from '../core/locale/locale'
import type { ChainNamespace } from '../core/types'
import { usePortico } from './usePortico'

export interface UseActivityOptions {
  /** Load the activity module and the first page when mounted (and again when the account or network changes). @default true */
  enabled?: boolean
  /** @default the active namespace (history is served on EVM and Solana) */
  namespace?: ChainNamespace
  /** Locale of the month labels and relative times. @default the locale shown (useLocale; 'en-US' for English) */
  locale?: string
  /** IANA time zone the months are read in. @default the runtime's */
  timeZone?: string
  /**
   * While mounted, re-read the first page this often (ms), quietly: new transactions appear first and
   * pending ones turn confirmed (the API's 15 s cache bounds how fresh an answer is). 0 turns it off.
   * @default 15000
   */
  pollMs?: number
}

export interface UseActivityReturn extends ActivityState {
  /** The activity module is still being fetched. @default true until it is loaded */
  pending: boolean
  /** Load the next page. */
  loadMore: () => void
  /** Load the first page again. */
  refetch: () => void
  /** The rows in month groups ('This month', 'November 2026'), each with its relative time ('5 minutes ago'). @default [] */
  groups: ActivityGroup[]
  /** Nothing to show yet: the module or the first page is on its way (show placeholders). @default true while enabled until the first answer */
  initialLoading: boolean
  /** More pages wait on the server (a cursor is known). @default false */
  hasMore: boolean
  /** Loaded, no error, and nothing to show (the empty state). Never with `unavailable`. @default false */
  empty: boolean
  /** The network has no history to show (a namespace the API does not index): say so instead of the empty state. @default false */
  unavailable: boolean
}

const IDLE: ReadableAtom<ActivityState> = atom<ActivityState>({
  transactions: [],
  rows: [],
  next: null,
  pages: 0,
  loading: false,
  error: null,
  errorCode: null,
  unavailable: false,
})

// The row texts' formatting (SPEC §5/§9) in a locale, given to the lazy flow: see ActivityFormat. One object per
// locale, so that the groups are made again only when the locale changes.
const formats = new Map<string, { amount(numeric: string): string; address(address: string): string }>()
const formatIn = (locale: string) => {
  let format = formats.get(locale)
  if (!format) {
    format = { amount: (numeric: string) => formatBalance(numeric, 3, locale), address: (address: string) => shortenAddress(address) }
    formats.set(locale, format)
  }
  return format
}

/** Relative times ('5 minutes ago') are re-read this often while mounted. */
const TICK_MS = 60_000
/** The first page is re-read this often while mounted (the history's cache time, SPEC §9). */
export const ACTIVITY_POLL_MS = 15_000

/** The account's transaction history (SPEC §4/§5), from a flow loaded on first use. */
export function useActivity(options: UseActivityOptions = {}): UseActivityReturn {
  const portico = usePortico()
  const enabled = options.enabled ?? true
  const [flow, setFlow] = useState(() => portico.peek('activity'))
  const state = useStore(flow?.$activity ?? IDLE)
  const account = useStore(portico.chain.$account)
  const network = useStore(portico.chain.$global).activeCaipNetwork
  const timers = portico.options.timers
  const [tick, setTick] = useState(0)
  // The flow reads the account and network itself; a change of either asks it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies(account.address): a new account refetches.
  // biome-ignore lint/correctness/useExhaustiveDependencies(network?.caipNetworkId): a new network refetches.
  useEffect(() => {
    if (!enabled) return
    let live = true
    void portico.load('activity').then((loaded) => {
      if (!live) return
      setFlow(loaded)
      void loaded.fetchTransactions({ namespace: options.namespace })
    })
    return () => {
      live = false
    }
  }, [portico, enabled, options.namespace, account.address, network?.caipNetworkId])
  useEffect(() => {
    if (!enabled) return
    let handle: unknown
    const next = () => {
      handle = timers.setTimeout(() => {
        setTick((n) => n + 1)
        next()
      }, TICK_MS)
    }
    next()
    return () => timers.clearTimeout(handle)
  }, [timers, enabled])
  const pollMs = options.pollMs ?? ACTIVITY_POLL_MS
  useEffect(() => {
    if (!enabled || !flow || !(pollMs > 0)) return
    let handle: unknown
    const next = () => {
      handle = timers.setTimeout(() => {
        void flow.refresh({ namespace: options.namespace }).finally(next)
      }, pollMs)
    }
    next()
    return () => {
      timers.clearTimeout(handle)
      handle = undefined
    }
  }, [flow, timers, enabled, pollMs, options.namespace])
  const shown = useStore(localeOf(portico).$locale)
  const { locale = intlLocale(shown), timeZone } = options
  // biome-ignore lint/correctness/useExhaustiveDependencies(tick): `tick` re-reads the clock every minute.
  const groups = useMemo(
    () => (flow ? flow.group(state.rows, timers.now(), { format: formatIn(locale), locale, ...(timeZone ? { timeZone } : {}) }) : []),
    [flow, state.rows, timers, locale, timeZone, tick],
  )
  return {
    ...state,
    pending: !flow,
    loadMore: () => void flow?.loadMore({ namespace: options.namespace }),
    refetch: () => void flow?.fetchTransactions({ namespace: options.namespace }),
    groups,
    initialLoading: enabled && state.rows.length === 0 && !state.error && (state.loading || !flow),
    hasMore: state.next !== null,
    empty: flow !== undefined && !state.loading && !state.error && !state.unavailable && state.rows.length === 0,
  }
}
