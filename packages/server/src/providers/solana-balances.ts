import { address, createSolanaRpc, type Address, type Rpc, type SolanaRpcApi } from '@solana/kit'
import type { SolanaChainConfig, SolanaTokenConfig } from '../config.ts'
import { ChainRpcError } from '../errors.ts'

export type SolanaBalances = {
  /** Lamports. */
  native: bigint
  /** Every configured SPL token, in config order: the sum over the owner's token accounts of that mint. */
  tokens: { token: SolanaTokenConfig; balance: bigint }[]
}

/**
 * Reads a Solana account's SOL and SPL token balances. `owner` has been validated (base58 of 32
 * bytes). A failure of the chain is a ChainRpcError (502); anything else thrown is a 500.
 */
export interface SolanaBalanceProvider {
  getBalances(chain: SolanaChainConfig, owner: Address): Promise<SolanaBalances>
}

/**
 * Balances read from the chain's JSON-RPC with @solana/kit: getBalance plus one
 * getTokenAccountsByOwner (filtered by mint, jsonParsed) per configured token, in parallel, at
 * 'confirmed'. Any failure becomes a ChainRpcError (502).
 */
export function createSolanaBalanceProvider(): SolanaBalanceProvider {
  const clients = new Map<string, Rpc<SolanaRpcApi>>()
  const rpcFor = (chain: SolanaChainConfig) => {
    let rpc = clients.get(chain.rpcUrl)
    if (rpc === undefined) {
      rpc = createSolanaRpc(chain.rpcUrl)
      clients.set(chain.rpcUrl, rpc)
    }
    return rpc
  }
  return {
    async getBalances(chain, owner) {
      const rpc = rpcFor(chain)
      try {
        const [native, ...perToken] = await Promise.all([
          rpc.getBalance(owner, { commitment: 'confirmed' }).send(),
          ...chain.tokens.map((token) =>
            rpc.getTokenAccountsByOwner(owner, { mint: address(token.mint) }, { encoding: 'jsonParsed', commitment: 'confirmed' }).send(),
          ),
        ])
        return {
          native: native.value,
          tokens: chain.tokens.map((token, i) => {
            let balance = 0n
            for (const { account } of perToken[i]?.value ?? []) {
              balance += BigInt(account.data.parsed.info.tokenAmount.amount)
            }
            return { token, balance }
          }),
        }
      } catch (cause) {
        throw new ChainRpcError(chain.caipNetworkId, cause)
      }
    },
  }
}
