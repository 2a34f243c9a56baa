// Address encodings of the non-EVM namespaces the WalletConnect dev wallet offers, written from the
// specs (each checked against published test vectors in addresses.test.ts):
// bech32 (BIP-173), SS58 (Substrate), c32check (Stacks); BLAKE2b for Sui and SS58 is @noble/hashes'.
import { createHash } from 'node:crypto'
import { blake2b as nobleBlake2b } from '@noble/hashes/blake2'
import { getBase58Decoder } from '@solana/kit'

// ---- hashes -------------------------------------------------------------------------------------

export const sha256 = (data: Uint8Array): Uint8Array => new Uint8Array(createHash('sha256').update(data).digest())
/** RIPEMD-160(SHA-256(data)): the 20-byte key hash of Bitcoin, Cosmos and Stacks addresses. */
export const hash160 = (data: Uint8Array): Uint8Array => new Uint8Array(createHash('ripemd160').update(sha256(data)).digest())

/**
 * Unkeyed BLAKE2b (RFC 7693) with an output length of 1…64 bytes. Node's crypto only has the
 * 64-byte variant; Sui addresses need 32.
 */
export function blake2b(data: Uint8Array, outLen = 64): Uint8Array {
  if (!Number.isInteger(outLen) || outLen < 1 || outLen > 64) throw new Error('blake2b output length must be 1..64')
  return nobleBlake2b(data, { dkLen: outLen })
}

// ---- bech32 (BIP-173) ---------------------------------------------------------------------------

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

function bech32Polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  let chk = 1
  for (const v of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ v
    for (const [i, g] of gen.entries()) if ((top >>> i) & 1) chk ^= g
  }
  return chk >>> 0
}

/** Regroups bits (8 → 5 with padding for bech32). */
export function convertBits(data: Uint8Array | number[], from: number, to: number, pad: boolean): number[] {
  let acc = 0
  let bits = 0
  const out: number[] = []
  const maxv = (1 << to) - 1
  for (const value of data) {
    acc = (acc << from) | value
    bits += from
    while (bits >= to) {
      bits -= to
      out.push((acc >>> bits) & maxv)
    }
  }
  if (pad && bits > 0) out.push((acc << (to - bits)) & maxv)
  return out
}

/** bech32 string of 5-bit words under a human-readable part. */
export function bech32Encode(hrp: string, words: number[]): string {
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)]
  const polymod = bech32Polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1
  const checksum = Array.from({ length: 6 }, (_, i) => (polymod >>> (5 * (5 - i))) & 31)
  return `${hrp}1${[...words, ...checksum].map((w) => BECH32_CHARSET[w]).join('')}`
}

/** Native SegWit v0 pay-to-witness-pubkey-hash address (bc1q…) of a 33-byte compressed public key. */
export function p2wpkhAddress(compressedPublicKey: Uint8Array, hrp = 'bc'): string {
  if (compressedPublicKey.length !== 33) throw new Error('P2WPKH needs a 33-byte compressed public key')
  return bech32Encode(hrp, [0, ...convertBits(hash160(compressedPublicKey), 8, 5, true)])
}

/** Cosmos SDK account address (cosmos1…) of a 33-byte compressed secp256k1 public key. */
export function cosmosAddress(compressedPublicKey: Uint8Array, prefix = 'cosmos'): string {
  return bech32Encode(prefix, convertBits(hash160(compressedPublicKey), 8, 5, true))
}

// ---- SS58 (Substrate / Polkadot) ------------------------------------------------------------------

/** SS58 address of a 32-byte public key. Network prefix 0 = Polkadot, 2 = Kusama, 42 = generic Substrate. */
export function ss58Address(publicKey: Uint8Array, prefix = 0): string {
  if (publicKey.length !== 32) throw new Error('SS58 needs a 32-byte public key')
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 63) throw new Error('Only one-byte SS58 prefixes (0..63) are supported')
  const body = new Uint8Array([prefix, ...publicKey])
  const checksum = blake2b(new Uint8Array([...new TextEncoder().encode('SS58PRE'), ...body]), 64).subarray(0, 2)
  return getBase58Decoder().decode(new Uint8Array([...body, ...checksum]))
}

// ---- Sui ------------------------------------------------------------------------------------------

/** Sui address of an ed25519 public key: 0x + hex(BLAKE2b-256(0x00 ‖ publicKey)). */
export function suiAddress(ed25519PublicKey: Uint8Array): string {
  if (ed25519PublicKey.length !== 32) throw new Error('Sui ed25519 addresses need a 32-byte public key')
  return `0x${Buffer.from(blake2b(new Uint8Array([0, ...ed25519PublicKey]), 32)).toString('hex')}`
}

// ---- c32check (Stacks) ---------------------------------------------------------------------------

const C32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** Crockford-style base32 of Stacks: big-endian number, one leading '0' per leading zero byte. */
function c32encode(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let out = ''
  while (n > 0n) {
    out = C32[Number(n % 32n)] + out
    n /= 32n
  }
  for (const b of bytes) {
    if (b !== 0) break
    out = `0${out}`
  }
  return out
}

/** Stacks versions: 22 = mainnet single-sig (SP…), 26 = testnet single-sig (ST…). */
export const STACKS_VERSION = { mainnetSingleSig: 22, testnetSingleSig: 26 } as const

/** Stacks address ('S' + c32check(version, hash160)). */
export function stacksAddressFromHash160(version: number, keyHash: Uint8Array): string {
  if (keyHash.length !== 20) throw new Error('Stacks addresses need a 20-byte hash160')
  if (!Number.isInteger(version) || version < 0 || version > 31) throw new Error('Stacks version must be 0..31')
  const checksum = sha256(sha256(new Uint8Array([version, ...keyHash]))).subarray(0, 4)
  return `S${C32[version]}${c32encode(new Uint8Array([...keyHash, ...checksum]))}`
}

/** Stacks single-sig address of a compressed secp256k1 public key (SP… on mainnet). */
export function stacksAddress(compressedPublicKey: Uint8Array, version: number = STACKS_VERSION.mainnetSingleSig): string {
  return stacksAddressFromHash160(version, hash160(compressedPublicKey))
}
