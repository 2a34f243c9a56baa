import { useExportKey, useTwoFactor } from '@portico/headless/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { TwoFactorWalletView } from './TwoFactorWalletView'

/**
 * TwoFactorWallet (issue 22 §2): the embedded wallet's second factor (useTwoFactor) and key export
 * (useExportKey). For an export the view first makes room; once the room is in the page, the secure
 * frame is asked to show the key and is placed over it. Leaving the view takes the key off screen.
 */
export function TwoFactorWallet() {
  const messages = useMessages()
  const twoFactor = useTwoFactor()
  const exportKey = useExportKey()
  const [requested, setRequested] = useState<'evm' | 'solana' | undefined>()
  const started = useRef(false)

  // A refused export (no fresh step-up, or the frame could not): the room goes, the error shows.
  useEffect(() => {
    if (started.current && exportKey.phase === 'idle') {
      started.current = false
      setRequested(undefined)
    }
  }, [exportKey.phase])

  const { show } = exportKey
  const roomRef = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || !requested || started.current) return
      started.current = true
      const { left, top, width, height } = element.getBoundingClientRect()
      show(requested, { left, top, width, height })
    },
    [requested, show],
  )

  return (
    <TwoFactorWalletView
      phase={twoFactor.phase}
      enrollment={twoFactor.enrollment}
      code={twoFactor.code}
      busy={twoFactor.busy}
      error={codeText(twoFactor.errorCode, messages) || undefined}
      exportPhase={
        requested ? (exportKey.phase === 'shown' ? 'shown' : 'opening') : exportKey.phase === 'unavailable' ? 'unavailable' : 'idle'
      }
      exportError={codeText(exportKey.errorCode, messages) || undefined}
      roomRef={roomRef}
      onEnroll={twoFactor.enroll}
      onCodeChange={twoFactor.setCode}
      onSubmitCode={(action, code) => twoFactor.submit(code ? { action, code } : { action })}
      onExport={setRequested}
      onExportDone={() => {
        started.current = false
        setRequested(undefined)
        exportKey.hide()
      }}
    />
  )
}
