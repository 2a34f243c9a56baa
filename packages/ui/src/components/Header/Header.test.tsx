import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Header } from './Header'

describe('Header', () => {
  it('renders title as a heading with back and close buttons', () => {
    const onBack = vi.fn()
    const onClose = vi.fn()
    render(<Header title="Account" titleId="t1" onBack={onBack} onClose={onClose} />)
    expect(screen.getByRole('heading', { name: 'Account' }).id).toBe('t1')
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onBack).toHaveBeenCalledTimes(1)
    expect(onClose).toHaveBeenCalledTimes(1)
  })
  it('has no back button at the first view', () => {
    render(<Header title="Connect wallet" onClose={() => {}} />)
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()
  })
})
