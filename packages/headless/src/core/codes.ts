// From a failure's text to its code (issue 21 §4), for the flows that receive texts from outside
// (a wallet, the API) and the hooks whose state keeps a text (`errorCode` beside `error`): a module of its own, so that an app's first load, which carries the catalogue,
// does not carry this too (the lazy flows that use it share it).
import { INVALID_EMAIL, INVALID_OTP, isInvalidEmailText, SAME_EMAIL } from './embedded/rules'
import { type CodedMessage, coded, ERRORS, type ErrorKey, type MessageCode } from './errors'
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH, NAME_RULE_ERRORS } from './nameTexts'

/**
 * Headless's own texts outside the catalogue that a view shows (SPEC §5 rules): each text's code and
 * parameters. invalidEmail 'Invalid email. Try again.', invalidOtp 'The code is 6 digits', sameEmail
 * 'That is already your email', nameTooShort { min: '4' }, nameTooLong { max: '63' }, nameChars.
 */
const OWN_TEXTS: Readonly<Record<string, { code: MessageCode; params?: Record<string, string> }>> = {
  [INVALID_EMAIL]: { code: 'invalidEmail' },
  [INVALID_OTP]: { code: 'invalidOtp' },
  [SAME_EMAIL]: { code: 'sameEmail' },
  [NAME_RULE_ERRORS.tooShort]: { code: 'nameTooShort', params: { min: String(NAME_MIN_LENGTH) } },
  [NAME_RULE_ERRORS.tooLong]: { code: 'nameTooLong', params: { max: String(NAME_MAX_LENGTH) } },
  [NAME_RULE_ERRORS.chars]: { code: 'nameChars' },
}

/** The catalogue key whose SPEC §8 text is exactly `text`; undefined for any other text. */
export const errorKeyOf = (text: string): ErrorKey | undefined => (Object.keys(ERRORS) as ErrorKey[]).find((key) => ERRORS[key] === text)

/**
 * A failure as a coded state, its text kept as `message`: a catalogue text is its key ('User rejected
 * the request' → userRejected; 'HTTP status code: 500' → httpStatus { status: '500' }); any other text is
 * 'otherError' with it as `detail`; no text is `fallback`. Headless's own texts outside the catalogue
 * (OWN_TEXTS) are their codes, and 'Error registering name {name}' is registerName { name }.
 */
export function codedError(error: unknown, fallback: ErrorKey): CodedMessage {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  if (!text) return coded(fallback)
  const key = errorKeyOf(text)
  if (key) return coded(key)
  const own = Object.hasOwn(OWN_TEXTS, text) ? OWN_TEXTS[text] : undefined
  if (own) return { ...own, message: text }
  // A provider's own 'Invalid email …' reads as the modal's text, not verbatim.
  if (isInvalidEmailText(text)) return { code: 'invalidEmail', message: text }
  const status = /^HTTP status code: (\d+)$/.exec(text)?.[1]
  if (status) return { code: 'httpStatus', params: { status }, message: text }
  const name = /^Error registering name (.+)$/.exec(text)?.[1]
  if (name) return { code: 'registerName', params: { name }, message: text }
  return { code: 'otherError', params: { detail: text }, message: text }
}

/**
 * A flow's shown text (an `error` field of a hook's state) or a failure (an Error: its message) as a
 * coded state (see codedError); null for none (no text, an empty one, anything else).
 * 'Popup closed' → { code: 'popupClosed' }; 'The code is 6 digits' → { code: 'invalidOtp' }.
 */
export function codeOf(failure: unknown): CodedMessage | null {
  const text = failure instanceof Error ? failure.message : typeof failure === 'string' ? failure : ''
  return text ? codedError(text, 'frameGeneric') : null
}
