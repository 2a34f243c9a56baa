/** Why a key-share operation failed: a stable code for callers (the text is for logs only). */
export type KeyShareErrorCode =
  /** Fewer than two distinct shares, or shares of different lengths. */
  | 'too-few-shares'
  /** The shares combine to a key whose address is not the wallet's (a share of another key, or corrupted). */
  | 'wrong-shares'
  /** A ciphertext that does not open: wrong key, wrong context, or tampered with. */
  | 'cannot-open'
  /** A blob or envelope that is not in a known format or version. */
  | 'bad-format'
  /** A recovery secret that is not 24 base32 characters. */
  | 'bad-recovery-secret'
  /** No device share stored under that id. */
  | 'no-device-share'

export class KeyShareError extends Error {
  override readonly name = 'KeyShareError'
  constructor(
    readonly code: KeyShareErrorCode,
    options?: { cause?: unknown },
  ) {
    super(`Key share: ${code}`, options)
  }
}
