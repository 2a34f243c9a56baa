import { BlockNotFoundError, createPublicClient, erc20Abi, http, parseAbiItem, type Hex, type PublicClient } from 'viem'
import { caipNetworkId, type ChainConfig } from '../config.ts'
import type { Database } from '../db/types.ts'
import { ChainRpcError } from '../errors.ts'
import type { ErrorReporter } from '../log.ts'
import {
  createActivityRepository,
  CursorMoved,
  type ActivityRepository,
  type ActivityRow,
  type ChainCursor,
  type TokenMeta,
} from './repository.ts'

/** The follower's settings (AppConfig.indexer / StartServerOptions.indexer). */
export type IndexerOptions = {
  /** Index the configured EVM chains while the server runs. @default true when chains are configured */
  enabled?: boolean
  /** How often each chain is asked for its head (eth_blockNumber). @default 1000 */
  pollIntervalMs?: number
  /** Most blocks per eth_getLogs (and per committed range). @default 500 */
  batchBlocks?: number
  /** The first block indexed on a chain with no cursor yet. @default 0 */
  fromBlock?: number
  /** Block hashes kept below the head to find the common ancestor of a reorg. @default 1000 */
  reorgDepth?: number
  /** Per-request RPC timeout. @default 10_000 */
  rpcTimeoutMs?: number
}

export const DEFAULT_INDEXER_OPTIONS = {
  pollIntervalMs: 1000,
  batchBlocks: 500,
  fromBlock: 0,
  reorgDepth: 1000,
  rpcTimeoutMs: 10_000,
} as const

export type Indexer = {
  /** Resolves after the current round of every chain, when nothing runs any more. Idempotent. */
  stop(): Promise<void>
  /** Resolves once every chain has indexed up to at least its head as of this call (tests). */
  caughtUp(): Promise<void>
}

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')
/** Blocks fetched (with their transactions and receipts) at once. */
const BLOCK_CONCURRENCY = 8

/** Run `fn` over `items` with at most `limit` at once, results in order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

const lower = (a: string) => a.toLowerCase()

/** A chain's answer that changed under us (a reorg between two reads): the round is retried. */
class ReorgedWhileReading extends Error {}

/** Token metadata read from the contract; anything unreadable or odd is null. */
// C0 and C1 controls (U+0000–U+001F, U+007F–U+009F) as character-class ranges.
const C0_C1 = '\\u0000-\\u001f\\u007f-\\u009f'
const CONTROL_CHARACTERS = new RegExp(`[${C0_C1}]`, 'g')

function clean(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const text = value.replace(CONTROL_CHARACTERS, '').trim().slice(0, 64)
  return text.length > 0 ? text : null
}

/**
 * Follows one EVM chain: polls its head, indexes new blocks in ranges of `batchBlocks` (ERC-20
 * Transfer logs via eth_getLogs, native value and receipt status via the blocks and their
 * receipts), commits each range with the cursor in one transaction, and rewinds to the common
 * ancestor when the stored cursor's hash is no longer the chain's.
 */
export class ChainFollower {
  readonly chain: ChainConfig
  private readonly client: PublicClient
  private readonly repo: ActivityRepository
  private readonly options: Required<Omit<IndexerOptions, 'enabled'>>
  private readonly known = new Map<string, TokenMeta>()

  constructor(chain: ChainConfig, repo: ActivityRepository, options: IndexerOptions) {
    this.chain = chain
    this.repo = repo
    this.options = { ...DEFAULT_INDEXER_OPTIONS, ...options }
    this.client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0, timeout: this.options.rpcTimeoutMs }) })
    for (const token of chain.tokens)
      this.known.set(lower(token.address), { name: token.name, symbol: token.symbol, decimals: token.decimals })
  }

  /**
   * One round: reorg check, then index up to the head as it was at the start, range by range.
   * `shouldStop` is checked between ranges; `progress` hears the head and the last block stored
   * (before the first range, then after each). Returns the head reached.
   */
  async round(shouldStop: () => boolean, progress?: (head: bigint, indexed: bigint | undefined) => void): Promise<bigint> {
    const head = await this.client.getBlockNumber({ cacheTime: 0 })
    let cursor = await this.checkReorg(head)
    while (!shouldStop()) {
      progress?.(head, cursor?.blockNumber)
      const from = cursor === undefined ? BigInt(this.options.fromBlock) : cursor.blockNumber + 1n
      if (from > head) break
      const to = from + BigInt(this.options.batchBlocks) - 1n < head ? from + BigInt(this.options.batchBlocks) - 1n : head
      cursor = await this.indexRange(from, to, cursor)
      if (cursor === undefined) break
    }
    return head
  }

  /** Block `n`; one the chain no longer has (it went back under us) is a ReorgedWhileReading. */
  private async blockAt<Full extends boolean>(blockNumber: bigint, includeTransactions: Full) {
    try {
      return await this.client.getBlock({ blockNumber, includeTransactions })
    } catch (error) {
      if (error instanceof BlockNotFoundError) throw new ReorgedWhileReading(`block ${blockNumber} is gone`)
      throw error
    }
  }

  /** The cursor, after rewinding past any block whose hash the chain no longer has. */
  private async checkReorg(head: bigint): Promise<ChainCursor | undefined> {
    const chainId = this.chain.chainId
    const cursor = await this.repo.cursor(chainId)
    if (cursor === undefined) return undefined
    if (cursor.blockNumber <= head) {
      const block = await this.blockAt(cursor.blockNumber, false)
      if (block.hash === cursor.blockHash) return cursor
    }
    // Walk back from the lower of head and cursor to the newest block whose stored hash the chain still has.
    let n = cursor.blockNumber < head ? cursor.blockNumber : head
    const floor = cursor.blockNumber - BigInt(this.options.reorgDepth)
    while (n >= 0n && n >= floor) {
      const stored = await this.repo.blockHash(chainId, n)
      if (stored === undefined) break
      const block = await this.blockAt(n, false)
      if (block.hash === stored) {
        const ancestor = { blockNumber: n, blockHash: stored }
        await this.repo.rewind(chainId, cursor, ancestor)
        return ancestor
      }
      n -= 1n
    }
    // No common ancestor within the kept window: start the chain over.
    await this.repo.rewind(chainId, cursor, undefined)
    return undefined
  }

  private async indexRange(from: bigint, to: bigint, cursor: ChainCursor | undefined): Promise<ChainCursor | undefined> {
    const chainId = this.chain.chainId
    const numbers: bigint[] = []
    for (let n = from; n <= to; n++) numbers.push(n)
    const [logs, blocks] = await Promise.all([
      this.client.getLogs({ event: TRANSFER, fromBlock: from, toBlock: to, strict: true }),
      mapLimit(numbers, BLOCK_CONCURRENCY, async (blockNumber) => {
        const block = await this.blockAt(blockNumber, true)
        const receipts =
          block.transactions.length === 0
            ? []
            : ((await this.client.request({ method: 'eth_getBlockReceipts', params: [block.hash as Hex] } as never)) as
                | { transactionHash: string; status: string; contractAddress?: string | null }[]
                | null)
        return { block, receipts: receipts ?? [] }
      }),
    ])
    // The range must hang off the cursor and be one chain: parents link, logs name the blocks we read.
    let parent = cursor?.blockHash
    const byNumber = new Map<bigint, (typeof blocks)[number]>()
    for (const entry of blocks) {
      if (parent !== undefined && entry.block.parentHash !== parent)
        throw new ReorgedWhileReading(`parent of ${entry.block.number} changed`)
      parent = entry.block.hash ?? undefined
      byNumber.set(entry.block.number as bigint, entry)
    }
    const rows: ActivityRow[] = []
    for (const { block, receipts } of blocks) {
      const statusOf = new Map(
        receipts.map((r) => [r.transactionHash, r.status === '0x1' || r.status === 'success' ? 'success' : 'failed'] as const),
      )
      const createdBy = new Map(receipts.map((r) => [r.transactionHash, r.contractAddress ?? null]))
      for (const tx of block.transactions) {
        if (typeof tx === 'string') continue
        const status = statusOf.get(tx.hash)
        if (status === undefined) throw new ReorgedWhileReading(`no receipt for ${tx.hash}`)
        if (tx.value === 0n && status === 'success') continue
        rows.push({
          chainId,
          blockNumber: block.number as bigint,
          blockHash: block.hash as string,
          txHash: tx.hash,
          txIndex: tx.transactionIndex ?? 0,
          logIndex: -1,
          txFrom: lower(tx.from),
          txTo: tx.to ? lower(tx.to) : null,
          from: lower(tx.from),
          // A contract creation's value goes to the new contract.
          to: lower(tx.to ?? createdBy.get(tx.hash) ?? tx.from),
          amount: tx.value,
          token: null,
          minedAt: Number(block.timestamp),
          status,
        })
      }
    }
    const tokens = new Set<string>()
    for (const log of logs) {
      const entry = byNumber.get(log.blockNumber)
      if (entry === undefined || entry.block.hash !== log.blockHash)
        throw new ReorgedWhileReading(`log of ${log.blockNumber} from another block`)
      const tx = entry.block.transactions.find((t) => typeof t !== 'string' && t.hash === log.transactionHash)
      if (tx === undefined || typeof tx === 'string') throw new ReorgedWhileReading(`log of unknown transaction ${log.transactionHash}`)
      const token = lower(log.address)
      tokens.add(token)
      rows.push({
        chainId,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
        txHash: log.transactionHash,
        txIndex: log.transactionIndex,
        logIndex: log.logIndex,
        txFrom: lower(tx.from),
        txTo: tx.to ? lower(tx.to) : null,
        from: lower(log.args.from),
        to: lower(log.args.to),
        amount: log.args.value,
        token,
        minedAt: Number(entry.block.timestamp),
        status: 'success',
      })
    }
    await this.learnTokens([...tokens])
    const last = blocks.at(-1)?.block
    if (last === undefined) throw new Error(`indexRange(${from}, ${to}): no block was read`)
    const next = { blockNumber: last.number as bigint, blockHash: last.hash as string }
    await this.repo.commitRange(
      chainId,
      cursor,
      rows,
      blocks.map(({ block }) => ({ number: block.number as bigint, hash: block.hash as string })),
      next,
      this.options.reorgDepth,
    )
    return next
  }

  /** Read and store the metadata of token contracts seen for the first time (configured ones come from config). */
  private async learnTokens(addresses: string[]): Promise<void> {
    const unknown = addresses.filter((a) => !this.known.has(a))
    if (unknown.length === 0) return
    const stored = await this.repo.tokens(this.chain.chainId, unknown)
    for (const [address, meta] of stored) this.known.set(address, meta)
    for (const address of unknown.filter((a) => !stored.has(a))) {
      const read = (functionName: 'name' | 'symbol' | 'decimals') =>
        this.client.readContract({ address: address as Hex, abi: erc20Abi, functionName }).then(
          (value) => value as unknown,
          () => null,
        )
      const [name, symbol, decimals] = await Promise.all([read('name'), read('symbol'), read('decimals')])
      const meta: TokenMeta = {
        name: clean(name),
        symbol: clean(symbol),
        decimals: typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 && decimals <= 255 ? decimals : null,
      }
      await this.repo.saveToken(this.chain.chainId, address, meta)
      this.known.set(address, meta)
    }
  }
}

/**
 * Start following every chain in `chains`: one polling loop per chain, a failing round (RPC down,
 * a reorg under our feet) is reported through `report` and retried at the next poll; it never throws.
 */
export function startIndexer(options: {
  chains: readonly ChainConfig[]
  db: Database
  report?: ErrorReporter
  indexer?: IndexerOptions
  /** Hears each chain's head and last stored block as the rounds go (the portico_indexer_* metrics). */
  progress?: (chain: string, head: bigint, indexed: bigint | undefined) => void
}): Indexer {
  const settings = { ...DEFAULT_INDEXER_OPTIONS, ...options.indexer }
  const repo = createActivityRepository(options.db)
  let stopped = false
  const loops: Promise<void>[] = []
  const waiters: { chainId: number; target: bigint; resolve: () => void; reject: (error: Error) => void }[] = []
  const wakeups = new Set<() => void>()

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        wakeups.delete(done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      wakeups.add(done)
    })

  for (const chain of options.chains) {
    const follower = new ChainFollower(chain, repo, settings)
    const where = { method: 'INDEXER', path: caipNetworkId(chain), status: 502 as const }
    loops.push(
      (async () => {
        while (!stopped) {
          try {
            const head = await follower.round(
              () => stopped,
              options.progress && ((head, indexed) => options.progress?.(caipNetworkId(chain), head, indexed)),
            )
            if (!stopped) {
              for (const w of [...waiters]) {
                if (w.chainId === chain.chainId && head >= w.target) {
                  waiters.splice(waiters.indexOf(w), 1)
                  w.resolve()
                }
              }
            }
          } catch (error) {
            if (!stopped && !(error instanceof ReorgedWhileReading) && !(error instanceof CursorMoved))
              options.report?.(new ChainRpcError(caipNetworkId(chain), error), where)
          }
          if (!stopped) await sleep(settings.pollIntervalMs)
        }
      })(),
    )
  }

  let stopping: Promise<void> | undefined
  return {
    stop() {
      stopping ??= (async () => {
        stopped = true
        for (const wake of [...wakeups]) wake()
        for (const w of waiters.splice(0)) w.reject(new Error('The indexer stopped'))
        await Promise.all(loops)
      })()
      return stopping
    },
    async caughtUp() {
      await Promise.all(
        options.chains.map(async (chain) => {
          const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })
          const target = await client.getBlockNumber({ cacheTime: 0 })
          // The head seen by a round that started after this call.
          if (stopped) throw new Error('The indexer stopped')
          await new Promise<void>((resolve, reject) => waiters.push({ chainId: chain.chainId, target, resolve, reject }))
        }),
      )
    },
  }
}
