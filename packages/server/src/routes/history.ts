import type { HistoryResponse, Transaction, TransactionTransfer } from '@portico/protocol/account'
import { Hono } from 'hono'
import { type Address, formatUnits, getAddress } from 'viem'
import { z } from 'zod'
import { address as solanaAddressOf } from '@solana/kit'
import { caipNetworkId, type ChainConfig, SOLANA_NATIVE_CURRENCY, type SolanaChainConfig } from '../config.ts'
import { HttpError, preview } from '../errors.ts'
import type { SolanaHistoryTx } from '../providers/solana-history.ts'
import { createActivityRepository, type ActivityRow, type HistoryPosition, type HistoryTx, type TokenMeta } from '../indexer/repository.ts'
import { caip2, EVM_ADDRESS, evmAddress, parseInput, queryInt, SOLANA_ADDRESS, solanaAddress } from '../validation.ts'
import type { AppContext, RouteModule } from './context.ts'
import { tokenImagePath } from './images.ts'

/** Transactions per page, and the most a `limit` may ask for. */
export const HISTORY_PAGE_SIZE = 20
export const HISTORY_MAX_PAGE_SIZE = 50

const MAX_CURSOR_LENGTH = 200
const cursorPayload = z.tuple([
  z
    .number()
    .int()
    .min(0)
    .max(2 ** 42),
  z.number().int().positive().lt(2147483648),
  z.string().regex(/^\d{1,20}$/),
  z
    .number()
    .int()
    .min(0)
    .max(2 ** 31),
])

function encodeCursor(p: HistoryPosition): string {
  return Buffer.from(JSON.stringify([p.minedAt, p.chainId, p.blockNumber.toString(), p.txIndex])).toString('base64url')
}

/** The opaque cursor: base64url of [minedAt, chainId, block, txIndex]; anything else is a 400. */
const cursor = z
  .string()
  .max(MAX_CURSOR_LENGTH, { error: 'Invalid cursor' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Invalid cursor' })
  .transform((value, ctx): HistoryPosition => {
    let json: unknown
    try {
      json = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
    } catch {
      json = undefined
    }
    const parsed = cursorPayload.safeParse(json)
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'Invalid cursor' })
      return z.NEVER
    }
    const [minedAt, chainId, block, txIndex] = parsed.data
    return { minedAt, chainId, blockNumber: BigInt(block), txIndex }
  })

const historyQuery = z.object({
  chainId: caip2.optional(),
  cursor: cursor.optional(),
  limit: queryInt('limit', 1, HISTORY_MAX_PAGE_SIZE, HISTORY_PAGE_SIZE),
})
const evmParams = z.object({ address: evmAddress })
const solanaParams = z.object({ address: solanaAddress })
/** On Solana the cursor is the base58 signature the next page starts before. */
const solanaHistoryQuery = historyQuery.extend({
  cursor: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, { error: 'Invalid cursor' })
    .optional(),
})

/** A symbol the token-images route draws (else no icon is given). */
const ICON_SYMBOL = /^[A-Za-z0-9._-]{1,16}$/

type Asset = { name?: string; symbol?: string; decimals: number | null }

function assetOf(chain: ChainConfig, row: ActivityRow, tokens: ReadonlyMap<string, TokenMeta>): Asset {
  if (row.token === null) return chain.nativeCurrency
  const configured = chain.tokens.find((t) => t.address.toLowerCase() === row.token)
  if (configured) return configured
  const meta = tokens.get(row.token)
  return {
    ...(meta?.name ? { name: meta.name } : {}),
    ...(meta?.symbol ? { symbol: meta.symbol } : {}),
    decimals: meta?.decimals ?? null,
  }
}

/** send / receive / trade / execute, from the transfers as the address sees them. */
function operationOf(status: 'success' | 'failed', transfers: readonly TransactionTransfer[]): string {
  if (status === 'failed' || transfers.length === 0) return 'execute'
  const outs = transfers.some((t) => t.direction === 'out')
  const ins = transfers.some((t) => t.direction === 'in')
  if (outs && ins) return 'trade'
  if (ins) return 'receive'
  return 'send'
}

function iconOf(ctx: AppContext, symbol: string | undefined) {
  return symbol !== undefined && ICON_SYMBOL.test(symbol) ? { icon: { url: ctx.assetUrl(tokenImagePath(symbol)) } } : {}
}

/** A Solana transaction as `owner` sees it: SOL and configured SPL tokens by name, others by decimals only. */
function toSolanaTransaction(ctx: AppContext, chain: SolanaChainConfig, owner: string, tx: SolanaHistoryTx): Transaction {
  const transfers: TransactionTransfer[] = tx.transfers.map((t) => {
    const asset: { name?: string; symbol?: string } =
      t.mint === null ? SOLANA_NATIVE_CURRENCY : (chain.tokens.find((token) => token.mint === t.mint) ?? {})
    return {
      direction: t.direction,
      quantity: { numeric: formatUnits(t.amount, t.decimals) },
      fungible_info: {
        ...(asset.name ? { name: asset.name } : {}),
        ...(asset.symbol ? { symbol: asset.symbol } : {}),
        ...iconOf(ctx, asset.symbol),
      },
    }
  })
  transfers.sort((a, b) => Number(b.direction === 'out') - Number(a.direction === 'out'))
  const out = tx.transfers.find((t) => t.direction === 'out')
  const into = tx.transfers.find((t) => t.direction === 'in')
  const status = tx.failed ? 'failed' : 'success'
  return {
    id: `${chain.caipNetworkId}:${tx.signature}`,
    metadata: {
      // A node without the block's time: listed at the epoch rather than dropped.
      minedAt: new Date((tx.blockTime ?? 0) * 1000).toISOString(),
      chain: chain.caipNetworkId,
      operationType: operationOf(status, transfers),
      status: tx.failed ? 'failed' : 'confirmed',
      sentFrom: out ? owner : (into?.counterparty ?? tx.feePayer),
      sentTo: out ? (out.counterparty ?? tx.program ?? owner) : into ? owner : (tx.program ?? owner),
    },
    transfers,
  }
}

const addressKey = (address: string) => (address.startsWith('0x') ? address.toLowerCase() : address)

/**
 * The page with the names the API knows for the other sides (sentFrom / sentTo but the owner): a
 * known address (AppConfig.knownAddresses, the swap routers) first, else an EVM address's Portico or
 * ENS name (providers.identity). A name that can not be read is left out; the page is still served.
 */
async function withNames(ctx: AppContext, owner: string, data: Transaction[]): Promise<Transaction[]> {
  const others = new Set<string>()
  for (const t of data) {
    for (const a of [t.metadata.sentFrom, t.metadata.sentTo]) if (addressKey(a) !== addressKey(owner)) others.add(addressKey(a))
  }
  const names = new Map<string, string>()
  await Promise.all(
    [...others].map(async (key) => {
      const known = ctx.knownAddresses.get(key)
      if (known !== undefined) return void names.set(key, known)
      if (!EVM_ADDRESS.test(key)) return
      try {
        const { name } = await ctx.providers.identity.getIdentity(getAddress(key) as Address)
        if (name !== null) names.set(key, name)
      } catch {
        // Optional: the address is shown instead.
      }
    }),
  )
  if (names.size === 0) return data
  return data.map((t) => {
    const from = names.get(addressKey(t.metadata.sentFrom))
    const to = names.get(addressKey(t.metadata.sentTo))
    if (from === undefined && to === undefined) return t
    return { ...t, metadata: { ...t.metadata, ...(from ? { sentFromName: from } : {}), ...(to ? { sentToName: to } : {}) } }
  })
}

function toTransaction(
  ctx: AppContext,
  chain: ChainConfig,
  address: string,
  tx: HistoryTx,
  tokens: ReadonlyMap<string, TokenMeta>,
): Transaction {
  const first = tx.rows[0] as ActivityRow
  const status = tx.rows.some((r) => r.status === 'failed') ? 'failed' : 'success'
  const transfers: TransactionTransfer[] = []
  // A reverted transaction moved nothing: it is listed without transfers.
  if (status === 'success') {
    for (const row of tx.rows) {
      const direction = row.from === address && row.to === address ? 'self' : row.from === address ? 'out' : 'in'
      const asset = assetOf(chain, row, tokens)
      const numeric = asset.decimals === null ? row.amount.toString() : formatUnits(row.amount, asset.decimals)
      const icon = iconOf(ctx, asset.symbol)
      transfers.push({
        direction,
        quantity: { numeric },
        fungible_info: { ...(asset.name ? { name: asset.name } : {}), ...(asset.symbol ? { symbol: asset.symbol } : {}), ...icon },
      })
    }
    // Outgoing first (SPEC §5).
    transfers.sort((a, b) => Number(b.direction === 'out') - Number(a.direction === 'out'))
  }
  const chainId = caipNetworkId(chain)
  return {
    id: `${chainId}:${tx.txHash}`,
    metadata: {
      minedAt: new Date(tx.minedAt * 1000).toISOString(),
      chain: chainId,
      operationType: operationOf(status, transfers),
      status: status === 'success' ? 'confirmed' : 'failed',
      sentFrom: getAddress(first.txFrom),
      // A direct call of a token contract: the other side is the transfer's receiver, not the contract.
      sentTo: getAddress(first.token !== null && first.txTo === first.token && status === 'success' ? first.to : (first.txTo ?? first.to)),
    },
    transfers,
  }
}

/**
 * GET /v1/account/{address}/history?chainId&cursor&limit (SPEC §7): the transactions touching the
 * address that the indexer (src/indexer/) stored, newest first, `limit` (default 20, ≤ 50) per page,
 * `next` the opaque cursor of the following page or null at the end. No chainId → every EVM chain.
 * The configured Solana chain (or a base58 address without chainId) is read from its RPC on demand
 * (providers.solanaHistory): SOL and SPL transfers of the address and its token accounts, the cursor
 * being the last listed signature. Any other chain → 400 `Unsupported chainId`.
 */
export const historyRoutes: RouteModule = (ctx) => {
  const repo = createActivityRepository(ctx.db)
  return new Hono().get('/v1/account/:address/history', async (c) => {
    const rawAddress = c.req.param('address')
    const rawChainId = c.req.query('chainId')
    const solana = ctx.solana
    const isSolana =
      rawChainId?.startsWith('solana:') === true ||
      (rawChainId === undefined && solana !== undefined && !EVM_ADDRESS.test(rawAddress) && SOLANA_ADDRESS.test(rawAddress))
    c.header('Cache-Control', 'private, max-age=15')

    if (isSolana) {
      const { address } = parseInput(solanaParams, c.req.param())
      const query = parseInput(solanaHistoryQuery, c.req.query())
      if (solana === undefined || (query.chainId !== undefined && query.chainId !== solana.caipNetworkId)) {
        throw new HttpError(400, `Unsupported chainId ${preview(query.chainId)}`)
      }
      const page = await ctx.providers.solanaHistory.getHistory(solana, solanaAddressOf(address), {
        ...(query.cursor === undefined ? {} : { before: query.cursor }),
        limit: query.limit,
      })
      const data = await withNames(
        ctx,
        address,
        page.transactions.map((tx) => toSolanaTransaction(ctx, solana, address, tx)),
      )
      return c.json({ data, next: page.next } satisfies HistoryResponse)
    }

    const { address } = parseInput(evmParams, c.req.param())
    const query = parseInput(historyQuery, c.req.query())
    let chains: readonly ChainConfig[] = ctx.chains
    if (query.chainId !== undefined) {
      const chain = ctx.chainsById.get(query.chainId)
      if (chain === undefined) throw new HttpError(400, `Unsupported chainId ${preview(query.chainId)}`)
      chains = [chain]
    }
    const owner = address.toLowerCase()
    const page = await repo.history(
      owner,
      chains.map((chain) => chain.chainId),
      query.cursor,
      query.limit + 1,
    )
    const more = page.length > query.limit
    const txs = more ? page.slice(0, query.limit) : page
    const byId = new Map(chains.map((chain) => [chain.chainId, chain]))
    const data: Transaction[] = []
    const tokensByChain = new Map<number, Map<string, TokenMeta>>()
    for (const chain of chains) {
      const unknown = new Set<string>()
      for (const tx of txs) {
        if (tx.chainId !== chain.chainId) continue
        for (const row of tx.rows)
          if (row.token !== null && !chain.tokens.some((t) => t.address.toLowerCase() === row.token)) unknown.add(row.token)
      }
      tokensByChain.set(chain.chainId, await repo.tokens(chain.chainId, [...unknown]))
    }
    for (const tx of txs) {
      const chain = byId.get(tx.chainId) as ChainConfig
      data.push(toTransaction(ctx, chain, owner, tx, tokensByChain.get(tx.chainId) ?? new Map()))
    }
    const last = txs[txs.length - 1]
    return c.json({ data: await withNames(ctx, owner, data), next: more && last ? encodeCursor(last) : null } satisfies HistoryResponse)
  })
}
