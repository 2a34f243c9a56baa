import type { WalletLinks } from '@portico/headless'
import { useState } from 'react'
import { Button } from '../../components/Button/Button'
import { button } from '../../components/Button/Button.css'
import { Icon } from '../../components/Icon/icons'
import { QrCode } from '../../components/QrCode/QrCode'
import { Spinner } from '../../components/Spinner/Spinner'
import { useMessages } from '../../messages/context'
import { PairingError } from '../shared/PairingError'
import * as qr from '../shared/QrCard.css'
import * as styles from '../shared/views.css'

export type ConnectingWalletConnectViewProps = {
  /** The pairing URI; undefined while it is being created (loading state). */
  uri?: string
  /** The chosen wallet's name, when one was chosen in the wallet list. */
  walletName?: string
  /** Deep links of the chosen wallet (mobile app, desktop app, web app). */
  links?: WalletLinks
  /** Last connection error ('Connection rejected' …). */
  error?: string | null
  onRetry?: () => void
  /** Copies the URI. @default navigator.clipboard.writeText */
  onCopy?: (uri: string) => void | Promise<void>
}

const copyToClipboard = (uri: string) => globalThis.navigator?.clipboard?.writeText(uri).catch(() => undefined)

/** WalletConnect pairing: QR code of the URI, Copy link, the wallet's deep links, errors with retry. */
export function ConnectingWalletConnectView({
  uri,
  walletName,
  links = {},
  error,
  onRetry,
  onCopy = copyToClipboard,
}: ConnectingWalletConnectViewProps) {
  const messages = useMessages()
  const [copied, setCopied] = useState(false)
  // A new uri is not copied yet: reset while rendering (React's pattern for state that follows a prop).
  const [copiedSeenFor, setCopiedSeenFor] = useState(uri)
  if (copiedSeenFor !== uri) {
    setCopiedSeenFor(uri)
    setCopied(false)
  }
  const m = messages.connectingWalletConnect
  const state = uri ? 'ready' : 'loading'
  if (error) {
    // One error state in the QR code's place; no scan text and no link: the pairing is gone.
    return (
      <div className={styles.centered} data-testid="portico-connecting-wc" data-state="error" data-uri="">
        <PairingError error={error} walletName={walletName} onRetry={onRetry} className={qr.failure} />
      </div>
    )
  }
  return (
    <div className={styles.centered} data-testid="portico-connecting-wc" data-state={state} data-uri={uri ?? ''}>
      {uri ? (
        <div className={qr.frame}>
          <QrCode value={uri} label={m.qrLabel(walletName)} size={256} />
        </div>
      ) : (
        <div className={qr.placeholder} role="status" data-testid="portico-connecting-wc-loading">
          <Spinner size={28} accent />
          <span>{m.loading}</span>
        </div>
      )}
      <p className={styles.muted}>{m.scan(walletName)}</p>
      <div className={qr.actions}>
        {links.mobile && (
          <a
            className={`${button({ variant: 'primary', size: 'sm' })} ${qr.link}`}
            href={links.mobile}
            data-testid="portico-wc-open-mobile"
          >
            <Icon name="external" size={16} />
            {m.openApp(walletName)}
          </a>
        )}
        {links.desktop && (
          <a
            className={`${button({ variant: 'secondary', size: 'sm' })} ${qr.link}`}
            href={links.desktop}
            data-testid="portico-wc-open-desktop"
          >
            <Icon name="external" size={16} />
            {m.openDesktop}
          </a>
        )}
        {links.web && (
          <a
            className={`${button({ variant: 'secondary', size: 'sm' })} ${qr.link}`}
            href={links.web}
            target="_blank"
            rel="noreferrer noopener"
            data-testid="portico-wc-open-web"
          >
            <Icon name="external" size={16} />
            {m.openWeb}
          </a>
        )}
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
      </div>
    </div>
  )
}
