import { createPublicClient, erc20Abi, http, type Address, type PublicClient } from 'viem'
import { caipNetworkId, type ChainConfig, type TokenConfig } from '../config.ts'
import { ChainRpcError } from '../errors.ts'

export type ChainBalances = {
  native: bigint
  /** Every configured token of the chain, in config order. */
  tokens: { token: TokenConfig; balance: bigint }[]
}

/**
 * Reads an address's balances on one chain. A failure of the chain is a ChainRpcError (502);
 * anything else thrown is a 500.
 */
export interface BalanceProvider {
  getBalances(chain: ChainConfig, address: Address): Promise<ChainBalances>
}

/**
 * Balances read straight from each chain's JSON-RPC with viem: eth_getBalance plus one
 * `balanceOf` eth_call per configured token, in parallel (anvil has no multicall contract by
 * default). Any failure becomes a ChainRpcError (502).
 */
export function createRpcBalanceProvider(options: { timeoutMs?: number } = {}): BalanceProvider {
  const clients = new Map<number, PublicClient>()
  const clientFor = (chain: ChainConfig): PublicClient => {
    let client = clients.get(chain.chainId)
    if (client === undefined) {
      client = createPublicClient({
        transport: http(chain.rpcUrl, { retryCount: 0, timeout: options.timeoutMs ?? 10_000 }),
      })
      clients.set(chain.chainId, client)
    }
    return client
  }
  return {
    async getBalances(chain, address) {
      const client = clientFor(chain)
      try {
        const [native, ...tokenBalances] = await Promise.all([
          client.getBalance({ address }),
          ...chain.tokens.map((token) =>
            client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
          ),
        ])
        return {
          native,
          tokens: chain.tokens.map((token, i) => ({ token, balance: tokenBalances[i] as bigint })),
        }
      } catch (cause) {
        throw new ChainRpcError(caipNetworkId(chain), cause)
      }
    },
  }
}
