import type { TwoFactorPhase } from '@portico/headless/react'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../components/Button/Button'
import { Spinner } from '../../components/Spinner/Spinner'
import { useMessages } from '../../messages/context'
import * as email from '../EmailLogin/EmailLogin.css'
import { OtpInput } from '../EmailLogin/OtpInput'
import { StepText } from '../shared/EmailSteps'
import * as shared from '../shared/views.css'
import { frameRoom } from '../shared/room.css'

export type TwoFactorWalletViewProps = {
  /** Where the second factor is (useTwoFactor). */
  phase: TwoFactorPhase
  /**
   * The TOTP set-up is starting or on (phase 'enroll'): the view makes room for the secure frame, which shows the
   * QR code and the setup key over it (never this page). @default false
   */
  enrolling?: boolean
  /** The set-up room's element (the frame is placed over it). */
  enrollRoomRef?: (element: HTMLDivElement | null) => void
  /** The code typed so far. @default '' */
  code?: string
  /** A call is under way. @default false */
  busy?: boolean
  /** The last error, in words. @default undefined */
  error?: string
  /** The key export: 'opening' or 'shown' make room for the secure frame. @default 'idle' */
  exportPhase?: 'idle' | 'opening' | 'shown' | 'unavailable'
  /** The last export error, in words. @default undefined */
  exportError?: string
  /** The room's element (the frame is placed over it). */
  roomRef?: (element: HTMLDivElement | null) => void
  onEnroll?: () => void
  onCodeChange?: (value: string) => void
  /** The user has a passkey: "Use a passkey" steps up instead of a code. @default false */
  canUsePasskey?: boolean
  /** Step up with a passkey (its window opens in this click, on the secure frame's origin). */
  onUsePasskey?: () => void
  /** The step-up was made with a passkey (the heading says so). @default false */
  byPasskey?: boolean
  /** A full code: confirm the setup, step up ('verify'), or turn TOTP off ('remove'). */
  onSubmitCode?: (action: 'verify' | 'remove', code?: string) => void
  onExport?: (kind: 'evm' | 'solana') => void
  /** Take the key off screen. */
  onExportDone?: () => void
}

/**
 * TwoFactorWallet (issue 22 §2): sets up TOTP (a QR code and its setup key, then a first code), takes
 * a code to step the session up (or to turn TOTP off), then offers key export: the key shows in the
 * embedded wallet's secure frame, placed over the room this view makes for it, never on this page.
 */
export function TwoFactorWalletView(props: TwoFactorWalletViewProps) {
  const messages = useMessages()
  const m = messages.twoFactor
  const l = messages.emailLogin
  const { phase, code = '', busy = false, error, exportPhase = 'idle', exportError } = props
  const [removing, setRemoving] = useState(false)
  const errorId = useId()
  const action: 'verify' | 'remove' = removing ? 'remove' : 'verify'

  const change = (value: string) => {
    props.onCodeChange?.(value)
    const digits = value.replace(/\D/g, '')
    if (digits.length === 6 && !busy) props.onSubmitCode?.(action, digits)
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    props.onSubmitCode?.(action)
  }
  const codeForm = (
    <>
      <form className={email.form} onSubmit={submit} noValidate data-testid="portico-two-factor-form">
        <OtpInput value={code} onChange={change} label={l.otpLabel} errorId={error && !busy ? errorId : undefined} busy={busy} />
      </form>
      {busy ? (
        <p role="status" className={email.status}>
          <Spinner size={16} />
          {l.verifying}
        </p>
      ) : (
        error && (
          <p id={errorId} role="alert" className={email.alert}>
            {error}
          </p>
        )
      )}
    </>
  )

  const passkeyButton = props.canUsePasskey && (
    <Button variant="secondary" fullWidth onClick={props.onUsePasskey} disabled={busy} data-testid="portico-two-factor-passkey">
      {m.usePasskey}
    </Button>
  )

  if (exportPhase === 'opening' || exportPhase === 'shown') {
    return (
      <div className={shared.centered} data-testid="portico-two-factor" data-phase="export" data-export={exportPhase}>
        <p className={shared.muted}>{m.exportHint}</p>
        <div ref={props.roomRef} className={frameRoom.key} data-testid="portico-export-room" />
        <div className={email.actions}>
          <Button variant="primary" fullWidth onClick={props.onExportDone} data-testid="portico-export-done">
            {m.done}
          </Button>
        </div>
      </div>
    )
  }

  if (phase === 'loading' || phase === 'unavailable') {
    return (
      <div className={shared.centered} data-testid="portico-two-factor" data-phase={phase}>
        <p role="status" className={email.status}>
          <Spinner size={16} />
          {m.loading}
        </p>
        {error && (
          <p role="alert" className={email.alert}>
            {error}
          </p>
        )}
      </div>
    )
  }

  if (props.enrolling && (phase === 'off' || phase === 'enroll')) {
    return (
      <div
        className={shared.centered}
        data-testid="portico-two-factor"
        data-phase="enroll"
        data-enroll={phase === 'enroll' ? 'shown' : 'opening'}
      >
        <p className={shared.muted}>{m.enrollHint}</p>
        <div ref={props.enrollRoomRef} className={frameRoom.totp} data-testid="portico-two-factor-room" />
        {phase === 'enroll'
          ? codeForm
          : error && (
              <p role="alert" className={email.alert}>
                {error}
              </p>
            )}
      </div>
    )
  }

  if (phase === 'off') {
    return (
      <div className={shared.centered} data-testid="portico-two-factor" data-phase={phase}>
        <StepText heading={m.offHeading} hint={m.offHint} />
        {error && (
          <p role="alert" className={email.alert}>
            {error}
          </p>
        )}
        <div className={email.actions}>
          <Button variant="primary" fullWidth onClick={props.onEnroll} disabled={busy} data-testid="portico-two-factor-enroll">
            {m.setUp}
          </Button>
          {passkeyButton}
        </div>
      </div>
    )
  }

  if (phase === 'verified') {
    return (
      <div className={shared.centered} data-testid="portico-two-factor" data-phase={phase}>
        <StepText heading={props.byPasskey ? m.passkeyVerifiedHeading : m.verifiedHeading} hint={m.verifiedHint} />
        {exportError && (
          <p role="alert" className={email.alert}>
            {exportError}
          </p>
        )}
        {exportPhase !== 'unavailable' && (
          <div className={email.actions}>
            <Button variant="primary" fullWidth onClick={() => props.onExport?.('evm')} data-testid="portico-export-evm">
              {m.exportEvm}
            </Button>
            <Button variant="secondary" fullWidth onClick={() => props.onExport?.('solana')} data-testid="portico-export-solana">
              {m.exportSolana}
            </Button>
          </div>
        )}
      </div>
    )
  }

  // 'on': a code steps the session up, or (after "Turn off") removes TOTP.
  return (
    <div className={shared.centered} data-testid="portico-two-factor" data-phase={phase} data-action={action}>
      <StepText heading={m.onHeading} hint={removing ? m.removeHint : m.onHint} />
      {codeForm}
      <div className={email.actions}>
        {!removing && passkeyButton}
        <Button variant="ghost" fullWidth onClick={() => setRemoving(!removing)} data-testid="portico-two-factor-remove">
          {removing ? messages.updateEmail.cancel : m.turnOff}
        </Button>
      </div>
    </div>
  )
}
