// stacks: what stx_signMessage returns — hex r‖s‖v (65 bytes, v the recovery id) secp256k1 over
// SHA-256("\x17Stacks Signed Message:\n" ‖ CompactSize length ‖ message). The recovered key must
// derive the address: 'S' + c32(version) + c32check(version, HASH160(public key)), the version
// (22 = SP mainnet, 26 = ST testnet single-sig) taken from the address.
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { compactSize, concatBytes, equalBytes, hash160, hexBytes, utf8, type SignatureCheck } from './bytes.ts'

const PREFIX = utf8('\x17Stacks Signed Message:\n')
const C32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
/** Single-sig versions: a message signature is one key's. */
const SINGLE_SIG_VERSIONS = new Set([22, 26])

export function stacksMessageHash(message: string): Uint8Array {
  const body = utf8(message)
  return sha256(concatBytes(PREFIX, compactSize(body.length), body))
}

/** c32 (Crockford base32 of a big-endian number; one leading '0' per leading zero byte). */
export function c32Encode(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let out = ''
  while (n > 0n) {
    out = C32[Number(n % 32n)] + out
    n /= 32n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    out = `0${out}`
  }
  return out
}

/** The `length` bytes a c32 text encodes, else null (only the canonical text of those bytes). */
export function c32Decode(text: string, length: number): Uint8Array | null {
  let n = 0n
  for (const char of text) {
    const digit = C32.indexOf(char)
    if (digit < 0) return null
    n = n * 32n + BigInt(digit)
  }
  const hex = n.toString(16).padStart(length * 2, '0')
  if (hex.length > length * 2) return null
  const bytes = new Uint8Array(Buffer.from(hex, 'hex'))
  return c32Encode(bytes) === text ? bytes : null
}

/** The version and 20-byte key hash of a Stacks address (checksum checked), else null. */
export function parseStacksAddress(address: string): { version: number; hash: Uint8Array } | null {
  if (address.length < 3 || address[0] !== 'S') return null
  const version = C32.indexOf(address[1] as string)
  if (version < 0) return null
  const data = c32Decode(address.slice(2), 24)
  if (data === null) return null
  const hash = data.slice(0, 20)
  const checksum = sha256(sha256(concatBytes([version], hash))).subarray(0, 4)
  return equalBytes(checksum, data.subarray(20)) ? { version, hash } : null
}

/** The Stacks address of a version and a key hash. */
export function stacksAddress(version: number, hash: Uint8Array): string {
  const checksum = sha256(sha256(concatBytes([version], hash))).subarray(0, 4)
  return `S${C32[version]}${c32Encode(concatBytes(hash, checksum))}`
}

export function verifyStacksSignature(address: string, message: string, signature: string): SignatureCheck {
  const target = parseStacksAddress(address)
  const sig = hexBytes(signature, 'optional')
  if (target === null || !SINGLE_SIG_VERSIONS.has(target.version) || sig === null || sig.length !== 65) return 'malformed'
  const v = sig[64] as number
  const recovery = v >= 27 && v <= 30 ? v - 27 : v
  if (recovery > 3) return 'malformed'
  let point: ReturnType<typeof secp256k1.ProjectivePoint.fromHex>
  try {
    point = secp256k1.Signature.fromCompact(sig.subarray(0, 64)).addRecoveryBit(recovery).recoverPublicKey(stacksMessageHash(message))
  } catch {
    return 'invalid'
  }
  // Stacks keys are compressed; an uncompressed key's hash is accepted too (legacy accounts).
  return equalBytes(hash160(point.toRawBytes(true)), target.hash) || equalBytes(hash160(point.toRawBytes(false)), target.hash)
    ? 'valid'
    : 'invalid'
}
