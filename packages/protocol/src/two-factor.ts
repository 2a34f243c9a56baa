/**
 * The second factor of the embedded wallet (issue 22 §2): TOTP (RFC 6238) or a passkey; either sets
 * the same step-up mark. Only the frame calls these routes; every one is stamped by the session key
 * (see ./auth, "Signed requests"), and answers `{ error }` with a 4xx and a text of AUTH_ERRORS.
 *
 *   GET  /v1/auth/2fa                                → twoFactorStatus
 *   POST /v1/auth/2fa/totp/enroll   {}               → { uri, secret }
 *     a new secret (160 bits), kept sealed by the server, pending until confirmed: `uri` is the
 *     otpauth:// URI (for a QR code), `secret` its base32 text (to type into an app). A new enroll
 *     while pending replaces the pending secret; once confirmed: 409 AUTH_ERRORS.totpAlreadyOn.
 *   POST /v1/auth/2fa/totp/confirm  { code }         → twoFactorStatus (totp 'on', and a step-up)
 *   POST /v1/auth/2fa/totp/verify   { code }         → twoFactorStatus (a step-up)
 *   POST /v1/auth/2fa/totp/remove   { code }         → twoFactorStatus (totp 'off')
 *   POST /v1/auth/2fa/passkey/options {}             → { options } (PublicKeyCredentialRequestOptionsJSON)
 *     for an assertion by one of the user's passkeys (allowCredentials), user verification required;
 *     its challenge is single use, lives PASSKEY_CHALLENGE_TTL_MS and is bound to THIS session (400
 *     AUTH_ERRORS.passkeyNone for a user without a passkey). The options come from a frame origin.
 *   POST /v1/auth/2fa/passkey/verify  { response }   → twoFactorStatus (a step-up)
 *     the assertion, checked with @simplewebauthn/server: this session's challenge (400 passkeyExpired
 *     for an unknown, used, expired or another session's one), one of the caller's passkeys, user
 *     verified, made in a window of the frame's origin (not in an iframe), the counter growing (400
 *     passkeyFailed otherwise).
 *
 * Codes: TOTP_DIGITS digits, a TOTP_PERIOD_S s time step, accepted in the current step and one on
 * either side. Each accepted code is used at most once (the server keeps the last accepted time
 * step; that step or an earlier one is refused: AUTH_ERRORS.totpReplayed). TOTP_MAX_ATTEMPTS wrong
 * codes lock the user's TOTP for TOTP_LOCK_MS (429 AUTH_ERRORS.totpTooManyAttempts, retry-after).
 * Only a signed-in session can send a code, so a stranger can not lock a user out.
 *
 * Step-up: a code accepted by confirm or verify, or a passkey verified, marks THIS session as stepped up for
 * STEP_UP_TTL_MS. The mark gates sensitive actions: exporting a key now (the frame shows it only
 * after a fresh step-up; the release of what export needs checks the mark on the server); later,
 * setting up a new device, and sends above a value the app sets as policy. The step-up is asked of a
 * user with a confirmed TOTP or at least one passkey; either factor satisfies it. A passkey SIGN-IN
 * marks its new session too (the same proof: a user-verified assertion of a passkey the account had
 * before, bound to this session's key); a passkey sign-up does not (it proves no factor the account
 * had before).
 */
import { z } from 'zod/mini'
import { passkeyAuthenticationSchema } from './auth.ts'

export const TOTP_DIGITS = 6
export const TOTP_PERIOD_S = 30
/** Time steps accepted on either side of the current one. */
export const TOTP_WINDOW = 1
/** Wrong codes before the user's TOTP is locked for TOTP_LOCK_MS. */
export const TOTP_MAX_ATTEMPTS = 5
export const TOTP_LOCK_MS = 15 * 60_000
/** How long a verified second factor counts as fresh for this session. */
export const STEP_UP_TTL_MS = 5 * 60_000

export const totpCodeSchema = z.string().check(z.regex(/^\d{6}$/, { error: 'The code is 6 digits' }))
export const totpCodeRequestSchema = z.object({ code: totpCodeSchema })
export const totpEnrollRequestSchema = z.object({})

/** 'off': none; 'pending': enrolled, not confirmed by a first code; 'on': in use. */
export const TOTP_STATES = ['off', 'pending', 'on'] as const
export type TotpState = (typeof TOTP_STATES)[number]

/** The factors a step-up takes: a confirmed TOTP, a passkey. */
export const STEP_UP_FACTORS = ['totp', 'passkey'] as const
export type StepUpFactor = (typeof STEP_UP_FACTORS)[number]

export const twoFactorStatusSchema = z.object({
  totp: z.enum(TOTP_STATES),
  /** The user has at least one passkey (it steps up as TOTP does). */
  passkey: z.boolean(),
  /** Until when this session's step-up holds (ISO time), or null. */
  stepUpUntil: z.nullable(z.string()),
})
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>

export const totpEnrollResponseSchema = z.object({
  uri: z.string().check(z.maxLength(1024), z.regex(/^otpauth:\/\/totp\//, { error: 'not an otpauth URI' })),
  secret: z.string().check(z.regex(/^[A-Z2-7]{16,128}$/, { error: 'not a base32 secret' })),
})
export type TotpEnrollment = z.infer<typeof totpEnrollResponseSchema>

export const passkeyStepUpOptionsRequestSchema = z.strictObject({})
export const passkeyStepUpRequestSchema = z.object({ response: passkeyAuthenticationSchema })
