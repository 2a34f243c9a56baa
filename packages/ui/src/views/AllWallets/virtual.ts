// Fixed-row-height virtualisation: which rows to mount for a scroll position.

export type VisibleRangeInput = {
  /** Scroll offset of the viewport, px. */
  scrollTop: number
  /** Viewport height, px. */
  viewport: number
  /** Height of one row (including its gap), px. */
  rowHeight: number
  /** Number of rows. */
  count: number
  /** Extra rows mounted before and after the visible ones. */
  overscan: number
}

export type VisibleRange = {
  /** First mounted row (inclusive). */
  start: number
  /** Last mounted row + 1. */
  end: number
  /** First row at least partly visible. */
  first: number
  /** Last row at least partly visible (-1 when there are no rows). */
  last: number
}

/** Rows to mount: the visible ones plus `overscan` on each side, clamped to the list. */
export function visibleRange({ scrollTop, viewport, rowHeight, count, overscan }: VisibleRangeInput): VisibleRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, first: 0, last: -1 }
  const maxTop = Math.max(0, count * rowHeight - viewport)
  const top = Math.min(Math.max(0, scrollTop), maxTop)
  const first = Math.min(count - 1, Math.floor(top / rowHeight))
  const last = Math.min(count - 1, Math.max(first, Math.ceil((top + viewport) / rowHeight) - 1))
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + 1 + overscan), first, last }
}

/** The scroll offset that brings row `index` fully into view (unchanged when it already is). */
export function scrollToReveal(index: number, scrollTop: number, viewport: number, rowHeight: number): number {
  const top = index * rowHeight
  const bottom = top + rowHeight
  if (top < scrollTop) return top
  if (bottom > scrollTop + viewport) return bottom - viewport
  return scrollTop
}

/** Most rows mounted at once for a viewport: the visible ones (a partial row at each edge) plus overscan on both sides. */
export const maxMountedRows = (viewport: number, rowHeight: number, overscan: number): number =>
  Math.ceil(viewport / rowHeight) + 1 + 2 * overscan
