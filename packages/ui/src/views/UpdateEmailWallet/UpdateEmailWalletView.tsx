import type { EmailUpdateStep } from '@portico/headless'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { Input } from '../../components/Input/Input'
import { Spinner } from '../../components/Spinner/Spinner'
import { messages } from '../../messages'
import * as email from '../EmailLogin/EmailLogin.css'
import { OtpInput } from '../EmailLogin/OtpInput'
import * as shared from '../shared/views.css'

export type UpdateEmailWalletViewProps = {
  /** Where the update is. */
  step: EmailUpdateStep
  /** The email signed in with now. @default undefined */
  currentEmail?: string
  /** The email to change to (prefilled in the email step). @default '' */
  newEmail?: string
  /** Which address the code step (and its check) is for. @default 'primary' */
  stage?: 'primary' | 'secondary'
  /** The code typed so far. @default '' */
  code?: string
  /** 'Invalid email. Try again.', 'That is already your email', a refused code's or update's text. @default undefined */
  error?: string
  /** Seconds until a new code may be asked for. @default 0 */
  secondsLeft?: number
  /** A new code may be asked for now. @default false */
  canResend?: boolean
  /** A new code is on its way. @default false */
  resending?: boolean
  onSubmitEmail?: (newEmail: string) => void
  onCodeChange?: (value: string) => void
  onSubmitCode?: () => void
  onResend?: () => void
  onRetry?: () => void
  /** Give the update up, back to the email field ("Use another email"). */
  onChangeEmail?: () => void
  /** Back to Account (the cancel button of the email step, and after success). */
  onBack?: () => void
}

/** Focus `ref` when the element appears (a step changed without a route change). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return ref
}

function Stage({ step }: { step: EmailUpdateStep }) {
  const waiting = step === 'sending' || step === 'verifying'
  return (
    <span className={email.stage} aria-hidden="true">
      <Icon name="mail" size={32} />
      {waiting && (
        <span className={[shared.badge, shared.badgeWaiting].join(' ')}>
          <Spinner size={16} accent />
        </span>
      )}
      {step === 'error' && (
        <span className={[shared.badge, shared.badgeError].join(' ')}>
          <Icon name="close" size={14} />
        </span>
      )}
      {step === 'done' && (
        <span className={[shared.badge, email.badgeSuccess].join(' ')}>
          <Icon name="check" size={14} />
        </span>
      )}
    </span>
  )
}

function EmailForm({ currentEmail, newEmail, error, onSubmitEmail, onBack }: Pick<UpdateEmailWalletViewProps, 'currentEmail' | 'newEmail' | 'error' | 'onSubmitEmail' | 'onBack'>) {
  const m = messages.updateEmail
  const [value, setValue] = useState(newEmail ?? '')
  const errorId = useId()
  const hintId = useId()
  const input = useFocusOnMount<HTMLInputElement>()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmitEmail?.(value)
  }
  return (
    <form className={email.form} onSubmit={submit} noValidate data-testid="portico-update-email-form">
      {currentEmail && (
        <p id={hintId} className={[shared.muted, email.wrapAnywhere].join(' ')} data-testid="portico-update-email-current">
          {m.emailHint(currentEmail)}
        </p>
      )}
      <Input
        ref={input}
        label={m.emailLabel}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={m.emailPlaceholder}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        icon="mail"
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : '', currentEmail ? hintId : ''].filter(Boolean).join(' ') || undefined}
        data-autofocus=""
        data-testid="portico-update-email-input"
      />
      {error && (
        <p role="alert" id={errorId} className={email.alert}>
          <Icon name="error" size={16} />
          {error}
        </p>
      )}
      <Button type="submit" fullWidth data-testid="portico-update-email-submit">
        {m.submit}
      </Button>
      {onBack && (
        <Button variant="ghost" fullWidth onClick={onBack} data-testid="portico-update-email-cancel">
          {m.cancel}
        </Button>
      )}
    </form>
  )
}

/**
 * UpdateEmailWallet: the new email; then a code to the current address ("Confirm your current
 * email"); then a code to the new address ("Confirm your new email"); then done, back to Account. A
 * failed start shows its text with Try again. Resend waits for the cooldown.
 */
export function UpdateEmailWalletView(props: UpdateEmailWalletViewProps) {
  const { step, currentEmail, newEmail = '', code = '', error, secondsLeft = 0, canResend = false, resending = false } = props
  const m = messages.updateEmail
  const l = messages.emailLogin
  const errorId = useId()
  const anotherEmail = props.onChangeEmail && (
    <Button variant="ghost" fullWidth onClick={props.onChangeEmail} data-testid="portico-update-email-change">
      {l.useAnotherEmail}
    </Button>
  )

  if (step === 'idle') {
    return (
      <div className={shared.centered} data-testid="portico-update-email" data-step={step}>
        <EmailForm currentEmail={currentEmail} newEmail={newEmail} error={error} onSubmitEmail={props.onSubmitEmail} onBack={props.onBack} />
      </div>
    )
  }

  if (step === 'error') {
    return (
      <div className={shared.centered} data-testid="portico-update-email" data-step={step}>
        <Stage step={step} />
        <div role="alert" className={email.text}>
          <p className={shared.heading}>{error ?? m.failed}</p>
          <p className={[shared.muted, email.wrapAnywhere].join(' ')}>{m.failedHint}</p>
        </div>
        <div className={email.actions}>
          {props.onRetry && <FocusedButton onClick={props.onRetry} icon="refresh" testId="portico-update-email-retry" label={l.retry} />}
          {anotherEmail}
        </div>
      </div>
    )
  }

  if (step === 'done') {
    return (
      <div className={shared.centered} data-testid="portico-update-email" data-step={step}>
        <Stage step={step} />
        <div role="status" aria-live="polite" className={email.text}>
          <p className={shared.heading}>{m.done}</p>
          <p className={[shared.muted, email.wrapAnywhere].join(' ')}>{m.doneHint(newEmail)}</p>
        </div>
        {props.onBack && (
          <div className={email.actions}>
            <FocusedButton onClick={props.onBack} testId="portico-update-email-done" label={m.backToAccount} />
          </div>
        )}
      </div>
    )
  }

  if (step === 'sending') {
    return (
      <div className={shared.centered} data-testid="portico-update-email" data-step={step}>
        <Stage step={step} />
        <div role="status" aria-live="polite" className={email.text}>
          <p className={shared.heading}>{m.sending}</p>
          <p className={[shared.muted, email.wrapAnywhere].join(' ')}>{m.sendingHint(currentEmail ?? '')}</p>
        </div>
        <div className={email.actions}>{anotherEmail}</div>
      </div>
    )
  }

  // verifyPrimary, verifySecondary, verifying: the code step of the current or the new address.
  const busy = step === 'verifying'
  const secondary = step === 'verifySecondary' || (busy && props.stage === 'secondary')
  const to = secondary ? newEmail : (currentEmail ?? '')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    props.onSubmitCode?.()
  }
  return (
    <div className={shared.centered} data-testid="portico-update-email" data-step={step} data-stage={secondary ? 'secondary' : 'primary'}>
      <Stage step={step} />
      <div role="status" aria-live="polite" className={email.text}>
        <p className={shared.heading}>{secondary ? m.verifySecondary : m.verifyPrimary}</p>
        <p className={[shared.muted, email.wrapAnywhere].join(' ')}>{m.codeHint(to)}</p>
      </div>
      {/* A new key per address: the field is emptied and focused again for the second code. */}
      <form key={secondary ? 'secondary' : 'primary'} className={email.form} onSubmit={submit} noValidate>
        <OtpInput value={code} onChange={(v) => props.onCodeChange?.(v)} label={l.otpLabel} errorId={error && !busy ? errorId : undefined} busy={busy} />
      </form>
      {busy ? (
        <p role="status" className={email.status}>
          <Spinner size={16} />
          {l.verifying}
        </p>
      ) : (
        error && (
          <p role="alert" id={errorId} className={email.alert}>
            <Icon name="error" size={16} />
            {error}
          </p>
        )
      )}
      <p className={email.resendRow}>
        <span>{l.noCode}</span>
        <button type="button" className={email.linkButton} onClick={props.onResend} disabled={!canResend || busy} data-testid="portico-update-email-resend">
          {resending ? l.resending : secondsLeft > 0 ? l.resendIn(secondsLeft) : l.resend}
        </button>
      </p>
      {secondary && !busy && <p className={[shared.muted, email.wrapAnywhere].join(' ')}>{m.resendStartsOver}</p>}
      <div className={email.actions}>{anotherEmail}</div>
    </div>
  )
}

function FocusedButton({ onClick, label, testId, icon }: { onClick: () => void; label: string; testId: string; icon?: 'refresh' }) {
  const ref = useFocusOnMount<HTMLButtonElement>()
  return (
    <Button ref={ref} variant="primary" fullWidth onClick={onClick} icon={icon ? <Icon name={icon} size={18} /> : undefined} data-autofocus="" data-testid={testId}>
      {label}
    </Button>
  )
}
