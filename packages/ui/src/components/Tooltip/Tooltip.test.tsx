import '../../testing'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Tooltip } from './Tooltip'

describe('Tooltip', () => {
  it('shows on focus, describes the trigger, and hides on Escape', async () => {
    render(
      <Tooltip content="Copy address">
        <button type="button">copy</button>
      </Tooltip>,
    )
    const trigger = screen.getByRole('button', { name: 'copy' })
    expect(screen.queryByRole('tooltip')).toBeNull()
    await act(async () => {
      trigger.focus()
    })
    const tip = await screen.findByRole('tooltip')
    expect(tip.textContent).toBe('Copy address')
    expect(trigger.getAttribute('aria-describedby')).toBe(tip.id)
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' })
    })
    expect(screen.queryByRole('tooltip')).toBeNull()
  })
  it('can be controlled', () => {
    render(
      <Tooltip content="Network" open>
        <button type="button">net</button>
      </Tooltip>,
    )
    expect(screen.getByRole('tooltip').textContent).toBe('Network')
  })
})
