import { useEmailCapture } from '@portico/headless/react'
import { useMessages } from '../../messages/context'
import { EmailCaptureView } from './EmailCaptureView'

export function EmailCapture() {
  const messages = useMessages()
  const capture = useEmailCapture()
  // The form's only error is SPEC §5's invalid email (headless's text; the modal's own wording is a message).
  const error = capture.error === null ? undefined : capture.step === 'form' ? messages.connect.emailInvalid : capture.error
  return (
    <EmailCaptureView
      step={capture.step}
      email={capture.email}
      error={error}
      confirmed={capture.confirmed}
      onSubmitEmail={(email) => void capture.submit(email)}
      onSkip={capture.skip}
      onRetry={() => void capture.retry()}
      onEdit={capture.edit}
      onDone={capture.finish}
    />
  )
}
