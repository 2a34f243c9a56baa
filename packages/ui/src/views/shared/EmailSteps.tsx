import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { Input } from '../../components/Input/Input'
import { Spinner } from '../../components/Spinner/Spinner'
import { useMessages } from '../../messages/context'
import * as email from '../EmailLogin/EmailLogin.css'
import { OtpInput } from '../EmailLogin/OtpInput'
import * as shared from './views.css'

// The pieces the email login (EmailLogin) and the email update (UpdateEmailWallet) both draw:
// the mail icon with its badge, a step's heading and hint, the email form, the code step, and the
// button that takes focus when it appears.

/** Focus `ref` when the element appears (a step changed without a route change). */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return ref
}

/** The mail icon, with a spinner (waiting), a cross (error) or a check (success) badge. */
export function MailStage({ badge }: { badge?: 'waiting' | 'error' | 'success' }) {
  return (
    <span className={email.stage} aria-hidden="true">
      <Icon name="mail" size={32} />
      {badge === 'waiting' && (
        <span className={[shared.badge, shared.badgeWaiting].join(' ')}>
          <Spinner size={16} accent />
        </span>
      )}
      {badge === 'error' && (
        <span className={[shared.badge, shared.badgeError].join(' ')}>
          <Icon name="close" size={14} />
        </span>
      )}
      {badge === 'success' && (
        <span className={[shared.badge, email.badgeSuccess].join(' ')}>
          <Icon name="check" size={14} />
        </span>
      )}
    </span>
  )
}

/** A step's heading and hint: a polite status, or an alert for a failure. */
export function StepText({ role = 'status', heading, hint }: { role?: 'status' | 'alert'; heading: ReactNode; hint: ReactNode }) {
  return (
    <div role={role} aria-live={role === 'status' ? 'polite' : undefined} className={email.text}>
      <p className={shared.heading}>{heading}</p>
      <p className={[shared.muted, email.wrapAnywhere].join(' ')}>{hint}</p>
    </div>
  )
}

/** An error line (role=alert) that a field points to by `id`. */
function AlertLine({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p role="alert" id={id} className={email.alert}>
      <Icon name="error" size={16} />
      {children}
    </p>
  )
}

export type EmailFormProps = {
  /** The field's first value. */
  initial: string
  error?: string
  onSubmitEmail?: (email: string) => void
  /** The field's label, placeholder and the submit button's text. */
  labels: { emailLabel: string; emailPlaceholder: string; submit: string }
  testIds: { form: string; input: string; submit: string }
  /** A line above the field that describes it. */
  hint?: { text: string; testId: string }
  /** After the submit button (a cancel button). */
  children?: ReactNode
}

/** The email field (focused when it appears), its error, and the submit button. */
export function EmailForm({ initial, error, onSubmitEmail, labels, testIds, hint, children }: EmailFormProps) {
  const [value, setValue] = useState(initial)
  const errorId = useId()
  const hintId = useId()
  const input = useFocusOnMount<HTMLInputElement>()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmitEmail?.(value)
  }
  return (
    <form className={email.form} onSubmit={submit} noValidate data-testid={testIds.form}>
      {hint && (
        <p id={hintId} className={[shared.muted, email.wrapAnywhere].join(' ')} data-testid={hint.testId}>
          {hint.text}
        </p>
      )}
      <Input
        ref={input}
        label={labels.emailLabel}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={labels.emailPlaceholder}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        icon="mail"
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined}
        data-autofocus=""
        data-testid={testIds.input}
      />
      {error && <AlertLine id={errorId}>{error}</AlertLine>}
      <Button type="submit" fullWidth data-testid={testIds.submit}>
        {labels.submit}
      </Button>
      {children}
    </form>
  )
}

export type CodeStepProps = {
  /** The code typed so far. */
  code: string
  /** A refused code's text (not shown while busy). */
  error?: string
  /** The code is being checked. */
  busy: boolean
  secondsLeft: number
  canResend: boolean
  resending: boolean
  onCodeChange?: (value: string) => void
  onSubmitCode?: () => void
  onResend?: () => void
  resendTestId: string
  /** The form's key: a new one empties and focuses the field again. */
  formKey?: string
}

/** The 6-digit code field, 'Verifying…' or the code's error, and the resend line. */
export function CodeStep(props: CodeStepProps) {
  const messages = useMessages()
  const { code, error, busy, secondsLeft, canResend, resending } = props
  const m = messages.emailLogin
  const errorId = useId()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    props.onSubmitCode?.()
  }
  return (
    <>
      <form key={props.formKey} className={email.form} onSubmit={submit} noValidate>
        <OtpInput
          value={code}
          onChange={(v) => props.onCodeChange?.(v)}
          label={m.otpLabel}
          errorId={error && !busy ? errorId : undefined}
          busy={busy}
        />
      </form>
      {busy ? (
        <p role="status" className={email.status}>
          <Spinner size={16} />
          {m.verifying}
        </p>
      ) : (
        error && <AlertLine id={errorId}>{error}</AlertLine>
      )}
      <p className={email.resendRow}>
        <span>{m.noCode}</span>
        <button
          type="button"
          className={email.linkButton}
          onClick={props.onResend}
          disabled={!canResend || busy}
          data-testid={props.resendTestId}
        >
          {resending ? m.resending : secondsLeft > 0 ? m.resendIn(secondsLeft) : m.resend}
        </button>
      </p>
    </>
  )
}

/** A full-width primary button that takes focus when it appears (Try again, Back to account). */
export function FocusedButton({ onClick, label, testId, icon }: { onClick: () => void; label: string; testId: string; icon?: 'refresh' }) {
  const ref = useFocusOnMount<HTMLButtonElement>()
  return (
    <Button
      ref={ref}
      variant="primary"
      fullWidth
      onClick={onClick}
      icon={icon ? <Icon name={icon} size={18} /> : undefined}
      data-autofocus=""
      data-testid={testId}
    >
      {label}
    </Button>
  )
}
