// sui: a personal-message signature as sui_signPersonalMessage returns it — base64 of flag 0x00 ‖
// 64-byte ed25519 signature ‖ 32-byte public key, over BLAKE2b-256(intent [3,0,0] ‖ BCS
// vector<u8>(message)); the address is 0x + hex(BLAKE2b-256(0x00 ‖ public key)). Other flags
// (secp256k1, secp256r1, multisig, zkLogin, passkey) are 'unsupported'.
import { ed25519 } from '@noble/curves/ed25519'
import { blake2b } from '@noble/hashes/blake2'
import { base64Bytes, concatBytes, utf8, type SignatureCheck } from './bytes.ts'

/** ULEB128, the length prefix of BCS vectors. */
function uleb128(n: number): number[] {
  const out: number[] = []
  let rest = n
  do {
    const byte = rest & 0x7f
    rest = Math.floor(rest / 128)
    out.push(rest ? byte | 0x80 : byte)
  } while (rest)
  return out
}

/** The digest a Sui personal-message signature covers. */
export function suiPersonalMessageDigest(message: Uint8Array): Uint8Array {
  return blake2b(concatBytes([3, 0, 0], uleb128(message.length), message), { dkLen: 32 })
}

/** The Sui address of an ed25519 public key. */
export const suiEd25519Address = (publicKey: Uint8Array): string =>
  `0x${Buffer.from(blake2b(concatBytes([0x00], publicKey), { dkLen: 32 })).toString('hex')}`

export function verifySuiSignature(address: string, message: string, signature: string): SignatureCheck {
  if (!/^0x[0-9a-fA-F]{64}$/.test(address)) return 'malformed'
  const bytes = base64Bytes(signature)
  if (bytes === null || bytes.length === 0) return 'malformed'
  if (bytes[0] !== 0x00) return [0x01, 0x02, 0x03, 0x05, 0x06].includes(bytes[0] as number) ? 'unsupported' : 'malformed'
  if (bytes.length !== 1 + 64 + 32) return 'malformed'
  const sig = bytes.subarray(1, 65)
  const publicKey = bytes.subarray(65)
  if (suiEd25519Address(publicKey) !== address.toLowerCase()) return 'invalid'
  try {
    return ed25519.verify(sig, suiPersonalMessageDigest(utf8(message)), publicKey) ? 'valid' : 'invalid'
  } catch {
    return 'invalid'
  }
}
