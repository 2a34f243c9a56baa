/**
 * Issue 22 §3: the notices the auth service mails on its own (a new session anywhere; an email
 * change, to both addresses), each with a link to a page whose button revokes sessions by a POST.
 * They are not login mails: they are sent outside the mail limits (a notice follows a sign-in or an
 * email change, which are limited themselves), so they never use up a user's code or approval mails.
 * A notice that can not be sent does not fail the sign-in it reports.
 */
import { SESSION_TTL_MS, type AuthUser } from '@portico/protocol/auth'
import type { Database } from '../db/types.ts'
import { hmac, randomToken } from './crypto.ts'
import { browserOf, emailChangedMail, newSessionMail, type MailMessage, type MailProvider } from './mail.ts'
import { createAuthRepository, ms, type RevokeScope, type SessionRow } from './repository.ts'

/** The path of the revocation page (GET shows it, POST revokes). */
export const REVOKE_PATH = '/v1/auth/sessions/revoke'

export type SessionNotices = ReturnType<typeof createSessionNotices>

export function createSessionNotices(options: {
  db: Database
  mail: MailProvider
  /** The key of the tokens' HMAC (the auth service's code HMAC key). */
  hmacKey: Buffer
  linkUrl(path: string): string
  now?: () => number
  /** Where a notice that could not be sent is reported. @default console.warn */
  onError?: (error: unknown) => void
}) {
  const repo = createAuthRepository(options.db)
  const now = options.now ?? Date.now
  const onError = options.onError ?? ((error: unknown) => console.warn('portico auth: a notice mail could not be sent', error))
  const tokenHash = (token: string) => hmac(options.hmacKey, 'revoke-token', token)
  let lastPrune = 0

  async function revokeLink(t: { userId: string; scope: RevokeScope; sessionId?: string; keepSessionId?: string }) {
    const token = randomToken(32)
    const time = now()
    await repo.addRevokeToken({ ...t, tokenHash: tokenHash(token), expiresAt: time + SESSION_TTL_MS })
    if (time - lastPrune > 60 * 60_000) {
      lastPrune = time
      await repo.pruneRevokeTokens(time)
    }
    return options.linkUrl(`${REVOKE_PATH}?token=${token}`)
  }

  async function deliver(build: () => Promise<MailMessage[]>) {
    try {
      for (const message of await build()) await options.mail.send(message)
    } catch (error) {
      onError(error)
    }
  }

  return {
    /** Mail the user (when they have an email) about a session just opened, with a link that revokes it. */
    async sessionOpened(
      user: Pick<AuthUser, 'userId' | 'email'>,
      session: Pick<SessionRow, 'id' | 'device' | 'created_at'>,
      site: string | null,
    ) {
      const email = user.email
      if (email === null) return
      await deliver(async () => {
        const link = await revokeLink({ userId: user.userId, scope: 'one', sessionId: session.id })
        return [newSessionMail(email, link, { site, browser: browserOf(session.device), time: ms(session.created_at) })]
      })
    },

    /** Mail both addresses of an email change: the old one can revoke every session, the new one every other session. */
    async emailChanged(change: { userId: string; oldEmail: string; newEmail: string; sessionId: string; device: string | null }) {
      const context = { site: null, browser: browserOf(change.device), time: now() }
      await deliver(async () => [
        emailChangedMail(change.oldEmail, { ...change, scope: 'all' }, await revokeLink({ userId: change.userId, scope: 'all' }), context),
        emailChangedMail(
          change.newEmail,
          { ...change, scope: 'others' },
          await revokeLink({ userId: change.userId, scope: 'others', keepSessionId: change.sessionId }),
          context,
        ),
      ])
    },

    /** What a revocation link would revoke, while it can be used; null otherwise. */
    async pending(token: string): Promise<{ scope: RevokeScope } | null> {
      const row = await repo.usableRevokeToken(tokenHash(token), now())
      return row && { scope: row.scope }
    },

    /** Use a revocation link: null when it can not be used (used, expired, unknown), else how many sessions it revoked. */
    async revoke(token: string): Promise<number | null> {
      return repo.takeRevokeToken(tokenHash(token), now())
    },
  }
}
