/**
 * The key, whole, for the length of one call: two shares are combined, the result is checked against
 * the wallet's address (shamir-secret-sharing does not check what it rebuilds: a share of another key
 * or a corrupted one would give a wrong key silently), handed to `fn`, and wiped in a finally whether
 * `fn` resolves or throws.
 *
 * `fn` must not keep the key: not store it, not return it, and convert it to other forms (a hex
 * string for viem's privateKeyToAccount, a CryptoKey) only for the call. Wiping clears this buffer;
 * copies made by `fn`, by libraries or by the engine (strings, JIT registers, garbage not yet
 * collected) are out of reach of any JavaScript code.
 */
import { combine } from 'shamir-secret-sharing'
import { addressOf, type KeyKind } from './addresses'
import { wipe } from './bytes'
import { KeyShareError } from './errors'

export interface ShareSet {
  kind: KeyKind
  /** The wallet's address: the rebuilt key must have it. */
  address: string
  /** Two (or three) shares of the key, in any order. */
  shares: readonly Uint8Array[]
}

/** A 32-byte key split into 2-of-3: each share is 33 bytes (the last one its x coordinate). */
const SHARE_LENGTH = 33

export async function withKey<T>(set: ShareSet, fn: (key: Uint8Array) => T | Promise<T>): Promise<T> {
  const xs = new Set(set.shares.map((s) => s[s.length - 1]))
  if (set.shares.length < 2 || xs.size !== set.shares.length || set.shares.some((s) => s.length !== SHARE_LENGTH)) {
    throw new KeyShareError('too-few-shares')
  }
  let key: Uint8Array | undefined
  try {
    key = await combine([...set.shares])
    let address: string
    try {
      address = addressOf(set.kind, key)
    } catch (cause) {
      // not a valid secp256k1 scalar: these shares are not of this key
      throw new KeyShareError('wrong-shares', { cause })
    }
    if (address !== set.address) throw new KeyShareError('wrong-shares')
    return await fn(key)
  } finally {
    wipe(key)
  }
}
