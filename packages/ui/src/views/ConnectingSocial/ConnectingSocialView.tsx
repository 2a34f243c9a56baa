import type { SocialLoginStep } from '@portico/headless'
import { useEffect, useRef } from 'react'
import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { useMessages } from '../../messages/context'
import * as ring from '../ConnectingExternal/ConnectingExternal.css'
import { BrandMark, socialLabel } from '../shared/brands'
import * as styles from '../shared/views.css'

export type ConnectingSocialViewProps = {
  /** The provider, e.g. 'google'. */
  provider: string
  /** Where the sign-in is (useSocialLogin's step). */
  step: SocialLoginStep
  /** Why it failed ('Popup closed', 'Failed to initiate social connection' …). */
  error?: string
  /** The failure is 'Popup closed'. @default false */
  popupClosed?: boolean
  /** Open the provider's window again (after a failure). Runs in the click: the popup opens in it. */
  onRetry?: () => void
  /** Open the provider's window (nothing under way yet). */
  onStart?: () => void
}

/**
 * Social sign-in in the provider's window: the provider's mark inside a turning ring and "Continue
 * in the <Provider> window" while the popup is open, "Signing in" once it answered; on 'Popup
 * closed' or another failure the ring stops in the error colour, the text in an alert and Try again
 * (focused).
 */
export function ConnectingSocialView({ provider, step, error, popupClosed = false, onRetry, onStart }: ConnectingSocialViewProps) {
  const messages = useMessages()
  const m = messages.connectingSocial
  const name = socialLabel(provider)
  const failed = step === 'error'
  const waiting = step === 'popup' || step === 'connecting'
  const retry = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (failed) retry.current?.focus()
  }, [failed])
  return (
    <div className={styles.centered} data-testid="portico-connecting-social" data-step={step} data-provider={provider}>
      <span className={ring.stage}>
        <svg className={failed ? ring.ringFailed : ring.ring} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          <rect className={ring.ringTrack} x="2" y="2" width="96" height="96" rx="28" pathLength="100" />
          {(waiting || failed) && (
            <rect className={failed ? ring.ringErrorStroke : ring.ringArc} x="2" y="2" width="96" height="96" rx="28" pathLength="100" />
          )}
        </svg>
        <span className={ring.walletTile}>
          <BrandMark provider={provider} large />
        </span>
        {failed && (
          <span className={[styles.badge, styles.badgeError].join(' ')}>
            <Icon name="close" size={14} />
          </span>
        )}
      </span>
      {failed ? (
        <div role="alert" className={ring.text}>
          <p className={styles.heading}>{popupClosed ? m.popupClosed : error || m.failed}</p>
          <p className={styles.muted}>{popupClosed ? m.popupClosedHint(name) : m.failedHint(name)}</p>
        </div>
      ) : (
        <div role="status" aria-live="polite" className={ring.text}>
          <p className={styles.heading}>
            {step === 'connecting' || step === 'connected' ? m.connecting : step === 'popup' ? m.title(name) : m.start(name)}
          </p>
          <p className={styles.muted}>
            {step === 'connecting' || step === 'connected' ? m.connectingHint : step === 'popup' ? m.hint(name) : m.startHint(name)}
          </p>
        </div>
      )}
      {failed && onRetry && (
        <Button
          ref={retry}
          variant="primary"
          onClick={onRetry}
          icon={<Icon name="refresh" size={18} />}
          data-testid="portico-connecting-social-retry"
          data-autofocus
        >
          {m.retry}
        </Button>
      )}
      {step === 'idle' && onStart && (
        <Button variant="primary" onClick={onStart} data-testid="portico-connecting-social-start" data-autofocus>
          {m.start(name)}
        </Button>
      )}
    </div>
  )
}
