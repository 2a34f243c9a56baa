/**
 * The second factor a confirmation asks for (issue 22 §2: "a policy for transfers above a value"): which
 * factor the user has (TOTP, else a passkey), and a step-up with what the user gave in the confirmation
 * window (a code, or the passkey's assertion made there). The step-up itself is the server's: a
 * code it accepts marks THIS session as stepped up for a few minutes (@portico/protocol/two-factor), and
 * the frame sends only once the mark holds.
 */
import type { AuthApi } from './api'
import type { StoredSession } from './keys'

/** What the user gave in the window: a TOTP code, or a passkey's assertion (made in the window itself). */
export type StepUpProof = { kind: 'totp'; code: string } | { kind: 'passkey'; assertion: unknown }

/** A request above the policy's threshold, and the user has no second factor set up. */
export const NO_SECOND_FACTOR = 'This transfer needs a second factor, and none is set up: set one up in your wallet first'
/** The API accepted the code but the session's step-up mark does not hold (it should not happen). */
export const STEP_UP_FAILED = 'The second factor was not accepted'

/** The factor the window asks for (TOTP when the user has it, else one of their passkeys), or undefined when the user has none. */
export async function stepUpFactor(api: AuthApi, session: StoredSession): Promise<StepUpProof['kind'] | undefined> {
  const status = await api.twoFactorStatus(session)
  return status.totp === 'on' ? 'totp' : status.passkey ? 'passkey' : undefined
}

/** Step THIS session up with `proof`; throws the API's error (a wrong or replayed code) or STEP_UP_FAILED. */
export async function stepUp(api: AuthApi, session: StoredSession, proof: StepUpProof, now: () => number = Date.now): Promise<void> {
  const status = proof.kind === 'totp' ? await api.totp(session, 'verify', proof.code) : await api.passkeyStepUp(session, proof.assertion)
  if (status.stepUpUntil === null || Date.parse(status.stepUpUntil) <= now()) throw new Error(STEP_UP_FAILED)
}
