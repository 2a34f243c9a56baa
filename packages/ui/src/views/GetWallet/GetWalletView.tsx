import type { InstallLink } from '@portico/headless'
import { Icon } from '../../components/Icon/icons'
import { SkeletonRows } from '../../components/Skeleton/Skeleton'
import { WalletImage } from '../../components/WalletListItem/WalletListItem'
import { useMessages } from '../../messages/context'
import { ListError } from '../shared/ListError'
import * as styles from '../shared/views.css'
import * as own from './GetWallet.css'

export type GuideEntry = { id: string; name: string; imageUrl?: string; links: readonly InstallLink[] }

export type GetWalletViewProps = {
  /** Wallets to get, each with where (most useful first). */
  wallets: readonly GuideEntry[]
  /** The explorer's answer is on its way. @default false */
  loading?: boolean
  /** The explorer request failed: its text. @default null */
  error?: string | null
  onRetry?: () => void
}

/**
 * Wallets a person without one can get: each explorer wallet that is not installed, with links to its
 * stores, website or web app (new tab). Placeholders while the explorer answers; its error with Try again.
 */
export function GetWalletView({ wallets, loading = false, error = null, onRetry }: GetWalletViewProps) {
  const messages = useMessages()
  const m = messages.getWallet
  return (
    <div className={own.root} data-testid="portico-get-wallet">
      <p className={styles.muted}>{m.intro}</p>
      {wallets.length > 0 ? (
        <ul className={own.list} aria-label={m.listLabel}>
          {wallets.map((w) => (
            <li key={w.id} className={own.card} data-testid="portico-get-wallet-item" data-wallet-id={w.id}>
              <span className={own.image}>
                <WalletImage name={w.name} imageUrl={w.imageUrl} />
              </span>
              <div className={own.body}>
                <p className={own.name}>{w.name}</p>
                <div className={own.links}>
                  {w.links.map((l) => (
                    <a
                      key={l.kind}
                      className={own.link}
                      href={l.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={m.linkLabel(w.name, m.links[l.kind])}
                    >
                      {m.links[l.kind]}
                      <Icon name="external" size={14} />
                    </a>
                  ))}
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : loading ? (
        <SkeletonRows count={4} label={m.loading} data-testid="portico-get-wallet-loading" />
      ) : error ? (
        <ListError title={m.error} detail={error} retryLabel={m.retry} onRetry={onRetry} />
      ) : (
        <div className={own.empty} role="status">
          <p className={styles.heading}>{m.empty}</p>
          <p className={styles.muted}>{m.emptyHint}</p>
        </div>
      )}
    </div>
  )
}
