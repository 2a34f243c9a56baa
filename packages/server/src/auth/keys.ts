import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { open, seal } from './crypto.ts'

export type KeyKind = 'evm' | 'solana'

/** A user's fresh key pair set, the private halves still in memory. */
export type NewUserKeys = {
  evmPrivateKey: Hex
  evmAddress: string
  /** The 32-byte Ed25519 seed. */
  solanaSeed: Buffer
  solanaAddress: string
}

// PKCS#8 DER prefix of an Ed25519 private key, followed by the 32-byte seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

export function generateUserKeys(): NewUserKeys {
  const evmPrivateKey = generatePrivateKey()
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' })
  const spki = publicKey.export({ format: 'der', type: 'spki' })
  return {
    evmPrivateKey,
    evmAddress: privateKeyToAccount(evmPrivateKey).address,
    solanaSeed: Buffer.from(pkcs8.subarray(pkcs8.length - 32)),
    solanaAddress: getBase58Decoder().decode(spki.subarray(spki.length - 32)),
  }
}

/** The additional data bound into a sealed key: whose key it is and of which kind. */
export const keyAad = (userId: string, kind: KeyKind) => `portico-user-key\n${userId}\n${kind}`

export function sealUserKeys(key: Buffer, userId: string, keys: NewUserKeys): Record<KeyKind, string> {
  return {
    evm: seal(key, Buffer.from(keys.evmPrivateKey.slice(2), 'hex'), keyAad(userId, 'evm')),
    solana: seal(key, keys.solanaSeed, keyAad(userId, 'solana')),
  }
}

export function openEvmKey(key: Buffer, userId: string, sealed: string): Hex {
  return `0x${open(key, sealed, keyAad(userId, 'evm')).toString('hex')}`
}

/** The user's Solana signing key (a Node KeyObject, never exported again). */
export function openSolanaKey(key: Buffer, userId: string, sealed: string): KeyObject {
  const seed = open(key, sealed, keyAad(userId, 'solana'))
  try {
    return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' })
  } finally {
    seed.fill(0)
  }
}

/** The base58 address (public key) of an Ed25519 private key. */
export function solanaAddressOf(privateKey: KeyObject): string {
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' })
  return getBase58Decoder().decode(spki.subarray(spki.length - 32))
}

export function ed25519Sign(privateKey: KeyObject, message: Uint8Array): Uint8Array {
  return new Uint8Array(sign(null, message, privateKey))
}
