/**
 * The second factor (issue 22 §2; wire types and rules in @portico/protocol/two-factor): TOTP
 * (RFC 6238, with otpauth) enrolled, confirmed, verified and removed by a signed-in user, and the
 * short-lived step-up mark a verified code (or a passkey assertion, passkeys.ts stepUp) puts on the
 * session, which sensitive actions require (requireStepUp: key export, a new device's setup; sends
 * above an app's policy value next).
 *
 * The secret is made here (160 random bits), sealed under the KEK's key-encryption key with its own
 * associated data (so a sealed key could not be passed off as a TOTP secret, nor the other way),
 * and opened only to check a code. Each check runs in one transaction with the user's row locked:
 * a wrong code is counted and committed before the error goes out; the accepted time step is
 * recorded so the same code (or an older one) can not be used again.
 */
import { randomBytes } from 'node:crypto'
import { AUTH_ERRORS } from '@portico/protocol/auth'
import {
  STEP_UP_TTL_MS,
  TOTP_DIGITS,
  TOTP_LOCK_MS,
  TOTP_MAX_ATTEMPTS,
  TOTP_PERIOD_S,
  TOTP_WINDOW,
  type StepUpFactor,
  type TotpEnrollment,
  type TwoFactorStatus,
} from '@portico/protocol/two-factor'
import { Secret, TOTP } from 'otpauth'
import type { Database, Queryable } from '../db/types.ts'
import { open, seal } from './crypto.ts'
import { AuthError } from './errors.ts'

/** The associated data of a sealed TOTP secret: bound to its user, and to its purpose. */
export const totpAad = (userId: string) => `portico/totp-secret/v1\n${userId}`

/** 160 bits, as RFC 4226 recommends for the shared secret. */
const SECRET_BYTES = 20
const ISSUER = 'Portico'

type TotpRow = {
  sealed_secret: string
  confirmed_at: Date | string | null
  last_step: string | number | null
  failed_attempts: number
  failed_since: Date | string | null
}

const ms = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime()
const at = (time: number) => new Date(time).toISOString()

/** Step `sessionId` up (by `factor`) until `now` + STEP_UP_TTL_MS: the mark requireStepUp looks for. */
export const markStepUp = (q: Queryable, sessionId: string, factor: StepUpFactor, now: number) =>
  q.query(
    `INSERT INTO portico_auth.step_ups (session_id, factor, until) VALUES ($1, $2, $3::timestamptz)
     ON CONFLICT (session_id) DO UPDATE SET factor = EXCLUDED.factor, until = EXCLUDED.until`,
    [sessionId, factor, at(now + STEP_UP_TTL_MS)],
  )

export interface TwoFactorOptions {
  db: Database
  /** The key-encryption key derived from the KEK (crypto.ts deriveSecrets). */
  keyEncryption: Buffer
  now: () => number
}

/** Who asks: the user and the session the request was stamped by. */
export type TwoFactorCaller = { userId: string; sessionId: string; label: string }

export function createTwoFactor(options: TwoFactorOptions) {
  const { db, keyEncryption, now } = options

  const totpOf = (secret: Secret, label: string) =>
    new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret })

  async function row(q: Queryable, userId: string, lock = false): Promise<TotpRow | null> {
    const { rows } = await q.query<TotpRow>(
      `SELECT sealed_secret, confirmed_at, last_step, failed_attempts, failed_since FROM portico_auth.totp WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [userId],
    )
    return rows[0] ?? null
  }

  async function stepUpUntil(sessionId: string): Promise<number | null> {
    const { rows } = await db.query<{ until: Date | string }>('SELECT until FROM portico_auth.step_ups WHERE session_id = $1', [sessionId])
    const until = rows[0] ? ms(rows[0].until) : null
    return until !== null && until > now() ? until : null
  }

  async function hasPasskey(userId: string): Promise<boolean> {
    const { rows } = await db.query('SELECT 1 FROM portico_auth.passkeys WHERE user_id = $1 LIMIT 1', [userId])
    return rows.length > 0
  }

  async function status(caller: Pick<TwoFactorCaller, 'userId' | 'sessionId'>): Promise<TwoFactorStatus> {
    const totp = await row(db, caller.userId)
    const until = await stepUpUntil(caller.sessionId)
    return {
      totp: totp === null ? 'off' : totp.confirmed_at === null ? 'pending' : 'on',
      passkey: await hasPasskey(caller.userId),
      stepUpUntil: until === null ? null : at(until),
    }
  }

  /**
   * Check `code` against the user's secret (`want`: a pending or a confirmed one), in one
   * transaction with the row locked; on success run `accepted` in that transaction. A wrong code is
   * counted (and committed); TOTP_MAX_ATTEMPTS of them within TOTP_LOCK_MS lock the TOTP until the
   * first of them is TOTP_LOCK_MS old. A code of an already used time step is refused (not counted:
   * it was a right code once, not a guess).
   */
  async function check(
    caller: TwoFactorCaller,
    code: string,
    want: 'pending' | 'on',
    accepted: (tx: Queryable, step: number) => Promise<void>,
  ): Promise<void> {
    const t = now()
    const outcome = await db.transaction(async (tx): Promise<{ status: 400 | 429; error: string; retryAt?: number } | null> => {
      const totp = await row(tx, caller.userId, true)
      if (totp === null) return { status: 400, error: want === 'pending' ? AUTH_ERRORS.totpNotPending : AUTH_ERRORS.totpNotEnrolled }
      if (want === 'pending' && totp.confirmed_at !== null) return { status: 400, error: AUTH_ERRORS.totpAlreadyOn }
      if (want === 'on' && totp.confirmed_at === null) return { status: 400, error: AUTH_ERRORS.totpNotEnrolled }
      let failed = totp.failed_attempts
      let since = totp.failed_since === null ? null : ms(totp.failed_since)
      if (since !== null && t - since >= TOTP_LOCK_MS) {
        failed = 0
        since = null
      }
      if (failed >= TOTP_MAX_ATTEMPTS && since !== null) {
        return { status: 429, error: AUTH_ERRORS.totpTooManyAttempts, retryAt: since + TOTP_LOCK_MS }
      }
      const secret = open(keyEncryption, totp.sealed_secret, totpAad(caller.userId))
      let delta: number | null
      try {
        delta = totpOf(
          new Secret({ buffer: secret.buffer.slice(secret.byteOffset, secret.byteOffset + secret.length) }),
          caller.label,
        ).validate({
          token: code,
          timestamp: t,
          window: TOTP_WINDOW,
        })
      } finally {
        secret.fill(0)
      }
      if (delta === null) {
        const count = failed + 1
        await tx.query('UPDATE portico_auth.totp SET failed_attempts = $2, failed_since = $3::timestamptz WHERE user_id = $1', [
          caller.userId,
          count,
          at(since ?? t),
        ])
        return count >= TOTP_MAX_ATTEMPTS
          ? { status: 429, error: AUTH_ERRORS.totpTooManyAttempts, retryAt: (since ?? t) + TOTP_LOCK_MS }
          : { status: 400, error: AUTH_ERRORS.totpInvalid }
      }
      const step = TOTP.counter({ period: TOTP_PERIOD_S, timestamp: t }) + delta
      if (totp.last_step !== null && step <= Number(totp.last_step)) return { status: 400, error: AUTH_ERRORS.totpReplayed }
      await tx.query('UPDATE portico_auth.totp SET last_step = $2, failed_attempts = 0, failed_since = NULL WHERE user_id = $1', [
        caller.userId,
        step,
      ])
      await accepted(tx, step)
      return null
    })
    if (outcome === null) return
    const headers: Record<string, string> =
      outcome.retryAt === undefined ? {} : { 'retry-after': String(Math.max(1, Math.ceil((outcome.retryAt - t) / 1000))) }
    throw new AuthError(outcome.status, outcome.error, headers)
  }

  return {
    /** GET /v1/auth/2fa */
    status,

    /** POST /v1/auth/2fa/totp/enroll: a new pending secret (replacing a pending one); 409 once confirmed. */
    async enroll(caller: TwoFactorCaller): Promise<TotpEnrollment> {
      const bytes = randomBytes(SECRET_BYTES)
      try {
        const sealed = seal(keyEncryption, bytes, totpAad(caller.userId))
        const stored = await db.query<{ user_id: string }>(
          `INSERT INTO portico_auth.totp (user_id, sealed_secret, created_at) VALUES ($1, $2, $3::timestamptz)
           ON CONFLICT (user_id) DO UPDATE SET sealed_secret = EXCLUDED.sealed_secret, created_at = EXCLUDED.created_at,
             last_step = NULL, failed_attempts = 0, failed_since = NULL
             WHERE portico_auth.totp.confirmed_at IS NULL
           RETURNING user_id`,
          [caller.userId, sealed, at(now())],
        )
        if (stored.rows.length === 0) throw new AuthError(409, AUTH_ERRORS.totpAlreadyOn)
        const totp = totpOf(new Secret({ buffer: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) }), caller.label)
        return { uri: totp.toString(), secret: totp.secret.base32 }
      } finally {
        bytes.fill(0)
      }
    },

    /** POST /v1/auth/2fa/totp/confirm: the first valid code turns the pending secret on, and steps up this session. */
    async confirm(caller: TwoFactorCaller, code: string): Promise<TwoFactorStatus> {
      await check(caller, code, 'pending', async (tx) => {
        await tx.query('UPDATE portico_auth.totp SET confirmed_at = $2::timestamptz WHERE user_id = $1', [caller.userId, at(now())])
        await markStepUp(tx, caller.sessionId, 'totp', now())
      })
      return status(caller)
    },

    /** POST /v1/auth/2fa/totp/verify: a valid code steps up this session for STEP_UP_TTL_MS. */
    async verify(caller: TwoFactorCaller, code: string): Promise<TwoFactorStatus> {
      await check(caller, code, 'on', (tx) => markStepUp(tx, caller.sessionId, 'totp', now()).then(() => undefined))
      return status(caller)
    },

    /** POST /v1/auth/2fa/totp/remove: a valid code removes the TOTP. */
    async remove(caller: TwoFactorCaller, code: string): Promise<TwoFactorStatus> {
      await check(caller, code, 'on', async (tx) => {
        await tx.query('DELETE FROM portico_auth.totp WHERE user_id = $1', [caller.userId])
      })
      return status(caller)
    },

    /**
     * For a sensitive action (key export; a new device's setup and sends above an app's policy value
     * next): 403 AUTH_ERRORS.stepUpRequired unless THIS session verified a second factor within
     * STEP_UP_TTL_MS. Another session of the same user does not count.
     */
    async requireStepUp(caller: Pick<TwoFactorCaller, 'sessionId'>): Promise<void> {
      if ((await stepUpUntil(caller.sessionId)) === null) throw new AuthError(403, AUTH_ERRORS.stepUpRequired)
    },

    /**
     * As requireStepUp, for a user who has a second factor (a confirmed TOTP, or a passkey); without
     * one, nothing is asked. Either factor's mark satisfies it.
     */
    async requireStepUpIfEnabled(caller: Pick<TwoFactorCaller, 'userId' | 'sessionId'>): Promise<void> {
      const totp = await row(db, caller.userId)
      if ((totp !== null && totp.confirmed_at !== null) || (await hasPasskey(caller.userId))) await this.requireStepUp(caller)
    },
  }
}

export type TwoFactor = ReturnType<typeof createTwoFactor>
