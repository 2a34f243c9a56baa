import type { ViewportRect } from '@portico/headless'
import { useRecovery, useRouter } from '@portico/headless/react'
import { useCallback, useEffect, useState } from 'react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { useFrameRoom } from '../shared/room'
import { RecoverWalletView } from './RecoverWalletView'

/**
 * RecoverWallet (issue 22 §2): recovery on a new device and the recovery secret to save (useRecovery). For
 * either, the view first makes room; once the room is in the page and the modal has its new height, the secure
 * frame is asked and placed over it. Leaving the view takes the frame's view off screen.
 */
export function RecoverWallet() {
  const messages = useMessages()
  const router = useRouter()
  const recovery = useRecovery()
  const [requested, setRequested] = useState<'recover' | 'show' | undefined>()
  const { recover, showSecret } = recovery
  const open = useCallback(
    (rect: ViewportRect) => (requested === 'recover' ? recover(rect) : showSecret(rect)),
    [requested, recover, showSecret],
  )
  const { ref: roomRef, opened, reset } = useFrameRoom(requested !== undefined, open)

  // The frame answered (recovered, cancelled, saved, or failed): the room goes.
  useEffect(() => {
    if (opened.current && recovery.phase !== 'asking' && recovery.phase !== 'showing') {
      reset()
      setRequested(undefined)
    }
  }, [recovery.phase, opened, reset])

  const phase = requested && !opened.current ? (requested === 'recover' ? 'asking' : 'showing') : recovery.phase
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
