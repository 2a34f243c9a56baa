import type { EmailLoginStep } from '@portico/headless'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { Input } from '../../components/Input/Input'
import { Spinner } from '../../components/Spinner/Spinner'
import { messages } from '../../messages'
import * as shared from '../shared/views.css'
import * as styles from './EmailLogin.css'
import { OtpInput } from './OtpInput'

export type EmailLoginViewProps = {
  /** Where the login is. */
  step: EmailLoginStep
  /** The email signed in with (prefilled in the email step). */
  email: string
  /** The code typed so far. @default '' */
  code?: string
  /** 'Invalid email. Try again.', a refused code's text, a failed sign-in's. @default undefined */
  error?: string
  /** Seconds until a new code may be asked for. @default 0 */
  secondsLeft?: number
  /** A new code may be asked for now. @default false */
  canResend?: boolean
  /** A new code is on its way. @default false */
  resending?: boolean
  onSubmitEmail?: (email: string) => void
  onCodeChange?: (value: string) => void
  onSubmitCode?: () => void
  onResend?: () => void
  onRetry?: () => void
  /** Back to the email field ("Use another email"). */
  onChangeEmail?: () => void
}

/** Focus `ref` when the element appears (a step changed without a route change). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return ref
}

function Stage({ step }: { step: EmailLoginStep }) {
  const waiting = step === 'sending' || step === 'verifyDevice' || step === 'verifying'
  return (
    <span className={styles.stage} aria-hidden="true">
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
      {step === 'connected' && (
        <span className={[shared.badge, styles.badgeSuccess].join(' ')}>
          <Icon name="check" size={14} />
        </span>
      )}
    </span>
  )
}

function EmailForm({ email, error, onSubmitEmail }: Pick<EmailLoginViewProps, 'email' | 'error' | 'onSubmitEmail'>) {
  const m = messages.emailLogin
  const [value, setValue] = useState(email)
  const errorId = useId()
  const input = useFocusOnMount<HTMLInputElement>()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmitEmail?.(value)
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="portico-email-login-form">
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
        aria-describedby={error ? errorId : undefined}
        data-autofocus=""
        data-testid="portico-email-input"
      />
      {error && (
        <p role="alert" id={errorId} className={styles.alert}>
          <Icon name="error" size={16} />
          {error}
        </p>
      )}
      <Button type="submit" fullWidth data-testid="portico-email-submit">
        {m.submit}
      </Button>
    </form>
  )
}

/**
 * Email login: the email (prefilled from Connect; shown again when it was invalid), then the step the
 * auth connector asks for — approve this device by the emailed link, or type the emailed 6-digit
 * code (resend after a cooldown) — then checking, signed in, or the failure with Try again.
 */
export function EmailLoginView(props: EmailLoginViewProps) {
  const { step, email, code = '', error, secondsLeft = 0, canResend = false, resending = false } = props
  const m = messages.emailLogin
  const errorId = useId()
  const anotherEmail = props.onChangeEmail && (
    <Button variant="ghost" fullWidth onClick={props.onChangeEmail} data-testid="portico-email-change">
      {m.useAnotherEmail}
    </Button>
  )

  if (step === 'idle') {
    return (
      <div className={shared.centered} data-testid="portico-email-login" data-step={step}>
        <EmailForm email={email} error={error} onSubmitEmail={props.onSubmitEmail} />
      </div>
    )
  }

  if (step === 'error') {
    return (
      <div className={shared.centered} data-testid="portico-email-login" data-step={step}>
        <Stage step={step} />
        <div role="alert" className={styles.text}>
          <p className={shared.heading}>{error ?? m.failed}</p>
          <p className={[shared.muted, styles.wrapAnywhere].join(' ')}>{m.failedHint}</p>
        </div>
        <div className={styles.actions}>
          {props.onRetry && <RetryButton onClick={props.onRetry} />}
          {anotherEmail}
        </div>
      </div>
    )
  }

  if (step === 'verifyOtp' || step === 'verifying') {
    const busy = step === 'verifying'
    const submit = (e: FormEvent) => {
      e.preventDefault()
      props.onSubmitCode?.()
    }
    return (
      <div className={shared.centered} data-testid="portico-email-login" data-step={step}>
        <Stage step={step} />
        <div role="status" aria-live="polite" className={styles.text}>
          <p className={shared.heading}>{m.verifyOtp}</p>
          <p className={[shared.muted, styles.wrapAnywhere].join(' ')}>{m.verifyOtpHint(email)}</p>
        </div>
        <form className={styles.form} onSubmit={submit} noValidate>
          <OtpInput value={code} onChange={(v) => props.onCodeChange?.(v)} label={m.otpLabel} errorId={error && !busy ? errorId : undefined} busy={busy} />
        </form>
        {busy ? (
          <p role="status" className={styles.status}>
            <Spinner size={16} />
            {m.verifying}
          </p>
        ) : (
          error && (
            <p role="alert" id={errorId} className={styles.alert}>
              <Icon name="error" size={16} />
              {error}
            </p>
          )
        )}
        <p className={styles.resendRow}>
          <span>{m.noCode}</span>
          <button type="button" className={styles.linkButton} onClick={props.onResend} disabled={!canResend || busy} data-testid="portico-email-resend">
            {resending ? m.resending : secondsLeft > 0 ? m.resendIn(secondsLeft) : m.resend}
          </button>
        </p>
        <div className={styles.actions}>{anotherEmail}</div>
      </div>
    )
  }

  const [heading, hint] =
    step === 'verifyDevice' ? [m.verifyDevice, m.verifyDeviceHint(email)] : step === 'connected' ? [m.connected, email] : [m.sending, m.sendingHint(email)]
  return (
    <div className={shared.centered} data-testid="portico-email-login" data-step={step}>
      <Stage step={step} />
      <div role="status" aria-live="polite" className={styles.text}>
        <p className={shared.heading}>{heading}</p>
        <p className={[shared.muted, styles.wrapAnywhere].join(' ')}>{hint}</p>
      </div>
      {step === 'verifyDevice' && (
        <p className={styles.status}>
          <Spinner size={16} />
          {m.waitingForApproval}
        </p>
      )}
      {step !== 'connected' && <div className={styles.actions}>{anotherEmail}</div>}
    </div>
  )
}

function RetryButton({ onClick }: { onClick: () => void }) {
  const ref = useFocusOnMount<HTMLButtonElement>()
  return (
    <Button ref={ref} variant="primary" fullWidth onClick={onClick} icon={<Icon name="refresh" size={18} />} data-autofocus="" data-testid="portico-email-retry">
      {messages.emailLogin.retry}
    </Button>
  )
}
