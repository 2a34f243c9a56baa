/**
 * A wallet request (EIP-1193 method + params, or a Solana transaction) to the decoder that reads it.
 */
import { z } from 'zod/mini'
import { callOfTransaction, decodeAuthorization, decodeCall, decodeGrant, decodeSendCalls, mergeFlags } from './evm'
import { decodeMessage } from './message'
import { decodeTypedData } from './typed'
import type { AuthorizationPreview, EvmCall, Preview, PreviewConfig, PreviewFlag, SolanaTransactionPreview } from './types'

/** The requests the engine previews, as a wallet receives them. */
export type PreviewRequest =
  /** [transaction]; a type-4 transaction's `authorizationList` is read too. */
  | { method: 'eth_sendTransaction' | 'eth_signTransaction'; params: readonly [unknown, ...unknown[]] }
  /** [{ chainId, from, calls, atomicRequired }] */
  | { method: 'wallet_sendCalls'; params: readonly [unknown, ...unknown[]] }
  /** [address, typedData (object or JSON text)] */
  | { method: 'eth_signTypedData_v4'; params: readonly [string, unknown] }
  /** [message (hex or text), address] */
  | { method: 'personal_sign'; params: readonly [string, ...unknown[]] }
  /** [grant] */
  | { method: 'wallet_grantPermissions'; params: readonly [unknown, ...unknown[]] }
  /** An EIP-7702 authorization to sign on its own ({ address, chainId, nonce }). */
  | { method: 'eip7702_authorization'; params: readonly [unknown] }
  /** A Solana wire transaction (base64). */
  | { method: 'solana_signTransaction' | 'solana_signAndSendTransaction'; params: { transaction: string } }
  /** A Solana message (UTF-8 text). */
  | { method: 'solana_signMessage'; params: { message: string } }

/** What a request decodes to, before any chain read. */
export interface DecodedRequest {
  preview: Preview
  /** The EVM calls to simulate (transactions and batches); empty otherwise. */
  calls: EvmCall[]
  /** The sender the request names (a transaction's `from`, a batch's `from`). */
  from?: string
  /** The EIP-7702 authorizations a type-4 transaction carries. */
  authorizations: AuthorizationPreview[]
  /** Every flag of the preview and the authorizations. */
  flags: PreviewFlag[]
}

const typeFour = z.looseObject({ from: z.optional(z.string()), authorizationList: z.optional(z.array(z.unknown())) })

/** The Solana decoder (./solana.ts): passed in, so that the store loads @solana/kit only for a Solana request. */
export type SolanaDecoder = (wire: string) => SolanaTransactionPreview

/**
 * Reads a request; throws (a zod or decoder error) when its params are not what the method takes,
 * or the method is not one above (a Solana transaction needs `solana`).
 */
export function decodeRequest(request: PreviewRequest, config: PreviewConfig = {}, solana?: SolanaDecoder): DecodedRequest {
  const only = (preview: Preview): DecodedRequest => ({ preview, calls: [], authorizations: [], flags: preview.flags })
  switch (request.method) {
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      const tx = request.params[0]
      const call = callOfTransaction(tx)
      const extra = typeFour.parse(tx)
      const authorizations = (extra.authorizationList ?? []).map((a) => decodeAuthorization(a, config))
      const preview = decodeCall(call)
      return {
        preview,
        calls: [call],
        ...(extra.from ? { from: extra.from } : {}),
        authorizations,
        flags: mergeFlags(preview.flags, ...authorizations.map((a) => a.flags)),
      }
    }
    case 'wallet_sendCalls': {
      const preview = decodeSendCalls(request.params[0])
      const raw = z.object({ calls: z.array(z.unknown()) }).parse(request.params[0])
      const calls = raw.calls.map((c) => callOfTransaction(c))
      return { preview, calls, ...(preview.from ? { from: preview.from } : {}), authorizations: [], flags: preview.flags }
    }
    case 'eth_signTypedData_v4':
      return only(decodeTypedData(request.params[1], config))
    case 'personal_sign':
      return only(decodeMessage(request.params[0], config))
    case 'solana_signMessage':
      return only(decodeMessage(request.params.message, config))
    case 'wallet_grantPermissions':
      return only(decodeGrant(request.params[0], config))
    case 'eip7702_authorization':
      return only(decodeAuthorization(request.params[0], config))
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction':
      if (!solana) throw new Error('Solana transactions need the Solana decoder')
      return only(solana(request.params.transaction))
    default:
      throw new Error(`Unsupported method: ${(request as { method: string }).method}`)
  }
}
