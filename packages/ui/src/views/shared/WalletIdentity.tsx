import { WalletImage } from '../../components/WalletListItem/WalletListItem'
import { useMessages } from '../../messages/context'
import * as styles from './WalletIdentity.css'

export type WalletIdentityProps = {
  /** The wallet's own name (a WalletConnect session: the peer's, from its metadata). */
  name: string
  /** Its icon; the monogram tile without one. */
  imageUrl?: string
  /** The connector it is reached through ('WalletConnect'), shown as the secondary line. */
  via?: string
}

/** The wallet an account is connected with: its icon and name, and "via WalletConnect" under the name. */
export function WalletIdentity({ name, imageUrl, via }: WalletIdentityProps) {
  const messages = useMessages()
  return (
    <span className={styles.identity} data-testid="portico-account-wallet">
      <span className={styles.icon}>
        <WalletImage name={name} imageUrl={imageUrl} />
      </span>
      <span className={styles.text}>
        <span className={styles.name} data-testid="portico-account-wallet-name" title={name}>
          {name}
        </span>
        {via && <span className={styles.via}>{messages.account.via(via)}</span>}
      </span>
    </span>
  )
}
