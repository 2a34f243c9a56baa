import type { Queryable } from './types.ts'

export type NameRecord = {
  name: string
  registered_at: string
  updated_at: string
  /** Keyed by coin type. */
  addresses: Record<string, { address: string; created: string }>
  attributes: Record<string, string>
}

export class NameTakenError extends Error {
  constructor(name: string) {
    super(`Name ${name} is already registered`)
    this.name = 'NameTakenError'
  }
}

/** The registration message was used before (its `replayKey` is recorded). */
export class MessageReplayError extends Error {
  constructor() {
    super('This registration message was already used')
    this.name = 'MessageReplayError'
  }
}

type Row = {
  name: string
  attributes: Record<string, string>
  registered_at: Date | string
  updated_at: Date | string
  coin_type: string | number | null
  address: string | null
  created_at: Date | string | null
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()

function toRecords(rows: Row[]): NameRecord[] {
  const byName = new Map<string, NameRecord>()
  for (const row of rows) {
    let record = byName.get(row.name)
    if (record === undefined) {
      record = {
        name: row.name,
        registered_at: iso(row.registered_at),
        updated_at: iso(row.updated_at),
        addresses: {},
        attributes: row.attributes,
      }
      byName.set(row.name, record)
    }
    if (row.coin_type !== null && row.address !== null && row.created_at !== null) {
      record.addresses[String(row.coin_type)] = { address: row.address, created: iso(row.created_at) }
    }
  }
  return [...byName.values()]
}

const SELECT = `SELECT n.name, n.attributes, n.registered_at, n.updated_at, a.coin_type, a.address, a.created_at
  FROM names n LEFT JOIN name_addresses a ON a.name = n.name`

/** The repository of registered names over any `Queryable` (database or transaction). */
export function createNamesRepository(db: Queryable & { transaction?: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T> }) {
  return {
    /** The record of `name`, compared case-insensitively. */
    async findByName(name: string): Promise<NameRecord | null> {
      const { rows } = await db.query<Row>(`${SELECT} WHERE lower(n.name) = lower($1) ORDER BY a.coin_type`, [name])
      return toRecords(rows)[0] ?? null
    },

    /** Which of `names` are registered (compared case-insensitively), lower-cased. */
    async findTaken(names: readonly string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set()
      const { rows } = await db.query<{ name: string }>('SELECT lower(name) AS name FROM names WHERE lower(name) = ANY($1::text[])', [
        names.map((name) => name.toLowerCase()),
      ])
      return new Set(rows.map((row) => row.name))
    },

    /** Whether the registration message with this key was used (see `register`'s `replayKey`). */
    async isMessageUsed(replayKey: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM portico_names.used_messages WHERE key = $1', [replayKey])
      return rows.length > 0
    },

    /** Names pointing at `address` (any coin type), oldest registration first. */
    async findByAddress(address: string): Promise<NameRecord[]> {
      const { rows } = await db.query<Row>(
        `${SELECT} WHERE n.name IN (SELECT name FROM name_addresses WHERE lower(address) = lower($1))
         ORDER BY n.registered_at, n.name, a.coin_type`,
        [address],
      )
      return toRecords(rows)
    },

    /**
     * Register `name` for `address` under `coinType`. Throws NameTakenError when it exists in any
     * case. With `replayKey`, the message is recorded as used in the same transaction, and
     * MessageReplayError is thrown (nothing registered) when it was used before.
     */
    async register(input: {
      name: string
      address: string
      coinType: number
      attributes?: Record<string, string>
      replayKey?: string
    }): Promise<NameRecord> {
      const run = async (tx: Queryable) => {
        if (input.replayKey !== undefined) {
          const fresh = await tx.query(
            'INSERT INTO portico_names.used_messages (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key',
            [input.replayKey],
          )
          if (fresh.rows.length === 0) throw new MessageReplayError()
          // Keys past any message's freshness window are dead weight.
          await tx.query("DELETE FROM portico_names.used_messages WHERE used_at < now() - interval '1 day'")
        }
        // ON CONFLICT without a target: the primary key and the case-insensitive unique index.
        const inserted = await tx.query<{ name: string }>(
          'INSERT INTO names (name, attributes) VALUES ($1, $2::jsonb) ON CONFLICT DO NOTHING RETURNING name',
          [input.name, JSON.stringify(input.attributes ?? {})],
        )
        if (inserted.rows.length === 0) throw new NameTakenError(input.name)
        await tx.query('INSERT INTO name_addresses (name, coin_type, address) VALUES ($1, $2, $3)', [
          input.name,
          input.coinType,
          input.address,
        ])
        const { rows } = await tx.query<Row>(`${SELECT} WHERE n.name = $1 ORDER BY a.coin_type`, [input.name])
        return toRecords(rows)[0] as NameRecord
      }
      return db.transaction === undefined ? run(db) : db.transaction(run)
    },
  }
}

export type NamesRepository = ReturnType<typeof createNamesRepository>
