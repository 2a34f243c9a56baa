import '../testing'
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { ComponentType } from 'react'
import { describe, expect, it } from 'vitest'
import { chunkLoader, lazyView } from './lazyView'
import { ModalShell } from './ModalShell'

/** A loader the test settles by hand. */
function deferredLoader<M>() {
  let settle: { resolve: (m: M) => void; reject: (e: unknown) => void } | undefined
  let calls = 0
  const load = () => {
    calls++
    return new Promise<M>((resolve, reject) => {
      settle = { resolve, reject }
    })
  }
  return { load, settle: () => settle!, calls: () => calls }
}

type Views = { Amount: ComponentType }
const Amount = () => <input aria-label="Amount" data-autofocus="" />

const inShell = (View: ComponentType, inline = false) => (
  <ModalShell labelledBy="t" viewKey="v" inline={inline} onClose={() => {}} header={<h2 id="t">Swap</h2>}>
    <View />
  </ModalShell>
)

describe('lazyView: a view whose code is its own chunk', () => {
  it('shows a labelled spinner while the chunk loads, then the view, and moves focus from the title to its data-autofocus input', async () => {
    const { load, settle, calls } = deferredLoader<Views>()
    const View = lazyView(load, (m) => m.Amount)
    render(inShell(View))
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
    expect(screen.queryByLabelText('Amount')).toBeNull()
    expect(document.activeElement?.id).toBe('t')
    await act(async () => settle().resolve({ Amount }))
    expect(screen.queryByTestId('portico-view-loading')).toBeNull()
    expect(document.activeElement).toBe(screen.getByLabelText('Amount'))
    expect(calls()).toBe(1)
  })

  it('once loaded, a view on the same loader renders at once (no spinner, no second load) and focus is left to the shell', async () => {
    const { load, settle, calls } = deferredLoader<Views>()
    const First = lazyView(load, (m) => m.Amount)
    const Second = lazyView(load, () => () => <button type="button">Review swap</button>)
    const { unmount } = render(inShell(First))
    await act(async () => settle().resolve({ Amount }))
    unmount()
    render(inShell(Second))
    expect(screen.queryByTestId('portico-view-loading')).toBeNull()
    expect(screen.getByRole('button', { name: 'Review swap' })).toBeTruthy()
    expect(calls()).toBe(1)
  })

  it('a failed load shows the error with Try again; Try again loads again and shows the view', async () => {
    const { load, settle, calls } = deferredLoader<Views>()
    const View = lazyView(load, (m) => m.Amount)
    render(inShell(View))
    await act(async () => settle().reject(new TypeError('Failed to fetch dynamically imported module')))
    expect(screen.getByRole('alert').textContent).toBe('This view could not be loaded. Check your connection and try again.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
    expect(calls()).toBe(2)
    await act(async () => settle().resolve({ Amount }))
    expect(screen.getByLabelText('Amount')).toBeTruthy()
  })

  it('does not take focus if the user moved it meanwhile, nor in an inline modal', async () => {
    const a = deferredLoader<Views>()
    render(
      <>
        <button type="button">Elsewhere</button>
        {inShell(
          lazyView(a.load, (m) => m.Amount),
          true,
        )}
      </>,
    )
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' })
    elsewhere.focus()
    await act(async () => a.settle().resolve({ Amount }))
    expect(document.activeElement).toBe(elsewhere)
  })
})

describe('chunkLoader', () => {
  it('fetches the chunk once for every caller; a failed fetch is tried again on the next call', async () => {
    let calls = 0
    let fail = true
    const load = chunkLoader(async () => {
      calls++
      if (fail) throw new TypeError('Failed to fetch dynamically imported module')
      return { n: calls }
    })
    await expect(load()).rejects.toThrow('Failed to fetch dynamically imported module')
    fail = false
    const [a, b] = await Promise.all([load(), load()])
    expect([a, b, calls]).toEqual([{ n: 2 }, { n: 2 }, 2])
    expect(await load()).toBe(a)
  })
})
