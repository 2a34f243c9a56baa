import type { RecoveryPhase } from '@portico/headless/react'
import { Button } from '../../components/Button/Button'
import { Spinner } from '../../components/Spinner/Spinner'
import { useMessages } from '../../messages/context'
import * as email from '../EmailLogin/EmailLogin.css'
import { StepText } from '../shared/EmailSteps'
import * as shared from '../shared/views.css'
import { frameRoom } from '../shared/room.css'

export type RecoverWalletViewProps = {
  /** Where the wallet's key is for this device (useRecovery). */
  phase: RecoveryPhase
  /** The recovery secret of keys made on this device is not saved yet. @default false */
  unsavedRecovery?: boolean
  /** The wallet was just recovered on this device. @default false */
  recovered?: boolean
  /** The last error, in words (with Try again). @default undefined */
  error?: string
  /** The room's element (the secure frame is placed over it) in phases 'asking' and 'showing'. */
  roomRef?: (element: HTMLDivElement | null) => void
  /** Make room, then ask the frame for the recovery secret. */
  onRecover?: () => void
  /** Make room, then show the recovery secret in the frame. */
  onShow?: () => void
  /** Ask again after an error. */
  onRetry?: () => void
  /** Leave the view (back to Account). */
  onDone?: () => void
}

/**
 * RecoverWallet (issue 22 §2). A new device, whose frame holds no share of the wallet's key, cannot sign: it
 * says so and offers recovery with the recovery secret. The device that made the keys offers to show their
 * recovery secret until the user has saved it. The secret is typed and shown only in the secure wallet frame,
 * placed over the room this view makes; never on this page.
 */
export function RecoverWalletView(props: RecoverWalletViewProps) {
  const m = useMessages().recovery
  const { phase, unsavedRecovery = false, recovered = false, error } = props
  const alert = error && (
    <>
      <p role="alert" className={email.alert}>
        {error}
      </p>
      <div className={email.actions}>
        <Button variant="secondary" fullWidth onClick={props.onRetry} data-testid="portico-recovery-retry">
          {m.retry}
        </Button>
      </div>
    </>
  )

  if (phase === 'asking' || phase === 'showing') {
    return (
      <div className={shared.centered} data-testid="portico-recover-wallet" data-phase={phase}>
        <p className={shared.muted}>{phase === 'asking' ? m.askHint : m.showHint}</p>
        {/* The frame's view has its own Cancel (asking) and "I have saved it" (showing); Back takes it off too. */}
        <div ref={props.roomRef} className={frameRoom.recovery} data-testid="portico-recovery-room" />
      </div>
    )
  }

  if (phase === 'loading' || phase === 'unavailable') {
    return (
      <div className={shared.centered} data-testid="portico-recover-wallet" data-phase={phase}>
        {error ? (
          alert
        ) : (
          <p role="status" className={email.status}>
            <Spinner size={16} />
            {m.loading}
          </p>
        )}
      </div>
    )
  }

  if (phase === 'needed') {
    return (
      <div className={shared.centered} data-testid="portico-recover-wallet" data-phase={phase}>
        <StepText role="alert" heading={m.neededHeading} hint={m.neededHint} />
        {error ? (
          alert
        ) : (
          <div className={email.actions}>
            <Button variant="primary" fullWidth onClick={props.onRecover} data-testid="portico-recovery-recover">
              {m.recover}
            </Button>
          </div>
        )}
      </div>
    )
  }

  if (phase === 'server') {
    return (
      <div className={shared.centered} data-testid="portico-recover-wallet" data-phase={phase}>
        <StepText heading={m.serverHeading} hint={m.serverHint} />
        <div className={email.actions}>
          <Button variant="secondary" fullWidth onClick={props.onDone} data-testid="portico-recovery-done">
            {m.done}
          </Button>
        </div>
      </div>
    )
  }

  // 'here': just recovered, a secret still to save, or nothing to do.
  const [heading, hint] = recovered
    ? [m.recoveredHeading, m.recoveredHint]
    : unsavedRecovery
      ? [m.unsavedHeading, m.unsavedHint]
      : [m.hereHeading, m.hereHint]
  return (
    <div
      className={shared.centered}
      data-testid="portico-recover-wallet"
      data-phase={phase}
      data-state={recovered ? 'recovered' : unsavedRecovery ? 'unsaved' : 'saved'}
    >
      <StepText heading={heading} hint={hint} />
      {error && (
        <p role="alert" className={email.alert}>
          {error}
        </p>
      )}
      <div className={email.actions}>
        {unsavedRecovery && !recovered && (
          <Button variant="primary" fullWidth onClick={props.onShow} data-testid="portico-recovery-show">
            {m.show}
          </Button>
        )}
        <Button
          variant={unsavedRecovery && !recovered ? 'ghost' : 'primary'}
          fullWidth
          onClick={props.onDone}
          data-testid="portico-recovery-done"
        >
          {m.done}
        </Button>
      </div>
    </div>
  )
}
