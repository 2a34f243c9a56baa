import '../testing'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { type ReactNode, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ModalShell } from './ModalShell'

type View = 'list' | 'search' | 'plain'

/** A small routed modal: three views, a way to switch between them, a trigger that opens it. */
function Harness({ onClose, initial = 'list' }: { onClose?: () => void; initial?: View }) {
  const [open, setOpen] = useState(false)
  const [view, setView] = useState<View>(initial)
  const close = () => {
    onClose?.()
    setOpen(false)
  }
  const views: Record<View, ReactNode> = {
    list: (
      <>
        <button type="button">First</button>
        <button type="button" onClick={() => setView('search')}>
          Search wallets
        </button>
        <button type="button" onClick={() => setView('plain')}>
          Last
        </button>
      </>
    ),
    search: (
      <>
        <input aria-label="Search" data-autofocus="" />
        <button type="button" onClick={() => setView('list')}>
          Back to list
        </button>
      </>
    ),
    plain: (
      <button type="button" onClick={() => setView('list')}>
        Done
      </button>
    ),
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Connect wallet
      </button>
      <button type="button">Page button</button>
      {open && (
        <ModalShell labelledBy="t" viewKey={view} onClose={close} header={<h2 id="t">{`Title ${view}`}</h2>}>
          {views[view]}
        </ModalShell>
      )}
    </>
  )
}

const openDialog = () => {
  const trigger = screen.getByRole('button', { name: 'Connect wallet' })
  trigger.focus()
  fireEvent.click(trigger)
  return { trigger, dialog: screen.getByRole('dialog') }
}

/**
 * A third-party element fixed above the overlay (a wallet's corner prompt), outside the modal's
 * portal. jsdom does no layout: its box is given, and a hit test at its centre finds it; anywhere
 * else the overlay is hit.
 */
function promptAboveOverlay() {
  const prompt = document.createElement('div')
  prompt.setAttribute('role', 'dialog')
  prompt.setAttribute('aria-label', 'Wallet request')
  const approve = document.createElement('button')
  approve.textContent = 'Approve'
  prompt.append(approve)
  document.body.append(prompt)
  const box = { left: 10, top: 700, width: 80, height: 30, right: 90, bottom: 730, x: 10, y: 700, toJSON: () => ({}) }
  approve.getBoundingClientRect = () => box as DOMRect
  document.elementFromPoint = (x: number, y: number) =>
    x >= box.left && x <= box.right && y >= box.top && y <= box.bottom
      ? approve
      : document.querySelector('[data-testid="portico-modal-overlay"]')
  return { prompt, approve }
}

afterEach(() => {
  // jsdom has no elementFromPoint of its own.
  delete (document as { elementFromPoint?: unknown }).elementFromPoint
  for (const el of document.querySelectorAll('body > [role="dialog"][aria-label="Wallet request"]')) el.remove()
})

describe('ModalShell', () => {
  it('is a modal dialog labelled by its title, rendered into a portal on body', () => {
    const { container } = render(<Harness />)
    const { dialog } = openDialog()
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.getAttribute('aria-labelledby')).toBe('t')
    expect(container.contains(dialog)).toBe(false)
    expect(document.body.contains(dialog)).toBe(true)
  })

  it('on open, focus goes to the title when the view marks no element', () => {
    render(<Harness />)
    openDialog()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Title list' }))
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1')
  })

  it("on open, focus goes to the view's data-autofocus element", () => {
    render(<Harness initial="search" />)
    openDialog()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search' }))
  })

  it('every view change moves focus into the new view: its data-autofocus input, else its title; never body', () => {
    render(<Harness />)
    openDialog()
    fireEvent.click(screen.getByRole('button', { name: 'Search wallets' }))
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search' }))
    fireEvent.click(screen.getByRole('button', { name: 'Back to list' }))
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Title list' }))
    fireEvent.click(screen.getByRole('button', { name: 'Last' }))
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Title plain' }))
  })

  it('a view change leaves focus alone when it is on an element above the overlay (a wallet prompt)', () => {
    render(<Harness />)
    openDialog()
    const { approve } = promptAboveOverlay()
    act(() => approve.focus())
    expect(document.activeElement).toBe(approve)
    fireEvent.click(screen.getByRole('button', { name: 'Search wallets' }))
    expect(document.activeElement).toBe(approve)
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

  it('Tab from the last element cycles to the first, Shift+Tab from the first (or the title) to the last', () => {
    render(<Harness />)
    const { dialog } = openDialog()
    const first = screen.getByRole('button', { name: 'First' })
    const last = screen.getByRole('button', { name: 'Last' })
    last.focus()
    fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(document.activeElement).toBe(first)
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)
    screen.getByRole('heading', { name: 'Title list' }).focus()
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)
  })

  it('Tab in the middle is left to the browser', () => {
    render(<Harness />)
    const { dialog } = openDialog()
    screen.getByRole('button', { name: 'Search wallets' }).focus()
    const notPrevented = fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(notPrevented).toBe(true)
  })

  it('the Tab cycle includes elements above the overlay: last → prompt, first → (Shift+Tab) prompt', () => {
    render(<Harness />)
    const { dialog } = openDialog()
    const { approve } = promptAboveOverlay()
    screen.getByRole('button', { name: 'Last' }).focus()
    fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(document.activeElement).toBe(approve)
    screen.getByRole('button', { name: 'First' }).focus()
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(approve)
  })

  it('focus may go to an element above the overlay; an element under it sends focus back into the dialog', () => {
    render(<Harness />)
    openDialog()
    const { approve } = promptAboveOverlay()
    act(() => approve.focus())
    expect(document.activeElement).toBe(approve)
    act(() => screen.getByRole('button', { name: 'Page button' }).focus())
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }))
  })

  describe('outside clicks', () => {
    it('pointerdown and click both on the overlay close', () => {
      const onClose = vi.fn()
      render(<Harness onClose={onClose} />)
      openDialog()
      const overlay = screen.getByTestId('portico-modal-overlay')
      fireEvent.pointerDown(overlay)
      fireEvent.click(overlay)
      expect(onClose).toHaveBeenCalledTimes(1)
    })

    it('a press and click inside the dialog do not close', () => {
      const onClose = vi.fn()
      render(<Harness onClose={onClose} />)
      openDialog()
      const inside = screen.getByRole('button', { name: 'First' })
      fireEvent.pointerDown(inside)
      fireEvent.click(inside)
      expect(onClose).not.toHaveBeenCalled()
    })

    it('a press inside the dialog released on the overlay (a drag out) does not close', () => {
      const onClose = vi.fn()
      render(<Harness onClose={onClose} />)
      openDialog()
      fireEvent.pointerDown(screen.getByRole('button', { name: 'First' }))
      fireEvent.click(screen.getByTestId('portico-modal-overlay'))
      expect(onClose).not.toHaveBeenCalled()
    })

    it('a click on a third-party element above the overlay does not close, and the element gets its click', () => {
      const onClose = vi.fn()
      render(<Harness onClose={onClose} />)
      openDialog()
      const { approve } = promptAboveOverlay()
      const approved = vi.fn()
      approve.addEventListener('click', approved)
      fireEvent.pointerDown(approve)
      fireEvent.click(approve)
      expect(approved).toHaveBeenCalledTimes(1)
      expect(onClose).not.toHaveBeenCalled()
      expect(screen.getByRole('dialog', { name: 'Title list' })).toBeTruthy()
    })

    it('a click on the overlay without a press on it first (the press was on the prompt) does not close', () => {
      const onClose = vi.fn()
      render(<Harness onClose={onClose} />)
      openDialog()
      const { approve } = promptAboveOverlay()
      const overlay = screen.getByTestId('portico-modal-overlay')
      fireEvent.pointerDown(overlay)
      fireEvent.click(approve)
      fireEvent.pointerDown(approve)
      fireEvent.click(overlay)
      expect(onClose).not.toHaveBeenCalled()
    })
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
