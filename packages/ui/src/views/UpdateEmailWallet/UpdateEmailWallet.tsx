import { useRouter, useUpdateEmail } from '@portico/headless/react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { UpdateEmailWalletView } from './UpdateEmailWalletView'

/**
 * UpdateEmailWallet (SPEC §2): changes the email of an email login through the auth connector; the
 * steps, the codes, the resend cooldown and the errors come from useUpdateEmail. Back (or, once done,
 * "Back to account") returns to Account, which shows the new email.
 */
export function UpdateEmailWallet() {
  const messages = useMessages()
  const update = useUpdateEmail()
  const router = useRouter()
  return (
    <UpdateEmailWalletView
      step={update.step}
      stage={update.stage}
      currentEmail={update.currentEmail}
      newEmail={update.newEmail}
      code={update.code}
      error={codeText(update.errorCode, messages) || undefined}
      secondsLeft={update.secondsLeft}
      canResend={update.canResend}
      resending={update.resending}
      onSubmitEmail={update.submitEmail}
      onCodeChange={update.setCode}
      onSubmitCode={() => update.submitOtp()}
      onResend={update.resend}
      onRetry={update.retry}
      onChangeEmail={update.cancel}
      // Opened from Account: back to it; opened on its own: Account replaces it.
      onBack={() => (router.history.length > 1 ? router.goBack() : router.replace('Account'))}
    />
  )
}
