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
 * SIWX storage over the driver-agnostic Database (PGlite or node-postgres): nonces, sessions and the
 * token signing keys. Every time is passed in by the caller (its clock), none is read from SQL now().
 */
export function createSiwxRepository(db: Database) {
  return {
    /** Store a fresh nonce valid until `expiresAt`; expired nonces (spent or not, useless either way) are pruned on the way. */
    async addNonce(nonce: string, expiresAt: Date, now: Date): Promise<void> {
      await db.query('DELETE FROM portico_siwx.nonces WHERE expires_at <= $1', [now.toISOString()])
      await db.query('INSERT INTO portico_siwx.nonces (nonce, expires_at) VALUES ($1, $2)', [nonce, expiresAt.toISOString()])
    },

    /** Whether `nonce` was given by us, is unused and not expired at `now`. */
    async isNonceUsable(nonce: string, now: Date): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM portico_siwx.nonces WHERE nonce = $1 AND used_at IS NULL AND expires_at > $2', [
        nonce,
        now.toISOString(),
      ])
      return rows.length > 0
    },

    /**
     * Spend `nonce` and store the session, in one transaction: NonceError (nothing stored) when the
     * nonce is unknown, spent or expired at `now` — of two sign-ins racing on one nonce, one wins.
     */
    async createSession(nonce: string, session: Omit<SiwxSessionRecord, 'revokedAt'>, now: Date): Promise<SiwxSessionRecord> {
      return db.transaction(async (tx: Queryable) => {
        const spent = await tx.query(
          'UPDATE portico_siwx.nonces SET used_at = $2 WHERE nonce = $1 AND used_at IS NULL AND expires_at > $2 RETURNING nonce',
          [nonce, now.toISOString()],
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
    async signingKeys(): Promise<{ kid: string; privateJwk: JWK; publicJwk: JWK }[]> {
      const { rows } = await db.query<{ kid: string; private_jwk: JWK | string; public_jwk: JWK | string }>(
        'SELECT kid, private_jwk, public_jwk FROM portico_siwx.signing_keys ORDER BY created_at DESC, kid',
      )
      const json = (value: JWK | string): JWK => (typeof value === 'string' ? (JSON.parse(value) as JWK) : value)
      return rows.map((row) => ({ kid: row.kid, privateJwk: json(row.private_jwk), publicJwk: json(row.public_jwk) }))
    },

    /**
     * The newest signing key, or the one `create` makes when there is none — under an advisory lock,
     * so servers starting together against one Postgres agree on a single key.
     */
    async signingKeyOrCreate(
      create: () => Promise<{ kid: string; privateJwk: JWK; publicJwk: JWK }>,
    ): Promise<{ kid: string; privateJwk: JWK; publicJwk: JWK }> {
      return db.transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('portico.siwx.signing_keys'))")
        const { rows } = await tx.query<{ kid: string; private_jwk: JWK | string; public_jwk: JWK | string }>(
          'SELECT kid, private_jwk, public_jwk FROM portico_siwx.signing_keys ORDER BY created_at DESC, kid LIMIT 1',
        )
        const json = (value: JWK | string): JWK => (typeof value === 'string' ? (JSON.parse(value) as JWK) : value)
        if (rows[0] !== undefined) return { kid: rows[0].kid, privateJwk: json(rows[0].private_jwk), publicJwk: json(rows[0].public_jwk) }
        const key = await create()
        await tx.query('INSERT INTO portico_siwx.signing_keys (kid, private_jwk, public_jwk) VALUES ($1, $2::jsonb, $3::jsonb)', [
          key.kid,
          JSON.stringify(key.privateJwk),
          JSON.stringify(key.publicJwk),
        ])
        return key
      })
    },
  }
}

export type SiwxRepository = ReturnType<typeof createSiwxRepository>
