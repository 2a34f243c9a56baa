// polkadot: what polkadot.js' signRaw (and polkadot_signMessage over WalletConnect) returns — a
// 0x-hex signature over the message bytes wrapped in <Bytes>…</Bytes>, by the key the SS58 address
// encodes: sr25519 (schnorrkel, what most polkadot.js wallets sign with; @scure/sr25519) or ed25519.
// ECDSA (a 0x02 MultiSignature) is 'unsupported'.
import { ed25519 } from '@noble/curves/ed25519'
import * as sr25519 from '@scure/sr25519'
import { blake2b } from '@noble/hashes/blake2'
import { base58 } from '@scure/base'
import { concatBytes, equalBytes, hexBytes, utf8, type SignatureCheck } from './bytes.ts'

const SS58_PRE = utf8('SS58PRE')

/** The 32-byte public key of an SS58 address (one- or two-byte network prefix, checksum checked), else null. */
export function ss58PublicKey(address: string): Uint8Array | null {
  let bytes: Uint8Array
  try {
    bytes = base58.decode(address)
  } catch {
    return null
  }
  const first = bytes[0]
  if (first === undefined || first > 127) return null
  // Prefixes 0..63 take one byte, 64..16383 two (the 0b01 marker in the first byte).
  const prefixLength = first < 64 ? 1 : 2
  if (bytes.length !== prefixLength + 32 + 2) return null
  const body = bytes.subarray(0, prefixLength + 32)
  const checksum = blake2b(concatBytes(SS58_PRE, body), { dkLen: 64 }).subarray(0, 2)
  if (!equalBytes(checksum, bytes.subarray(prefixLength + 32))) return null
  return body.slice(prefixLength)
}

/** The bytes a polkadot.js wallet signs for a text: `<Bytes>` ‖ UTF-8 ‖ `</Bytes>`. */
export const polkadotSignedBytes = (message: string): Uint8Array => utf8(`<Bytes>${message}</Bytes>`)

export function verifyPolkadotSignature(address: string, message: string, signature: string): SignatureCheck {
  const publicKey = ss58PublicKey(address)
  let sig = hexBytes(signature, 'required')
  if (publicKey === null || sig === null) return 'malformed'
  let scheme: 'ed25519' | 'sr25519' | undefined
  if (sig.length === 65) {
    // A MultiSignature: 0x00 ed25519, 0x01 sr25519, 0x02 ecdsa.
    if (sig[0] === 0x00) scheme = 'ed25519'
    else if (sig[0] === 0x01) scheme = 'sr25519'
    else return 'malformed'
    sig = sig.subarray(1)
  } else if (sig.length === 66 && sig[0] === 0x02) {
    return 'unsupported'
  }
  if (sig.length !== 64) return 'malformed'
  // Unmarked: schnorrkel sets the top bit of the last byte; an ed25519 S (< 2^253) never has it.
  scheme ??= ((sig[63] as number) & 0x80) !== 0 ? 'sr25519' : 'ed25519'
  const signed = polkadotSignedBytes(message)
  try {
    return (scheme === 'sr25519' ? sr25519.verify(signed, sig, publicKey) : ed25519.verify(sig, signed, publicKey)) ? 'valid' : 'invalid'
  } catch {
    return 'malformed'
  }
}
