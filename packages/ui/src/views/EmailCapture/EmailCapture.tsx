import { useEmailCapture } from '@portico/headless/react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { EmailCaptureView } from './EmailCaptureView'

export function EmailCapture() {
  const messages = useMessages()
  const capture = useEmailCapture()
  // The form's only error is SPEC §5's invalid email (code invalidEmail); a failed send's is its own code.
  const error = codeText(capture.errorCode, messages) || undefined
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
