import type { CaipNetwork, RouteEntry } from '@portico/headless'
import { useModal, useNetwork, useRouter } from '@portico/headless/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { messages } from '../../messages'
import { SwitchNetworkView } from './SwitchNetworkView'

/** Where to go after a successful switch: back to the view before Networks, else close. */
export function afterSwitch(history: readonly RouteEntry[]): { goBackToIndex: number } | 'close' {
  let idx = -1
  for (let i = history.length - 1; i >= 0; i--) if (history[i]?.view === 'Networks') {
    idx = i
    break
  }
  return idx > 0 ? { goBackToIndex: idx - 1 } : 'close'
}

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : messages.switchNetwork.failedHint)

export function SwitchNetwork() {
  const router = useRouter()
  const { switchNetwork } = useNetwork()
  const { close } = useModal()
  const data = router.entry.view === 'SwitchNetwork' ? router.entry.data : undefined
  const network: CaipNetwork | undefined = data?.network
  const [state, setState] = useState<{ phase: 'waiting' | 'error'; error?: string }>({ phase: 'waiting' })
  const started = useRef<CaipNetwork | null>(null)
  const historyRef = useRef(router.history)
  historyRef.current = router.history

  const attempt = useCallback(async () => {
    if (!network) return
    setState({ phase: 'waiting' })
    try {
      await switchNetwork(network)
      const next = afterSwitch(historyRef.current)
      if (next === 'close') close()
      else router.goBackToIndex(next.goBackToIndex)
    } catch (e) {
      setState({ phase: 'error', error: errorText(e) })
    }
  }, [network, switchNetwork, close, router])

  useEffect(() => {
    // Ask the wallet once per target (StrictMode mounts effects twice).
    if (!network || started.current === network) return
    started.current = network
    void attempt()
  }, [network, attempt])

  if (!network) return null
  return (
    <SwitchNetworkView
      network={{ name: network.name, caipNetworkId: network.caipNetworkId, imageUrl: network.assets?.imageUrl }}
      state={state.phase}
      error={state.error}
      onRetry={() => void attempt()}
    />
  )
}
