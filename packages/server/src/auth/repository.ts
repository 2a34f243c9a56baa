import type { AuthUser, SessionInfo } from '@portico/protocol/auth'
import type { Database, Queryable } from '../db/types.ts'
import type { KeyKind } from './keys.ts'

/** What a code is for: login, or one of the two steps of an email change. */
export type OtpPurpose = 'login' | 'update_primary' | 'update_secondary'
export type MailKind = 'code' | 'device'
/** What a mailed revocation link revokes: one session, every other session, or every session. */
export type RevokeScope = 'one' | 'others' | 'all'

type UserRow = {
  id: string
  email: string | null
  user_name: string | null
  social_provider: string | null
  /** Null for a user made under key shares until the frame uploads their keys' shares. */
  evm_address: string | null
  solana_address: string | null
  preferred_account_type: 'eoa' | 'smartAccount'
  smart_account_enabled_networks: unknown
}

export type OtpRow = {
  email: string
  purpose: OtpPurpose
  code_hash: string
  device_id: string | null
  user_id: string | null
  /** Login codes: the hash of the session key the login started for (login-binding.ts). */
  session_key_hash: string | null
  attempts: number
  expires_at: Date | string
}

export type SessionRow = {
  id: string
  user_id: string
  public_key: string
  device_id: string | null
  device: string | null
  created_at: Date | string
  expires_at: Date | string
  revoked_at: Date | string | null
  /** The session's P-256 ECDH public key (raw, base64url): key shares are sealed to it. */
  encryption_key: string | null
}

export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()
export const ms = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime()
const at = (time: number) => new Date(time).toISOString()

function networks(value: unknown): number[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  return Array.isArray(list) ? list.filter((n): n is number => typeof n === 'number') : []
}

export function toAuthUser(row: UserRow): AuthUser {
  return {
    userId: row.id,
    email: row.email,
    userName: row.user_name,
    socialProvider: row.social_provider,
    evmAddress: row.evm_address ?? '',
    solanaAddress: row.solana_address ?? '',
    preferredAccountType: row.preferred_account_type,
    smartAccountEnabledNetworks: networks(row.smart_account_enabled_networks),
  }
}

export function toSessionInfo(row: SessionRow): SessionInfo {
  return {
    id: row.id,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
    device: row.device,
  }
}

const USER_COLUMNS =
  'id, email, user_name, social_provider, evm_address, solana_address, preferred_account_type, smart_account_enabled_networks'
const SESSION_COLUMNS = 'id, user_id, public_key, device_id, device, created_at, expires_at, revoked_at, encryption_key'

/** The auth tables over any database (SQL only; the rules live in service.ts). */
export function createAuthRepository(db: Database) {
  const one = async <T>(q: Queryable, sql: string, params: unknown[]) => (await q.query<T>(sql, params)).rows[0] ?? null

  return {
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn),

    // ---- users and keys
    userByEmail: async (email: string) => {
      const row = await one<UserRow>(db, `SELECT ${USER_COLUMNS} FROM portico_auth.users WHERE email = $1`, [email])
      return row && toAuthUser(row)
    },
    userById: async (id: string) => {
      const row = await one<UserRow>(db, `SELECT ${USER_COLUMNS} FROM portico_auth.users WHERE id = $1`, [id])
      return row && toAuthUser(row)
    },
    /**
     * Insert a user and their sealed keys, unless the email is taken meanwhile (then null). Under key
     * shares (`sealed` null) the user has no address and no key until the frame uploads their shares.
     */
    insertUser: (
      user: { id: string; email: string; evmAddress: string | null; solanaAddress: string | null; now: number },
      sealed: Record<KeyKind, string> | null,
    ) =>
      db.transaction(async (tx) => {
        const row = await one<UserRow>(
          tx,
          `INSERT INTO portico_auth.users (id, email, evm_address, solana_address, created_at) VALUES ($1, $2, $3, $4, $5::timestamptz)
           ON CONFLICT (email) DO NOTHING RETURNING ${USER_COLUMNS}`,
          [user.id, user.email, user.evmAddress, user.solanaAddress, at(user.now)],
        )
        if (row === null) return null
        for (const kind of sealed === null ? [] : (['evm', 'solana'] as const)) {
          await tx.query('INSERT INTO portico_auth.user_keys (user_id, kind, sealed) VALUES ($1, $2, $3)', [user.id, kind, sealed?.[kind]])
        }
        return toAuthUser(row)
      }),
    sealedKey: async (userId: string, kind: KeyKind) =>
      (await one<{ sealed: string }>(db, 'SELECT sealed FROM portico_auth.user_keys WHERE user_id = $1 AND kind = $2', [userId, kind]))
        ?.sealed ?? null,
    setPreferredAccount: async (userId: string, type: 'eoa' | 'smartAccount') => {
      await db.query('UPDATE portico_auth.users SET preferred_account_type = $2 WHERE id = $1', [userId, type])
    },
    /** SPEC §3 smartAccountEnabledNetworks: the chains the user's smart account is enabled on. */
    setSmartAccountNetworks: async (userId: string, chainIds: number[]) => {
      await db.query('UPDATE portico_auth.users SET smart_account_enabled_networks = $2::jsonb WHERE id = $1', [
        userId,
        JSON.stringify(chainIds),
      ])
    },
    /** Change the user's email; false when another user has it. */
    setEmail: async (userId: string, email: string) => {
      const taken = await one<{ id: string }>(db, 'SELECT id FROM portico_auth.users WHERE email = $1 AND id <> $2', [email, userId])
      if (taken) return false
      await db.query('UPDATE portico_auth.users SET email = $2 WHERE id = $1', [userId, email])
      return true
    },

    // ---- devices
    device: (email: string, deviceId: string) =>
      one<{ approved_at: Date | string | null }>(db, 'SELECT approved_at FROM portico_auth.devices WHERE email = $1 AND device_id = $2', [
        email,
        deviceId,
      ]),
    addDevice: async (email: string, deviceId: string, now: number) => {
      await db.query(
        'INSERT INTO portico_auth.devices (email, device_id, created_at) VALUES ($1, $2, $3::timestamptz) ON CONFLICT DO NOTHING',
        [email, deviceId, at(now)],
      )
    },
    addDeviceToken: async (
      tokenHash: string,
      email: string,
      deviceId: string,
      expiresAt: number,
      request?: { site: string | null; browser: string | null; time: number },
    ) => {
      await db.query(
        `INSERT INTO portico_auth.device_tokens (token_hash, email, device_id, expires_at, site, browser, requested_at)
         VALUES ($1, $2, $3, $4::timestamptz, $5, $6, $7::timestamptz)`,
        [tokenHash, email, deviceId, at(expiresAt), request?.site ?? null, request?.browser ?? null, request ? at(request.time) : null],
      )
    },
    /** When the device's last approval mail went out (null before migration 012) and when its link expires (ms); null without one. */
    deviceRequest: async (email: string, deviceId: string) => {
      const row = await one<{ requested_at: Date | string | null; expires_at: Date | string }>(
        db,
        `SELECT requested_at, expires_at FROM portico_auth.device_tokens WHERE email = $1 AND device_id = $2
         ORDER BY expires_at DESC LIMIT 1`,
        [email, deviceId],
      )
      if (row === null) return null
      return { requestedAt: row.requested_at === null ? null : ms(row.requested_at), expiresAt: ms(row.expires_at) }
    },
    /** An approval token that can still be used (not used, not expired), and what its page shows; null otherwise. */
    usableDeviceToken: async (tokenHash: string, now: number) => {
      const row = await one<{ site: string | null; browser: string | null; requested_at: Date | string | null }>(
        db,
        'SELECT site, browser, requested_at FROM portico_auth.device_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz',
        [tokenHash, at(now)],
      )
      return row && { site: row.site, browser: row.browser, time: row.requested_at === null ? null : ms(row.requested_at) }
    },
    /** The site the device's last login start named (for the new-session notice). */
    setDeviceSite: async (email: string, deviceId: string, site: string | null) => {
      await db.query('UPDATE portico_auth.devices SET site = $3 WHERE email = $1 AND device_id = $2', [email, deviceId, site])
    },
    deviceSite: async (email: string, deviceId: string) =>
      (
        await one<{ site: string | null }>(db, 'SELECT site FROM portico_auth.devices WHERE email = $1 AND device_id = $2', [
          email,
          deviceId,
        ])
      )?.site ?? null,
    /** Use an approval token (once, before it expires) and approve its device; null if it can not be used. */
    approveDevice: (tokenHash: string, now: number) =>
      db.transaction(async (tx) => {
        const token = await one<{ email: string; device_id: string }>(
          tx,
          `UPDATE portico_auth.device_tokens SET used_at = $2::timestamptz
           WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz RETURNING email, device_id`,
          [tokenHash, at(now)],
        )
        if (token === null) return null
        await tx.query(
          'UPDATE portico_auth.devices SET approved_at = $3::timestamptz WHERE email = $1 AND device_id = $2 AND approved_at IS NULL',
          [token.email, token.device_id, at(now)],
        )
        return { email: token.email, deviceId: token.device_id }
      }),

    // ---- one-time codes
    putOtp: async (otp: {
      email: string
      purpose: OtpPurpose
      codeHash: string
      deviceId?: string
      userId?: string
      sessionKeyHash?: string
      expiresAt: number
      now: number
    }) => {
      await db.query(
        `INSERT INTO portico_auth.otps (email, purpose, code_hash, device_id, user_id, session_key_hash, attempts, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $8, 0, $6::timestamptz, $7::timestamptz)
         ON CONFLICT (email, purpose) DO UPDATE SET code_hash = EXCLUDED.code_hash, device_id = EXCLUDED.device_id,
           user_id = EXCLUDED.user_id, session_key_hash = EXCLUDED.session_key_hash, attempts = 0,
           expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at`,
        [
          otp.email,
          otp.purpose,
          otp.codeHash,
          otp.deviceId ?? null,
          otp.userId ?? null,
          at(otp.expiresAt),
          at(otp.now),
          otp.sessionKeyHash ?? null,
        ],
      )
    },
    /** Run `fn` on the live code of (email, purpose), the row locked, in one transaction. */
    withOtp: <T>(email: string, purpose: OtpPurpose, fn: (otp: OtpRow | null, tx: OtpTx) => Promise<T>) =>
      db.transaction(async (tx) => {
        const row = await one<OtpRow>(
          tx,
          'SELECT email, purpose, code_hash, device_id, user_id, session_key_hash, attempts, expires_at FROM portico_auth.otps WHERE email = $1 AND purpose = $2 FOR UPDATE',
          [email, purpose],
        )
        return fn(row, {
          countAttempt: async () => {
            await tx.query('UPDATE portico_auth.otps SET attempts = attempts + 1 WHERE email = $1 AND purpose = $2', [email, purpose])
          },
          consume: async () => {
            await tx.query('DELETE FROM portico_auth.otps WHERE email = $1 AND purpose = $2', [email, purpose])
          },
        })
      }),

    // ---- mail log (rate limits)
    /**
     * Run `fn` with the mail log under one lock, in one transaction: what it reads and the send it
     * records are one step, so concurrent requests line up and none passes a limit.
     */
    withMailLog: <T>(fn: (log: MailLogTx) => Promise<T>) =>
      db.transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('portico_auth.mail_log'))")
        return fn({
          /** Sends of `kind` to `email` and sends from `ip` (any kind) after `since`; the last send of `kind` to `email`. */
          stats: async (email: string, ip: string, kind: MailKind, since: number) => {
            const row = await one<{ email_count: string | number; ip_count: string | number; last_same_kind: Date | string | null }>(
              tx,
              `SELECT
                 (SELECT count(*) FROM portico_auth.mail_log WHERE email = $1 AND kind = $3 AND sent_at > $4::timestamptz) AS email_count,
                 (SELECT count(*) FROM portico_auth.mail_log WHERE ip = $2 AND sent_at > $4::timestamptz) AS ip_count,
                 (SELECT max(sent_at) FROM portico_auth.mail_log WHERE email = $1 AND kind = $3) AS last_same_kind`,
              [email, ip, kind, at(since)],
            )
            return {
              emailCount: Number(row?.email_count ?? 0),
              ipCount: Number(row?.ip_count ?? 0),
              lastSameKind: row?.last_same_kind == null ? null : ms(row.last_same_kind),
            }
          },
          /** Oldest send of `kind` to `email`, or from `ip`, after `since` (when the hourly window frees a slot). */
          oldestSince: async (by: { email: string; kind: MailKind } | { ip: string }, since: number) => {
            const row = await one<{ t: Date | string | null }>(
              tx,
              'email' in by
                ? 'SELECT min(sent_at) AS t FROM portico_auth.mail_log WHERE email = $1 AND kind = $3 AND sent_at > $2::timestamptz'
                : 'SELECT min(sent_at) AS t FROM portico_auth.mail_log WHERE ip = $1 AND sent_at > $2::timestamptz',
              'email' in by ? [by.email, at(since), by.kind] : [by.ip, at(since)],
            )
            return row?.t == null ? null : ms(row.t)
          },
          record: async (email: string, ip: string, kind: MailKind, now: number) => {
            await tx.query('INSERT INTO portico_auth.mail_log (email, ip, kind, sent_at) VALUES ($1, $2, $3, $4::timestamptz)', [
              email,
              ip,
              kind,
              at(now),
            ])
          },
        })
      }),
    pruneMailLog: async (before: number) => {
      await db.query('DELETE FROM portico_auth.mail_log WHERE sent_at < $1::timestamptz', [at(before)])
    },

    // ---- email change
    setEmailUpdate: async (userId: string, newEmail: string, stage: 'primary' | 'secondary', now: number) => {
      await db.query(
        `INSERT INTO portico_auth.email_updates (user_id, new_email, stage, created_at) VALUES ($1, $2, $3, $4::timestamptz)
         ON CONFLICT (user_id) DO UPDATE SET new_email = EXCLUDED.new_email, stage = EXCLUDED.stage, created_at = EXCLUDED.created_at`,
        [userId, newEmail, stage, at(now)],
      )
    },
    emailUpdate: (userId: string) =>
      one<{ new_email: string; stage: 'primary' | 'secondary'; created_at: Date | string }>(
        db,
        'SELECT new_email, stage, created_at FROM portico_auth.email_updates WHERE user_id = $1',
        [userId],
      ),
    clearEmailUpdate: async (userId: string) => {
      await db.query('DELETE FROM portico_auth.email_updates WHERE user_id = $1', [userId])
    },

    // ---- sessions
    insertSession: async (s: {
      id: string
      userId: string
      publicKey: string
      deviceId: string
      device: string | null
      now: number
      expiresAt: number
      encryptionKey?: string | null | undefined
    }) => {
      const row = await one<SessionRow>(
        db,
        `INSERT INTO portico_auth.sessions (id, user_id, public_key, device_id, device, created_at, expires_at, encryption_key)
         VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz, $8) RETURNING ${SESSION_COLUMNS}`,
        [s.id, s.userId, s.publicKey, s.deviceId, s.device, at(s.now), at(s.expiresAt), s.encryptionKey ?? null],
      )
      return row as SessionRow
    },
    session: (id: string) => one<SessionRow>(db, `SELECT ${SESSION_COLUMNS} FROM portico_auth.sessions WHERE id = $1`, [id]),
    sessionsOf: async (userId: string) =>
      (
        await db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM portico_auth.sessions WHERE user_id = $1 ORDER BY created_at DESC, id`, [
          userId,
        ])
      ).rows,
    // ---- revocation links of the notices
    addRevokeToken: async (t: {
      tokenHash: string
      userId: string
      scope: RevokeScope
      sessionId?: string
      keepSessionId?: string
      expiresAt: number
    }) => {
      await db.query(
        `INSERT INTO portico_auth.revoke_tokens (token_hash, user_id, scope, session_id, keep_session_id, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6::timestamptz)`,
        [t.tokenHash, t.userId, t.scope, t.sessionId ?? null, t.keepSessionId ?? null, at(t.expiresAt)],
      )
    },
    /** A revocation token that can still be used, and what it revokes; null otherwise. */
    usableRevokeToken: (tokenHash: string, now: number) =>
      one<{ scope: RevokeScope; session_id: string | null }>(
        db,
        'SELECT scope, session_id FROM portico_auth.revoke_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz',
        [tokenHash, at(now)],
      ),
    /** Use a revocation token (once, before it expires) and revoke what it names; null if it can not be used, else how many sessions it revoked. */
    takeRevokeToken: (tokenHash: string, now: number) =>
      db.transaction(async (tx) => {
        const token = await one<{ user_id: string; scope: RevokeScope; session_id: string | null; keep_session_id: string | null }>(
          tx,
          `UPDATE portico_auth.revoke_tokens SET used_at = $2::timestamptz
           WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz RETURNING user_id, scope, session_id, keep_session_id`,
          [tokenHash, at(now)],
        )
        if (token === null) return null
        const { rows } = await tx.query(
          token.scope === 'one'
            ? 'UPDATE portico_auth.sessions SET revoked_at = $2::timestamptz WHERE user_id = $1 AND id = $3 AND revoked_at IS NULL RETURNING id'
            : token.scope === 'others'
              ? 'UPDATE portico_auth.sessions SET revoked_at = $2::timestamptz WHERE user_id = $1 AND id <> $3 AND revoked_at IS NULL RETURNING id'
              : 'UPDATE portico_auth.sessions SET revoked_at = $2::timestamptz WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
          token.scope === 'all'
            ? [token.user_id, at(now)]
            : [token.user_id, at(now), (token.scope === 'one' ? token.session_id : token.keep_session_id) ?? ''],
        )
        return rows.length
      }),
    pruneRevokeTokens: async (now: number) => {
      await db.query('DELETE FROM portico_auth.revoke_tokens WHERE expires_at < $1::timestamptz', [at(now)])
    },
    revokeSession: async (id: string, now: number) => {
      await db.query('UPDATE portico_auth.sessions SET revoked_at = $2::timestamptz WHERE id = $1 AND revoked_at IS NULL', [id, at(now)])
    },

    // ---- stamps seen (replay)
    /** Record a stamped request (its digest); false when the session made it before. */
    recordStamp: async (sessionId: string, timestampMs: number, requestDigest: string, expiresAt: number) => {
      const { rows } = await db.query(
        `INSERT INTO portico_auth.stamps (session_id, request_digest, timestamp_ms, expires_at) VALUES ($1, $2, $3, $4::timestamptz)
         ON CONFLICT DO NOTHING RETURNING session_id`,
        [sessionId, requestDigest, timestampMs, at(expiresAt)],
      )
      return rows.length === 1
    },
    pruneStamps: async (now: number) => {
      await db.query('DELETE FROM portico_auth.stamps WHERE expires_at < $1::timestamptz', [at(now)])
    },
  }
}

export type OtpTx = { countAttempt(): Promise<void>; consume(): Promise<void> }
export type MailLogTx = {
  stats(
    email: string,
    ip: string,
    kind: MailKind,
    since: number,
  ): Promise<{ emailCount: number; ipCount: number; lastSameKind: number | null }>
  oldestSince(by: { email: string; kind: MailKind } | { ip: string }, since: number): Promise<number | null>
  record(email: string, ip: string, kind: MailKind, now: number): Promise<void>
}
export type AuthRepository = ReturnType<typeof createAuthRepository>
