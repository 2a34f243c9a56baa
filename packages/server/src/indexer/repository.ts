import type { Database, Queryable } from '../db/types.ts'

/** One stored movement of value (a row of portico_activity.transfers). Addresses lower-case. */
export type ActivityRow = {
  chainId: number
  blockNumber: bigint
  blockHash: string
  txHash: string
  txIndex: number
  /** -1 for the transaction's native value. */
  logIndex: number
  txFrom: string
  txTo: string | null
  from: string
  to: string
  amount: bigint
  /** null for the native currency. */
  token: string | null
  /** Block timestamp, seconds. */
  minedAt: number
  status: 'success' | 'failed'
}

export type ChainCursor = { blockNumber: bigint; blockHash: string }

/**
 * The chain's cursor was moved by someone else (another server indexing the same chain into the same
 * database) since it was read: nothing was written; the caller starts its round over.
 */
export class CursorMoved extends Error {
  constructor(chainId: number) {
    super(`the cursor of chain ${chainId} moved under this indexer`)
    this.name = 'CursorMoved'
  }
}

/** Inside a transaction: take the chain's indexer lock, then check the cursor is still `expected`. */
async function lockCursor(tx: Queryable, chainId: number, expected: ChainCursor | undefined): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('portico.activity'), $1::int)", [chainId])
  const { rows } = await tx.query<{ block_number: string | number | bigint; block_hash: string }>(
    'SELECT block_number, block_hash FROM portico_activity.cursors WHERE chain_id = $1',
    [chainId],
  )
  const row = rows[0]
  const same =
    row === undefined
      ? expected === undefined
      : expected !== undefined && BigInt(row.block_number) === expected.blockNumber && row.block_hash === expected.blockHash
  if (!same) throw new CursorMoved(chainId)
}

export type TokenMeta = { name: string | null; symbol: string | null; decimals: number | null }

/** A page position: the last transaction of the previous page, newest-first order. */
export type HistoryPosition = { minedAt: number; chainId: number; blockNumber: bigint; txIndex: number }

export type HistoryTx = HistoryPosition & { txHash: string; rows: ActivityRow[] }

type RawRow = {
  chain_id: string | number | bigint
  block_number: string | number | bigint
  block_hash: string
  tx_hash: string
  tx_index: number
  log_index: number
  tx_from: string
  tx_to: string | null
  from_address: string
  to_address: string
  amount: string
  token: string | null
  mined_s: string | number
  status: 'success' | 'failed'
}

const ROW_COLUMNS =
  'chain_id, block_number, block_hash, tx_hash, tx_index, log_index, tx_from, tx_to, from_address, to_address, amount::text AS amount, token, extract(epoch FROM mined_at)::bigint AS mined_s, status'

function toRow(raw: RawRow): ActivityRow {
  return {
    chainId: Number(raw.chain_id),
    blockNumber: BigInt(raw.block_number),
    blockHash: raw.block_hash,
    txHash: raw.tx_hash,
    txIndex: Number(raw.tx_index),
    logIndex: Number(raw.log_index),
    txFrom: raw.tx_from,
    txTo: raw.tx_to,
    from: raw.from_address,
    to: raw.to_address,
    amount: BigInt(raw.amount),
    token: raw.token,
    minedAt: Number(raw.mined_s),
    status: raw.status,
  }
}

/** Storage of the indexed activity (migration 006_activity.sql). */
export function createActivityRepository(db: Database) {
  return {
    async cursor(chainId: number): Promise<ChainCursor | undefined> {
      const { rows } = await db.query<{ block_number: string | number | bigint; block_hash: string }>(
        'SELECT block_number, block_hash FROM portico_activity.cursors WHERE chain_id = $1',
        [chainId],
      )
      const row = rows[0]
      return row === undefined ? undefined : { blockNumber: BigInt(row.block_number), blockHash: row.block_hash }
    },

    /** The stored hash of block `number`, if it is still in the kept window. */
    async blockHash(chainId: number, number: bigint): Promise<string | undefined> {
      const { rows } = await db.query<{ block_hash: string }>(
        'SELECT block_hash FROM portico_activity.blocks WHERE chain_id = $1 AND block_number = $2',
        [chainId, number.toString()],
      )
      return rows[0]?.block_hash
    },

    /**
     * Store one indexed range atomically: its transfers (duplicates ignored), its blocks' hashes and
     * the new cursor; block hashes older than `keepBlocks` below the cursor are dropped. Throws
     * CursorMoved (writing nothing) unless the stored cursor is still `previous`.
     */
    async commitRange(
      chainId: number,
      previous: ChainCursor | undefined,
      rows: readonly ActivityRow[],
      blocks: readonly { number: bigint; hash: string }[],
      cursor: ChainCursor,
      keepBlocks: number,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCursor(tx, chainId, previous)
        for (const row of rows) await insertRow(tx, row)
        for (const block of blocks) {
          await tx.query(
            `INSERT INTO portico_activity.blocks (chain_id, block_number, block_hash) VALUES ($1, $2, $3)
             ON CONFLICT (chain_id, block_number) DO UPDATE SET block_hash = EXCLUDED.block_hash`,
            [chainId, block.number.toString(), block.hash],
          )
        }
        await tx.query(
          `INSERT INTO portico_activity.cursors (chain_id, block_number, block_hash, updated_at) VALUES ($1, $2, $3, now())
           ON CONFLICT (chain_id) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash, updated_at = now()`,
          [chainId, cursor.blockNumber.toString(), cursor.blockHash],
        )
        await tx.query('DELETE FROM portico_activity.blocks WHERE chain_id = $1 AND block_number < $2', [
          chainId,
          (cursor.blockNumber - BigInt(keepBlocks)).toString(),
        ])
      })
    },

    /**
     * Undo everything above block `ancestor` (a reorg): its transfers and block hashes go, the cursor
     * moves back to the ancestor. `ancestor` undefined: forget the chain entirely (re-index from the start).
     * Throws CursorMoved (changing nothing) unless the stored cursor is still `previous`.
     */
    async rewind(chainId: number, previous: ChainCursor, ancestor: ChainCursor | undefined): Promise<number> {
      return db.transaction(async (tx) => {
        await lockCursor(tx, chainId, previous)
        const above = ancestor === undefined ? '-1' : ancestor.blockNumber.toString()
        const { rows } = await tx.query<{ n: string | number }>(
          'WITH gone AS (DELETE FROM portico_activity.transfers WHERE chain_id = $1 AND block_number > $2 RETURNING 1) SELECT count(*)::int AS n FROM gone',
          [chainId, above],
        )
        await tx.query('DELETE FROM portico_activity.blocks WHERE chain_id = $1 AND block_number > $2', [chainId, above])
        if (ancestor === undefined) await tx.query('DELETE FROM portico_activity.cursors WHERE chain_id = $1', [chainId])
        else {
          await tx.query('UPDATE portico_activity.cursors SET block_number = $2, block_hash = $3, updated_at = now() WHERE chain_id = $1', [
            chainId,
            ancestor.blockNumber.toString(),
            ancestor.blockHash,
          ])
        }
        return Number(rows[0]?.n ?? 0)
      })
    },

    async tokens(chainId: number, addresses: readonly string[]): Promise<Map<string, TokenMeta>> {
      const found = new Map<string, TokenMeta>()
      if (addresses.length === 0) return found
      const { rows } = await db.query<{ address: string; name: string | null; symbol: string | null; decimals: number | null }>(
        'SELECT address, name, symbol, decimals FROM portico_activity.tokens WHERE chain_id = $1 AND address = ANY($2::text[])',
        [chainId, [...addresses]],
      )
      for (const row of rows)
        found.set(row.address, { name: row.name, symbol: row.symbol, decimals: row.decimals === null ? null : Number(row.decimals) })
      return found
    },

    async saveToken(chainId: number, address: string, meta: TokenMeta): Promise<void> {
      await db.query(
        'INSERT INTO portico_activity.tokens (chain_id, address, name, symbol, decimals) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (chain_id, address) DO NOTHING',
        [chainId, address, meta.name, meta.symbol, meta.decimals],
      )
    },

    /**
     * The transactions touching `address` (lower-case) on `chainIds`, newest first (block time, chain,
     * block, position), strictly after `after`; at most `limit`, each with its rows touching the address.
     */
    async history(address: string, chainIds: readonly number[], after: HistoryPosition | undefined, limit: number): Promise<HistoryTx[]> {
      if (chainIds.length === 0) return []
      const params: unknown[] = [address, chainIds.map(String), limit]
      let where = ''
      if (after !== undefined) {
        params.push(after.minedAt, after.chainId, after.blockNumber.toString(), after.txIndex)
        where = 'AND (mined_at, chain_id, block_number, tx_index) < (to_timestamp($4), $5::bigint, $6::bigint, $7::int)'
      }
      const { rows: txs } = await db.query<{ chain_id: string | number; tx_hash: string }>(
        `SELECT chain_id, tx_hash, mined_at, block_number, tx_index FROM (
           SELECT chain_id, tx_hash, mined_at, block_number, tx_index FROM portico_activity.transfers WHERE from_address = $1 AND chain_id = ANY($2::bigint[]) ${where}
           UNION
           SELECT chain_id, tx_hash, mined_at, block_number, tx_index FROM portico_activity.transfers WHERE to_address = $1 AND chain_id = ANY($2::bigint[]) ${where}
         ) t
         ORDER BY mined_at DESC, chain_id DESC, block_number DESC, tx_index DESC
         LIMIT $3`,
        params,
      )
      if (txs.length === 0) return []
      const { rows } = await db.query<RawRow>(
        `SELECT ${ROW_COLUMNS} FROM portico_activity.transfers
         WHERE (chain_id, tx_hash) IN (SELECT * FROM unnest($2::bigint[], $3::text[]))
           AND (from_address = $1 OR to_address = $1)
         ORDER BY log_index`,
        [address, txs.map((t) => String(t.chain_id)), txs.map((t) => t.tx_hash)],
      )
      const byTx = new Map<string, HistoryTx>()
      for (const t of txs) byTx.set(`${Number(t.chain_id)}:${t.tx_hash}`, undefined as never)
      for (const raw of rows) {
        const row = toRow(raw)
        const key = `${row.chainId}:${row.txHash}`
        const entry = byTx.get(key)
        if (entry === undefined) {
          byTx.set(key, {
            minedAt: row.minedAt,
            chainId: row.chainId,
            blockNumber: row.blockNumber,
            txIndex: row.txIndex,
            txHash: row.txHash,
            rows: [row],
          })
        } else entry.rows.push(row)
      }
      return [...byTx.values()].filter((entry) => entry !== undefined)
    },

    /** Every stored row of a chain, oldest first (tests, diagnostics). */
    async allRows(chainId: number): Promise<ActivityRow[]> {
      const { rows } = await db.query<RawRow>(
        `SELECT ${ROW_COLUMNS} FROM portico_activity.transfers WHERE chain_id = $1 ORDER BY block_number, tx_index, log_index`,
        [chainId],
      )
      return rows.map(toRow)
    },
  }
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>

async function insertRow(tx: Queryable, row: ActivityRow): Promise<void> {
  await tx.query(
    `INSERT INTO portico_activity.transfers
       (chain_id, block_number, block_hash, tx_hash, tx_index, log_index, tx_from, tx_to, from_address, to_address, amount, token, mined_at, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, to_timestamp($13), $14)
     ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING`,
    [
      row.chainId,
      row.blockNumber.toString(),
      row.blockHash,
      row.txHash,
      row.txIndex,
      row.logIndex,
      row.txFrom,
      row.txTo,
      row.from,
      row.to,
      row.amount.toString(),
      row.token,
      row.minedAt,
      row.status,
    ],
  )
}
