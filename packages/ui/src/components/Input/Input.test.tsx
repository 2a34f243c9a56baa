import '../../testing'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Input } from './Input'

describe('Input', () => {
  it('is labelled', () => {
    render(<Input label="Email" type="email" />)
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBeNull()
  })
  it('is invalid and described by its error', () => {
    render(<Input label="Email" error="Enter a valid email address" />)
    const input = screen.getByRole('textbox', { name: 'Email' })
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Enter a valid email address').id).toBe(input.getAttribute('aria-describedby'))
  })
})
