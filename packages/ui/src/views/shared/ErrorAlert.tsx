import { Icon } from '../../components/Icon/icons'
import * as styles from './Form.css'

/** A failure's text as an alert, with the error icon. */
export function ErrorAlert({ children, testId }: { children: string; testId: string }) {
  return (
    <p className={styles.error} role="alert" data-testid={testId}>
      <span className={styles.errorIcon}>
        <Icon name="error" size={16} />
      </span>
      <span>{children}</span>
    </p>
  )
}
