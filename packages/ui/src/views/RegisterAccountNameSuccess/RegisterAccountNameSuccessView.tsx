import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { useMessages } from '../../messages/context'
import * as styles from './RegisterAccountNameSuccess.css'

export type RegisterAccountNameSuccessViewProps = {
  /** The registered name, with its zone ('alice.portico.id'). */
  name: string
  /** Back to Account (focused first). */
  onDone?: () => void
}

/** RegisterAccountNameSuccess: the registered name, a short confirmation, and the way back to Account. */
export function RegisterAccountNameSuccessView({ name, onDone }: RegisterAccountNameSuccessViewProps) {
  const messages = useMessages()
  const m = messages.registerName
  return (
    <div className={styles.view} data-testid="portico-register-name-success">
      <span className={styles.badge} aria-hidden="true">
        <Icon name="check" size={28} />
      </span>
      <p className={styles.name} data-testid="portico-register-name-success-name">
        {name}
      </p>
      <p className={styles.text}>{m.successText}</p>
      <Button fullWidth data-autofocus onClick={onDone} data-testid="portico-register-name-done">
        {m.done}
      </Button>
    </div>
  )
}
