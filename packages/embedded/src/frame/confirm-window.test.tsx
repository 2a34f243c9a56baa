/**
 * The confirmation window's document (issue 23 §1): the request as plain text, focus on Reject,
 * Escape = Reject, Confirm answers the frame (on this origin only), and the window closes itself
 * once nothing is left to confirm.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CONFIRM_CHANNEL } from './confirm'
import { runConfirmWindow } from './confirm-window'

const ORIGIN = window.location.origin
const VIEW = {
  title: 'Approve spending',
  rows: [
    { label: 'Spender', value: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' },
    { label: 'Amount (base units)', value: '<b>unlimited</b>' },
  ],
  warnings: ['Warning: this allows an unlimited amount.'],
  origin: 'http://127.0.0.1:5173',
}

/** The frame, as seen from the window: records what the window answers. */
function fakeFrame() {
  const got: unknown[] = []
  return { got, postMessage: (message: unknown, targetOrigin: string) => void got.push({ message, targetOrigin }) }
}

function open(getAssertion?: (options: Record<string, unknown>) => Promise<unknown>) {
  const frame = fakeFrame()
  const opener = { closed: false, frames: { length: 1, 0: { postMessage: vi.fn() } } } as unknown as Window
  const close = vi.fn()
  const ui = runConfirmWindow(document, { origin: ORIGIN, opener, close, announceMs: 5, ...(getAssertion ? { getAssertion } : {}) })
  opened.push(ui)
  const deliver = (data: unknown, origin = ORIGIN) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame as unknown as Window }))
  return { frame, opener, close, ui, deliver }
}

const opened: { stop(): void }[] = []
afterEach(() => {
  for (const ui of opened.splice(0)) ui.stop()
  document.body.replaceChildren()
})

describe('the confirmation window', () => {
  it('announces itself to the frames of its opener, on this origin only', async () => {
    const { opener } = open()
    const target = (opener.frames as unknown as { 0: { postMessage: ReturnType<typeof vi.fn> } })[0]
    await vi.waitFor(() => expect(target.postMessage).toHaveBeenCalledWith({ channel: CONFIRM_CHANNEL, type: 'CONFIRM_READY' }, ORIGIN))
  })

  it('shows the request as text, the warning, the asking page; Reject has the focus; Escape rejects', () => {
    const { frame, deliver } = open()
    deliver({ channel: CONFIRM_CHANNEL, type: 'REQUEST', id: 7, view: VIEW })
    expect(document.querySelector('h1')?.textContent).toBe('Approve spending')
    expect(document.querySelector('[data-testid="portico-confirm-details"]')?.textContent).toBe(
      'Spender0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BCAmount (base units)<b>unlimited</b>',
    )
    expect(document.querySelector('b')).toBeNull()
    expect(document.querySelector('[data-testid="portico-confirm-warnings"] li')?.textContent).toBe(
      'Warning: this allows an unlimited amount.',
    )
    expect(document.querySelector('[data-testid="portico-confirm-warnings"]')?.getAttribute('aria-live')).toBe('assertive')
    expect(document.body.textContent).toContain('Asked by http://127.0.0.1:5173')
    expect((document.activeElement as HTMLElement).dataset.testid).toBe('portico-confirm-reject')
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(frame.got).toEqual([{ message: { channel: CONFIRM_CHANNEL, type: 'ANSWER', id: 7, approved: false }, targetOrigin: ORIGIN }])
  })

  it('a step-up (the confirmation policy’s): a code field has the focus; Confirm waits for six digits; Enter sends them with the answer; Escape still rejects', () => {
    const { frame, deliver } = open()
    const code = () => document.querySelector('[data-testid="portico-confirm-code"]') as HTMLInputElement
    const confirm = () => document.querySelector('[data-testid="portico-confirm-confirm"]') as HTMLButtonElement
    // A request without a step-up: no code field.
    deliver({ channel: CONFIRM_CHANNEL, type: 'REQUEST', id: 1, view: VIEW })
    expect((code().parentElement as HTMLElement).hidden).toBe(true)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    deliver({ channel: CONFIRM_CHANNEL, type: 'REQUEST', id: 2, view: { ...VIEW, code: 'Code from your authenticator app' } })
    expect((code().parentElement as HTMLElement).hidden).toBe(false)
    expect(document.querySelector('label[for="portico-confirm-code"]')?.textContent).toBe('Code from your authenticator app')
    expect(document.activeElement).toBe(code())
    expect(confirm().disabled).toBe(true)
    code().value = '12345'
    code().dispatchEvent(new Event('input'))
    confirm().click()
    code().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }))
    expect(frame.got).toHaveLength(1)
    code().value = '123456'
    code().dispatchEvent(new Event('input'))
    expect(confirm().disabled).toBe(false)
    code().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }))
    expect(frame.got.at(-1)).toEqual({
      message: { channel: CONFIRM_CHANNEL, type: 'ANSWER', id: 2, approved: true, code: '123456' },
      targetOrigin: ORIGIN,
    })
    expect(code().value).toBe('')
    deliver({ channel: CONFIRM_CHANNEL, type: 'REQUEST', id: 3, view: { ...VIEW, code: 'Code' } })
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(frame.got.at(-1)).toEqual({
      message: { channel: CONFIRM_CHANNEL, type: 'ANSWER', id: 3, approved: false },
      targetOrigin: ORIGIN,
    })
  })

  it('a step-up by passkey: Confirm says so and asks the passkey here; its assertion goes with the answer; a cancelled one leaves the request', async () => {
    let cancel = true
    const asked: Record<string, unknown>[] = []
    const { frame, deliver } = open(async (options) => {
      asked.push(options)
      if (cancel) throw new Error('NotAllowedError')
      return { id: 'cred-1', type: 'public-key', response: { signature: 'sig' } }
    })
    const confirm = () => document.querySelector('[data-testid="portico-confirm-confirm"]') as HTMLButtonElement
    const options = { challenge: 'c2lnbi11cA', allowCredentials: [{ id: 'cred-1', type: 'public-key' }] }
    deliver({
      channel: CONFIRM_CHANNEL,
      type: 'REQUEST',
      id: 4,
      view: { ...VIEW, passkey: options, confirmLabel: 'Confirm with your passkey' },
    })
    expect(confirm().textContent).toBe('Confirm with your passkey')
    expect(((document.querySelector('[data-testid="portico-confirm-code"]') as HTMLElement).parentElement as HTMLElement).hidden).toBe(true)
    // Cancelled at the authenticator: nothing is answered, the request stays, Confirm works again.
    confirm().click()
    await vi.waitFor(() => expect(confirm().disabled).toBe(false))
    expect(asked).toEqual([options])
    expect(frame.got).toEqual([])
    cancel = false
    confirm().click()
    await vi.waitFor(() => expect(frame.got).toHaveLength(1))
    expect(frame.got[0]).toEqual({
      message: {
        channel: CONFIRM_CHANNEL,
        type: 'ANSWER',
        id: 4,
        approved: true,
        assertion: { id: 'cred-1', type: 'public-key', response: { signature: 'sig' } },
      },
      targetOrigin: ORIGIN,
    })
  })

  it('Confirm answers approved; the next request is shown in the same window; IDLE after an answer closes it', () => {
    const { frame, close, deliver } = open()
    deliver({ channel: CONFIRM_CHANNEL, type: 'REQUEST', id: 1, view: VIEW })
    ;(document.querySelector('[data-testid="portico-confirm-confirm"]') as HTMLButtonElement).click()
    expect(frame.got).toEqual([{ message: { channel: CONFIRM_CHANNEL, type: 'ANSWER', id: 1, approved: true }, targetOrigin: ORIGIN }])
    // Answered: the buttons are off until the next request.
    expect((document.querySelector('[data-testid="portico-confirm-confirm"]') as HTMLButtonElement).disabled).toBe(true)
    deliver({ channel: CONFIRM_CHANNEL, type: 'REQUEST', id: 2, view: { ...VIEW, title: 'Send' } })
    expect(document.querySelector('h1')?.textContent).toBe('Send')
    ;(document.querySelector('[data-testid="portico-confirm-reject"]') as HTMLButtonElement).click()
    expect(close).not.toHaveBeenCalled()
    deliver({ channel: CONFIRM_CHANNEL, type: 'IDLE' })
    expect(close).toHaveBeenCalledTimes(1)
  })

  it('a request from another origin is not shown, and IDLE before any answer keeps the window open', () => {
    const { close, deliver } = open()
    deliver({ channel: CONFIRM_CHANNEL, type: 'REQUEST', id: 1, view: VIEW }, 'http://127.0.0.1:5173')
    expect(document.querySelector('h1')?.textContent).toBe('Waiting for the request…')
    deliver({ channel: CONFIRM_CHANNEL, type: 'IDLE' })
    expect(close).not.toHaveBeenCalled()
  })
})
