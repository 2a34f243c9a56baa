// Browser-safe twin of ../solana/keys.ts (which uses node:crypto): BIP-39 seed, SLIP-0010 ed25519 at
// m/44'/501'/<i>'/0', public keys and signatures with @noble (the versions viem brings along).
import { ed25519 } from '@noble/curves/ed25519'
import { hmac } from '@noble/hashes/hmac'
import { pbkdf2 } from '@noble/hashes/pbkdf2'
import { sha512 } from '@noble/hashes/sha512'
import { getBase58Decoder } from '@solana/kit'

const HARDENED = 0x8000_0000

/** BIP-39 seed (64 bytes) of a mnemonic, no passphrase. */
export function seedOf(mnemonic: string): Uint8Array {
  const words = mnemonic.normalize('NFKD').trim().split(/\s+/).join(' ')
  return pbkdf2(sha512, words, 'mnemonic', { c: 2048, dkLen: 64 })
}

/** SLIP-0010 ed25519 private key at m/44'/501'/<index>'/0'. */
export function solanaPrivateKey(seed: Uint8Array, index: number): Uint8Array {
  let digest = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed)
  let key = digest.slice(0, 32)
  let chainCode = digest.slice(32)
  for (const step of [44, 501, index, 0]) {
    const data = new Uint8Array(37)
    data.set(key, 1)
    new DataView(data.buffer).setUint32(33, step + HARDENED, false)
    digest = hmac(sha512, chainCode, data)
    key = digest.slice(0, 32)
    chainCode = digest.slice(32)
  }
  return key
}

export interface SolanaKey {
  address: string
  publicKey: Uint8Array
  sign(message: Uint8Array): Uint8Array
}

/** Solana dev accounts 0…count-1 of `mnemonic`. */
export function solanaKeys(mnemonic: string, count: number): SolanaKey[] {
  const seed = seedOf(mnemonic)
  const base58 = getBase58Decoder()
  return Array.from({ length: count }, (_, i) => {
    const secret = solanaPrivateKey(seed, i)
    const publicKey = ed25519.getPublicKey(secret)
    return { address: base58.decode(publicKey), publicKey, sign: (message) => ed25519.sign(message, secret) }
  })
}
