import type { AuthUser, PasskeyInfo } from '@portico/protocol/auth'
import type { Database, Queryable } from '../db/types.ts'
import type { KeyKind } from './keys.ts'
import { createAuthRepository, iso } from './repository.ts'

const at = (time: number) => new Date(time).toISOString()

export type PasskeyChallengeKind = 'sign_up' | 'sign_in' | 'add' | 'step_up'

export type PasskeyChallengeRow = {
  kind: PasskeyChallengeKind
  /** Sign-up and sign-in: the hash of the frame's new session key (login-binding.ts). */
  session_key_hash: string | null
  device_id: string | null
  /** Adding a passkey, a step-up: the session and user that asked. */
  session_id: string | null
  user_id: string | null
  /** The WebAuthn user handle the creation options named (sign-up, add). */
  webauthn_user_id: string | null
  name: string | null
}
const CHALLENGE_COLUMNS = 'kind, session_key_hash, device_id, session_id, user_id, webauthn_user_id, name'

export type PasskeyRow = {
  credential_id: string
  user_id: string
  /** The COSE public key, base64url. */
  public_key: string
  counter: string | number
  transports: unknown
  backed_up: boolean
  name: string
  created_at: Date | string
  last_used_at: Date | string | null
}
const PASSKEY_COLUMNS = 'credential_id, user_id, public_key, counter, transports, backed_up, name, created_at, last_used_at'

/** A new passkey as verified (registrationInfo), to store. */
export type NewPasskey = {
  credentialId: string
  publicKey: string
  counter: number
  transports: string[]
  deviceType: string
  backedUp: boolean
  name: string
}

export const toPasskeyInfo = (row: PasskeyRow): PasskeyInfo => ({
  id: row.credential_id,
  name: row.name,
  createdAt: iso(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  backedUp: row.backed_up,
})

export const transportsOf = (row: Pick<PasskeyRow, 'transports'>): string[] => {
  const list = typeof row.transports === 'string' ? (JSON.parse(row.transports) as unknown) : row.transports
  return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : []
}

/** The passkey tables (SQL only; the rules live in passkeys.ts). */
export function createPasskeyRepository(db: Database) {
  const auth = createAuthRepository(db)
  /** `used`: the passkey signs its user in now (a sign-up), so it was last used at `now`. */
  const insertPasskey = (q: Queryable, userId: string, p: NewPasskey, now: number, used = false) =>
    q.query<PasskeyRow>(
      `INSERT INTO portico_auth.passkeys (credential_id, user_id, public_key, counter, transports, device_type, backed_up, name, created_at, last_used_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9::timestamptz, $10::timestamptz) ON CONFLICT (credential_id) DO NOTHING RETURNING ${PASSKEY_COLUMNS}`,
      [
        p.credentialId,
        userId,
        p.publicKey,
        p.counter,
        JSON.stringify(p.transports),
        p.deviceType,
        p.backedUp,
        p.name,
        at(now),
        used ? at(now) : null,
      ],
    )

  return {
    putChallenge: async (c: {
      challenge: string
      kind: PasskeyChallengeKind
      sessionKeyHash?: string
      deviceId?: string
      sessionId?: string
      userId?: string
      webauthnUserId?: string
      name?: string
      now: number
      expiresAt: number
    }) => {
      await db.query(
        `INSERT INTO portico_auth.passkey_challenges (challenge, kind, session_key_hash, device_id, session_id, user_id, webauthn_user_id, name, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10::timestamptz)`,
        [
          c.challenge,
          c.kind,
          c.sessionKeyHash ?? null,
          c.deviceId ?? null,
          c.sessionId ?? null,
          c.userId ?? null,
          c.webauthnUserId ?? null,
          c.name ?? null,
          at(c.now),
          at(c.expiresAt),
        ],
      )
    },
    /** A live (unused, unexpired) challenge of `kind`, left as it is. */
    liveChallenge: async (challenge: string, kind: PasskeyChallengeKind, now: number) =>
      (
        await db.query<PasskeyChallengeRow>(
          `SELECT ${CHALLENGE_COLUMNS} FROM portico_auth.passkey_challenges
           WHERE challenge = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3::timestamptz`,
          [challenge, kind, at(now)],
        )
      ).rows[0] ?? null,
    /** Use a live challenge of `kind` up (once); null when it is unknown, of another kind, used or expired. */
    takeChallenge: async (challenge: string, kind: PasskeyChallengeKind, now: number) =>
      (
        await db.query<PasskeyChallengeRow>(
          `UPDATE portico_auth.passkey_challenges SET used_at = $3::timestamptz
           WHERE challenge = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3::timestamptz RETURNING ${CHALLENGE_COLUMNS}`,
          [challenge, kind, at(now)],
        )
      ).rows[0] ?? null,
    pruneChallenges: async (before: number) => {
      await db.query('DELETE FROM portico_auth.passkey_challenges WHERE expires_at < $1::timestamptz', [at(before)])
    },

    passkey: async (credentialId: string) =>
      (await db.query<PasskeyRow>(`SELECT ${PASSKEY_COLUMNS} FROM portico_auth.passkeys WHERE credential_id = $1`, [credentialId]))
        .rows[0] ?? null,
    passkeysOf: async (userId: string) =>
      (
        await db.query<PasskeyRow>(
          `SELECT ${PASSKEY_COLUMNS} FROM portico_auth.passkeys WHERE user_id = $1 ORDER BY created_at, credential_id`,
          [userId],
        )
      ).rows,
    /**
     * Move the counter on after a verified sign-in, only from the value the check read: of two
     * sign-ins racing with one assertion, one moves it. False when it moved meanwhile.
     */
    moveCounter: async (credentialId: string, from: number, to: number, now: number) =>
      (
        await db.query(
          `UPDATE portico_auth.passkeys SET counter = $3, last_used_at = $4::timestamptz
           WHERE credential_id = $1 AND counter = $2 RETURNING credential_id`,
          [credentialId, from, to, at(now)],
        )
      ).rows.length === 1,
    /** Another passkey of a signed-in user; null when the credential is registered already. */
    addPasskey: (userId: string, webauthnUserId: string, p: NewPasskey, now: number) =>
      db.transaction(async (tx) => {
        await tx.query('UPDATE portico_auth.users SET webauthn_user_id = $2 WHERE id = $1 AND webauthn_user_id IS NULL', [
          userId,
          webauthnUserId,
        ])
        return (await insertPasskey(tx, userId, p, now)).rows[0] ?? null
      }),
    /**
     * Remove one of the user's passkeys, unless it is their last way in (no other passkey, no email,
     * no social or Farcaster identity). One transaction under the user's row lock, so two removals
     * at once can not take the last two.
     */
    removePasskey: (userId: string, credentialId: string) =>
      db.transaction(async (tx): Promise<'removed' | 'missing' | 'last'> => {
        const user = await tx.query<{ other: boolean }>(
          `SELECT (u.email IS NOT NULL
             OR EXISTS (SELECT 1 FROM portico_auth.social_identities s WHERE s.user_id = u.id)
             OR EXISTS (SELECT 1 FROM portico_auth.farcaster_accounts f WHERE f.user_id = u.id)) AS other
           FROM portico_auth.users u WHERE u.id = $1 FOR UPDATE`,
          [userId],
        )
        const keys = (
          await tx.query<{ credential_id: string }>('SELECT credential_id FROM portico_auth.passkeys WHERE user_id = $1', [userId])
        ).rows
        if (!keys.some((k) => k.credential_id === credentialId)) return 'missing'
        if (keys.length === 1 && user.rows[0]?.other !== true) return 'last'
        await tx.query('DELETE FROM portico_auth.passkeys WHERE user_id = $1 AND credential_id = $2', [userId, credentialId])
        return 'removed'
      }),
    webauthnUserIdOf: async (userId: string) =>
      (await db.query<{ webauthn_user_id: string | null }>('SELECT webauthn_user_id FROM portico_auth.users WHERE id = $1', [userId]))
        .rows[0]?.webauthn_user_id ?? null,
    /**
     * A new user (no email) with their sealed keys and first passkey, in one transaction. Null when
     * the credential is registered already (nothing is made).
     */
    insertUser: (
      user: { id: string; webauthnUserId: string; evmAddress: string | null; solanaAddress: string | null; now: number },
      /** The sealed whole keys (key custody 'server'); null under 'shares' (the frame makes the keys). */
      sealed: Record<KeyKind, string> | null,
      passkey: NewPasskey,
    ) =>
      db
        .transaction(async (tx) => {
          await tx.query(
            `INSERT INTO portico_auth.users (id, email, webauthn_user_id, evm_address, solana_address, created_at)
             VALUES ($1, NULL, $2, $3, $4, $5::timestamptz)`,
            [user.id, user.webauthnUserId, user.evmAddress, user.solanaAddress, at(user.now)],
          )
          for (const kind of ['evm', 'solana'] as const) {
            if (sealed)
              await tx.query('INSERT INTO portico_auth.user_keys (user_id, kind, sealed) VALUES ($1, $2, $3)', [
                user.id,
                kind,
                sealed[kind],
              ])
          }
          if ((await insertPasskey(tx, user.id, passkey, user.now, true)).rows.length === 0) throw new CredentialTaken()
          return true
        })
        .catch((error: unknown) => {
          if (error instanceof CredentialTaken) return false
          throw error
        }),
    userById: auth.userById,
    insertSession: auth.insertSession,
  }
}

class CredentialTaken extends Error {}

export type PasskeyRepository = ReturnType<typeof createPasskeyRepository>
export type { AuthUser }
