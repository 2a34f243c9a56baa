import '../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ModalShell } from './ModalShell'

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false)
  const close = () => {
    onClose?.()
    setOpen(false)
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Connect wallet
      </button>
      {open && (
        <ModalShell labelledBy="t" onClose={close} header={<h2 id="t">Connect wallet</h2>}>
          <button type="button">First</button>
          <input aria-label="Email" />
          <button type="button">Last</button>
        </ModalShell>
      )}
    </>
  )
}

const openDialog = () => {
  const trigger = screen.getByRole('button', { name: 'Connect wallet' })
  trigger.focus()
  fireEvent.click(trigger)
  return { trigger, dialog: screen.getByRole('dialog', { name: 'Connect wallet' }) }
}

describe('ModalShell', () => {
  it('is a modal dialog labelled by its title, rendered into a portal on body', () => {
    const { container } = render(<Harness />)
    const { dialog } = openDialog()
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(container.contains(dialog)).toBe(false)
    expect(document.body.contains(dialog)).toBe(true)
  })

  it('moves focus into the dialog on open', () => {
    render(<Harness />)
    openDialog()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }))
  })

  it('Escape closes and focus returns to the trigger', () => {
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    const { trigger, dialog } = openDialog()
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(trigger)
  })

  it('Tab from the last element cycles to the first, Shift+Tab from the first to the last', () => {
    render(<Harness />)
    const { dialog } = openDialog()
    const first = screen.getByRole('button', { name: 'First' })
    const last = screen.getByRole('button', { name: 'Last' })
    last.focus()
    fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(document.activeElement).toBe(first)
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)
  })

  it('Tab in the middle is left to the browser', () => {
    render(<Harness />)
    const { dialog } = openDialog()
    const input = screen.getByRole('textbox', { name: 'Email' })
    input.focus()
    const notPrevented = fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(notPrevented).toBe(true)
  })

  it('a click on the overlay closes, a click inside does not', () => {
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    openDialog()
    const inside = screen.getByRole('button', { name: 'First' })
    fireEvent.mouseDown(inside)
    fireEvent.click(inside)
    expect(onClose).not.toHaveBeenCalled()
    const overlay = screen.getByTestId('portico-modal-overlay')
    fireEvent.mouseDown(overlay)
    fireEvent.click(overlay)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('locks page scrolling while open and restores it on close', () => {
    render(<Harness />)
    const { dialog } = openDialog()
    expect(document.body.style.overflow).toBe('hidden')
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(document.body.style.overflow).toBe('')
  })

  it('marks shaking', () => {
    render(
      <ModalShell labelledBy="t" onClose={() => {}} shake header={<h2 id="t">x</h2>}>
        body
      </ModalShell>,
    )
    expect(screen.getByRole('dialog').getAttribute('data-shake')).toBe('true')
  })
})
