import '../../testing'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Spinner } from './Spinner'

describe('Spinner', () => {
  it('is a labelled status when given a label', () => {
    render(<Spinner label="Loading" />)
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
  })
  it('is hidden from assistive technology without a label', () => {
    render(<Spinner size={32} />)
    const el = screen.getByTestId('portico-spinner')
    expect(el.getAttribute('aria-hidden')).toBe('true')
    expect(el.style.width).toBe('32px')
  })
})
