import type { EmailUpdateStep } from '@portico/headless'
import { Button } from '../../components/Button/Button'
import { useMessages } from '../../messages/context'
import * as email from '../EmailLogin/EmailLogin.css'
import { CodeStep, EmailForm, FocusedButton, MailStage, StepText } from '../shared/EmailSteps'
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

function badge(step: EmailUpdateStep) {
  if (step === 'sending' || step === 'verifying') return 'waiting'
  if (step === 'error') return 'error'
  if (step === 'done') return 'success'
  return undefined
}

function Stage({ step }: { step: EmailUpdateStep }) {
  return <MailStage badge={badge(step)} />
}

/**
 * UpdateEmailWallet: the new email; then a code to the current address ("Confirm your current
 * email"); then a code to the new address ("Confirm your new email"); then done, back to Account. A
 * failed start shows its text with Try again. Resend waits for the cooldown.
 */
export function UpdateEmailWalletView(props: UpdateEmailWalletViewProps) {
  const messages = useMessages()
  const { step, currentEmail, newEmail = '', code = '', error, secondsLeft = 0, canResend = false, resending = false } = props
  const m = messages.updateEmail
  const l = messages.emailLogin
  const anotherEmail = props.onChangeEmail && (
    <Button variant="ghost" fullWidth onClick={props.onChangeEmail} data-testid="portico-update-email-change">
      {l.useAnotherEmail}
    </Button>
  )

  if (step === 'idle') {
    return (
      <div className={shared.centered} data-testid="portico-update-email" data-step={step}>
        <EmailForm
          initial={newEmail}
          error={error}
          onSubmitEmail={props.onSubmitEmail}
          labels={m}
          testIds={{ form: 'portico-update-email-form', input: 'portico-update-email-input', submit: 'portico-update-email-submit' }}
          hint={currentEmail ? { text: m.emailHint(currentEmail), testId: 'portico-update-email-current' } : undefined}
        >
          {props.onBack && (
            <Button variant="ghost" fullWidth onClick={props.onBack} data-testid="portico-update-email-cancel">
              {m.cancel}
            </Button>
          )}
        </EmailForm>
      </div>
    )
  }

  if (step === 'error') {
    return (
      <div className={shared.centered} data-testid="portico-update-email" data-step={step}>
        <Stage step={step} />
        <StepText role="alert" heading={error ?? m.failed} hint={m.failedHint} />
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
        <StepText heading={m.done} hint={m.doneHint(newEmail)} />
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
        <StepText heading={m.sending} hint={m.sendingHint(currentEmail ?? '')} />
        <div className={email.actions}>{anotherEmail}</div>
      </div>
    )
  }

  // verifyPrimary, verifySecondary, verifying: the code step of the current or the new address.
  const busy = step === 'verifying'
  const secondary = step === 'verifySecondary' || (busy && props.stage === 'secondary')
  const to = secondary ? newEmail : (currentEmail ?? '')
  return (
    <div className={shared.centered} data-testid="portico-update-email" data-step={step} data-stage={secondary ? 'secondary' : 'primary'}>
      <Stage step={step} />
      <StepText heading={secondary ? m.verifySecondary : m.verifyPrimary} hint={m.codeHint(to)} />
      {/* A new key per address: the field is emptied and focused again for the second code. */}
      <CodeStep
        formKey={secondary ? 'secondary' : 'primary'}
        code={code}
        error={error}
        busy={busy}
        secondsLeft={secondsLeft}
        canResend={canResend}
        resending={resending}
        onCodeChange={props.onCodeChange}
        onSubmitCode={props.onSubmitCode}
        onResend={props.onResend}
        resendTestId="portico-update-email-resend"
      />
      {secondary && !busy && <p className={[shared.muted, email.wrapAnywhere].join(' ')}>{m.resendStartsOver}</p>}
      <div className={email.actions}>{anotherEmail}</div>
    </div>
  )
}
