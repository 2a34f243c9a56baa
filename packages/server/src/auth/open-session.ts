import { type AuthUser, SESSION_TTL_MS } from '@portico/protocol/auth'
import { randomToken } from './crypto.ts'
import { type AuthRepository, type SessionRow, toSessionInfo } from './repository.ts'

/**
 * A new session for `user`, bound to the frame's P-256 public key (its stamps are checked against
 * it), its ECDH key when the frame sent one, and device, for SESSION_TTL_MS: what every sign-in route (email code, social, Farcaster) answers.
 * `opened` runs once the session exists (the new-session notice mail).
 */
export async function openSession(
  repo: Pick<AuthRepository, 'insertSession'>,
  user: AuthUser,
  input: { sessionPublicKey: string; deviceId: string; encryptionPublicKey?: string | undefined },
  device: string | null,
  now: number,
  opened?: (session: SessionRow) => Promise<void>,
): Promise<{ sessionId: string; expiresAt: string; user: AuthUser }> {
  const session = await repo.insertSession({
    id: randomToken(24),
    userId: user.userId,
    publicKey: input.sessionPublicKey,
    deviceId: input.deviceId,
    device,
    now,
    expiresAt: now + SESSION_TTL_MS,
    // The session's ECDH key (issue 22 §1): key shares are released only sealed to it.
    encryptionKey: input.encryptionPublicKey ?? null,
  })
  await opened?.(session)
  return { sessionId: session.id, expiresAt: toSessionInfo(session).expiresAt, user }
}
