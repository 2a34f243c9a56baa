import { useMemo } from 'react'
import type { Eip1193Provider, ProviderNamespace } from '../core/provider/types'
import { usePortico } from './usePortico'

export interface UseProviderOptions {
  /** The namespace whose connection the provider serves. @default 'eip155' */
  namespace?: ProviderNamespace
  /**
   * The user reviews each request a wallet they brought would sign in Portico's modal first (decoded,
   * flagged, simulated); Cancel rejects with 4001. The embedded wallet confirms in its own frame.
   * @default false
   */
  preview?: boolean
}

export interface UseProviderReturn {
  /**
   * A standard EIP-1193 provider over Portico's connection (`portico.getProvider(namespace)`): the same
   * object on every render, whatever wallet connects later. Hand it to ethers' `BrowserProvider`, to
   * viem's `custom()` transport or to a wagmi connector.
   */
  provider: Eip1193Provider
}

/** The EIP-1193 provider of the connected wallet (eip155); its code loads on first use. */
export function useProvider(options: UseProviderOptions = {}): UseProviderReturn {
  const portico = usePortico()
  const namespace = options.namespace ?? 'eip155'
  const preview = options.preview === true
  const provider = useMemo(
    () => (preview ? portico.getProvider(namespace, { preview }) : portico.getProvider(namespace)),
    [portico, namespace, preview],
  )
  return { provider }
}
