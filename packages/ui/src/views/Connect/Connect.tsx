import type { Connector } from '@portico/headless'
import { useConnect, usePortico, useRouter } from '@portico/headless/react'
import { useState } from 'react'
import { messages } from '../../messages'
import { ConnectView, type WalletEntry } from './ConnectView'

/** Connectors as wallet entries: browser wallets are tagged Installed, previously used ones Recent. */
export function walletEntries(connectors: readonly Connector[], states: Record<string, string>): WalletEntry[] {
  return connectors
    .filter((c) => c.type !== 'auth')
    .map((c) => ({
      id: c.id,
      name: c.name,
      imageUrl: c.imageUrl,
      tag: c.type === 'injected' || c.type === 'announced' ? messages.connect.installed : states[c.id] === 'active' ? messages.connect.recent : undefined,
    }))
}

/** Runs connect(id), tracking which entry is busy and remembering it for retry. */
export function useConnectAction() {
  const { connect, error, clearError } = useConnect()
  const [connecting, setConnecting] = useState<string | null>(null)
  const [last, setLast] = useState<string | null>(null)
  const run = async (id: string) => {
    setConnecting(id)
    setLast(id)
    try {
      await connect(id)
    } finally {
      setConnecting(null)
    }
  }
  return { connecting, error, retry: last ? () => void run(last) : clearError, run }
}

export function Connect() {
  const portico = usePortico()
  const { connectors, connectorStates, methodsOrder } = useConnect()
  const router = useRouter()
  const { connecting, error, retry, run } = useConnectAction()
  const auth = connectors.find((c) => c.type === 'auth')
  const features = portico.options.features
  const socials = auth && features.socials ? features.socials : []
  return (
    <ConnectView
      methodsOrder={methodsOrder}
      wallets={walletEntries(connectors, connectorStates)}
      email={Boolean(auth && features.email)}
      socials={socials}
      onEmail={(email) => router.push('EmailLogin', { email })}
      onSocial={(provider) => {
        if (!auth) return
        if (provider === 'farcaster') router.push('ConnectingFarcaster')
        else {
          const data = { connectorId: auth.id, socialProvider: provider }
          router.push('ConnectingExternal', data)
        }
      }}
      onWallet={(id) => void run(id)}
      onAllWallets={() => router.push('ConnectWallets')}
      connecting={connecting}
      error={error}
      onRetry={retry}
    />
  )
}
