import { Button } from '../../components/Button/Button'
import { Icon, type IconName } from '../../components/Icon/icons'
import { useMessages } from '../../messages/context'
import * as styles from '../shared/views.css'
import * as own from './WhatIsAWallet.css'

export type WhatIsAWalletViewProps = {
  /** Goes on to the wallets one can get. */
  onGetWallet?: () => void
}

/** The icon of each point of messages.whatIsAWallet.points, in order. */
const POINT_ICONS: readonly IconName[] = ['wallet', 'key', 'shield']

/** A short explainer for people without a wallet: what it is, what it does, and a way to get one. */
export function WhatIsAWalletView({ onGetWallet }: WhatIsAWalletViewProps) {
  const messages = useMessages()
  const m = messages.whatIsAWallet
  return (
    <div className={own.root} data-testid="portico-what-is-a-wallet">
      <ul className={own.points}>
        {m.points.map((p, i) => (
          <li key={p.title} className={own.point}>
            <span className={own.pointIcon}>
              <Icon name={POINT_ICONS[i] ?? 'info'} size={22} />
            </span>
            <div className={own.pointText}>
              <p className={own.pointTitle}>{p.title}</p>
              <p className={styles.muted}>{p.body}</p>
            </div>
          </li>
        ))}
      </ul>
      {onGetWallet && (
        <Button fullWidth onClick={onGetWallet} icon={<Icon name="download" size={18} />} data-testid="portico-get-a-wallet" data-autofocus>
          {m.getWallet}
        </Button>
      )}
    </div>
  )
}
