/**
 * Email capture (SPEC §1): after a wallet connects in the modal, when the `emailCapture` flag is on
 * and the visitor has not answered for this account yet, an optional prompt asks for an email. The
 * email is checked (SPEC §5) before any request, sent with the account (POST /v1/email-capture), and
 * the server mails a confirmation link (double opt-in): "Check your inbox". Skip or a sent email is
 * remembered per account, so the prompt shows once. Accounts that already carry an email (the
 * embedded wallet's email login) are never asked.
 */
import type { EmailCaptureRequest, EmailCaptureResponse } from '@portico/protocol/capture'
import { atom, type ReadableAtom } from 'nanostores'
import { INVALID_EMAIL, isValidEmail, normalizeEmail } from '../embedded/rules'

/**
 * - `idle`: no prompt;
 * - `form`: the email field (with `error` after an invalid email);
 * - `sending`: the request is in flight;
 * - `sent`: the confirmation mail went out ("Check your inbox"), or the email was confirmed already (`confirmed`);
 * - `failed`: the request failed (`error` holds the SPEC §8 text); Try again sends it again.
 */
export type EmailCaptureStep = 'idle' | 'form' | 'sending' | 'sent' | 'failed'

export interface EmailCaptureState {
  step: EmailCaptureStep
  /** The account asked about (CAIP-10, `eip155:1:0xabc…`), null when idle. */
  account: string | null
  /** The email typed or sent. */
  email: string
  /** 'Invalid email. Try again.' on the form, the failure's text when failed. */
  error: string | null
  /** The server had this email confirmed for the account already. @default false */
  confirmed: boolean
}

/** A connected account the prompt may be for. */
export interface CaptureAccount {
  /** Remembered as answered under this key (`namespace:address`, EVM addresses lower-cased). */
  key: string
  /** CAIP-10 sent to the server. */
  caipAddress: string
  /** The account already has an email (email login): never asked. */
  hasEmail: boolean
}

export interface EmailCaptureDeps {
  submit: (body: EmailCaptureRequest) => Promise<EmailCaptureResponse>
  /** The merged `emailCapture` flag. */
  enabled: () => boolean
  answered: (key: string) => boolean
  remember: (key: string) => void
  /** Shows the prompt's view (pushed over Account) and leaves it. */
  show: () => void
  leave: () => void
}

const IDLE: EmailCaptureState = { step: 'idle', account: null, email: '', error: null, confirmed: false }

/** The key an account is remembered under: `namespace:address`, EVM addresses lower-cased (checksums vary). */
export const accountKey = (namespace: string, address: string): string =>
  `${namespace}:${namespace === 'eip155' ? address.toLowerCase() : address}`

export function createEmailCapture(deps: EmailCaptureDeps) {
  const $capture = atom<EmailCaptureState>(IDLE)
  let current: CaptureAccount | null = null
  const set = (patch: Partial<EmailCaptureState>) => $capture.set({ ...$capture.get(), ...patch })

  /** Whether `account` is to be asked: the flag is on, it has no email, and it was not answered. */
  const shouldAsk = (account: CaptureAccount): boolean => deps.enabled() && !account.hasEmail && !deps.answered(account.key)

  /** Ask about `account` (after it connected): shows the prompt when it should; true when it did. */
  function prompt(account: CaptureAccount): boolean {
    if (!shouldAsk(account)) return false
    current = account
    $capture.set({ ...IDLE, step: 'form', account: account.caipAddress })
    deps.show()
    return true
  }

  /** Send `email` for the prompted account: checked first (SPEC §5), then POST; never rejects. */
  async function submit(email: string): Promise<void> {
    const account = current
    const state = $capture.get()
    if (!account || state.step === 'sending' || state.step === 'idle') return
    const value = normalizeEmail(email)
    if (!isValidEmail(value)) {
      set({ step: 'form', email: value, error: INVALID_EMAIL })
      return
    }
    set({ step: 'sending', email: value, error: null })
    try {
      const result = await deps.submit({ email: value, account: account.caipAddress })
      if (current !== account) return
      deps.remember(account.key)
      set({ step: 'sent', confirmed: result.status === 'confirmed' })
    } catch (error) {
      if (current !== account) return
      set({ step: 'failed', error: error instanceof Error && error.message ? error.message : String(error) })
    }
  }

  /** The failed email again. */
  const retry = (): Promise<void> => submit($capture.get().email)

  /** Back to the form from a failure (another email). */
  function edit(): void {
    if ($capture.get().step === 'failed') set({ step: 'form', error: null })
  }

  /** No email for this account: remembered, the prompt leaves. */
  function skip(): void {
    if (current) deps.remember(current.key)
    finish()
  }

  /** Close the prompt (after "Check your inbox"), back to where the modal was. */
  function finish(): void {
    const shown = $capture.get().step !== 'idle'
    current = null
    $capture.set(IDLE)
    if (shown) deps.leave()
  }

  /** Forget the prompt without leaving (the modal closed, the account went away). */
  function reset(): void {
    current = null
    $capture.set(IDLE)
  }

  return { $capture: $capture as ReadableAtom<EmailCaptureState>, prompt, submit, retry, edit, skip, finish, reset, shouldAsk }
}

export type EmailCaptureFlow = ReturnType<typeof createEmailCapture>
