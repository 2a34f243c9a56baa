/**
 * The swap data source of /v1/convert/*: a constant-product router and its pools, read on chain with
 * viem. Quotes come from the router's getAmountsOut at the current reserves; nothing is made up.
 */
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  decodeErrorResult,
  erc20Abi,
  ExecutionRevertedError,
  getAddress,
  http,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { caipNetworkId, type ChainConfig, type SwapConfig } from '../config.ts'
import { ChainRpcError, HttpError } from '../errors.ts'
import { FACTORY_ABI, PAIR_ABI, priceImpact, providerFee, ROUTER_ABI, TOKEN_ERRORS_ABI, type Fraction, type Hop } from './convert-math.ts'
import { INSUFFICIENT_BALANCE, INSUFFICIENT_LIQUIDITY } from '@portico/protocol/errors'

/** Every error a swap call may revert with, for decoding. */
const REVERT_ABI = [...ROUTER_ABI, ...TOKEN_ERRORS_ABI]

/** A chain with a swap deployment. */
export type SwapChain = ChainConfig & { swap: SwapConfig }

/** What the router says about itself. */
export type RouterInfo = { factory: Address; weth: Address; feeRecipient: Address; feeBps: bigint }

/** A token of a swap: an ERC-20 address, or the chain's native currency (routed as WETH). */
export type SwapToken = Address | 'native'

/** A quote read from the chain. */
export type SwapQuote = {
  /** Token addresses, source first (native as WETH). */
  path: Address[]
  /** The router's getAmountsOut: amounts[0] = the gross source amount, the last = the output. */
  amounts: bigint[]
  /** The pools of the path, oriented along it, at the block the quote was read at. */
  hops: Hop[]
  /** The provider fee, in the source token. */
  fee: bigint
  feeBps: bigint
  feeRecipient: Address
  /** The price impact (fees aside), a fraction of 1. */
  impact: Fraction
}

/**
 * Swap reads on one chain. A chain that can not be asked is a ChainRpcError (502); a swap the pools
 * can not serve is an HttpError 400 whose message holds 'Insufficient liquidity'.
 */
export interface ConvertProvider {
  router(chain: SwapChain): Promise<RouterInfo>
  /** Those of `tokens` that have a pool with reserves (with WETH or with another of `tokens`), in the order given. */
  pooledTokens(chain: SwapChain, tokens: readonly Address[]): Promise<Address[]>
  /** A quote for `amountIn` (gross, smallest unit) of `from` into `to`: through the direct pool, else through WETH. */
  quote(chain: SwapChain, amountIn: bigint, from: SwapToken, to: SwapToken): Promise<SwapQuote>
  /** The ERC-20 allowance `owner` granted the router. */
  allowance(chain: SwapChain, token: Address, owner: Address): Promise<bigint>
  /** eth_gasPrice. */
  gasPrice(chain: ChainConfig): Promise<bigint>
  /** eth_estimateGas of a swap; a transaction that would revert is a 400 naming the reason. */
  estimateGas(chain: SwapChain, tx: { from: Address; to: Address; data: Hex; value: bigint }): Promise<bigint>
}

/** How long the list of pooled tokens is reused. */
export const POOLED_TOKENS_TTL_MS = 30_000

/** The message of a swap the pools can not serve (the client looks for 'Insufficient liquidity'). */
export { INSUFFICIENT_LIQUIDITY }

/** The router's custom errors in words. */
const REVERT_TEXT: Record<string, string> = {
  InsufficientLiquidity: INSUFFICIENT_LIQUIDITY,
  InvalidPath: `${INSUFFICIENT_LIQUIDITY}: no pool for this pair`,
  InsufficientOutputAmount: 'Insufficient output amount: the price moved beyond the slippage',
  Expired: 'The swap expired',
  InsufficientAllowance: 'Insufficient allowance: approve the router first',
  ERC20InsufficientAllowance: 'Insufficient allowance: approve the router first',
  InsufficientBalance: INSUFFICIENT_BALANCE,
  ERC20InsufficientBalance: INSUFFICIENT_BALANCE,
}

/** The revert reason of a failed call (custom error name, Error(string) text or panic), or null when it did not revert. */
export function revertReason(error: unknown): string | null {
  if (!(error instanceof BaseError)) return null
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  if (reverted instanceof ContractFunctionRevertedError) {
    return reverted.data?.errorName === 'Error'
      ? String(reverted.data.args?.[0] ?? reverted.reason ?? 'execution reverted')
      : (reverted.data?.errorName ?? reverted.reason ?? reverted.shortMessage)
  }
  const withData = error.walk(
    (e) => typeof (e as { data?: unknown }).data === 'string' && /^0x[0-9a-fA-F]{8}/.test((e as { data: string }).data),
  )
  if (withData) {
    try {
      const decoded = decodeErrorResult({ abi: REVERT_ABI, data: (withData as unknown as { data: Hex }).data }) as {
        errorName: string
        args?: readonly unknown[]
      }
      return decoded.errorName === 'Error'
        ? String(decoded.args?.[0])
        : decoded.errorName === 'Panic'
          ? `panic ${String(decoded.args?.[0])}`
          : decoded.errorName
    } catch {
      return 'execution reverted'
    }
  }
  if (error.walk((e) => e instanceof ExecutionRevertedError)) return 'execution reverted'
  return null
}

/** A revert reason in the API's words. */
export function revertText(reason: string): string {
  return Object.hasOwn(REVERT_TEXT, reason) ? (REVERT_TEXT[reason] as string) : reason
}

/** The default ConvertProvider: viem over each chain's JSON-RPC. */
export function createRpcConvertProvider(options: { timeoutMs?: number; now?: () => number } = {}): ConvertProvider {
  const now = options.now ?? Date.now
  const clients = new Map<string, PublicClient>()
  const pooled = new Map<string, { expires: number; value: Address[] }>()

  const clientFor = (chain: ChainConfig): PublicClient => {
    const key = `${chain.chainId}|${chain.rpcUrl}`
    let client = clients.get(key)
    if (client === undefined) {
      // cacheTime 0: the block number pinned for a quote is the latest, never one read seconds ago.
      client = createPublicClient({
        cacheTime: 0,
        transport: http(chain.rpcUrl, { retryCount: 0, timeout: options.timeoutMs ?? 10_000 }),
      }) as PublicClient
      clients.set(key, client)
    }
    return client
  }

  /** Run chain reads; a revert is `onRevert(reason)`, anything else a ChainRpcError (502). */
  async function ask<T>(chain: ChainConfig, read: () => Promise<T>, onRevert?: (reason: string) => never): Promise<T> {
    try {
      return await read()
    } catch (cause) {
      if (cause instanceof HttpError) throw cause
      const reason = revertReason(cause)
      if (reason !== null && onRevert) onRevert(reason)
      throw new ChainRpcError(caipNetworkId(chain), cause)
    }
  }

  async function routerInfo(chain: SwapChain, blockNumber?: bigint): Promise<RouterInfo> {
    const client = clientFor(chain)
    const address = chain.swap.router
    const at = blockNumber === undefined ? {} : { blockNumber }
    const [factory, feeRecipient, feeBps] = await ask(chain, () =>
      Promise.all([
        client.readContract({ address, abi: ROUTER_ABI, functionName: 'factory', ...at }),
        client.readContract({ address, abi: ROUTER_ABI, functionName: 'feeRecipient', ...at }),
        client.readContract({ address, abi: ROUTER_ABI, functionName: 'feeBps', ...at }),
      ]),
    )
    return { factory: getAddress(factory), weth: chain.swap.weth, feeRecipient: getAddress(feeRecipient), feeBps }
  }

  /** The pool of a and b with its reserves oriented a → b, or null when there is none or it is empty. */
  async function pool(chain: SwapChain, factory: Address, a: Address, b: Address, blockNumber?: bigint): Promise<Hop | null> {
    const client = clientFor(chain)
    const at = blockNumber === undefined ? {} : { blockNumber }
    const pair = await ask(chain, () =>
      client.readContract({ address: factory, abi: FACTORY_ABI, functionName: 'getPair', args: [a, b], ...at }),
    )
    if (pair === zeroAddress) return null
    const [[reserve0, reserve1], token0] = await ask(chain, () =>
      Promise.all([
        client.readContract({ address: pair, abi: PAIR_ABI, functionName: 'getReserves', ...at }),
        client.readContract({ address: pair, abi: PAIR_ABI, functionName: 'token0', ...at }),
      ]),
    )
    if (reserve0 === 0n || reserve1 === 0n) return null
    return token0.toLowerCase() === a.toLowerCase()
      ? { reserveIn: reserve0, reserveOut: reserve1 }
      : { reserveIn: reserve1, reserveOut: reserve0 }
  }

  return {
    router: (chain) => routerInfo(chain),

    async pooledTokens(chain, tokens) {
      const key = `${chain.chainId}|${chain.rpcUrl}|${chain.swap.router}|${tokens.join(',')}`
      const hit = pooled.get(key)
      if (hit !== undefined && hit.expires > now()) return hit.value
      const { factory, weth } = await routerInfo(chain)
      const found: Address[] = []
      for (const token of tokens) {
        const partners = [weth, ...tokens.filter((t) => t.toLowerCase() !== token.toLowerCase())].filter(
          (t) => t.toLowerCase() !== token.toLowerCase(),
        )
        const pools = await Promise.all(partners.map((partner) => pool(chain, factory, token, partner)))
        if (pools.some((p) => p !== null)) found.push(token)
      }
      pooled.set(key, { expires: now() + POOLED_TOKENS_TTL_MS, value: found })
      return found
    },

    async quote(chain, amountIn, from, to) {
      const client = clientFor(chain)
      const blockNumber = await ask(chain, () => client.getBlockNumber())
      const info = await routerInfo(chain, blockNumber)
      const a = from === 'native' ? info.weth : from
      const b = to === 'native' ? info.weth : to
      if (a.toLowerCase() === b.toLowerCase()) throw new HttpError(400, 'from and to must be different tokens (native ETH swaps as WETH)')
      let path: Address[]
      let hops: Hop[]
      const direct = await pool(chain, info.factory, a, b, blockNumber)
      if (direct !== null) {
        path = [a, b]
        hops = [direct]
      } else {
        const viaWeth =
          a.toLowerCase() === info.weth.toLowerCase() || b.toLowerCase() === info.weth.toLowerCase()
            ? null
            : await Promise.all([
                pool(chain, info.factory, a, info.weth, blockNumber),
                pool(chain, info.factory, info.weth, b, blockNumber),
              ])
        if (viaWeth === null || viaWeth[0] === null || viaWeth[1] === null)
          throw new HttpError(400, `${INSUFFICIENT_LIQUIDITY}: no pool for this pair`)
        path = [a, info.weth, b]
        hops = [viaWeth[0], viaWeth[1]]
      }
      const amounts = await ask(
        chain,
        () =>
          client.readContract({
            address: chain.swap.router,
            abi: ROUTER_ABI,
            functionName: 'getAmountsOut',
            args: [amountIn, path],
            blockNumber,
          }),
        (reason) => {
          throw new HttpError(
            400,
            Object.hasOwn(REVERT_TEXT, reason) ? revertText(reason) : `${INSUFFICIENT_LIQUIDITY} for this amount (${reason})`,
          )
        },
      )
      const out = amounts[amounts.length - 1] ?? 0n
      if (out === 0n) throw new HttpError(400, `${INSUFFICIENT_LIQUIDITY}: the amount is too small to get anything out`)
      const fee = providerFee(amountIn, info.feeBps)
      return {
        path,
        amounts: [...amounts],
        hops,
        fee,
        feeBps: info.feeBps,
        feeRecipient: info.feeRecipient,
        impact: priceImpact(amountIn - fee, out, hops),
      }
    },

    allowance: (chain, token, owner) =>
      ask(chain, () =>
        clientFor(chain).readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, chain.swap.router] }),
      ),

    gasPrice: (chain) => ask(chain, () => clientFor(chain).getGasPrice()),

    estimateGas: (chain, tx) =>
      ask(
        chain,
        () => clientFor(chain).estimateGas({ account: tx.from, to: tx.to, data: tx.data, value: tx.value }),
        (reason) => {
          throw new HttpError(400, `The swap would fail: ${revertText(reason)}`)
        },
      ),
  }
}
