// polkadot: what polkadot.js' signRaw (and polkadot_signMessage over WalletConnect) returns — a
// 0x-hex signature over the message bytes wrapped in <Bytes>…</Bytes>, by the key the SS58 address
// encodes. Only ed25519 is verified here: sr25519 (schnorrkel, most polkadot.js wallets) has no
// maintained pure-JS verifier in this project's dependencies, so such a signature is 'unsupported'.
import { ed25519 } from '@noble/curves/ed25519'
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
  let marked = false
  if (sig.length === 65) {
    // A MultiSignature: 0x00 ed25519, 0x01 sr25519, 0x02 ecdsa.
    if (sig[0] === 0x01) return 'unsupported'
    if (sig[0] !== 0x00) return 'malformed'
    sig = sig.subarray(1)
    marked = true
  } else if (sig.length === 66 && sig[0] === 0x02) {
    return 'unsupported'
  }
  if (sig.length !== 64) return 'malformed'
  // schnorrkel sets the top bit of the last byte; an ed25519 S (< 2^253) never has it.
  if (!marked && ((sig[63] as number) & 0x80) !== 0) return 'unsupported'
  try {
    return ed25519.verify(sig, polkadotSignedBytes(message), publicKey) ? 'valid' : 'invalid'
  } catch {
    return 'malformed'
  }
}
