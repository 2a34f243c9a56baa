import type { AuthUser } from '@portico/protocol/auth'
import type { Database } from '../db/types.ts'
import type { KeyKind } from './keys.ts'
import { createAuthRepository } from './repository.ts'

const at = (time: number) => new Date(time).toISOString()

export type SocialStateRow = {
  provider: string
  host_origin: string
  /** Where the callback page posts the result (null: a state from before migration 013, never posted). */
  frame_origin: string | null
  device_id: string
  /** The hash of the frame's session key the login started for (login-binding.ts). */
  session_key_hash: string | null
}
const STATE_COLUMNS = 'provider, host_origin, frame_origin, device_id, session_key_hash'

/** The social tables (SQL only; the rules live in social.ts). */
export function createSocialRepository(db: Database) {
  const auth = createAuthRepository(db)
  return {
    putState: async (s: {
      stateHash: string
      provider: string
      hostOrigin: string
      frameOrigin: string
      deviceId: string
      sessionKeyHash: string
      now: number
      expiresAt: number
    }) => {
      await db.query(
        `INSERT INTO portico_auth.social_states (state_hash, provider, host_origin, frame_origin, device_id, session_key_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz)`,
        [s.stateHash, s.provider, s.hostOrigin, s.frameOrigin, s.deviceId, s.sessionKeyHash, at(s.now), at(s.expiresAt)],
      )
    },
    /** A live (unused, unexpired) state, left as it is. */
    liveState: async (stateHash: string, now: number) =>
      (
        await db.query<SocialStateRow>(
          `SELECT ${STATE_COLUMNS} FROM portico_auth.social_states WHERE state_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz`,
          [stateHash, at(now)],
        )
      ).rows[0] ?? null,
    /** Use a live state up (once); null when it is unknown, used or expired. */
    takeState: async (stateHash: string, now: number) =>
      (
        await db.query<SocialStateRow>(
          `UPDATE portico_auth.social_states SET used_at = $2::timestamptz
           WHERE state_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz RETURNING ${STATE_COLUMNS}`,
          [stateHash, at(now)],
        )
      ).rows[0] ?? null,
    pruneStates: async (before: number) => {
      await db.query('DELETE FROM portico_auth.social_states WHERE expires_at < $1::timestamptz', [at(before)])
    },

    /** The user signed in by (provider, subject), if any. */
    userOf: async (provider: string, subject: string) => {
      const row = (
        await db.query<{ user_id: string }>('SELECT user_id FROM portico_auth.social_identities WHERE provider = $1 AND subject = $2', [
          provider,
          subject,
        ])
      ).rows[0]
      return row ? auth.userById(row.user_id) : null
    },
    /** The provider's current name for the user. */
    updateProfile: async (userId: string, provider: string, userName: string | null) => {
      await db.query('UPDATE portico_auth.users SET user_name = $2, social_provider = $3 WHERE id = $1', [userId, userName, provider])
    },
    /**
     * A new user of (provider, subject) with their sealed keys, in one transaction. The email is
     * kept unless another user has it (no account is ever joined by email). Null when another
     * first sign-in of the same identity won the race.
     */
    insertUser: (
      user: {
        id: string
        provider: string
        subject: string
        userName: string | null
        email: string | null
        evmAddress: string | null
        solanaAddress: string | null
        now: number
      },
      sealed: Record<KeyKind, string> | null,
    ) =>
      db
        .transaction(async (tx) => {
          const taken =
            user.email === null ? true : (await tx.query('SELECT 1 FROM portico_auth.users WHERE email = $1', [user.email])).rows.length > 0
          await tx.query(
            `INSERT INTO portico_auth.users (id, email, user_name, social_provider, evm_address, solana_address, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz)`,
            [user.id, taken ? null : user.email, user.userName, user.provider, user.evmAddress, user.solanaAddress, at(user.now)],
          )
          for (const kind of sealed === null ? [] : (['evm', 'solana'] as const)) {
            await tx.query('INSERT INTO portico_auth.user_keys (user_id, kind, sealed) VALUES ($1, $2, $3)', [
              user.id,
              kind,
              sealed?.[kind],
            ])
          }
          const linked = await tx.query(
            `INSERT INTO portico_auth.social_identities (provider, subject, user_id, created_at) VALUES ($1, $2, $3, $4::timestamptz)
           ON CONFLICT DO NOTHING RETURNING user_id`,
            [user.provider, user.subject, user.id, at(user.now)],
          )
          if (linked.rows.length === 0) throw new IdentityTaken()
          return true
        })
        .catch(async (error: unknown) => {
          if (error instanceof IdentityTaken) return false
          throw error
        }),
    userById: auth.userById,
    insertSession: auth.insertSession,
  }
}

class IdentityTaken extends Error {}

export type SocialRepository = ReturnType<typeof createSocialRepository>
export type { AuthUser }
