import type { Connector, OrderedWallet } from '@portico/headless'
import { useConnect, useOrderedWallets, usePortico, useRouter, useWallets } from '@portico/headless/react'
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

/** Explorer wallet entries carry this prefix in their id so a click can tell them from connectors. */
export const EXPLORER_ENTRY_PREFIX = 'explorer:'

/**
 * SPEC §9 ordered entries (connectors and explorer wallets) as wallet entries: browser wallets are
 * tagged Installed, previously used connectors and recent explorer wallets Recent.
 */
export function orderedEntries(entries: readonly OrderedWallet[], states: Record<string, string>): WalletEntry[] {
  const out: WalletEntry[] = []
  for (const e of entries) {
    if (e.kind === 'connector') {
      if (e.connector.type !== 'auth') out.push(...walletEntries([e.connector], states))
      continue
    }
    out.push({
      id: EXPLORER_ENTRY_PREFIX + e.wallet.id,
      name: e.wallet.name,
      imageUrl: e.wallet.image_url,
      tag: e.group === 'recent' ? messages.connect.recent : undefined,
    })
  }
  return out
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
  const { entries, selectWallet } = useOrderedWallets()
  // The explorer's total once its first page is in (it is fetched when the modal opens).
  const { count: explorerCount } = useWallets({ loadOnMount: false })
  const router = useRouter()
  const { connecting, error, retry, run } = useConnectAction()
  const auth = connectors.find((c) => c.type === 'auth')
  const features = portico.options.features
  const socials = auth && features.socials ? features.socials : []
  return (
    <ConnectView
      methodsOrder={methodsOrder}
      wallets={orderedEntries(entries, connectorStates)}
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
      onWallet={(id) => {
        const entry = id.startsWith(EXPLORER_ENTRY_PREFIX) ? entries.find((e) => e.kind === 'wallet' && EXPLORER_ENTRY_PREFIX + e.wallet.id === id) : undefined
        if (entry?.kind === 'wallet') selectWallet(entry)
        else if (connectors.find((c) => c.id === id)?.type === 'walletConnect') router.push('ConnectingWalletConnect', {})
        else void run(id)
      }}
      onAllWallets={() => router.push('AllWallets')}
      allWalletsCount={explorerCount > 0 ? explorerCount : undefined}
      connecting={connecting}
      error={error}
      onRetry={retry}
    />
  )
}
