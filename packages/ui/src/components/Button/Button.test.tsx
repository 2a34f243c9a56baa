import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from './Button'

describe('Button', () => {
  it('is a type=button that calls onClick', () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Continue</Button>)
    const btn = screen.getByRole('button', { name: 'Continue' })
    expect(btn.getAttribute('type')).toBe('button')
    fireEvent.click(btn)
    expect(onClick).toHaveBeenCalledTimes(1)
  })
  it('ignores clicks and is aria-busy while loading', () => {
    const onClick = vi.fn()
    render(
      <Button loading onClick={onClick}>
        Continue
      </Button>,
    )
    const btn = screen.getByRole('button', { name: 'Continue' })
    fireEvent.click(btn)
    expect(onClick).not.toHaveBeenCalled()
    expect(btn.getAttribute('aria-busy')).toBe('true')
  })
  it('does not fire when disabled', () => {
    const onClick = vi.fn()
    render(
      <Button disabled onClick={onClick}>
        Go
      </Button>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Go' }))
    expect(onClick).not.toHaveBeenCalled()
  })
})
