import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ListItem } from './ListItem'

describe('ListItem', () => {
  it('is a button named by its text and marks the current item', () => {
    const onClick = vi.fn()
    render(<ListItem title="Ethereum" description="eip155:1" current onClick={onClick} />)
    const btn = screen.getByRole('button', { name: /Ethereum/ })
    expect(btn.getAttribute('aria-current')).toBe('true')
    fireEvent.click(btn)
    expect(onClick).toHaveBeenCalledTimes(1)
  })
  it('omits aria-current when not current', () => {
    render(<ListItem title="Base" />)
    expect(screen.getByRole('button', { name: 'Base' }).hasAttribute('aria-current')).toBe(false)
  })
})
