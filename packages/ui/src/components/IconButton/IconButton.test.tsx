import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { IconButton } from './IconButton'

describe('IconButton', () => {
  it('takes its accessible name from label and hides the icon', () => {
    const onClick = vi.fn()
    render(<IconButton icon="close" label="Close" onClick={onClick} />)
    const btn = screen.getByRole('button', { name: 'Close' })
    expect(btn.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
    fireEvent.click(btn)
    expect(onClick).toHaveBeenCalledTimes(1)
  })
})
