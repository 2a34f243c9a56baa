import { useEmailLogin, useRouter } from '@portico/headless/react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { EmailLoginView } from './EmailLoginView'

/**
 * EmailLogin: signs in with the email Connect pushed (route data `email`) through the auth connector;
 * the steps, the code, the resend cooldown and the errors come from useEmailLogin. Leaving the view
 * gives the login up; success moves on to Account (headless connect does that).
 */
export function EmailLogin() {
  const messages = useMessages()
  const login = useEmailLogin({ submitOnMount: true })
  const router = useRouter()
  return (
    <EmailLoginView
      step={login.step}
      email={login.email}
      code={login.code}
      error={codeText(login.errorCode, messages) || undefined}
      secondsLeft={login.secondsLeft}
      canResend={login.canResend}
      resending={login.resending}
      onSubmitEmail={login.submitEmail}
      onCodeChange={login.setCode}
      onSubmitCode={() => login.submitOtp()}
      onResend={login.resend}
      onRetry={login.retry}
      onChangeEmail={() => {
        login.cancel()
        router.goBack()
      }}
    />
  )
}
