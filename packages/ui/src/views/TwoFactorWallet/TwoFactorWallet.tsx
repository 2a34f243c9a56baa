import type { ViewportRect } from '@portico/headless'
import { useExportKey, useTwoFactor } from '@portico/headless/react'
import { useCallback, useEffect, useState } from 'react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { useFrameRoom } from '../shared/room'
import { TwoFactorWalletView } from './TwoFactorWalletView'

/**
 * TwoFactorWallet (issue 22 §2): the embedded wallet's second factor (useTwoFactor) and key export
 * (useExportKey). For the TOTP set-up and for an export the view first makes room; once the room is in the page,
 * the secure frame is asked to show the set-up (its QR code and key) or the key, and is placed over it. Leaving
 * the view takes them off screen.
 */
export function TwoFactorWallet() {
  const messages = useMessages()
  const twoFactor = useTwoFactor()
  const exportKey = useExportKey()
  const [requested, setRequested] = useState<'evm' | 'solana' | undefined>()
  const [enrollRequested, setEnrollRequested] = useState(false)
  const [byPasskey, setByPasskey] = useState(false)

  const { enroll, busy, phase } = twoFactor
  const enrollRoom = useFrameRoom(enrollRequested, enroll)
  const { opened: enrollOpened, reset: enrollReset } = enrollRoom
  // A set-up the frame could not start: the room goes, the error shows (a started one stays until confirmed).
  useEffect(() => {
    if (enrollOpened.current && !busy && phase !== 'enroll') {
      enrollReset()
      setEnrollRequested(false)
    }
  }, [phase, busy, enrollOpened, enrollReset])

  const { show } = exportKey
  const open = useCallback((rect: ViewportRect) => requested && show(requested, rect), [requested, show])
  const exportRoom = useFrameRoom(requested !== undefined, open)
  const { opened: exportOpened, reset: exportReset } = exportRoom
  // A refused export (no fresh step-up, or the frame could not): the room goes, the error shows.
  useEffect(() => {
    if (exportOpened.current && exportKey.phase === 'idle') {
      exportReset()
      setRequested(undefined)
    }
  }, [exportKey.phase, exportOpened, exportReset])

  return (
    <TwoFactorWalletView
      phase={twoFactor.phase}
      enrolling={enrollRequested || twoFactor.phase === 'enroll'}
      enrollRoomRef={enrollRoom.ref}
      code={twoFactor.code}
      busy={twoFactor.busy}
      error={codeText(twoFactor.errorCode, messages) || undefined}
      exportPhase={
        requested ? (exportKey.phase === 'shown' ? 'shown' : 'opening') : exportKey.phase === 'unavailable' ? 'unavailable' : 'idle'
      }
      exportError={codeText(exportKey.errorCode, messages) || undefined}
      roomRef={exportRoom.ref}
      onEnroll={() => {
        enrollReset()
        setEnrollRequested(true)
      }}
      onCodeChange={twoFactor.setCode}
      onSubmitCode={(action, code) => {
        setByPasskey(false)
        twoFactor.submit(code ? { action, code } : { action })
      }}
      canUsePasskey={twoFactor.canUsePasskey}
      byPasskey={byPasskey}
      onUsePasskey={() => {
        setByPasskey(true)
        twoFactor.stepUpWithPasskey()
      }}
      onExport={setRequested}
      onExportDone={() => {
        exportReset()
        setRequested(undefined)
        exportKey.hide()
      }}
    />
  )
}
