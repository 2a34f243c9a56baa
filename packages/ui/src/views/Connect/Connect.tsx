import type { ChainNamespace, Connector, OrderedWallet } from '@portico/headless'
import { useConnect, useNetwork, useOrderedWallets, usePortico, useRouter, useWallets } from '@portico/headless/react'
import { useState } from 'react'
import { messages } from '../../messages'
import { useLegalGate } from '../shared/useLegalGate'
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

/** A wallet's identity across namespaces: its rdns when it has one, else its name (case-insensitive). */
const walletKey = (c: Connector) => (c.rdns ? `rdns:${c.rdns.toLowerCase()}` : `name:${c.name.trim().toLowerCase()}`)

/**
 * The Connect view's entries for the active namespace: connectors of that namespace plus
 * multi-namespace ones (walletConnect); a wallet present in several namespaces (same rdns or name) is
 * listed once, at its first position, as the active namespace's connector. Explorer wallets stay.
 * Without an active namespace every connector is kept (still merged).
 */
export function entriesForNamespace(entries: readonly OrderedWallet[], namespace: ChainNamespace | undefined): OrderedWallet[] {
  const shown = entries.filter((e) => e.kind !== 'connector' || !namespace || e.connector.type === 'walletConnect' || e.connector.namespace === namespace)
  const chosen = new Map<string, OrderedWallet & { kind: 'connector' }>()
  for (const e of shown) {
    if (e.kind !== 'connector') continue
    const key = walletKey(e.connector)
    const held = chosen.get(key)
    if (!held || (held.connector.namespace !== namespace && e.connector.namespace === namespace)) chosen.set(key, e)
  }
  const out: OrderedWallet[] = []
  const placed = new Set<string>()
  for (const e of shown) {
    if (e.kind !== 'connector') {
      out.push(e)
      continue
    }
    const key = walletKey(e.connector)
    if (placed.has(key)) continue
    placed.add(key)
    const pick = chosen.get(key) ?? e
    // Keep the first occurrence's Recent / Installed marks.
    out.push({ ...pick, recent: pick.recent || e.recent, installed: pick.installed || e.installed })
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
  const { entries: allEntries, selectWallet } = useOrderedWallets()
  const { namespace } = useNetwork()
  const entries = entriesForNamespace(allEntries, namespace)
  // The explorer's total once its first page is in (it is fetched when the modal opens).
  const { count: explorerCount } = useWallets({ loadOnMount: false })
  const router = useRouter()
  const { connecting, error, retry, run } = useConnectAction()
  const legal = useLegalGate()
  const auth = connectors.find((c) => c.type === 'auth')
  const features = portico.options.features
  const socials = auth && features.socials ? features.socials : []
  return (
    <ConnectView
      methodsOrder={methodsOrder}
      wallets={orderedEntries(entries, connectorStates)}
      email={Boolean(auth && features.email)}
      socials={socials}
      legal={legal.checkbox}
      locked={legal.locked}
      onEmail={(email) => {
        if (!legal.locked) router.push('EmailLogin', { email })
      }}
      onSocial={(provider) => {
        if (!auth || legal.locked) return
        if (provider === 'farcaster') router.push('ConnectingFarcaster')
        else {
          const data = { connectorId: auth.id, socialProvider: provider }
          router.push('ConnectingExternal', data)
        }
      }}
      onWallet={(id) => {
        if (legal.locked) return
        const entry = id.startsWith(EXPLORER_ENTRY_PREFIX) ? entries.find((e) => e.kind === 'wallet' && EXPLORER_ENTRY_PREFIX + e.wallet.id === id) : undefined
        if (entry?.kind === 'wallet') selectWallet(entry)
        else if (connectors.find((c) => c.id === id)?.type === 'walletConnect') router.push('ConnectingWalletConnect', {})
        else void run(id)
      }}
      onAllWallets={() => {
        if (!legal.locked) router.push('AllWallets')
      }}
      allWalletsCount={explorerCount > 0 ? explorerCount : undefined}
      connecting={connecting}
      error={error}
      onRetry={retry}
    />
  )
}
