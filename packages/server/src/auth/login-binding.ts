/**
 * A login belongs to the frame that started it (issue 22 §3): every start stores the hash of the
 * frame's new session public key (sessionKeyHashOf, @portico/protocol/auth), and the finish is
 * taken only when it is stamped by that key. So a script on the host page, or the host's server,
 * can not finish a login the frame started with a key of its own, and a finish that names the
 * frame's key but does not hold it proves nothing.
 */
import { AUTH_ERRORS, sessionKeyHashOf, STAMP_MAX_SKEW_MS, stampPayload } from '@portico/protocol/auth'
import { AuthError } from './errors.ts'
import type { sessionKeyCache } from './stamp.ts'
import { verifyP256 } from './stamp.ts'

/** A login finish as received: what its stamp covers and the stamp headers (no session header). */
export type LoginProof = { method: string; path: string; body: string; timestamp?: string | undefined; stamp?: string | undefined }

const TIMESTAMP = /^\d{1,16}$/
const STAMP = /^[A-Za-z0-9_-]{86}$/
const BAD_KEY = 'sessionPublicKey must be a P-256 public key (base64url SPKI)'

/**
 * The hash of `sessionPublicKey` once the request proves it holds the private half: a stamp (one
 * canonical spelling, low s) by that key over the method, the path with its query, the timestamp
 * and the body, within STAMP_MAX_SKEW_MS. 400 for a key that is not one, 401 for no or a bad stamp.
 * (The start it finishes is single use: the code, state or channel; a replay gets nothing new.)
 */
export async function provenKeyHash(
  keyOf: ReturnType<typeof sessionKeyCache>,
  sessionPublicKey: string,
  proof: LoginProof | undefined,
  now: number,
): Promise<string> {
  const key = await keyOf(sessionPublicKey)
  if (key === null) throw new AuthError(400, BAD_KEY)
  const { timestamp, stamp } = proof ?? {}
  if (proof === undefined || !timestamp || !stamp || !TIMESTAMP.test(timestamp) || !STAMP.test(stamp))
    throw new AuthError(401, AUTH_ERRORS.loginProofInvalid)
  if (Math.abs(now - Number(timestamp)) > STAMP_MAX_SKEW_MS) throw new AuthError(401, AUTH_ERRORS.loginProofInvalid)
  if (!(await verifyP256(key, stamp, stampPayload(proof.method, proof.path, timestamp, proof.body))))
    throw new AuthError(401, AUTH_ERRORS.loginProofInvalid)
  return sessionKeyHashOf(sessionPublicKey)
}

/** Is `stored` (the start's hash; null for a start from before the binding) the proven key's hash? (Public values.) */
export const boundTo = (stored: string | null | undefined, proven: string) => typeof stored === 'string' && stored === proven

/** The finish of a login started for another key. */
export const keyMismatch = () => new AuthError(403, AUTH_ERRORS.loginKeyMismatch)
