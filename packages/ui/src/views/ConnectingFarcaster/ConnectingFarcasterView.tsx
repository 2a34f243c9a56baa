import { useState } from 'react'
import { Button } from '../../components/Button/Button'
import { button } from '../../components/Button/Button.css'
import { Icon } from '../../components/Icon/icons'
import { QrCode } from '../../components/QrCode/QrCode'
import { Spinner } from '../../components/Spinner/Spinner'
import { useMessages } from '../../messages/context'
import * as qr from '../shared/QrCard.css'
import * as styles from '../shared/views.css'
import * as own from './ConnectingFarcaster.css'

export type ConnectingFarcasterViewProps = {
  /** The sign-in channel's URL; undefined while it is being opened. */
  url?: string
  /** Mobile: a deep link button ("Open Farcaster") instead of the QR code. */
  isMobile?: boolean
  /** 'Failed to connect to farcaster' (SPEC §8). */
  error?: string
  onRetry?: () => void
  /** Copies the URL. @default navigator.clipboard.writeText */
  onCopy?: (url: string) => void | Promise<void>
}

const copyToClipboard = (url: string) => globalThis.navigator?.clipboard?.writeText(url).catch(() => undefined)

/** ConnectingFarcaster: the channel URL as a QR code (desktop) or a deep link (mobile), Copy link, waiting for the approval; error with Try again. */
export function ConnectingFarcasterView({ url, isMobile = false, error, onRetry, onCopy = copyToClipboard }: ConnectingFarcasterViewProps) {
  const messages = useMessages()
  const [copied, setCopied] = useState(false)
  // A new url is not copied yet: reset while rendering (React's pattern for state that follows a prop).
  const [copiedSeenFor, setCopiedSeenFor] = useState(url)
  if (copiedSeenFor !== url) {
    setCopiedSeenFor(url)
    setCopied(false)
  }
  const m = messages.connectingFarcaster
  if (error) {
    return (
      <div className={styles.centered} data-testid="portico-connecting-farcaster" data-state="error" data-url="">
        <div className={`${styles.pairingError} ${isMobile ? '' : qr.failure}`} data-testid="portico-farcaster-error">
          <span className={styles.pairingErrorIcon}>
            <Icon name="error" size={28} />
          </span>
          <div role="alert" className={styles.pairingErrorText}>
            <p className={styles.heading}>{error}</p>
            <p className={styles.muted}>{m.failedHint}</p>
          </div>
          {onRetry && (
            <Button variant="primary" onClick={onRetry} icon={<Icon name="refresh" size={18} />} data-testid="portico-farcaster-retry">
              {m.retry}
            </Button>
          )}
        </div>
      </div>
    )
  }
  const state = url ? 'waiting' : 'loading'
  return (
    <div className={styles.centered} data-testid="portico-connecting-farcaster" data-state={state} data-url={url ?? ''}>
      {isMobile ? (
        <span className={own.mark} aria-hidden="true">
          F
        </span>
      ) : url ? (
        <div className={qr.frame}>
          <QrCode value={url} label={m.qrLabel} size={256} />
        </div>
      ) : (
        <div className={qr.placeholder} role="status" data-testid="portico-farcaster-loading">
          <Spinner size={28} accent />
          <span>{m.loading}</span>
        </div>
      )}
      <p className={styles.muted}>{isMobile ? m.openHint : m.scan}</p>
      {url && (
        <span className={own.waiting} role="status" data-testid="portico-farcaster-waiting">
          <Spinner size={16} accent />
          {m.waiting}
        </span>
      )}
      <div className={qr.actions}>
        {isMobile &&
          (url ? (
            <a className={`${button({ variant: 'primary', size: 'sm' })} ${qr.link}`} href={url} data-testid="portico-farcaster-open">
              <Icon name="external" size={16} />
              {m.open}
            </a>
          ) : (
            <Button variant="primary" size="sm" disabled data-testid="portico-farcaster-open">
              {m.loading}
            </Button>
          ))}
        <Button
          variant="accentSoft"
          size="sm"
          disabled={!url}
          data-testid="portico-farcaster-copy"
          data-url={url ?? ''}
          icon={<Icon name={copied ? 'check' : 'copy'} size={16} />}
          onClick={() => {
            if (!url) return
            void Promise.resolve(onCopy(url)).then(() => setCopied(true))
          }}
        >
          {copied ? m.copied : m.copy}
        </Button>
      </div>
    </div>
  )
}
