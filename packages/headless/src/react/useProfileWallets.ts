import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { ProfileWallet } from '../core/switching/switching'
import type { ChainNamespace } from '../core/types'
import { atom } from 'nanostores'
import { useLoadedFlow } from './lazy'
import { usePortico } from './usePortico'

const NO_ROWS = atom<ProfileWallet[]>([])

export interface UseProfileWalletsReturn {
  /** One row per namespace of the app, in the order of its networks: wallet (if any), network, active. @default [] */
  rows: ProfileWallet[]
  /** The namespace being disconnected. @default null */
  busy: ChainNamespace | null
  /** Make a connected namespace active and show its Account view. */
  makeActive: (namespace: ChainNamespace) => void
  /** Disconnect one namespace's wallet; another connected one becomes active if this one was. */
  disconnect: (namespace: ChainNamespace) => Promise<void>
  /** Add a wallet in a namespace without one (the network-switch routing towards it). */
  add: (namespace: ChainNamespace) => void
}

/** The multi-wallet list (ProfileWallets, SPEC §4 switching). */
export function useProfileWallets(): UseProfileWalletsReturn {
  const portico = usePortico()
  const flow = useLoadedFlow(portico, 'switching')
  const rows = useStore(flow?.$profileWallets ?? NO_ROWS)
  const [busy, setBusy] = useState<ChainNamespace | null>(null)
  return {
    rows,
    busy,
    makeActive: (ns) => (flow ? flow.makeActive(ns) : void portico.load('switching').then((f) => f.makeActive(ns))),
    disconnect: async (ns) => {
      setBusy(ns)
      try {
        await (flow ?? (await portico.load('switching'))).disconnectWallet(ns)
      } finally {
        setBusy(null)
      }
    },
    add: (ns) => void portico.network.addWallet(ns),
  }
}
