import { createPublicClient, http, recoverMessageAddress, isAddressEqual, type Address, type Hex, type PublicClient } from 'viem'
import { caipNetworkId, type ChainConfig } from '../config.ts'
import { ChainRpcError } from '../errors.ts'

/** Verifies signed messages (EIP-191 personal_sign) of accounts on the configured chains. */
export interface SignatureVerifier {
  /**
   * Whether `signature` is `address`'s signature of `message` on `chain`: an EOA's ECDSA signature,
   * or a smart account's through ERC-1271 (deployed) or ERC-6492 (not yet deployed). Throws a
   * ChainRpcError (502) when the chain can not be asked.
   */
  verifyMessage(chain: ChainConfig, input: { address: Address; message: string; signature: Hex }): Promise<boolean>
}

/**
 * The default verifier: the ECDSA recovery first (no RPC for an EOA), then viem's
 * `verifyMessage` on the chain (ERC-6492's universal validator, which also covers ERC-1271).
 * viem reports an unreachable chain as an invalid signature, so a refusal is confirmed by asking
 * the chain its id: a chain that does not answer is a 502, not a bad signature.
 */
export function createRpcSignatureVerifier(options: { timeoutMs?: number } = {}): SignatureVerifier {
  const clients = new Map<number, PublicClient>()
  const clientFor = (chain: ChainConfig): PublicClient => {
    let client = clients.get(chain.chainId)
    if (client === undefined) {
      client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0, timeout: options.timeoutMs ?? 10_000 }) })
      clients.set(chain.chainId, client)
    }
    return client
  }
  return {
    async verifyMessage(chain, { address, message, signature }) {
      try {
        if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return true
      } catch {
        // Not a 65-byte ECDSA signature: a smart account's, checked on chain.
      }
      const client = clientFor(chain)
      let valid: boolean
      try {
        valid = await client.verifyMessage({ address, message, signature })
      } catch (cause) {
        throw new ChainRpcError(caipNetworkId(chain), cause)
      }
      if (valid) return true
      try {
        await client.getChainId()
      } catch (cause) {
        throw new ChainRpcError(caipNetworkId(chain), cause)
      }
      return false
    },
  }
}
