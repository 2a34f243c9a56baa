import { type ReactNode, useState } from 'react'
import { Banner } from '../../components/Banner/Banner'
import { Input } from '../../components/Input/Input'
import { Spinner } from '../../components/Spinner/Spinner'
import { WalletListItem } from '../../components/WalletListItem/WalletListItem'
import { useMessages } from '../../messages/context'
import type { WalletEntry } from '../Connect/ConnectView'
import * as styles from '../shared/views.css'

export type ConnectWalletsViewProps = {
  wallets: readonly WalletEntry[]
  onWallet?: (id: string) => void
  connecting?: string | null
  error?: string | null
  /** The legal checkbox, shown above the list. */
  legal?: ReactNode
  /** The wallets are disabled (the legal checkbox is not checked yet). @default false */
  locked?: boolean
}

const SEARCH_THRESHOLD = 6

/** Every wallet the app can connect with; a search field appears for longer lists. */
export function ConnectWalletsView({ wallets, onWallet, connecting, error, legal, locked = false }: ConnectWalletsViewProps) {
  const messages = useMessages()
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  const shown = q ? wallets.filter((w) => w.name.toLowerCase().includes(q)) : wallets
  return (
    <>
      {error && <Banner variant="error">{error}</Banner>}
      {legal}
      {wallets.length > SEARCH_THRESHOLD && (
        <Input label="Search wallet" placeholder="Search wallet" icon="grid" value={query} onChange={(e) => setQuery(e.target.value)} />
      )}
      {shown.length === 0 ? (
        <p className={styles.muted} style={{ textAlign: 'center', padding: 24 }}>
          {messages.connect.noWallets}
        </p>
      ) : (
        <ul className={styles.list} data-testid="portico-wallet-list">
          {shown.map((w) => (
            <li key={w.id}>
              <WalletListItem
                name={w.name}
                imageUrl={w.imageUrl}
                tag={w.tag}
                tagTone={w.tag === messages.connect.installed ? 'success' : 'accent'}
                trailing={connecting === w.id ? <Spinner size={20} accent label={messages.connecting} /> : undefined}
                disabled={!!connecting || locked}
                aria-disabled={locked || undefined}
                onClick={() => onWallet?.(w.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
