// Deterministic Solana (ed25519) keys for the devnet: BIP-39 seed of the devnet mnemonic, then SLIP-0010
// ed25519 derivation along m/44'/501'/<index>'/0' (the path Phantom and Solflare use), so the dev
// accounts, the WalletConnect dev wallet and the tests all agree on the same addresses.
import { createHmac, pbkdf2Sync } from 'node:crypto'
import { type Address, createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit'
import { DEVNET_MNEMONIC } from '../constants.ts'

/** BIP-39 seed (64 bytes) of a mnemonic with an optional passphrase. */
export function mnemonicToSeed(mnemonic: string, passphrase = ''): Uint8Array {
  const words = mnemonic.normalize('NFKD').trim().split(/\s+/).join(' ')
  return new Uint8Array(pbkdf2Sync(words, `mnemonic${passphrase}`.normalize('NFKD'), 2048, 64, 'sha512'))
}

const HARDENED = 0x8000_0000

/** Parses "m/44'/501'/0'/0'" into indexes. SLIP-0010 ed25519 only allows hardened steps. */
function parseHardenedPath(path: string): number[] {
  const parts = path.split('/')
  if (parts[0] !== 'm') throw new Error(`Invalid derivation path: ${path}`)
  return parts.slice(1).map((p) => {
    const m = /^(\d+)'$/.exec(p)
    if (!m) throw new Error(`SLIP-0010 ed25519 needs hardened steps only, got "${p}" in ${path}`)
    const n = Number(m[1])
    if (n >= HARDENED) throw new Error(`Index out of range in ${path}`)
    return n + HARDENED
  })
}

/** SLIP-0010 ed25519 private key (32 bytes) at a fully hardened path. */
export function slip10Ed25519(seed: Uint8Array, path: string): Uint8Array {
  let digest = createHmac('sha512', 'ed25519 seed').update(seed).digest()
  let key = digest.subarray(0, 32)
  let chainCode = digest.subarray(32)
  for (const index of parseHardenedPath(path)) {
    const data = Buffer.alloc(37)
    key.copy(data, 1)
    data.writeUInt32BE(index, 33)
    digest = createHmac('sha512', chainCode).update(data).digest()
    key = digest.subarray(0, 32)
    chainCode = digest.subarray(32)
  }
  return new Uint8Array(key)
}

/** Derivation path of Solana dev account `index`. */
export const solanaDevPath = (index: number): string => `m/44'/501'/${index}'/0'`

/** Private key bytes (32) of Solana dev account `index` of a mnemonic (default: the devnet mnemonic). */
export function solanaDevPrivateKey(index: number, mnemonic: string = DEVNET_MNEMONIC): Uint8Array {
  return slip10Ed25519(mnemonicToSeed(mnemonic), solanaDevPath(index))
}

/** A @solana/kit KeyPairSigner for Solana dev account `index`. */
export function solanaDevSigner(index: number, mnemonic: string = DEVNET_MNEMONIC): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(solanaDevPrivateKey(index, mnemonic))
}

/** Base58 addresses of Solana dev accounts 0…count-1. */
export async function solanaDevAddresses(count: number, mnemonic: string = DEVNET_MNEMONIC): Promise<Address[]> {
  const out: Address[] = []
  for (let i = 0; i < count; i++) out.push((await solanaDevSigner(i, mnemonic)).address)
  return out
}
