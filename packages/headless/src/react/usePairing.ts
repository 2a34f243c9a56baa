import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import type { ExplorerWallet } from '../api/schemas'
import { codeOf } from '../core/codes'
import type { CodedMessage } from '../core/errors'
import type { WalletLinks } from '../core/explorer/links'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

export interface UsePairingOptions {
  /** Start a pairing when mounted and give it up when unmounted (the modal's QR views). @default true */
  enabled?: boolean
  /** The explorer wallet the pairing is for (its name and deep links). @default the ConnectingWalletConnect view's wallet */
  walletId?: string
}

export interface UsePairingReturn {
  /** The pairing URI to show as a QR code; refreshed before it expires (SPEC §4). @default undefined */
  uri?: string
  /** An adapter offers pairing (a walletConnect connector is registered). */
  available: boolean
  /** @deprecated the English text; read `errorCode`. The pairing's failure ('Connection rejected', 'Failed to connect'), or null. @default null */
  error: string | null
  /** The pairing's failure, coded: connectionRejected, failedToConnect, otherError { detail } …; or null. @default null */
  errorCode: CodedMessage | null
  /** Start a fresh pairing. */
  retry: () => void
  /** The explorer wallet of `walletId`, when known. */
  wallet?: ExplorerWallet
  /** The wallet's deep links carrying the URI (mobile on a phone; desktop and web elsewhere); unsafe schemes are never linked. @default {} */
  links: WalletLinks
}

/** A WalletConnect pairing's life cycle: start, refreshed URI, failure and retry, cancel on leave. */
export function usePairing(options: UsePairingOptions = {}): UsePairingReturn {
  const portico = usePortico()
  const { connection, router } = portico
  const route = useStore(router.$route)
  const uri = useStore(connection.$wcUri)
  const error = useStore(connection.$error)
  const connectors = useStore(connection.$connectors)
  const enabled = options.enabled ?? true
  const available = connectors.some((c) => c.type === 'walletConnect')
  useEffect(() => {
    if (!enabled || !available) return
    connection.startPairing()
    return () => connection.cancelPairing()
  }, [connection, enabled, available])
  const walletId = options.walletId ?? (route.view === 'ConnectingWalletConnect' ? route.data?.walletId : undefined)
  const explorer = useLoadedFlow(portico, 'explorer', walletId !== undefined)
  const wallet = walletId ? explorer?.findWallet(walletId) : undefined
  return {
    uri,
    available,
    error,
    errorCode: codeOf(error),
    retry: () => void connection.startPairing(),
    wallet,
    links: explorer?.linksFor(wallet, uri) ?? {},
  }
}
