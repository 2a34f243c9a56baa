import type { EmailCaptureStep } from '@portico/headless'
import type { ReactNode } from 'react'
import { Button } from '../../components/Button/Button'
import { useMessages } from '../../messages/context'
import * as email from '../EmailLogin/EmailLogin.css'
import { EmailForm, FocusedButton, MailStage, StepText } from '../shared/EmailSteps'
import * as shared from '../shared/views.css'

export type EmailCaptureViewProps = {
  /** Where the prompt is ('idle' draws the form too). */
  step: EmailCaptureStep
  /** The email typed or sent. @default '' */
  email?: string
  /** The form's 'Invalid email' text, or the failure's text. @default undefined */
  error?: string
  /** The server had this email confirmed for the account already. @default false */
  confirmed?: boolean
  onSubmitEmail?: (email: string) => void
  onSkip?: () => void
  onRetry?: () => void
  /** From a failure back to the form. */
  onEdit?: () => void
  /** Close the prompt after "Check your inbox". */
  onDone?: () => void
}

function badge(step: EmailCaptureStep) {
  if (step === 'sending') return 'waiting'
  if (step === 'failed') return 'error'
  if (step === 'sent') return 'success'
  return undefined
}

/**
 * EmailCapture (SPEC §1): after a wallet connects, an optional email (Continue or Skip); then "Check
 * your inbox to confirm your email" (the server mailed a link: double opt-in). A failure shows its
 * text with Try again.
 */
export function EmailCaptureView(props: EmailCaptureViewProps) {
  const messages = useMessages()
  const { step, email: value = '', error, confirmed = false } = props
  const m = messages.emailCapture
  const wrap = (children: ReactNode) => (
    <div className={shared.centered} data-testid="portico-email-capture" data-step={step}>
      {children}
    </div>
  )

  if (step === 'sending') {
    return wrap(
      <>
        <MailStage badge={badge(step)} />
        <StepText heading={m.sending} hint={m.sendingHint(value)} />
      </>,
    )
  }

  if (step === 'sent') {
    return wrap(
      <>
        <MailStage badge={badge(step)} />
        <StepText heading={confirmed ? m.confirmed : m.sent} hint={confirmed ? m.confirmedHint(value) : m.sentHint(value)} />
        {props.onDone && (
          <div className={email.actions}>
            <FocusedButton onClick={props.onDone} testId="portico-email-capture-done" label={m.done} />
          </div>
        )}
      </>,
    )
  }

  if (step === 'failed') {
    return wrap(
      <>
        <MailStage badge={badge(step)} />
        <StepText role="alert" heading={m.failed} hint={error ?? ''} />
        <div className={email.actions}>
          {props.onRetry && <FocusedButton onClick={props.onRetry} icon="refresh" testId="portico-email-capture-retry" label={m.retry} />}
          {props.onEdit && (
            <Button variant="ghost" fullWidth onClick={props.onEdit} data-testid="portico-email-capture-edit">
              {m.useAnotherEmail}
            </Button>
          )}
        </div>
      </>,
    )
  }

  return wrap(
    <>
      <MailStage />
      <StepText heading={m.heading} hint={m.hint} />
      <EmailForm
        initial={value}
        error={error}
        onSubmitEmail={props.onSubmitEmail}
        labels={m}
        testIds={{ form: 'portico-email-capture-form', input: 'portico-email-capture-input', submit: 'portico-email-capture-submit' }}
      >
        {props.onSkip && (
          <Button variant="ghost" fullWidth onClick={props.onSkip} data-testid="portico-email-capture-skip">
            {m.skip}
          </Button>
        )}
      </EmailForm>
    </>,
  )
}
