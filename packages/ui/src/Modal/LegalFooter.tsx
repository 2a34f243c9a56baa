import { Link } from '../components/Link/Link'
import { useMessages } from '../messages/context'

export type LegalFooterProps = { termsConditionsUrl?: string; privacyPolicyUrl?: string }

/** "By connecting your wallet, you agree to our Terms of Service and Privacy Policy" (only the links given). */
export function LegalFooter({ termsConditionsUrl, privacyPolicyUrl }: LegalFooterProps) {
  const messages = useMessages()
  if (!termsConditionsUrl && !privacyPolicyUrl) return null
  return (
    <p style={{ margin: 0 }} data-testid="portico-legal-footer">
      {messages.legal.prefix} {termsConditionsUrl && <Link href={termsConditionsUrl}>{messages.legal.terms}</Link>}
      {termsConditionsUrl && privacyPolicyUrl && ` ${messages.legal.and} `}
      {privacyPolicyUrl && <Link href={privacyPolicyUrl}>{messages.legal.privacy}</Link>}
    </p>
  )
}
