import type { EmailLoginStep } from '@portico/headless'
import { Button } from '../../components/Button/Button'
import { Spinner } from '../../components/Spinner/Spinner'
import { useMessages } from '../../messages/context'
import { CodeStep, EmailForm, FocusedButton, MailStage, StepText } from '../shared/EmailSteps'
import * as shared from '../shared/views.css'
import * as styles from './EmailLogin.css'

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

function badge(step: EmailLoginStep) {
  if (step === 'sending' || step === 'verifyDevice' || step === 'verifying') return 'waiting'
  if (step === 'error') return 'error'
  if (step === 'connected') return 'success'
  return undefined
}

function Stage({ step }: { step: EmailLoginStep }) {
  return <MailStage badge={badge(step)} />
}

/**
 * Email login: the email (prefilled from Connect; shown again when it was invalid), then the step the
 * auth connector asks for — approve this device by the emailed link, or type the emailed 6-digit
 * code (resend after a cooldown) — then checking, signed in, or the failure with Try again.
 */
export function EmailLoginView(props: EmailLoginViewProps) {
  const messages = useMessages()
  const { step, email, code = '', error, secondsLeft = 0, canResend = false, resending = false } = props
  const m = messages.emailLogin
  const anotherEmail = props.onChangeEmail && (
    <Button variant="ghost" fullWidth onClick={props.onChangeEmail} data-testid="portico-email-change">
      {m.useAnotherEmail}
    </Button>
  )

  if (step === 'idle') {
    return (
      <div className={shared.centered} data-testid="portico-email-login" data-step={step}>
        <EmailForm
          initial={email}
          error={error}
          onSubmitEmail={props.onSubmitEmail}
          labels={m}
          testIds={{ form: 'portico-email-login-form', input: 'portico-email-input', submit: 'portico-email-submit' }}
        />
      </div>
    )
  }

  if (step === 'error') {
    return (
      <div className={shared.centered} data-testid="portico-email-login" data-step={step}>
        <Stage step={step} />
        <StepText role="alert" heading={error ?? m.failed} hint={m.failedHint} />
        <div className={styles.actions}>
          {props.onRetry && <FocusedButton onClick={props.onRetry} icon="refresh" testId="portico-email-retry" label={m.retry} />}
          {anotherEmail}
        </div>
      </div>
    )
  }

  if (step === 'verifyOtp' || step === 'verifying') {
    return (
      <div className={shared.centered} data-testid="portico-email-login" data-step={step}>
        <Stage step={step} />
        <StepText heading={m.verifyOtp} hint={m.verifyOtpHint(email)} />
        <CodeStep
          code={code}
          error={error}
          busy={step === 'verifying'}
          secondsLeft={secondsLeft}
          canResend={canResend}
          resending={resending}
          onCodeChange={props.onCodeChange}
          onSubmitCode={props.onSubmitCode}
          onResend={props.onResend}
          resendTestId="portico-email-resend"
        />
        <div className={styles.actions}>{anotherEmail}</div>
      </div>
    )
  }

  const [heading, hint] =
    step === 'verifyDevice'
      ? [m.verifyDevice, m.verifyDeviceHint(email)]
      : step === 'connected'
        ? [m.connected, email]
        : [m.sending, m.sendingHint(email)]
  return (
    <div className={shared.centered} data-testid="portico-email-login" data-step={step}>
      <Stage step={step} />
      <StepText heading={heading} hint={hint} />
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
