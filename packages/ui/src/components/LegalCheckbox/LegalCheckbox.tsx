import { Icon } from '../Icon/icons'
import { Link } from '../Link/Link'
import { useMessages } from '../../messages/context'
import * as styles from './LegalCheckbox.css'

export type LegalCheckboxProps = {
  /** The user agreed (SPEC §3 isLegalCheckboxChecked). */
  checked: boolean
  onChange?: (checked: boolean) => void
  /** Terms of Service link; left out of the sentence when not given. */
  termsConditionsUrl?: string
  /** Privacy Policy link; left out of the sentence when not given. */
  privacyPolicyUrl?: string
}

/**
 * "I agree to our Terms of Service and Privacy Policy": a real checkbox inside its label (the whole
 * line toggles it, Space toggles it from the keyboard; the links open without toggling it).
 */
export function LegalCheckbox({ checked, onChange, termsConditionsUrl, privacyPolicyUrl }: LegalCheckboxProps) {
  const messages = useMessages()
  return (
    <label className={styles.root} data-testid="portico-legal-checkbox">
      <input
        type="checkbox"
        className={styles.input}
        checked={checked}
        onChange={(e) => onChange?.(e.target.checked)}
        data-testid="portico-legal-checkbox-input"
      />
      <span className={styles.box} aria-hidden="true">
        <Icon name="check" size={14} />
      </span>
      <span className={styles.text}>
        {messages.legal.agree} {termsConditionsUrl && <Link href={termsConditionsUrl}>{messages.legal.terms}</Link>}
        {termsConditionsUrl && privacyPolicyUrl && ` ${messages.legal.and} `}
        {privacyPolicyUrl && <Link href={privacyPolicyUrl}>{messages.legal.privacy}</Link>}
      </span>
    </label>
  )
}
