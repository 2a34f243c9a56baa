import { Avatar } from '../../components/Avatar/Avatar'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { WalletImage } from '../../components/WalletListItem/WalletListItem'
import { useMessages } from '../../messages/context'
import { ErrorAlert } from '../shared/ErrorAlert'
import * as shared from '../shared/views.css'
import * as styles from './SIWXSignMessage.css'

export type SIWXSignMessageViewProps = {
  /** The app's name (its metadata), e.g. 'Portico Demo'. */
  appName?: string
  /** The app's icon; a monogram tile without it. */
  appIcon?: string
  /** The account that signs in. */
  address: string
  /** The account's avatar (its name's, e.g. ENS); the address's pattern without it. */
  profileImage?: string
  /** The account line's text: its name or email when it has one ('alice.portico.id', 'me@mail.com'), else '0xf39F…b92266'. */
  shortAddress: string
  /** 'idle' (asked), 'signing' (the wallet is asked) or 'error' (`error`). @default 'idle' */
  state?: 'idle' | 'signing' | 'error'
  /** Why the last sign-in did not happen. */
  error?: string
  /** The app requires the sign-in: the secondary action disconnects. @default false */
  required?: boolean
  onSignIn?: () => void
  onCancel?: () => void
  onDisconnect?: () => void
}

/**
 * Sign in with the wallet: the app and the account, "Sign in to <app>", why, and Sign in (focused;
 * "Approve in your wallet" while the wallet is asked). Cancel, or Disconnect when the app requires the
 * sign-in. A failure shows its text and Try again.
 */
export function SIWXSignMessageView({
  appName,
  appIcon,
  address,
  profileImage,
  shortAddress,
  state = 'idle',
  error,
  required = false,
  onSignIn,
  onCancel,
  onDisconnect,
}: SIWXSignMessageViewProps) {
  const messages = useMessages()
  const m = messages.siwx
  const app = appName || m.thisApp
  const signing = state === 'signing'
  const failed = state === 'error'
  return (
    <div className={styles.view} data-testid="portico-siwx" data-state={state}>
      <span className={styles.pair} aria-hidden="true">
        <span className={styles.appTile}>
          <WalletImage name={appName || '?'} imageUrl={appIcon} />
        </span>
        <span className={styles.accountTile}>
          <Avatar address={address} imageUrl={profileImage} size={56} />
        </span>
      </span>
      <div className={styles.text}>
        <p className={shared.heading} data-testid="portico-siwx-heading">
          {m.heading(app)}
        </p>
        <p className={shared.muted}>{signing ? m.signingHint : required ? `${m.text(app)} ${m.requiredText(app)}` : m.text(app)}</p>
      </div>
      <span role="img" className={styles.account} aria-label={`${m.account} ${address}`} data-testid="portico-siwx-account">
        <Icon name="wallet" size={16} />
        {shortAddress}
      </span>
      {failed && <ErrorAlert testId="portico-siwx-error">{error || m.failed}</ErrorAlert>}
      <div className={styles.actions}>
        <Button
          fullWidth
          data-autofocus
          loading={signing}
          icon={failed ? <Icon name="refresh" size={18} /> : undefined}
          onClick={onSignIn}
          data-testid="portico-siwx-sign"
        >
          {signing ? m.signing : failed ? m.retry : m.signIn}
        </Button>
        {required ? (
          <Button
            fullWidth
            variant="ghost"
            icon={<Icon name="logout" size={18} />}
            onClick={onDisconnect}
            data-testid="portico-siwx-disconnect"
          >
            {m.disconnect}
          </Button>
        ) : (
          <Button fullWidth variant="secondary" onClick={onCancel} data-testid="portico-siwx-cancel">
            {m.cancel}
          </Button>
        )}
      </div>
    </div>
  )
}
