/**
 * The confirmation window (issue 23 §1): the frame page opened with `?portico-confirm=request`, on
 * the frame's origin, by the host page in the user's click. It announces itself to the frames of its
 * opener (only the frame's origin receives it), shows each request the frame sends (plain text,
 * decoded by the frame with the preview engine) with Reject and Confirm, and answers the frame only.
 *
 * Keyboard: focus starts on Reject (so Enter, pressed at once, rejects); Escape rejects; Confirm
 * needs a Tab or a click. The host page can not reach into this window (another origin), cover it
 * (another window), or answer for it (the frame takes answers from this origin only).
 * Texts are English for now: the frame has no locale of its own yet.
 */
import { CONFIRM_CHANNEL, type ConfirmView, isConfirmMessage } from './confirm'

export const CONFIRM_WINDOW_TEXTS = {
  waiting: 'Waiting for the request…',
  confirm: 'Confirm',
  reject: 'Reject',
  asked: 'Asked by',
  done: 'Done. You can close this window.',
  noOpener: 'Open this window from the wallet.',
} as const

const BUTTON =
  'font:inherit;font-weight:600;padding:12px 14px;border-radius:12px;border:1px solid color-mix(in srgb, CanvasText 25%, transparent);cursor:pointer;flex:1;min-height:44px'

/** The window's side: render, announce, answer. `close` closes the window when nothing is left to confirm. */
export function runConfirmWindow(
  doc: Document = document,
  options: { origin?: string; opener?: Window | null; close?: () => void; announceMs?: number } = {},
): { answer(approved: boolean): void; stop(): void } {
  const listening = new AbortController()
  const stop = () => listening.abort()
  const origin = options.origin ?? location.origin
  const opener = options.opener !== undefined ? options.opener : (window.opener as Window | null)
  const close = options.close ?? (() => window.close())
  doc.title = 'Confirm'
  doc.documentElement.style.colorScheme = 'light dark'
  doc.body.style.cssText = 'margin:0;background:Canvas;color:CanvasText;font:15px/1.45 system-ui,sans-serif'
  const main = doc.createElement('main')
  main.setAttribute('data-testid', 'portico-confirm')
  main.style.cssText =
    'box-sizing:border-box;max-width:480px;margin:0 auto;padding:20px;display:flex;flex-direction:column;gap:14px;min-height:100vh'
  const title = doc.createElement('h1')
  title.id = 'portico-confirm-title'
  title.style.cssText = 'font-size:18px;margin:0'
  title.textContent = CONFIRM_WINDOW_TEXTS.waiting
  const asked = doc.createElement('p')
  asked.style.cssText = 'margin:0;opacity:.75;word-break:break-all'
  const warnings = doc.createElement('ul')
  warnings.setAttribute('data-testid', 'portico-confirm-warnings')
  warnings.style.cssText = 'margin:0;padding:0;list-style:none;display:flex;flex-direction:column;gap:6px'
  const details = doc.createElement('dl')
  details.setAttribute('data-testid', 'portico-confirm-details')
  details.style.cssText = 'margin:0;display:flex;flex-direction:column;gap:8px;overflow:auto;flex:1'
  const actions = doc.createElement('div')
  actions.style.cssText = 'display:flex;gap:10px;position:sticky;bottom:0;background:Canvas;padding-top:8px'
  const reject = doc.createElement('button')
  reject.type = 'button'
  reject.textContent = CONFIRM_WINDOW_TEXTS.reject
  reject.setAttribute('data-testid', 'portico-confirm-reject')
  reject.style.cssText = `${BUTTON};background:Canvas;color:CanvasText`
  const confirm = doc.createElement('button')
  confirm.type = 'button'
  confirm.textContent = CONFIRM_WINDOW_TEXTS.confirm
  confirm.setAttribute('data-testid', 'portico-confirm-confirm')
  confirm.style.cssText = `${BUTTON};background:CanvasText;color:Canvas`
  actions.append(reject, confirm)
  const status = doc.createElement('p')
  status.setAttribute('role', 'status')
  status.style.cssText = 'margin:0'
  main.setAttribute('aria-labelledby', title.id)
  main.append(title, asked, warnings, details, actions, status)
  doc.body.append(main)

  let frame: Window | undefined
  let shown: number | undefined
  let answered = 0

  function setEnabled(on: boolean) {
    reject.disabled = !on
    confirm.disabled = !on
    actions.style.visibility = on ? 'visible' : 'hidden'
  }
  setEnabled(false)

  function show(id: number, view: ConfirmView) {
    shown = id
    title.textContent = view.title
    asked.textContent = view.origin ? `${CONFIRM_WINDOW_TEXTS.asked} ${view.origin}` : ''
    warnings.replaceChildren(
      ...view.warnings.map((text) => {
        const li = doc.createElement('li')
        li.setAttribute('role', 'alert')
        li.textContent = text
        li.style.cssText = 'padding:8px 10px;border-radius:10px;background:color-mix(in srgb, #d92d20 14%, Canvas);color:CanvasText'
        return li
      }),
    )
    details.replaceChildren(
      ...view.rows.flatMap((row) => {
        const dt = doc.createElement('dt')
        dt.textContent = row.label
        dt.style.cssText = 'font-size:13px;opacity:.7'
        const dd = doc.createElement('dd')
        dd.textContent = row.value
        dd.style.cssText = 'margin:0;word-break:break-word;white-space:pre-wrap;font-variant-numeric:tabular-nums'
        return [dt, dd]
      }),
    )
    status.textContent = ''
    setEnabled(true)
    reject.focus()
  }

  function answer(approved: boolean) {
    if (!frame || shown === undefined) return
    frame.postMessage({ channel: CONFIRM_CHANNEL, type: 'ANSWER', id: shown, approved }, origin)
    shown = undefined
    answered++
    setEnabled(false)
    status.textContent = CONFIRM_WINDOW_TEXTS.done
  }

  reject.addEventListener('click', () => answer(false))
  confirm.addEventListener('click', () => answer(true))
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        answer(false)
      }
    },
    { signal: listening.signal },
  )

  if (!opener) {
    title.textContent = CONFIRM_WINDOW_TEXTS.noOpener
    return { answer, stop }
  }
  const view = doc.defaultView
  view?.addEventListener(
    'message',
    (event) => {
      if (event.origin !== origin || !isConfirmMessage(event.data)) return
      const message = event.data
      if (frame && event.source !== frame) return
      if (message.type === 'REQUEST') {
        frame = event.source as Window
        show(message.id, message.view)
      } else if (message.type === 'IDLE' && answered > 0 && shown === undefined) close()
    },
    { signal: listening.signal },
  )
  // The window closing before an answer: the frame sees `closed` and rejects the request.
  // Announce to every frame of the opener until one answers with a request.
  const announce = () => {
    if (frame || opener.closed || listening.signal.aborted) return
    for (let i = 0; i < opener.frames.length; i++) {
      try {
        opener.frames[i]?.postMessage({ channel: CONFIRM_CHANNEL, type: 'CONFIRM_READY' }, origin)
      } catch {
        // a frame gone meanwhile
      }
    }
    setTimeout(announce, options.announceMs ?? 300)
  }
  announce()
  return { answer, stop }
}
