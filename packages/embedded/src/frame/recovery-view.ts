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

import { ENGLISH, type FrameTexts } from './texts'

/** The texts of the views in English (./texts.ts has every locale's). */
export const RECOVERY_VIEW_TEXTS = ENGLISH.recovery

export interface RecoveryView {
  /**
   * Ask for the recovery secret; `recover` runs on each submit (its error is shown, the view stays).
   * Resolves true once `recover` succeeded, false when the user cancels or the view is hidden.
   */
  ask(recover: (secret: string) => Promise<void>, stepUp?: StepUp): Promise<boolean>
  /** Show the recovery secret; resolves true when the user says they have saved it, false when the view is hidden first. */
  showSecret(secret: string): Promise<boolean>
  /** Remove the view (and so any secret's text) from the document. */
  hide(): void
  /** Is a view up? */
  shown(): boolean
}

/**
 * A new device's split needs a step-up when the user has a second factor: given (the user has a passkey), a
 * recovery refused with AUTH_ERRORS.stepUpRequired offers "Use a passkey", whose click calls this (it opens the
 * passkey's window on this origin in that click), then recovers with the secret typed.
 */
export type StepUp = () => Promise<void>
/** AUTH_ERRORS.stepUpRequired (@portico/protocol/auth), the text a recovery fails with without the step-up. */
const STEP_UP_REQUIRED = 'Confirm with your second factor first'

const BUTTON = 'portico-button'
const PRIMARY = 'portico-button portico-button-primary'

/** The views in `doc` (the frame's document); `texts`: the locale shown's (./look.ts), read when a view shows. Styled by ./frame.css. */
export function createRecoveryView(
  doc: Document,
  options: { texts?: () => FrameTexts['recovery']; copy?: (text: string) => Promise<void> } = {},
): RecoveryView {
  const textsOf = options.texts ?? (() => RECOVERY_VIEW_TEXTS)
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

  function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: { text?: string; testId?: string; className?: string } = {}) {
    const node = doc.createElement(tag)
    if (props.text !== undefined) node.textContent = props.text
    if (props.testId) node.setAttribute('data-testid', props.testId)
    if (props.className) node.className = props.className
    return node
  }

  function button(label: string, testId: string, onClick: () => void, className = BUTTON): HTMLButtonElement {
    const node = el('button', { text: label, testId, className })
    node.type = 'button'
    node.addEventListener('click', onClick)
    return node
  }

  function section(testId: string, titleText: string): HTMLElement {
    hide()
    const node = el('section', { testId, className: 'portico-view' })
    const titleId = `${testId}-title`
    node.setAttribute('aria-labelledby', titleId)
    const title = el('h2', { text: titleText, className: 'portico-title' })
    title.id = titleId
    node.append(title)
    doc.body.append(node)
    root = node
    return node
  }

  return {
    ask(recover, stepUp) {
      const texts = textsOf()
      const view = section('portico-recovery', texts.title)
      const form = el('form', { className: 'portico-form' })
      const intro = el('p', { text: texts.intro, className: 'portico-secondary' })
      const label = el('label', { text: texts.label, className: 'portico-label' })
      const input = el('input', { testId: 'portico-recovery-secret', className: 'portico-input' })
      input.id = 'portico-recovery-secret'
      label.htmlFor = input.id
      Object.assign(input, { autocomplete: 'off', spellcheck: false, required: true })
      input.setAttribute('autocapitalize', 'characters')
      const error = el('p', { testId: 'portico-recovery-error', className: 'portico-error' })
      error.setAttribute('role', 'alert')
      const actions = el('div', { className: 'portico-actions' })
      const submit = el('button', { text: texts.recover, testId: 'portico-recovery-submit', className: PRIMARY })
      submit.type = 'submit'
      return new Promise<boolean>((resolve) => {
        settle = () => resolve(false)
        const cancel = button(texts.cancel, 'portico-recovery-cancel', hide)
        actions.append(cancel, submit)
        form.append(intro, label, input, error, actions)
        view.append(form)
        // Shown when the recovery needs a step-up and the user has a passkey: the passkey, then the recovery again.
        const passkey = button(texts.usePasskey, 'portico-recovery-passkey', () => {
          if (!stepUp || submit.disabled) return
          passkey.remove()
          run(() => stepUp().then(() => recover(input.value)))
        })
        const run = (attempt: () => Promise<void>) => {
          submit.disabled = true
          submit.textContent = texts.recovering
          error.textContent = ''
          attempt().then(
            () => {
              // Recovered: the view goes, and the ask says so (not a cancel).
              settle = undefined
              hide()
              resolve(true)
            },
            (failure: unknown) => {
              submit.disabled = false
              submit.textContent = texts.recover
              const message = failure instanceof Error ? failure.message : String(failure)
              // The custody's two texts about the secret, in the view's locale; anything else as it came.
              error.textContent =
                message === ENGLISH.recovery.badSecret
                  ? texts.badSecret
                  : message === ENGLISH.recovery.wrongSecret
                    ? texts.wrongSecret
                    : message
              if (message === STEP_UP_REQUIRED && stepUp) actions.append(passkey)
              input.focus()
            },
          )
        }
        form.addEventListener('submit', (event) => {
          event.preventDefault()
          if (submit.disabled) return
          run(() => recover(input.value))
        })
        input.focus()
      })
    },

    showSecret(secret) {
      const texts = textsOf()
      const view = section('portico-recovery-secret-view', texts.secretTitle)
      const note = el('p', { text: texts.secretNote, className: 'portico-secondary' })
      note.setAttribute('role', 'note')
      const value = el('code', { text: secret, testId: 'portico-recovery-secret-value', className: 'portico-code' })
      const actions = el('div', { className: 'portico-actions' })
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
        const saved = button(
          texts.saved,
          'portico-recovery-secret-saved',
          () => {
            settle = undefined
            hide()
            resolve(true)
          },
          PRIMARY,
        )
        actions.append(copyButton, saved)
        view.append(note, value, actions)
        saved.focus()
      })
    },

    hide,
    shown: () => root !== undefined,
  }
}
