import { describe, expect, it } from 'vitest'
import { maxMountedRows, scrollToReveal, visibleRange } from './virtual'

describe('visibleRange (fixed row height 64, viewport 400, overscan 3)', () => {
  const base = { viewport: 400, rowHeight: 64, overscan: 3 }
  it.each<[string, number, number, { start: number; end: number; first: number; last: number }]>([
    ['top of 1000', 0, 1000, { start: 0, end: 10, first: 0, last: 6 }],
    ['one row down', 64, 1000, { start: 0, end: 11, first: 1, last: 7 }],
    ['middle', 32_000, 1000, { start: 497, end: 510, first: 500, last: 506 }],
    ['bottom', 64 * 1000 - 400, 1000, { start: 990, end: 1000, first: 993, last: 999 }],
    ['scrolled past the end is clamped', 10_000_000, 1000, { start: 990, end: 1000, first: 993, last: 999 }],
    ['negative scroll is clamped', -50, 1000, { start: 0, end: 10, first: 0, last: 6 }],
    ['fewer rows than the viewport', 0, 3, { start: 0, end: 3, first: 0, last: 2 }],
    ['no rows', 0, 0, { start: 0, end: 0, first: 0, last: -1 }],
  ])('%s', (_name, scrollTop, count, expected) => {
    expect(visibleRange({ ...base, scrollTop, count })).toEqual(expected)
  })

  it('never mounts more than the visible rows plus overscan on both sides', () => {
    const bound = maxMountedRows(400, 64, 3)
    expect(bound).toBe(14)
    for (let top = 0; top < 64 * 1000; top += 37) {
      const r = visibleRange({ ...base, scrollTop: top, count: 1000 })
      expect(r.end - r.start).toBeLessThanOrEqual(bound)
    }
  })
})

describe('scrollToReveal', () => {
  it.each<[number, number, number]>([
    // index, scrollTop, expected scrollTop (viewport 400, row 64)
    [0, 0, 0],
    [5, 0, 0], // rows 0-5 fit (5*64+64 = 384)
    [6, 0, 48], // row 6 ends at 448
    [2, 300, 128], // above the viewport: scroll up to its top
    [999, 0, 63_600],
  ])('row %i from %i → %i', (index, top, expected) => {
    expect(scrollToReveal(index, top, 400, 64)).toBe(expected)
  })
})
