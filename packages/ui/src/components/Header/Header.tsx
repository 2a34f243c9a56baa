import { useMessages } from '../../messages/context'
import { IconButton } from '../IconButton/IconButton'
import * as styles from './Header.css'

export type HeaderProps = {
  title: string
  /** id of the title element (the dialog is labelled by it). */
  titleId?: string
  /** Shows a back button when given (the router has somewhere to go back to). */
  onBack?: () => void
  /** Shows a close button when given. */
  onClose?: () => void
}

export function Header({ title, titleId, onBack, onClose }: HeaderProps) {
  const messages = useMessages()
  return (
    <div className={styles.header} data-testid="portico-header">
      <span className={styles.slot}>
        {onBack && <IconButton icon="back" label={messages.header.back} onClick={onBack} data-testid="portico-header-back" />}
      </span>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <span className={styles.slot}>
        {onClose && <IconButton icon="close" label={messages.header.close} onClick={onClose} data-testid="portico-header-close" />}
      </span>
    </div>
  )
}
