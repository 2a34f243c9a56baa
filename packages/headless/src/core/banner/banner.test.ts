import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultTimers } from '../timers'
import { BANNER_AUTO_HIDE_MS, createBanner } from './banner'

describe('banner (SPEC §4)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it.each(['info', 'warning', 'error', 'success', 'loading'] as const)('shows variant %s', (variant) => {
    const b = createBanner(defaultTimers)
    b.show('Hello', variant)
    expect(b.$banner.get()).toEqual({ message: 'Hello', variant, open: true })
    b.hide()
    expect(b.$banner.get().open).toBe(false)
  })

  it('re-showing while open hides, then shows the new message after 150 ms', () => {
    const b = createBanner(defaultTimers)
    b.showLoading('Swapping ...')
    b.showSuccess('Swapped ETH to 1 USDC')
    expect(b.$banner.get()).toEqual({ message: 'Swapping ...', variant: 'loading', open: false })
    vi.advanceTimersByTime(149)
    expect(b.$banner.get().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(b.$banner.get()).toEqual({ message: 'Swapped ETH to 1 USDC', variant: 'success', open: true })
  })

  it('a coded banner carries its code and parameters with the English text; a text after it carries none (issue 21 §4)', () => {
    const b = createBanner(defaultTimers)
    b.showSuccess({ code: 'swapped', params: { from: 'ETH', amount: '1', to: 'USDC' }, message: 'Swapped ETH to 1 USDC' })
    expect(b.$banner.get()).toEqual({
      message: 'Swapped ETH to 1 USDC',
      code: 'swapped',
      params: { from: 'ETH', amount: '1', to: 'USDC' },
      variant: 'success',
      open: true,
    })
    b.show('An app banner')
    vi.advanceTimersByTime(150)
    expect(b.$banner.get()).toEqual({ message: 'An app banner', variant: 'info', open: true })
  })

  it('hide during the gap cancels the pending banner', () => {
    const b = createBanner(defaultTimers)
    b.show('one')
    b.showError('two')
    b.hide()
    vi.advanceTimersByTime(1000)
    expect(b.$banner.get().open).toBe(false)
  })

  it('info and success hide by themselves after 5 s; errors, warnings and loading stay until hidden or replaced (issue 25)', () => {
    expect(BANNER_AUTO_HIDE_MS).toBe(5000)
    const b = createBanner(defaultTimers)
    b.showSuccess('Swapped ETH to 1 USDC')
    vi.advanceTimersByTime(4999)
    expect(b.$banner.get().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(b.$banner.get()).toEqual({ message: 'Swapped ETH to 1 USDC', variant: 'success', open: false })
    for (const variant of ['error', 'warning', 'loading'] as const) {
      b.show('Stays', variant)
      vi.advanceTimersByTime(60 * 60_000)
      expect(b.$banner.get()).toEqual({ message: 'Stays', variant, open: true })
      b.hide()
    }
  })

  it('a success shown after a loading banner gets its full 5 s; an error replacing a success is not hidden by its timer', () => {
    const b = createBanner(defaultTimers)
    b.showLoading('Swapping ...')
    vi.advanceTimersByTime(10_000)
    b.showSuccess('Swapped')
    vi.advanceTimersByTime(150 + 4999)
    expect(b.$banner.get()).toMatchObject({ message: 'Swapped', open: true })
    b.showError('Transaction error')
    vi.advanceTimersByTime(150)
    expect(b.$banner.get()).toEqual({ message: 'Transaction error', variant: 'error', open: true })
    vi.advanceTimersByTime(10_000)
    expect(b.$banner.get().open).toBe(true)
  })
})
