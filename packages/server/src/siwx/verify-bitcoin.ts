// bip122: the "Bitcoin Signed Message" of BIP-137 (signMessage with protocol 'ecdsa' over
// WalletConnect) — base64 of a 65-byte recoverable signature whose header byte gives the recovery
// id and the key form, over double SHA-256 of "\x18Bitcoin Signed Message:\n" ‖ CompactSize length ‖
// message. The recovered key must derive the address: native SegWit P2WPKH (bc1q/tb1q/bcrt1q),
// P2SH-P2WPKH and P2PKH (base58check). Taproot (bc1p) needs BIP-322: 'unsupported'.
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { base58check, bech32, bech32m } from '@scure/base'
import { base64Bytes, compactSize, concatBytes, equalBytes, hash160, utf8, type SignatureCheck } from './bytes.ts'

const MAGIC = utf8('Bitcoin Signed Message:\n')
const b58c = base58check(sha256)

export function bitcoinMessageHash(message: string): Uint8Array {
  const body = utf8(message)
  return sha256(sha256(concatBytes(compactSize(MAGIC.length), MAGIC, compactSize(body.length), body)))
}

type BitcoinAddress = { kind: 'p2wpkh' | 'p2pkh' | 'p2sh'; hash: Uint8Array } | { kind: 'taproot' }

/** What an address pays to, else null. */
export function parseBitcoinAddress(address: string): BitcoinAddress | null {
  const lower = address.toLowerCase()
  if (/^(bc|tb|bcrt)1/.test(lower)) {
    if (address !== lower && address !== address.toUpperCase()) return null
    try {
      const { words } = bech32.decode(lower as `${string}1${string}`, 90)
      if (words[0] !== 0) return null
      const program = bech32.fromWords(words.slice(1))
      return program.length === 20 ? { kind: 'p2wpkh', hash: program } : null
    } catch {
      // Not bech32: maybe bech32m (SegWit v1+).
    }
    try {
      const { words } = bech32m.decode(lower as `${string}1${string}`, 90)
      return words[0] === 1 && bech32m.fromWords(words.slice(1)).length === 32 ? { kind: 'taproot' } : null
    } catch {
      return null
    }
  }
  try {
    const bytes = b58c.decode(address)
    if (bytes.length !== 21) return null
    // 0x00 / 0x6f: P2PKH on mainnet / test networks; 0x05 / 0xc4: P2SH.
    if (bytes[0] === 0x00 || bytes[0] === 0x6f) return { kind: 'p2pkh', hash: bytes.slice(1) }
    if (bytes[0] === 0x05 || bytes[0] === 0xc4) return { kind: 'p2sh', hash: bytes.slice(1) }
    return null
  } catch {
    return null
  }
}

export function verifyBitcoinSignature(address: string, message: string, signature: string): SignatureCheck {
  const target = parseBitcoinAddress(address)
  const sig = base64Bytes(signature)
  if (target === null || sig === null) return 'malformed'
  if (target.kind === 'taproot') return 'unsupported'
  if (sig.length !== 65) return 'malformed'
  const header = sig[0] as number
  // 27-30 uncompressed P2PKH, 31-34 compressed P2PKH, 35-38 P2SH-P2WPKH, 39-42 P2WPKH.
  if (header < 27 || header > 42) return 'malformed'
  const recovery = (header - 27) & 3
  const compressed = header >= 31
  let publicKey: Uint8Array
  try {
    publicKey = secp256k1.Signature.fromCompact(sig.subarray(1))
      .addRecoveryBit(recovery)
      .recoverPublicKey(bitcoinMessageHash(message))
      .toRawBytes(compressed)
  } catch {
    return 'invalid'
  }
  const keyHash = hash160(publicKey)
  // Wallets disagree on the header of SegWit addresses (BIP-137 vs Electrum's 31-34): the address decides, the key form must fit it.
  if (target.kind === 'p2pkh') return equalBytes(keyHash, target.hash) ? 'valid' : 'invalid'
  if (!compressed) return 'invalid'
  if (target.kind === 'p2wpkh') return equalBytes(keyHash, target.hash) ? 'valid' : 'invalid'
  return equalBytes(hash160(concatBytes([0x00, 0x14], keyHash)), target.hash) ? 'valid' : 'invalid'
}
