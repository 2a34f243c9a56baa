import '../../testing'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Link, safeHref } from './Link'

describe('Link', () => {
  it.each<[string | undefined, string | undefined]>([
    ['https://example.com/terms', 'https://example.com/terms'],
    ['http://example.com', 'http://example.com'],
    ['mailto:hi@example.com', 'mailto:hi@example.com'],
    ['/terms', '/terms'],
    ['javascript:alert(1)', undefined],
    ['data:text/html,x', undefined],
    [undefined, undefined],
  ])('safeHref(%j) → %j', (input, expected) => {
    expect(safeHref(input)).toBe(expected)
  })
  it('opens external links safely', () => {
    render(<Link href="https://example.com/terms">Terms</Link>)
    const a = screen.getByRole('link', { name: 'Terms' })
    expect(a.getAttribute('target')).toBe('_blank')
    expect(a.getAttribute('rel')).toBe('noopener noreferrer')
  })
})
