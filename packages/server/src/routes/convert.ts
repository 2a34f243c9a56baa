import {
  CONVERT_NATIVE_TOKEN_ADDRESS,
  convertBuildTransactionRequestSchema,
  type ConvertAllowanceResponse,
  type ConvertBuildApproveResponse,
  type ConvertBuildTransactionResponse,
  type ConvertGasPriceResponse,
  type ConvertQuotesResponse,
  type ConvertToken,
  type ConvertTokensResponse,
} from '@portico/protocol/convert'
import { Hono } from 'hono'
import { getAddress, maxUint256, type Address } from 'viem'
import { z } from 'zod'
import { caipNetworkId, type ChainConfig } from '../config.ts'
import { HttpError, preview } from '../errors.ts'
import type { SwapChain, SwapToken } from '../providers/convert.ts'
import {
  DEFAULT_SWAP_GAS,
  encodeApprove,
  encodeSwap,
  fractionToPercent,
  bpsToPercent,
  gasPriceTiers,
  minimumOut,
  parseBaseUnits,
  parseSlippage,
  swapDeadline,
} from '../providers/convert-math.ts'
import { parseInput } from '../validation.ts'
import type { AppContext, RouteModule } from './context.ts'
import { tokenImagePath } from './images.ts'
import { commonSymbolsFor, SWAP_CHAIN_IDS } from '@portico/protocol/swap-chains'
import { GAS_PRICE_NETWORK, SWAP_NETWORK } from '@portico/protocol/errors'

/**
 * SPEC §9: the 12 EVM chains swaps are offered on (@portico/protocol/swap-chains, the client's list too).
 * Each is served once it is configured with an RPC and a swap router (chains[].swap); until then it
 * "needs an RPC". Any configured chain with a router (the local devnet chains) is served too.
 */
export { SWAP_CHAIN_IDS }

/** Symbols listed as popular in the token select, in this order, when the chain has them (after the chain's own: commonSymbolsFor). */
export const POPULAR_SYMBOLS: readonly string[] = ['ETH', 'USDC', 'USDT', 'DAI', 'WBTC', 'WETH']
/** Most suggested quick picks. */
export const MAX_SUGGESTED = 4

export const SWAP_ERRORS = {
  network: SWAP_NETWORK,
  gasPrice: GAS_PRICE_NETWORK,
} as const

/** Where a chain stands for swaps. */
type SwapStatus = { kind: 'live'; chain: SwapChain } | { kind: 'needs-rpc'; chainId: string; chain?: ChainConfig } | { kind: 'unsupported' }

function swapStatus(ctx: AppContext, chainId: number): SwapStatus {
  const chain = ctx.chainsById.get(`eip155:${chainId}`)
  if (chain?.swap !== undefined) return { kind: 'live', chain: chain as SwapChain }
  if (SWAP_CHAIN_IDS.includes(chainId))
    return chain === undefined
      ? { kind: 'needs-rpc', chainId: `eip155:${chainId}` }
      : { kind: 'needs-rpc', chainId: `eip155:${chainId}`, chain }
  return { kind: 'unsupported' }
}

function needsRpc(chainId: string, chain: ChainConfig | undefined): HttpError {
  return new HttpError(
    400,
    chain === undefined
      ? `${SWAP_ERRORS.network}: ${chainId} needs an RPC (configure the chain with swap { router, weth })`
      : `${SWAP_ERRORS.network}: ${chainId} needs a swap router (configure chains[].swap { router, weth })`,
  )
}

/** The chain a swap may run on, or the 400 that says why not. */
function liveChain(ctx: AppContext, chainId: number): SwapChain {
  const status = swapStatus(ctx, chainId)
  if (status.kind === 'live') return status.chain
  if (status.kind === 'needs-rpc') throw needsRpc(status.chainId, status.chain)
  throw new HttpError(400, SWAP_ERRORS.network)
}

const CAIP10_EVM = /^eip155:([1-9]\d{0,9}):(0x[0-9a-fA-F]{40})$/
const PLAIN_EVM = /^0x[0-9a-fA-F]{40}$/
const NATIVE = CONVERT_NATIVE_TOKEN_ADDRESS

/** A token id `eip155:<chainId>:0x…` (the native placeholder for the native currency). */
type TokenId = { chainId: number; token: SwapToken }

function parseTokenId(field: string, value: unknown): TokenId {
  if (typeof value !== 'string' || value === '') throw new HttpError(400, `${field} is required: a CAIP-10 token id (eip155:<chainId>:0x…)`)
  const match = CAIP10_EVM.exec(value)
  if (match === null) {
    if (/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:/.test(value) && !value.startsWith('eip155:')) throw new HttpError(400, SWAP_ERRORS.network)
    throw new HttpError(400, `${field} must be a CAIP-10 token id (eip155:<chainId>:0x…), got ${preview(value, 60)}`)
  }
  const chainId = Number(match[1])
  if (chainId >= 2 ** 31) throw new HttpError(400, SWAP_ERRORS.network)
  const address = match[2] as string
  return { chainId, token: address.toLowerCase() === NATIVE ? 'native' : getAddress(address.toLowerCase()) }
}

/** A user address: 0x…, or CAIP-10 on `chainId`. */
function parseUser(value: unknown, chainId: number): Address {
  if (typeof value !== 'string' || value === '')
    throw new HttpError(400, 'userAddress is required: an EVM address (0x…) or CAIP-10 account (eip155:<chainId>:0x…)')
  if (PLAIN_EVM.test(value)) return getAddress(value.toLowerCase())
  const match = CAIP10_EVM.exec(value)
  if (match === null) throw new HttpError(400, `userAddress must be an EVM address (0x…) or CAIP-10 account, got ${preview(value, 60)}`)
  if (Number(match[1]) !== chainId) throw new HttpError(400, `userAddress is on eip155:${match[1]}, the tokens on eip155:${chainId}`)
  return getAddress((match[2] as string).toLowerCase())
}

function parseAmount(field: string, value: unknown): bigint {
  const parsed = parseBaseUnits(field, value)
  if (!parsed.ok) throw new HttpError(400, parsed.message)
  return parsed.value
}

/** The chain id of a `chainId` query value: CAIP-2 (`eip155:1`) or a bare decimal id. */
function parseChainId(value: unknown, unsupported: string): number {
  if (typeof value !== 'string' || value === '') throw new HttpError(400, 'chainId is required: a CAIP-2 chain id (eip155:<id>)')
  const match = /^(?:eip155:)?([1-9]\d{0,9})$/.exec(value)
  if (match === null) {
    if (/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(value)) throw new HttpError(400, unsupported)
    throw new HttpError(400, `Invalid CAIP-2 chain id ${preview(value, 60)}`)
  }
  const id = Number(match[1])
  if (id >= 2 ** 31) throw new HttpError(400, unsupported)
  return id
}

/** The source and target of a swap: both on one live chain, different tokens. */
function parsePair(ctx: AppContext, from: unknown, to: unknown) {
  const source = parseTokenId('from', from)
  const target = parseTokenId('to', to)
  if (source.chainId !== target.chainId)
    throw new HttpError(400, `from and to must be on one chain, got eip155:${source.chainId} and eip155:${target.chainId}`)
  if (source.token === target.token) throw new HttpError(400, 'from and to must be different tokens')
  return { chain: liveChain(ctx, source.chainId), from: source.token, to: target.token }
}

const caip10 = (chain: ChainConfig, token: SwapToken) => `${caipNetworkId(chain)}:${token === 'native' ? NATIVE : token}`

/** Every query value: a string of at most 200 characters (the routes check the rest). */
const queryOf = (keys: readonly string[]) =>
  z.object(
    Object.fromEntries(
      keys.map((k) => [
        k,
        z
          .string({ error: `${k} must be a string` })
          .max(200, { error: `${k} must be at most 200 characters` })
          .optional(),
      ]),
    ),
  )

const tokensQuery = queryOf(['chainId'])
const quotesQuery = queryOf(['amount', 'userAddress', 'from', 'to', 'gasPrice'])
const allowanceQuery = queryOf(['tokenAddress', 'userAddress'])
const approveQuery = queryOf(['from', 'to', 'userAddress', 'amount'])

const contentType = z
  .string({ error: 'Content-Type must be application/json' })
  .regex(/^application\/json\s*(;|$)/i, { error: 'Content-Type must be application/json' })

const buildMessages = {
  '': 'The body must be a JSON object with amount, eip155: { slippage }, from, to and userAddress',
  amount: "amount must be a string: an integer in the token's smallest unit",
  eip155: 'eip155 must be an object with slippage (a percentage string, e.g. "1")',
  from: 'from must be a CAIP-10 token id string',
  to: 'to must be a CAIP-10 token id string',
  userAddress: 'userAddress must be a string',
  disableEstimate: 'disableEstimate must be true or false',
}

/**
 * The convert API (SPEC §7 /v1/convert/*), computed from the chain: tokens with a pool, quotes from
 * the router's getAmountsOut at the current reserves, the allowance to the router, gas prices, and
 * the approval and swap transactions for the chain's router (chains[].swap).
 */
export const convertRoutes: RouteModule = (ctx) => {
  const provider = ctx.providers.convert

  const token = (chain: ChainConfig, address: string, meta: { name: string; symbol: string; decimals: number }): ConvertToken => ({
    name: meta.name,
    symbol: meta.symbol,
    address: `${caipNetworkId(chain)}:${address}`,
    decimals: meta.decimals,
    logoUri: ctx.assetUrl(tokenImagePath(meta.symbol)),
  })

  return new Hono()
    .get('/v1/convert/tokens', async (c) => {
      const query = parseInput(tokensQuery, c.req.query())
      const chainId = parseChainId(query.chainId, SWAP_ERRORS.network)
      const chain = liveChain(ctx, chainId)
      const configured = chain.tokens
      const pooled = new Set(
        (
          await provider.pooledTokens(
            chain,
            configured.map((t) => t.address),
          )
        ).map((a) => a.toLowerCase()),
      )
      const tokens = [
        token(chain, NATIVE, chain.nativeCurrency),
        ...configured.filter((t) => pooled.has(t.address.toLowerCase())).map((t) => token(chain, t.address, t)),
      ]
      // The chain's own common tokens first (its bridged stablecoins on Arbitrum…), then the general list.
      const popular = commonSymbolsFor(chainId, POPULAR_SYMBOLS).flatMap((symbol) =>
        tokens.filter((t) => t.symbol.toUpperCase() === symbol),
      )
      const suggested = tokens.filter((t) => !popular.includes(t)).slice(0, MAX_SUGGESTED)
      return c.json({ tokens, popular, suggested } satisfies ConvertTokensResponse)
    })

    .get('/v1/convert/quotes', async (c) => {
      const query = parseInput(quotesQuery, c.req.query())
      const amount = parseAmount('amount', query.amount)
      const { chain, from, to } = parsePair(ctx, query.from, query.to)
      const user = parseUser(query.userAddress, chain.chainId)
      if (query.gasPrice !== undefined && query.gasPrice !== '' && !/^\d{1,78}$/.test(query.gasPrice)) {
        throw new HttpError(400, `gasPrice must be an integer in wei, got ${preview(query.gasPrice, 60)}`)
      }
      const quote = await provider.quote(chain, amount, from, to)
      const account = `${caipNetworkId(chain)}:${user}`
      return c.json({
        quotes: [
          {
            id: null,
            fromAmount: amount.toString(),
            fromAccount: account,
            toAmount: (quote.amounts[quote.amounts.length - 1] as bigint).toString(),
            toAccount: account,
            priceImpact: fractionToPercent(quote.impact),
            fee: {
              amount: quote.fee.toString(),
              percentage: bpsToPercent(quote.feeBps),
              token: caip10(chain, from),
              recipient: quote.feeRecipient,
            },
            path: quote.path.map((a) => caip10(chain, a)),
          },
        ],
      } satisfies ConvertQuotesResponse)
    })

    .get('/v1/convert/allowance', async (c) => {
      const query = parseInput(allowanceQuery, c.req.query())
      const { chainId, token: address } = parseTokenId('tokenAddress', query.tokenAddress)
      const chain = liveChain(ctx, chainId)
      const user = parseUser(query.userAddress, chainId)
      const allowance = address === 'native' ? maxUint256 : await provider.allowance(chain, address, user)
      return c.json({ allowance: allowance.toString() } satisfies ConvertAllowanceResponse)
    })

    .get('/v1/convert/gas-price', async (c) => {
      const query = parseInput(tokensQuery, c.req.query())
      const chainId = parseChainId(query.chainId, SWAP_ERRORS.gasPrice)
      const status = swapStatus(ctx, chainId)
      // A swap chain configured without a router still has an RPC to ask.
      const chain = status.kind === 'live' ? status.chain : status.kind === 'needs-rpc' ? status.chain : undefined
      if (chain === undefined) {
        throw new HttpError(
          400,
          status.kind === 'needs-rpc' ? `${SWAP_ERRORS.gasPrice}: ${status.chainId} needs an RPC` : SWAP_ERRORS.gasPrice,
        )
      }
      const tiers = gasPriceTiers(await provider.gasPrice(chain))
      return c.json({
        standard: tiers.standard.toString(),
        fast: tiers.fast.toString(),
        instant: tiers.instant.toString(),
      } satisfies ConvertGasPriceResponse)
    })

    .get('/v1/convert/build-approve', async (c) => {
      const query = parseInput(approveQuery, c.req.query())
      const { chain, from } = parsePair(ctx, query.from, query.to)
      const user = parseUser(query.userAddress, chain.chainId)
      const amount = query.amount === undefined || query.amount === '' ? maxUint256 : parseAmount('amount', query.amount)
      if (from === 'native') throw new HttpError(400, 'The native currency needs no approval: from must be an ERC-20 token')
      const gasPrice = await provider.gasPrice(chain)
      return c.json({
        tx: { from: user, to: from, data: encodeApprove(chain.swap.router, amount), value: '0', eip155: { gasPrice: gasPrice.toString() } },
      } satisfies ConvertBuildApproveResponse)
    })

    .post('/v1/convert/build-transaction', async (c) => {
      if (!contentType.safeParse(c.req.header('content-type')).success) throw new HttpError(415, 'Content-Type must be application/json')
      let raw: unknown
      try {
        raw = JSON.parse(await c.req.text())
      } catch {
        throw new HttpError(400, 'Invalid JSON body')
      }
      const body = parseInput(convertBuildTransactionRequestSchema, raw, buildMessages)
      const amount = parseAmount('amount', body.amount)
      const slippage = parseSlippage(body.eip155.slippage)
      if (!slippage.ok) throw new HttpError(400, slippage.message)
      const { chain, from, to } = parsePair(ctx, body.from, body.to)
      const user = parseUser(body.userAddress, chain.chainId)
      const [quote, gasPrice] = await Promise.all([provider.quote(chain, amount, from, to), provider.gasPrice(chain)])
      const quoted = quote.amounts[quote.amounts.length - 1] as bigint
      const { data, value } = encodeSwap({
        amountIn: amount,
        amountOutMin: minimumOut(quoted, slippage.value),
        path: quote.path,
        to: user,
        deadline: swapDeadline(Date.now()),
        fromNative: from === 'native',
        toNative: to === 'native',
      })
      const tx = { from: user, to: chain.swap.router, data, value }
      const gas = body.disableEstimate === true ? DEFAULT_SWAP_GAS : await provider.estimateGas(chain, tx)
      return c.json({
        tx: {
          from: user,
          to: chain.swap.router,
          data,
          value: value.toString(),
          eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
        },
      } satisfies ConvertBuildTransactionResponse)
    })
}
