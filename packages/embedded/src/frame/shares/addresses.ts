/**
 * The public address of a private key, computed from the key's bytes without turning them into a
 * string (a hex string of a private key could not be wiped): the secp256k1 public key from
 * @noble/curves, hashed to an address by viem; the ed25519 public key of a Solana seed, in base58.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { getBase58Decoder } from '@solana/kit'
import { bytesToHex } from 'viem'
import { publicKeyToAddress } from 'viem/accounts'

export type KeyKind = 'evm' | 'solana'

/** Checksummed 0x address of a 32-byte secp256k1 private key. */
export const evmAddressOf = (privateKey: Uint8Array): string => publicKeyToAddress(bytesToHex(secp256k1.getPublicKey(privateKey, false)))

/** Base58 address (the ed25519 public key) of a 32-byte Solana seed. */
export const solanaAddressOf = (seed: Uint8Array): string => getBase58Decoder().decode(ed25519.getPublicKey(seed))

export const addressOf = (kind: KeyKind, key: Uint8Array): string => (kind === 'evm' ? evmAddressOf(key) : solanaAddressOf(key))
