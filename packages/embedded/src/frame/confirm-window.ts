/**
 * The confirmation window (issue 23 §1): the frame page opened with `?portico-confirm=request`, on
 * the frame's origin, by the host page in the user's click. It announces itself to the frames of its
 * opener (only the frame's origin receives it), shows each request the frame sends (plain text,
 * decoded by the frame with the preview engine) with Reject and Confirm, and answers the frame only.
 *
 * Keyboard: focus starts on Reject (so Enter, pressed at once, rejects); Escape rejects; Confirm
 * needs a Tab or a click. A step-up (the confirmation policy's) adds a code field, focused first:
 * Confirm (or Enter in it) needs six digits there, sent with the answer; a step-up by passkey asks the passkey
 * in this window when Confirm is pressed (the click is the user's act the browser asks for) and sends its
 * assertion with the answer. The host page can not reach into this window (another origin), cover it
 * (another window), or answer for it (the frame takes answers from this origin only).
 * Its look (theme, locale, direction) is the frame's: each REQUEST carries it (./look.ts, applied
 * through the same sanitiser); until the first, the browser's languages and colour preference.
 */
import { CONFIRM_CHANNEL, type ConfirmView, isConfirmMessage } from './confirm'
import { createLook } from './look'
import { ENGLISH, localeOfLanguages } from './texts'

/** The window's own texts in English (./texts.ts has every locale's). */
export const CONFIRM_WINDOW_TEXTS = ENGLISH.window

/** The window's side: render, announce, answer. `close` closes the window when nothing is left to confirm. Styled by ./frame.css. */
export function runConfirmWindow(
  doc: Document = document,
  options: {
    origin?: string
    opener?: Window | null
    close?: () => void
    announceMs?: number
    /** The languages that choose the texts before the first request. @default navigator.languages */
    languages?: readonly string[]
    /** A step-up by passkey: the assertion for the request options (its JSON). @default @simplewebauthn/browser's startAuthentication */
    getAssertion?: (options: Record<string, unknown>) => Promise<unknown>
  } = {},
): { answer(approved: boolean): void; stop(): void; ready(): Promise<void> } {
  const listening = new AbortController()
  const stop = () => listening.abort()
  const origin = options.origin ?? location.origin
  const opener = options.opener !== undefined ? options.opener : (window.opener as Window | null)
  const close = options.close ?? (() => window.close())
  const look = createLook(doc)
  doc.body.className = 'portico-window'
  const main = doc.createElement('main')
  main.className = 'portico-confirm'
  main.setAttribute('data-testid', 'portico-confirm')
  const title = doc.createElement('h1')
  title.id = 'portico-confirm-title'
  const asked = doc.createElement('p')
  asked.className = 'portico-confirm-asked'
  const warnings = doc.createElement('ul')
  warnings.className = 'portico-confirm-warnings'
  warnings.setAttribute('data-testid', 'portico-confirm-warnings')
  // Announced as they come (an alert role on a list item is not allowed: the list keeps its items' semantics).
  warnings.setAttribute('aria-live', 'assertive')
  const details = doc.createElement('dl')
  details.className = 'portico-confirm-details'
  details.setAttribute('data-testid', 'portico-confirm-details')
  // A step-up's code field (hidden unless the request asks for one).
  const codeField = doc.createElement('div')
  codeField.className = 'portico-confirm-code'
  codeField.hidden = true
  const codeLabel = doc.createElement('label')
  codeLabel.className = 'portico-label'
  const code = doc.createElement('input')
  code.id = 'portico-confirm-code'
  code.className = 'portico-input'
  code.setAttribute('data-testid', 'portico-confirm-code')
  Object.assign(code, { autocomplete: 'one-time-code', inputMode: 'numeric', maxLength: 6, spellcheck: false })
  codeLabel.htmlFor = code.id
  codeField.append(codeLabel, code)
  const codeOk = () => /^\d{6}$/.test(code.value)
  const spacer = doc.createElement('div')
  spacer.className = 'portico-confirm-spacer'
  const actions = doc.createElement('div')
  actions.className = 'portico-actions portico-confirm-actions'
  const reject = doc.createElement('button')
  reject.type = 'button'
  reject.className = 'portico-button'
  reject.setAttribute('data-testid', 'portico-confirm-reject')
  const confirm = doc.createElement('button')
  confirm.type = 'button'
  confirm.className = 'portico-button portico-button-primary'
  confirm.setAttribute('data-testid', 'portico-confirm-confirm')
  actions.append(reject, confirm)
  const status = doc.createElement('p')
  status.className = 'portico-status'
  status.setAttribute('role', 'status')
  main.setAttribute('aria-labelledby', title.id)
  main.append(title, asked, warnings, details, codeField, spacer, actions, status)
  doc.body.append(main)

  let frame: Window | undefined
  let shown: number | undefined
  let answered = 0
  /** What the window's own texts say now (they follow the locale once its chunk is in). */
  let phase: 'waiting' | 'noOpener' | 'request' | 'done' = 'waiting'
  let askedBy: string | undefined
  /** The request's own confirm text ('Send anyway'), when it has one. */
  let confirmLabel: string | undefined
  /** A step-up by passkey: the request options Confirm asks the passkey with. */
  let passkeyOptions: Record<string, unknown> | undefined
  const getAssertion =
    options.getAssertion ??
    (async (optionsJSON: Record<string, unknown>) => {
      const { startAuthentication } = await import('@simplewebauthn/browser')
      return startAuthentication({ optionsJSON: optionsJSON as never })
    })

  /** The window's own texts in the locale applied (the request's texts come translated from the frame). */
  function label() {
    const t = look.texts().window
    doc.title = t.title
    reject.textContent = t.reject
    confirm.textContent = phase === 'request' && confirmLabel ? confirmLabel : t.confirm
    if (phase === 'waiting') title.textContent = t.waiting
    if (phase === 'noOpener') title.textContent = t.noOpener
    asked.textContent = askedBy ? `${t.asked} ${askedBy}` : ''
    status.textContent = phase === 'done' ? t.done : ''
  }
  let loading = look.apply({
    locale: localeOfLanguages(options.languages ?? (typeof navigator === 'undefined' ? [] : navigator.languages)),
  })
  loading?.then(label)
  label()

  function setEnabled(on: boolean) {
    reject.disabled = !on
    confirm.disabled = !on || (!codeField.hidden && !codeOk())
    code.disabled = !on
    actions.style.visibility = on ? 'visible' : 'hidden'
  }
  setEnabled(false)

  function show(id: number, view: ConfirmView, lookOfFrame: unknown) {
    shown = id
    phase = 'request'
    if (lookOfFrame && typeof lookOfFrame === 'object') {
      const { themeMode, themeVariables, locale } = lookOfFrame as Record<string, unknown>
      // The frame's look, through the same checks as the host's (only known names, safe values, the protocol's locales).
      loading = look.apply({
        ...(themeMode === 'light' || themeMode === 'dark' ? { themeMode } : {}),
        ...(themeVariables && typeof themeVariables === 'object' ? { themeVariables: themeVariables as Record<string, string> } : {}),
        locale,
      })
      loading?.then(label)
    }
    title.textContent = view.title
    askedBy = view.origin
    confirmLabel = typeof view.confirmLabel === 'string' ? view.confirmLabel : undefined
    passkeyOptions = view.passkey && typeof view.passkey === 'object' ? view.passkey : undefined
    main.toggleAttribute('data-failing', confirmLabel !== undefined)
    warnings.replaceChildren(
      ...view.warnings.map((text) => {
        const li = doc.createElement('li')
        li.className = 'portico-danger'
        li.textContent = text
        return li
      }),
    )
    details.replaceChildren(
      ...view.rows.flatMap((row) => {
        const dt = doc.createElement('dt')
        dt.textContent = row.label
        const dd = doc.createElement('dd')
        dd.textContent = row.value
        return [dt, dd]
      }),
    )
    const asksCode = typeof view.code === 'string'
    codeField.hidden = !asksCode
    codeLabel.textContent = asksCode ? (view.code as string) : ''
    code.value = ''
    label()
    setEnabled(true)
    if (asksCode) code.focus()
    else reject.focus()
  }

  function answer(approved: boolean) {
    if (!frame || shown === undefined) return
    if (approved && !codeField.hidden && !codeOk()) return
    if (approved && passkeyOptions) {
      void answerWithPasskey(frame, shown, passkeyOptions)
      return
    }
    const withCode = approved && !codeField.hidden ? { code: code.value } : {}
    frame.postMessage({ channel: CONFIRM_CHANNEL, type: 'ANSWER', id: shown, approved, ...withCode }, origin)
    code.value = ''
    shown = undefined
    answered++
    setEnabled(false)
    phase = 'done'
    label()
  }

  /** A step-up by passkey: the ceremony here, then the answer with its assertion; a cancelled one leaves the request shown. */
  async function answerWithPasskey(to: Window, id: number, optionsJSON: Record<string, unknown>) {
    setEnabled(false)
    status.textContent = look.texts().stepUp.working
    let assertion: unknown
    try {
      assertion = await getAssertion(optionsJSON)
    } catch {
      if (shown === id) setEnabled(true)
      status.textContent = ''
      return
    }
    if (shown !== id) return
    to.postMessage({ channel: CONFIRM_CHANNEL, type: 'ANSWER', id, approved: true, assertion }, origin)
    shown = undefined
    passkeyOptions = undefined
    answered++
    phase = 'done'
    label()
  }

  code.addEventListener('input', () => {
    confirm.disabled = reject.disabled || !codeOk()
  })
  code.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && codeOk()) {
      event.preventDefault()
      answer(true)
    }
  })
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

  const ready = async () => {
    await loading
  }
  if (!opener) {
    phase = 'noOpener'
    label()
    return { answer, stop, ready }
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
        show(message.id, message.view, message.look)
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
  return { answer, stop, ready }
}
