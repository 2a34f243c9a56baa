import { useCallback, useState } from 'react'
import { displayError } from '../core/errors'
import type { ChainNamespace } from '../core/types'
import { usePortico } from './usePortico'

export interface UseSignMessageOptions {
  /** The namespace whose account signs. @default the active namespace */
  namespace?: ChainNamespace
}

export interface UseSignMessageReturn {
  /** Ask the connected wallet to sign `message`; resolves with the signature, rejects like the wallet did. */
  signMessage: (message: string) => Promise<string>
  /** The last signature. @default undefined */
  signature?: string
  /** The last error text ('User rejected the request', 'No account connected', 'Action not allowed' …). @default undefined */
  error?: string
  /** True while the wallet is asked. @default false */
  isPending: boolean
}

/** Sign a message with the connected wallet of the active namespace (personal_sign on EVM). */
export function useSignMessage(options: UseSignMessageOptions = {}): UseSignMessageReturn {
  const portico = usePortico()
  const [state, setState] = useState<{ signature?: string; error?: string; isPending: boolean }>({ isPending: false })
  const signMessage = useCallback(
    async (message: string) => {
      setState({ isPending: true })
      try {
        const signature = await portico.wallet.signMessage(message, { namespace: options.namespace })
        setState({ signature, isPending: false })
        return signature
      } catch (error) {
        // SPEC §6: a call the wallet does not allow reads 'Action not allowed'.
        setState({ error: displayError(error), isPending: false })
        throw error
      }
    },
    [portico, options.namespace],
  )
  return { signMessage, signature: state.signature, error: state.error, isPending: state.isPending }
}
