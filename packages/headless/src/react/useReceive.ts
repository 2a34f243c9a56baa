import { useStore } from '@nanostores/react'
import { useCallback, useState } from 'react'
import { receiveNetworks, receivePayload } from '../core/account/receive'
import type { CaipNetwork, ChainNamespace } from '../core/types'
import { usePortico } from './usePortico'

export interface UseReceiveOptions {
  /** The namespace whose account receives. @default the active namespace */
  namespace?: ChainNamespace
  /** Writes the address to the clipboard. @default navigator.clipboard.writeText */
  writeText?: (text: string) => Promise<void>
}

export interface UseReceiveReturn {
  /** The connected address of the namespace. @default undefined (not connected) */
  address?: string
  /** The namespace of the account. @default the active namespace */
  namespace?: ChainNamespace
  /**
   * The QR code's text: on EVM an EIP-681 URI `ethereum:<address>@<chainId>` (the chain travels with
   * the address), elsewhere the bare address. @default undefined (not connected)
   */
  payload?: string
  /** The account's current network: the one a sender should use. @default undefined */
  network?: CaipNetwork
  /** The app's networks of the namespace: the address receives on each of them. @default [] */
  networks: CaipNetwork[]
  /** Copies the address; resolves to whether the clipboard accepted it. */
  copy: () => Promise<boolean>
  /** True once the address was copied (reset when the address changes). @default false */
  copied: boolean
}

const clipboardWrite = (text: string): Promise<void> => {
  const clipboard = globalThis.navigator?.clipboard
  return clipboard ? clipboard.writeText(text) : Promise.reject(new Error('Clipboard unavailable'))
}

/** Receive: the connected address, its QR payload, the networks it receives on, and copying it. */
export function useReceive(options: UseReceiveOptions = {}): UseReceiveReturn {
  const portico = usePortico()
  const activeChain = useStore(portico.chain.$activeChain)
  const chains = useStore(portico.chain.$chains)
  const namespace = options.namespace ?? activeChain
  const state = namespace ? chains[namespace] : undefined
  const address = state?.accountState.address || undefined
  const network = state?.networkState.caipNetwork
  const [copied, setCopied] = useState(false)
  // Another address is not copied yet: reset while rendering (React's pattern for state that follows a prop).
  const [copiedSeenFor, setCopiedSeenFor] = useState(address)
  if (copiedSeenFor !== address) {
    setCopiedSeenFor(address)
    setCopied(false)
  }
  const writeText = options.writeText ?? clipboardWrite
  const copy = useCallback(async () => {
    if (!address) return false
    try {
      await writeText(address)
    } catch {
      return false
    }
    setCopied(true)
    return true
  }, [address, writeText])
  return {
    address,
    namespace,
    payload: address ? receivePayload(address, network) : undefined,
    network,
    networks: receiveNetworks(portico.options.networks, namespace),
    copy,
    copied,
  }
}
