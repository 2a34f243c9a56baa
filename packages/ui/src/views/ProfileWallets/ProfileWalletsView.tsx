import { useEffect, useRef } from 'react'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { ListItem } from '../../components/ListItem/ListItem'
import { WalletImage } from '../../components/WalletListItem/WalletListItem'
import { useMessages } from '../../messages/context'
import { NetworkImage } from '../shared/NetworkImage'
import * as styles from '../shared/views.css'
import * as local from './ProfileWallets.css'

export type ProfileWalletRow = {
  namespace: string
  /** Display name of the namespace (e.g. 'Solana'). */
  namespaceName: string
  /** The namespace's current network. */
  network?: { name: string; caipNetworkId: string; imageUrl?: string }
  /** The connected wallet; absent when the namespace has none. */
  wallet?: { name: string; imageUrl?: string; address: string; shortAddress: string }
  /** This namespace is the active one. */
  active: boolean
}

export type ProfileWalletsViewProps = {
  rows: readonly ProfileWalletRow[]
  /** Namespace whose action is running. */
  busy?: string | null
  onMakeActive?: (namespace: string) => void
  onDisconnect?: (namespace: string) => void
  onAdd?: (namespace: string) => void
}

function Badge({ row }: { row: ProfileWalletRow }) {
  return (
    <span className={local.badge} data-testid="portico-profile-wallet-badge">
      {row.network?.imageUrl && (
        <NetworkImage name={row.network.name} caipNetworkId={row.network.caipNetworkId} imageUrl={row.network.imageUrl} size={14} />
      )}
      {row.network ? `${row.namespaceName} · ${row.network.name}` : row.namespaceName}
    </span>
  )
}

/** SPEC §2 ProfileWallets: connected wallets per namespace, the active one marked, switch / disconnect / add. */
export function ProfileWalletsView({ rows, busy, onMakeActive, onDisconnect, onAdd }: ProfileWalletsViewProps) {
  const messages = useMessages()
  const t = messages.profileWallets
  const list = useRef<HTMLUListElement>(null)
  const shape = rows.map((r) => `${r.namespace}:${r.wallet ? 1 : 0}`).join()
  const seen = useRef(`${shape}|${busy ?? ''}`)
  useEffect(() => {
    // Only after a change (not on mount, StrictMode's second run included): opening the list leaves focus where the modal put it.
    const now = `${shape}|${busy ?? ''}`
    if (seen.current === now) return
    seen.current = now
    // A disconnected wallet's card (holding the focused button) is gone: keep focus in the dialog,
    // on the list's first control, so the keyboard (Tab, Escape) still works.
    const doc = list.current?.ownerDocument
    if (doc && (doc.activeElement === doc.body || doc.activeElement === null))
      list.current?.querySelector<HTMLElement>('button:not(:disabled)')?.focus()
  }, [shape, busy])
  return (
    <ul ref={list} className={styles.list} data-testid="portico-profile-wallets">
      {rows.map((row) =>
        row.wallet ? (
          <li
            key={row.namespace}
            className={local.card}
            data-testid="portico-profile-wallet"
            data-namespace={row.namespace}
            data-active={row.active || undefined}
            aria-current={row.active || undefined}
          >
            <div className={local.head}>
              <span className={local.icon}>
                <WalletImage name={row.wallet.name} imageUrl={row.wallet.imageUrl} />
              </span>
              <span className={local.text}>
                <span className={local.name}>{row.wallet.name}</span>
                <span className={local.address} title={row.wallet.address} data-testid="portico-profile-wallet-address">
                  {row.wallet.shortAddress}
                </span>
                <Badge row={row} />
              </span>
              {row.active && <span className={local.active}>{t.active}</span>}
            </div>
            <div className={local.foot}>
              <span className={local.actions}>
                {!row.active && (
                  <Button
                    size="sm"
                    variant="accentSoft"
                    loading={busy === row.namespace}
                    disabled={Boolean(busy) && busy !== row.namespace}
                    aria-label={t.makeActiveLabel(row.wallet.name, row.namespaceName)}
                    onClick={() => onMakeActive?.(row.namespace)}
                    data-testid="portico-profile-wallet-activate"
                  >
                    {t.makeActive}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<Icon name="logout" size={14} />}
                  disabled={Boolean(busy)}
                  aria-label={t.disconnectLabel(row.wallet.name, row.namespaceName)}
                  onClick={() => onDisconnect?.(row.namespace)}
                  data-testid="portico-profile-wallet-disconnect"
                >
                  {t.disconnect}
                </Button>
              </span>
            </div>
          </li>
        ) : (
          <li key={row.namespace} data-testid="portico-profile-wallet-empty" data-namespace={row.namespace}>
            <ListItem
              title={t.addWallet}
              description={<Badge row={row} />}
              leading={<Icon name="wallet" size={20} />}
              chevron
              disabled={Boolean(busy)}
              onClick={() => onAdd?.(row.namespace)}
              data-testid="portico-profile-wallet-add"
            />
          </li>
        ),
      )}
    </ul>
  )
}
