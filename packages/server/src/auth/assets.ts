/**
 * EIP-7811 wallet_getAssets for the embedded wallet: the signed-in account's native and ERC-20
 * balances on the server's chains, read from the chains (the same reader as GET
 * /v1/account/{address}/balance and its configured token list).
 *
 * wallet_getAssets [{ account, chainFilter?: hex[], assetTypeFilter?: ('native' | 'erc20')[], assetFilter?: { [chainIdHex]: [{ address, type }] } }]
 *   → { [chainIdHex]: [{ address: 'native' | token, balance: hex, type, metadata: { name, symbol, decimals } }] }
 * The native currency is always listed (even at zero); tokens only with a balance, or when asked
 * for by assetFilter.
 */
import { type Address, createPublicClient, http, isAddressEqual } from 'viem'
import { z } from 'zod'
import type { ChainConfig } from '../config.ts'
import type { BalanceProvider } from '../providers/evm-balances.ts'
import { AuthError } from './errors.ts'
import { rpcFailure } from './signer.ts'

export type AssetReader = BalanceProvider

type Asset = { address: string; balance: string; type: 'native' | 'erc20'; metadata: { name: string; symbol: string; decimals: number } }

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Invalid EVM address' })
const hexChainId = z.string().regex(/^0x[0-9a-fA-F]{1,8}$/, { error: 'chain ids must be hex' })
const USAGE = 'wallet_getAssets takes [{ account, chainFilter?, assetTypeFilter?, assetFilter? }]'
const params = z.tuple(
  [
    z.object(
      {
        account: address,
        chainFilter: z.array(hexChainId).max(64).optional(),
        assetTypeFilter: z
          .array(z.enum(['native', 'erc20'], { error: "assetTypeFilter holds 'native' and 'erc20'" }))
          .max(2)
          .optional(),
        assetFilter: z
          .record(
            hexChainId,
            z.array(z.object({ address: z.union([address, z.literal('native')]), type: z.enum(['native', 'erc20']) })).max(64),
          )
          .optional(),
      },
      { error: USAGE },
    ),
  ],
  { error: USAGE },
)

const hex = (n: bigint) => `0x${n.toString(16)}`

/** Native balances only: eth_getBalance on the chain. */
function nativeReader(rpcTimeoutMs: number): AssetReader {
  return {
    async getBalances(chain, account) {
      const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: rpcTimeoutMs, retryCount: 0 }) })
      return { native: await client.getBalance({ address: account }), tokens: [] }
    },
  }
}

export async function getAssets(
  ctx: { chains: readonly ChainConfig[]; rpcTimeoutMs: number; reader?: AssetReader },
  evmAddress: string,
  raw: unknown,
): Promise<Record<string, Asset[]>> {
  const parsed = params.safeParse(raw ?? [])
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue && issue.path.length > 1 ? `${issue.path.slice(1).join('.')}: ` : ''
    throw new AuthError(400, `${where}${issue?.message ?? USAGE}`.slice(0, 300))
  }
  const [request] = parsed.data
  if (!isAddressEqual(request.account as Address, evmAddress as Address))
    throw new AuthError(400, 'The address is not the signed-in account')
  const chainHex = (c: ChainConfig) => hex(BigInt(c.chainId))
  const wantedChains = request.chainFilter?.map((id) => hex(BigInt(id)))
  const filterChains = request.assetFilter ? Object.keys(request.assetFilter).map((id) => hex(BigInt(id))) : undefined
  const chains = ctx.chains.filter(
    (c) => (!wantedChains || wantedChains.includes(chainHex(c))) && (!filterChains || filterChains.includes(chainHex(c))),
  )
  const types = request.assetTypeFilter ?? ['native', 'erc20']
  const reader = ctx.reader ?? nativeReader(ctx.rpcTimeoutMs)

  const result: Record<string, Asset[]> = {}
  await Promise.all(
    chains.map(async (chain) => {
      const id = chainHex(chain)
      const asked = request.assetFilter ? Object.entries(request.assetFilter).find(([k]) => hex(BigInt(k)) === id)?.[1] : undefined
      let read: Awaited<ReturnType<AssetReader['getBalances']>>
      try {
        read = await reader.getBalances(chain, evmAddress as Address)
      } catch (error) {
        throw error instanceof AuthError ? error : rpcFailure(error)
      }
      const assets: Asset[] = []
      const wantsNative = types.includes('native') && (!asked || asked.some((a) => a.type === 'native'))
      if (wantsNative) {
        assets.push({
          address: 'native',
          balance: hex(read.native),
          type: 'native',
          metadata: { name: chain.nativeCurrency.name, symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals },
        })
      }
      if (types.includes('erc20')) {
        for (const { token, balance } of read.tokens) {
          const named = asked?.some(
            (a) => a.type === 'erc20' && a.address !== 'native' && isAddressEqual(a.address as Address, token.address as Address),
          )
          if (asked ? !named : balance === 0n) continue
          assets.push({
            address: token.address,
            balance: hex(balance),
            type: 'erc20',
            metadata: { name: token.name, symbol: token.symbol, decimals: token.decimals },
          })
        }
      }
      result[id] = assets
    }),
  )
  return result
}
