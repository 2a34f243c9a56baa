// From a failure's text to its code (issue 21 §4), for the flows that receive texts from outside
// (a wallet, the API): a module of its own, so that an app's first load, which carries the catalogue,
// does not carry this too (the lazy flows that use it share it).
import { type CodedMessage, coded, ERRORS, type ErrorKey } from './errors'

/** The catalogue key whose SPEC §8 text is exactly `text`; undefined for any other text. */
export const errorKeyOf = (text: string): ErrorKey | undefined => (Object.keys(ERRORS) as ErrorKey[]).find((key) => ERRORS[key] === text)

/**
 * A failure as a coded state, its text kept as `message`: a catalogue text is its key ('User rejected
 * the request' → userRejected; 'HTTP status code: 500' → httpStatus { status: '500' }); any other text is
 * 'otherError' with it as `detail`; no text is `fallback`.
 */
export function codedError(error: unknown, fallback: ErrorKey): CodedMessage {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  if (!text) return coded(fallback)
  const key = errorKeyOf(text)
  if (key) return coded(key)
  const status = /^HTTP status code: (\d+)$/.exec(text)?.[1]
  if (status) return { code: 'httpStatus', params: { status }, message: text }
  return { code: 'otherError', params: { detail: text }, message: text }
}
