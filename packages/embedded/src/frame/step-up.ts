/**
 * The second factor a confirmation asks for (issue 22 §2: "a policy for transfers above a value"), behind
 * one small interface so that another factor (a passkey) can be plugged in: which factor the user has, and
 * a step-up with what the user gave in the confirmation window. The step-up itself is the server's: a
 * code it accepts marks THIS session as stepped up for a few minutes (@portico/protocol/two-factor), and
 * the frame sends only once the mark holds.
 */
import type { AuthApi } from './api'
import type { StoredSession } from './keys'

/** What the user gave in the window: a TOTP code for now. */
export type StepUpProof = { kind: 'totp'; code: string }

/** A request above the policy's threshold, and the user has no second factor set up. */
export const NO_SECOND_FACTOR = 'This transfer needs a second factor, and none is set up: set one up in your wallet first'
/** The API accepted the code but the session's step-up mark does not hold (it should not happen). */
export const STEP_UP_FAILED = 'The second factor was not accepted'

/** The factor the window asks for, or undefined when the user has none. */
export async function stepUpFactor(api: AuthApi, session: StoredSession): Promise<StepUpProof['kind'] | undefined> {
  const status = await api.twoFactorStatus(session)
  return status.totp === 'on' ? 'totp' : undefined
}

/** Step THIS session up with `proof`; throws the API's error (a wrong or replayed code) or STEP_UP_FAILED. */
export async function stepUp(api: AuthApi, session: StoredSession, proof: StepUpProof, now: () => number = Date.now): Promise<void> {
  const status = await api.totp(session, 'verify', proof.code)
  if (status.stepUpUntil === null || Date.parse(status.stepUpUntil) <= now()) throw new Error(STEP_UP_FAILED)
}
