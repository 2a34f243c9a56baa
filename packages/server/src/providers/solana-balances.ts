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

/** One @solana/kit RPC client per chain RPC URL, made on first use (the balance and history providers). */
export function solanaRpcCache(): (chain: SolanaChainConfig) => Rpc<SolanaRpcApi> {
  const clients = new Map<string, Rpc<SolanaRpcApi>>()
  return (chain) => {
    let rpc = clients.get(chain.rpcUrl)
    if (rpc === undefined) {
      rpc = createSolanaRpc(chain.rpcUrl)
      clients.set(chain.rpcUrl, rpc)
    }
    return rpc
  }
}

/**
 * Balances read from the chain's JSON-RPC with @solana/kit: getBalance plus one
 * getTokenAccountsByOwner (filtered by mint, jsonParsed) per configured token, in parallel, at
 * 'confirmed'. Any failure becomes a ChainRpcError (502).
 */
export function createSolanaBalanceProvider(): SolanaBalanceProvider {
  const rpcFor = solanaRpcCache()
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
