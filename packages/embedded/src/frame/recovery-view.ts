/**
 * Recovery (issue 22 §2) in the FRAME's own document, as key export is (./export-view): its origin is not
 * the host page's, so the host can read neither the recovery secret shown after sign-up nor the one typed
 * on a new device, and neither travels in a message. The host only makes room for the frame (shows it over
 * its modal) while a view is up.
 *
 * - `ask`: a new device (no device share) asks for the recovery secret; `recover` (the key-share core's
 *   recovery: ./custody.ts) runs on submit, its error shown under the field while the view stays, so that
 *   the user can correct a typo; the view goes once recovered (true) or cancelled (false).
 * - `showSecret`: the secret made at sign-up (kept in the frame's memory only), with Copy and "I have saved
 *   it".
 */

/** The texts of the views (English: the frame has no locale of its own yet). */
export const RECOVERY_VIEW_TEXTS = {
  title: 'Recover your wallet',
  intro: 'This device has no key share for this wallet. Type the recovery secret you saved when you made it.',
  label: 'Recovery secret',
  recover: 'Recover',
  recovering: 'Recovering…',
  cancel: 'Cancel',
  secretTitle: 'Your recovery secret',
  secretNote:
    'Keep it where only you can find it. With it you can use this wallet on a new device; no one, not even this site, can recover the wallet for you without it.',
  copy: 'Copy',
  copied: 'Copied',
  saved: 'I have saved it',
} as const

export interface RecoveryView {
  /**
   * Ask for the recovery secret; `recover` runs on each submit (its error is shown, the view stays).
   * Resolves true once `recover` succeeded, false when the user cancels or the view is hidden.
   */
  ask(recover: (secret: string) => Promise<void>): Promise<boolean>
  /** Show the recovery secret; resolves true when the user says they have saved it, false when the view is hidden first. */
  showSecret(secret: string): Promise<boolean>
  /** Remove the view (and so any secret's text) from the document. */
  hide(): void
  /** Is a view up? */
  shown(): boolean
}

const BUTTON =
  'font:inherit;font-weight:600;padding:10px 14px;border-radius:10px;border:1px solid color-mix(in srgb, CanvasText 20%, transparent);background:Canvas;color:CanvasText;cursor:pointer;flex:1'
const SECTION =
  'position:fixed;inset:0;box-sizing:border-box;padding:16px;display:flex;flex-direction:column;gap:10px;background:Canvas;color:CanvasText;font:14px/1.4 system-ui,sans-serif;overflow:auto'

/** The views in `doc` (the frame's document). */
export function createRecoveryView(
  doc: Document,
  options: { texts?: typeof RECOVERY_VIEW_TEXTS; copy?: (text: string) => Promise<void> } = {},
): RecoveryView {
  const texts = options.texts ?? RECOVERY_VIEW_TEXTS
  const copy =
    options.copy ?? ((text: string) => doc.defaultView?.navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard')))
  let root: HTMLElement | undefined
  /** Settles the pending ask or showSecret when the view goes. */
  let settle: (() => void) | undefined

  function hide() {
    root?.remove()
    root = undefined
    const done = settle
    settle = undefined
    done?.()
  }

  function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: { text?: string; testId?: string; css?: string } = {}) {
    const node = doc.createElement(tag)
    if (props.text !== undefined) node.textContent = props.text
    if (props.testId) node.setAttribute('data-testid', props.testId)
    if (props.css) node.style.cssText = props.css
    return node
  }

  function button(label: string, testId: string, onClick: () => void): HTMLButtonElement {
    const node = el('button', { text: label, testId, css: BUTTON })
    node.type = 'button'
    node.addEventListener('click', onClick)
    return node
  }

  function section(testId: string, titleText: string): HTMLElement {
    hide()
    const node = el('section', { testId, css: SECTION })
    const titleId = `${testId}-title`
    node.setAttribute('aria-labelledby', titleId)
    const title = el('h2', { text: titleText, css: 'font-size:16px;margin:0' })
    title.id = titleId
    node.append(title)
    doc.body.append(node)
    root = node
    return node
  }

  return {
    ask(recover) {
      const view = section('portico-recovery', texts.title)
      const form = el('form', { css: 'display:flex;flex-direction:column;gap:12px;margin:0' })
      const intro = el('p', { text: texts.intro, css: 'margin:0' })
      const label = el('label', { text: texts.label, css: 'font-weight:600' })
      const input = el('input', {
        testId: 'portico-recovery-secret',
        css: 'font:15px/1.4 ui-monospace,monospace;padding:10px 12px;border-radius:10px;border:1px solid color-mix(in srgb, CanvasText 30%, transparent);background:Canvas;color:CanvasText',
      })
      input.id = 'portico-recovery-secret'
      label.htmlFor = input.id
      Object.assign(input, { autocomplete: 'off', spellcheck: false, required: true })
      input.setAttribute('autocapitalize', 'characters')
      const error = el('p', { testId: 'portico-recovery-error', css: 'margin:0;color:#b42318;min-height:1.4em' })
      error.setAttribute('role', 'alert')
      const actions = el('div', { css: 'display:flex;gap:8px' })
      const submit = el('button', { text: texts.recover, testId: 'portico-recovery-submit', css: BUTTON })
      submit.type = 'submit'
      return new Promise<boolean>((resolve) => {
        settle = () => resolve(false)
        const cancel = button(texts.cancel, 'portico-recovery-cancel', hide)
        actions.append(cancel, submit)
        form.append(intro, label, input, error, actions)
        view.append(form)
        form.addEventListener('submit', (event) => {
          event.preventDefault()
          if (submit.disabled) return
          submit.disabled = true
          submit.textContent = texts.recovering
          error.textContent = ''
          recover(input.value).then(
            () => {
              // Recovered: the view goes, and the ask says so (not a cancel).
              settle = undefined
              hide()
              resolve(true)
            },
            (failure: unknown) => {
              submit.disabled = false
              submit.textContent = texts.recover
              error.textContent = failure instanceof Error ? failure.message : String(failure)
              input.focus()
            },
          )
        })
        input.focus()
      })
    },

    showSecret(secret) {
      const view = section('portico-recovery-secret-view', texts.secretTitle)
      const note = el('p', { text: texts.secretNote, css: 'margin:0' })
      note.setAttribute('role', 'note')
      const value = el('code', {
        text: secret,
        testId: 'portico-recovery-secret-value',
        css: 'display:block;padding:10px 12px;border-radius:10px;background:color-mix(in srgb, CanvasText 6%, transparent);overflow-wrap:anywhere;user-select:all;font:14px/1.5 ui-monospace,monospace;letter-spacing:0.02em',
      })
      const actions = el('div', { css: 'display:flex;gap:8px' })
      return new Promise<boolean>((resolve) => {
        settle = () => resolve(false)
        const copyButton = button(texts.copy, 'portico-recovery-secret-copy', () => {
          void copy(secret).then(
            () => {
              copyButton.textContent = texts.copied
            },
            // No clipboard (permission): the secret stays selectable by hand.
            () => doc.getSelection()?.selectAllChildren(value),
          )
        })
        const saved = button(texts.saved, 'portico-recovery-secret-saved', () => {
          settle = undefined
          hide()
          resolve(true)
        })
        actions.append(copyButton, saved)
        view.append(note, value, actions)
        saved.focus()
      })
    },

    hide,
    shown: () => root !== undefined,
  }
}
