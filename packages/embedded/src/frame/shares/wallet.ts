/**
 * A new wallet, made in the frame: an EVM secp256k1 private key and a Solana ed25519 seed, each split
 * at once into 2-of-3 Shamir shares (shamir-secret-sharing, audited; not our own arithmetic):
 * - device:   stays on the frame's origin, wrapped by a non-extractable key (./device),
 * - auth:     for the API, sent encrypted to the frame session (./transit),
 * - recovery: encrypted under a key only the user has (./recovery).
 * Any two rebuild the key (./with-key); one alone says nothing about it. The whole keys are wiped
 * after the split (within the limits of JavaScript: README, "Key shares").
 */
import { secp256k1 } from '@noble/curves/secp256k1'
import { split } from 'shamir-secret-sharing'
import { addressOf, type KeyKind } from './addresses'
import { randomBytes, wipe } from './bytes'

export type { KeyKind } from './addresses'

export const SHARE_HOLDERS = ['device', 'auth', 'recovery'] as const
export type ShareHolder = (typeof SHARE_HOLDERS)[number]

/** One key's address and its three shares (33 bytes each: 32 bytes of share, then its x coordinate). */
export interface KeyShares {
  kind: KeyKind
  address: string
  device: Uint8Array
  auth: Uint8Array
  recovery: Uint8Array
}

export interface WalletKeys {
  evm: KeyShares
  solana: KeyShares
}

/** Splits `key` (left untouched: the caller wipes it) into the three shares of `kind`. */
export async function splitKey(kind: KeyKind, key: Uint8Array): Promise<KeyShares> {
  const address = addressOf(kind, key)
  const [device, auth, recovery] = await split(key, SHARE_HOLDERS.length, 2)
  if (!device || !auth || !recovery) throw new Error('split returned fewer than three shares')
  return { kind, address, device, auth, recovery }
}

/** A new EVM key and Solana seed, returned only as addresses and shares; the whole keys are wiped. */
export async function createWalletKeys(): Promise<WalletKeys> {
  const evmKey = secp256k1.utils.randomPrivateKey()
  const solanaSeed = randomBytes(32)
  try {
    return { evm: await splitKey('evm', evmKey), solana: await splitKey('solana', solanaSeed) }
  } finally {
    wipe(evmKey, solanaSeed)
  }
}
