import { useRecovery, useRouter } from '@portico/headless/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { RecoverWalletView } from './RecoverWalletView'

/**
 * RecoverWallet (issue 22 §2): recovery on a new device and the recovery secret to save (useRecovery). For
 * either, the view first makes room; once the room is in the page, the secure frame is asked and placed over
 * it. Leaving the view takes the frame's view off screen.
 */
export function RecoverWallet() {
  const messages = useMessages()
  const router = useRouter()
  const recovery = useRecovery()
  const [requested, setRequested] = useState<'recover' | 'show' | undefined>()
  const started = useRef(false)

  // The frame answered (recovered, cancelled, saved, or failed): the room goes.
  useEffect(() => {
    if (started.current && recovery.phase !== 'asking' && recovery.phase !== 'showing') {
      started.current = false
      setRequested(undefined)
    }
  }, [recovery.phase])

  const { recover, showSecret } = recovery
  const roomRef = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || !requested || started.current) return
      started.current = true
      const { left, top, width, height } = element.getBoundingClientRect()
      const rect = { left, top, width, height }
      if (requested === 'recover') recover(rect)
      else showSecret(rect)
    },
    [requested, recover, showSecret],
  )

  const phase = requested && !started.current ? (requested === 'recover' ? 'asking' : 'showing') : recovery.phase
  return (
    <RecoverWalletView
      phase={phase}
      unsavedRecovery={recovery.unsavedRecovery}
      recovered={recovery.recovered}
      error={codeText(recovery.errorCode, messages) || undefined}
      roomRef={roomRef}
      onRecover={() => setRequested('recover')}
      onShow={() => setRequested('show')}
      onRetry={recovery.refresh}
      onDone={() => (router.history.length > 1 ? router.goBack() : router.replace('Account'))}
    />
  )
}
