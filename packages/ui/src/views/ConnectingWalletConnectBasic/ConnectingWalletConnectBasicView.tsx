import { useState } from 'react'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { QrCode } from '../../components/QrCode/QrCode'
import { Spinner } from '../../components/Spinner/Spinner'
import { WalletListItem } from '../../components/WalletListItem/WalletListItem'
import { useMessages } from '../../messages/context'
import { PairingError } from '../shared/PairingError'
import * as styles from '../shared/views.css'
import * as own from './ConnectingWalletConnectBasic.css'

export type BasicWallet = { id: string; name: string; imageUrl?: string }

export type ConnectingWalletConnectBasicViewProps = {
  /** The pairing URI; undefined while it is being created (loading state). */
  uri?: string
  /** Last connection error ('Connection rejected' …) or why WalletConnect is unavailable. */
  error?: string | null
  onRetry?: () => void
  /** Copies the URI. @default navigator.clipboard.writeText */
  onCopy?: (uri: string) => void | Promise<void>
  /** A few explorer wallets (the view shows at most `maxWallets`). */
  wallets?: readonly BasicWallet[]
  /** @default 3 */
  maxWallets?: number
  onWallet?: (id: string) => void
  onAllWallets?: () => void
  /** The explorer's total, shown on the All wallets entry. */
  allWalletsCount?: number
}

const copyToClipboard = (uri: string) => globalThis.navigator?.clipboard?.writeText(uri).catch(() => undefined)

/**
 * The basic connect view (SPEC §2, an app without chain adapters): a compact WalletConnect QR code
 * with Copy link, then a short list of wallets and All wallets.
 */
export function ConnectingWalletConnectBasicView({
  uri,
  error,
  onRetry,
  onCopy = copyToClipboard,
  wallets = [],
  maxWallets = 3,
  onWallet,
  onAllWallets,
  allWalletsCount,
}: ConnectingWalletConnectBasicViewProps) {
  const messages = useMessages()
  const [copied, setCopied] = useState(false)
  // A new uri is not copied yet: reset while rendering (React's pattern for state that follows a prop).
  const [copiedSeenFor, setCopiedSeenFor] = useState(uri)
  if (copiedSeenFor !== uri) {
    setCopiedSeenFor(uri)
    setCopied(false)
  }
  const m = messages.connectingWalletConnect
  const b = messages.connectingWalletConnectBasic
  const state = error ? 'error' : uri ? 'ready' : 'loading'
  const shown = wallets.slice(0, maxWallets)
  return (
    <div className={own.root} data-testid="portico-connecting-wc-basic" data-state={state} data-uri={error ? '' : (uri ?? '')}>
      <div className={own.pairing}>
        {error ? (
          <PairingError error={error} onRetry={onRetry} className={own.failure} />
        ) : (
          <>
            {uri ? (
              <div className={own.frame}>
                <QrCode value={uri} label={m.qrLabel()} size={192} />
              </div>
            ) : (
              <div className={own.placeholder} role="status" data-testid="portico-connecting-wc-basic-loading">
                <Spinner size={24} accent />
                <span>{m.loading}</span>
              </div>
            )}
            <p className={styles.muted}>{b.scan}</p>
            <Button
              variant="accentSoft"
              size="sm"
              disabled={!uri}
              data-testid="portico-wc-copy"
              data-uri={uri ?? ''}
              icon={<Icon name={copied ? 'check' : 'copy'} size={16} />}
              onClick={() => {
                if (!uri) return
                void Promise.resolve(onCopy(uri)).then(() => setCopied(true))
              }}
            >
              {copied ? m.copied : m.copy}
            </Button>
          </>
        )}
      </div>
      <p className={own.sectionLabel} id="portico-wc-basic-wallets">
        {b.orChoose}
      </p>
      <ul className={styles.list} aria-labelledby="portico-wc-basic-wallets" data-testid="portico-connecting-wc-basic-wallets">
        {shown.map((w) => (
          <li key={w.id}>
            <WalletListItem name={w.name} imageUrl={w.imageUrl} onClick={() => onWallet?.(w.id)} />
          </li>
        ))}
        <li>
          <WalletListItem
            name={messages.connect.allWallets}
            leading={<Icon name="grid" size={22} />}
            trailing={allWalletsCount && allWalletsCount > 0 ? <span className={styles.count}>{allWalletsCount}</span> : undefined}
            onClick={onAllWallets}
            data-testid="portico-connect-all-wallets"
          />
        </li>
      </ul>
    </div>
  )
}
