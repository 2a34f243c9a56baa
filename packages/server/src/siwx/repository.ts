import type { JWK } from 'jose'
import type { Database, Queryable } from '../db/types.ts'

/** A stored SIWX session (portico_siwx.sessions). Times are ISO 8601. */
export type SiwxSessionRecord = {
  id: string
  address: string
  /** CAIP-2. */
  chainId: string
  domain: string
  uri: string
  message: string
  signature: string
  issuedAt: string
  expiresAt: string
  revokedAt: string | null
}

type SessionRow = {
  id: string
  address: string
  chain_id: string
  domain: string
  uri: string
  message: string
  signature: string
  issued_at: Date | string
  expires_at: Date | string
  revoked_at: Date | string | null
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()

function toRecord(row: SessionRow): SiwxSessionRecord {
  return {
    id: row.id,
    address: row.address,
    chainId: row.chain_id,
    domain: row.domain,
    uri: row.uri,
    message: row.message,
    signature: row.signature,
    issuedAt: iso(row.issued_at),
    expiresAt: iso(row.expires_at),
    revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
  }
}

/** The nonce was never given, is spent or has expired. */
export class NonceError extends Error {
  constructor() {
    super('Invalid or expired nonce')
    this.name = 'NonceError'
  }
}

/**
 * What a nonce was asked for: the request's projectId ('' without one) and the sign-in's domain
 * (lower case; null when the request named none). `projectId` null: a nonce from before migration 019.
 */
export type NonceBinding = { projectId: string | null; domain: string | null }

/** A token signing key as stored: its public part, and its private part sealed, plain or absent (a configured key). */
export type StoredSigningKey = {
  kid: string
  publicJwk: JWK
  privateJwk: JWK | null
  privateSealed: string | null
  createdAt: string
  lastUsedAt: string
}

type KeyRow = {
  kid: string
  public_jwk: JWK | string
  private_jwk: JWK | string | null
  private_sealed: string | null
  created_at: Date | string
  last_used_at: Date | string
}

const json = (value: JWK | string): JWK => (typeof value === 'string' ? (JSON.parse(value) as JWK) : value)

const toKey = (row: KeyRow): StoredSigningKey => ({
  kid: row.kid,
  publicJwk: json(row.public_jwk),
  privateJwk: row.private_jwk === null ? null : json(row.private_jwk),
  privateSealed: row.private_sealed,
  createdAt: iso(row.created_at),
  lastUsedAt: iso(row.last_used_at),
})

/** The signing keys under the table's lock (signingKeysLocked): read them, add one, seal one's private part. */
export type SigningKeyStore = {
  /** Every stored key, newest first. */
  list(): Promise<StoredSigningKey[]>
  insert(key: { kid: string; publicJwk: JWK; privateJwk?: JWK; privateSealed?: string }, now: Date): Promise<void>
  /** Replace a key's plain private part by its sealed form. */
  seal(kid: string, sealed: string): Promise<void>
}

const KEY_COLUMNS = 'kid, public_jwk, private_jwk, private_sealed, created_at, last_used_at'

/**
 * SIWX storage over the driver-agnostic Database (PGlite or node-postgres): nonces, sessions and the
 * token signing keys. Every time is passed in by the caller (its clock), none is read from SQL now().
 */
export function createSiwxRepository(db: Database) {
  return {
    /**
     * Store a fresh nonce valid until `expiresAt`, bound to `binding`; expired nonces (spent or not,
     * useless either way) are pruned on the way.
     */
    async addNonce(nonce: string, expiresAt: Date, now: Date, binding: NonceBinding): Promise<void> {
      await db.query('DELETE FROM portico_siwx.nonces WHERE expires_at <= $1', [now.toISOString()])
      await db.query('INSERT INTO portico_siwx.nonces (nonce, expires_at, project_id, domain) VALUES ($1, $2, $3, $4)', [
        nonce,
        expiresAt.toISOString(),
        binding.projectId,
        binding.domain,
      ])
    },

    /** The binding of `nonce` when it was given by us, is unused and not expired at `now`; else null. */
    async usableNonce(nonce: string, now: Date): Promise<NonceBinding | null> {
      const { rows } = await db.query<{ project_id: string | null; domain: string | null }>(
        'SELECT project_id, domain FROM portico_siwx.nonces WHERE nonce = $1 AND used_at IS NULL AND expires_at > $2',
        [nonce, now.toISOString()],
      )
      const row = rows[0]
      return row === undefined ? null : { projectId: row.project_id, domain: row.domain }
    },

    /**
     * Spend `nonce` and store the session, in one transaction: NonceError (nothing stored) when the
     * nonce is unknown, spent, expired at `now`, or bound to another project or domain than `use` —
     * of two sign-ins racing on one nonce (on one instance or two), one wins.
     */
    async createSession(
      nonce: string,
      use: { projectId: string; domain: string },
      session: Omit<SiwxSessionRecord, 'revokedAt'>,
      now: Date,
    ): Promise<SiwxSessionRecord> {
      return db.transaction(async (tx: Queryable) => {
        const spent = await tx.query(
          `UPDATE portico_siwx.nonces SET used_at = $2
           WHERE nonce = $1 AND used_at IS NULL AND expires_at > $2
             AND (project_id IS NULL OR project_id = $3) AND (domain IS NULL OR domain = $4)
           RETURNING nonce`,
          [nonce, now.toISOString(), use.projectId, use.domain],
        )
        if (spent.rows.length === 0) throw new NonceError()
        const { rows } = await tx.query<SessionRow>(
          `INSERT INTO portico_siwx.sessions (id, address, chain_id, domain, uri, message, signature, issued_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
          [
            session.id,
            session.address,
            session.chainId,
            session.domain,
            session.uri,
            session.message,
            session.signature,
            session.issuedAt,
            session.expiresAt,
          ],
        )
        return toRecord(rows[0] as SessionRow)
      })
    },

    async findSession(id: string): Promise<SiwxSessionRecord | null> {
      const { rows } = await db.query<SessionRow>('SELECT * FROM portico_siwx.sessions WHERE id = $1', [id])
      return rows[0] === undefined ? null : toRecord(rows[0])
    },

    /** Mark the session revoked at `now` (a revoked one keeps its first revocation time). */
    async revokeSession(id: string, now: Date): Promise<void> {
      await db.query('UPDATE portico_siwx.sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [id, now.toISOString()])
    },

    /** Every stored signing key, newest first. */
    async signingKeys(): Promise<StoredSigningKey[]> {
      const { rows } = await db.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM portico_siwx.signing_keys ORDER BY created_at DESC, kid`)
      return rows.map(toKey)
    },

    /** The keys some instance signed with (or loaded to sign) after `since`, newest use first. */
    async keysUsedSince(since: Date): Promise<StoredSigningKey[]> {
      const { rows } = await db.query<KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM portico_siwx.signing_keys WHERE last_used_at > $1 ORDER BY last_used_at DESC, kid`,
        [since.toISOString()],
      )
      return rows.map(toKey)
    },

    /** Note that `kid` signs at `now` (a later use is kept). */
    async touchSigningKey(kid: string, now: Date): Promise<void> {
      await db.query('UPDATE portico_siwx.signing_keys SET last_used_at = $2 WHERE kid = $1 AND last_used_at < $2', [
        kid,
        now.toISOString(),
      ])
    },

    /**
     * Run `fn` on the signing keys under an advisory lock, in one transaction, so servers starting
     * together against one Postgres agree on a single generated key.
     */
    async signingKeysLocked<T>(fn: (store: SigningKeyStore) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('portico.siwx.signing_keys'))")
        return fn({
          async list() {
            const { rows } = await tx.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM portico_siwx.signing_keys ORDER BY created_at DESC, kid`)
            return rows.map(toKey)
          },
          async insert(key, now) {
            await tx.query(
              `INSERT INTO portico_siwx.signing_keys (kid, public_jwk, private_jwk, private_sealed, created_at, last_used_at)
               VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, $5)`,
              [
                key.kid,
                JSON.stringify(key.publicJwk),
                key.privateJwk === undefined ? null : JSON.stringify(key.privateJwk),
                key.privateSealed ?? null,
                now.toISOString(),
              ],
            )
          },
          async seal(kid, sealed) {
            await tx.query('UPDATE portico_siwx.signing_keys SET private_sealed = $2, private_jwk = NULL WHERE kid = $1', [kid, sealed])
          },
        })
      })
    },
  }
}

export type SiwxRepository = ReturnType<typeof createSiwxRepository>
