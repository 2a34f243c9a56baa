import '../../testing'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SkeletonRows } from './Skeleton'

describe('SkeletonRows', () => {
  it.each([1, 3, 6])('%i placeholder rows, hidden from assistive technology, under one status naming what loads', (count) => {
    render(<SkeletonRows count={count} label="Loading wallets" />)
    expect(screen.getByRole('status').textContent).toBe('Loading wallets')
    const rows = screen.getAllByTestId('portico-skeleton-row')
    expect(rows).toHaveLength(count)
    expect(rows.every((r) => r.getAttribute('aria-hidden') === 'true')).toBe(true)
  })
})
