/**
 * Store-free rules of the email login (SPEC §5 "Email fields must be valid emails; OTP is a string",
 * SPEC §4 "Embedded frame"): email validation, one-time code sanitising, the resend cooldown.
 * Plain functions: the hooks and any custom UI apply them the same way.
 */

/** The text shown for an email that is not one (SPEC §5), before any request is made. */
export const INVALID_EMAIL = 'Invalid email. Try again.'
/** The text shown for a code that is not 6 digits (the auth service's own wording). */
export const INVALID_OTP = 'The code is 6 digits'
/** Shown when the new email is the one the account already has (the auth service's own wording). */
export const SAME_EMAIL = 'That is already your email'

/**
 * A provider's own words for an email it refused as malformed ('Invalid email', 'invalid email
 * address', 'Email is not valid', 'INVALID_EMAIL'): the modal shows its own INVALID_EMAIL instead.
 */
export const isInvalidEmailText = (text: string): boolean =>
  /\binvalid[ _-]?e-?mail\b|\be-?mail(?: address)? (?:is )?(?:not valid|invalid)\b/i.test(text)

/** Digits in an emailed one-time code (`OTP_LENGTH` of @portico/protocol/auth). */
export const OTP_LENGTH = 6
/**
 * Between two codes sent to one email (`OTP_RESEND_COOLDOWN_MS` of @portico/protocol/auth; a test
 * keeps them equal — the value is repeated here so the hooks do not load the wire schemas).
 */
export const OTP_RESEND_COOLDOWN_MS = 30_000

/** RFC 5321 limit of an address. */
const MAX_EMAIL_LENGTH = 254
/**
 * local@domain.tld: a local part of letters, digits and . _ ' + - (no leading, trailing or double
 * dot), labels of letters, digits and inner hyphens, a top-level domain of two letters or more.
 */
const EMAIL_RE = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+.-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/

/** The email as it is sent: surrounding spaces removed. */
export const normalizeEmail = (email: string): string => email.trim()

/** Whether `email` (after `normalizeEmail`) is a valid address. */
export function isValidEmail(email: string): boolean {
  const value = normalizeEmail(email)
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_RE.test(value)
}

/**
 * What the code field keeps of what was typed or pasted: digits only (full-width digits count),
 * at most 6. '123 456' → '123456', 'Code: 12-34-56' → '123456'.
 */
export function sanitizeOtp(input: string): string {
  const ascii = input.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 48))
  return ascii.replace(/\D/g, '').slice(0, OTP_LENGTH)
}

/** A code ready to send: exactly 6 digits. */
export const isCompleteOtp = (code: string): boolean => new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)

/** Whole seconds until a resend is allowed (0 when it is): 27.2 s left reads 28. */
export function resendSecondsLeft(availableAt: number | undefined, now: number): number {
  if (availableAt === undefined) return 0
  return Math.max(0, Math.ceil((availableAt - now) / 1000))
}
