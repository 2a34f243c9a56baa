import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { getBase58Encoder } from '@solana/kit'
import { combine } from 'shamir-secret-sharing'
import { bytesToHex, hexToBytes, recoverMessageAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { evmAddressOf, solanaAddressOf } from './addresses'
import { KeyShareError } from './errors'
import { createWalletKeys, type KeyShares, splitKey, type WalletKeys } from './wallet'
import { withKey } from './with-key'

const MESSAGE = 'Portico: sign in with key shares'
const PAIRS = [
  ['device', 'auth'],
  ['device', 'recovery'],
  ['auth', 'recovery'],
] as const

// Anvil's first account, and RFC 8032 §7.1's first test vector: public, well-known keys.
const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const ANVIL_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const RFC8032_SEED = '0x9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'
const RFC8032_PUBLIC = '0xd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a'

const set = (keys: KeyShares, a: keyof KeyShares, b: keyof KeyShares) => ({
  kind: keys.kind,
  address: keys.address,
  shares: [keys[a] as Uint8Array, keys[b] as Uint8Array],
})

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    return error instanceof KeyShareError ? error.code : `not a KeyShareError: ${String(error)}`
  }
  return 'resolved'
}

describe('addresses', () => {
  it('of a known EVM key: the address viem gives it', () => {
    expect(evmAddressOf(hexToBytes(ANVIL_KEY))).toBe(ANVIL_ADDRESS)
    expect(privateKeyToAccount(ANVIL_KEY).address).toBe(ANVIL_ADDRESS)
  })

  it('of a known ed25519 seed: base58 of its public key', () => {
    const address = solanaAddressOf(hexToBytes(RFC8032_SEED))
    expect(address).toBe('FVen3X669xLzsi6N2V91DoiyzHzg1uAgqiT8jZ9nS96Z')
    expect(bytesToHex(getBase58Encoder().encode(address) as Uint8Array)).toBe(RFC8032_PUBLIC)
  })
})

describe('splitKey', () => {
  it('splits a known key into three 33-byte shares with distinct x coordinates, any two of which rebuild it', async () => {
    const key = hexToBytes(ANVIL_KEY)
    const shares = await splitKey('evm', key)
    expect(shares.address).toBe(ANVIL_ADDRESS)
    expect([shares.device.length, shares.auth.length, shares.recovery.length]).toEqual([33, 33, 33])
    expect(new Set([shares.device[32], shares.auth[32], shares.recovery[32]]).size).toBe(3)
    for (const [a, b] of PAIRS) expect(bytesToHex(await combine([shares[a], shares[b]]))).toBe(ANVIL_KEY)
    expect(bytesToHex(key)).toBe(ANVIL_KEY) // the caller's key is not touched
  })
})

describe('createWalletKeys', () => {
  let wallet: WalletKeys
  beforeAll(async () => {
    wallet = await createWalletKeys()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('gives an EVM and a Solana address and three 33-byte shares of each', () => {
    expect(wallet.evm.kind).toBe('evm')
    expect(wallet.evm.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(wallet.solana.kind).toBe('solana')
    expect(getBase58Encoder().encode(wallet.solana.address)).toHaveLength(32)
    for (const keys of [wallet.evm, wallet.solana]) {
      expect([keys.device.length, keys.auth.length, keys.recovery.length]).toEqual([33, 33, 33])
    }
  })

  it('makes new keys each time', async () => {
    const other = await createWalletKeys()
    expect(other.evm.address).not.toBe(wallet.evm.address)
    expect(other.solana.address).not.toBe(wallet.solana.address)
  })

  it('wipes the whole keys after splitting them', async () => {
    const made: Uint8Array[] = []
    const evmKey = vi.spyOn(secp256k1.utils, 'randomPrivateKey')
    const random = vi.spyOn(globalThis.crypto, 'getRandomValues')
    await createWalletKeys()
    const evm = evmKey.mock.results[0]?.value as Uint8Array
    const seed = random.mock.calls.map(([array]) => array).find((a) => a instanceof Uint8Array && a.length === 32) as Uint8Array
    made.push(evm, seed)
    expect(made.map((k) => k.length)).toEqual([32, 32])
    expect(made.map((k) => bytesToHex(k))).toEqual([`0x${'00'.repeat(32)}`, `0x${'00'.repeat(32)}`])
  })

  it.each(PAIRS)('EVM: %s + %s rebuild the key, whose signature recovers to the address', async (a, b) => {
    const signature = await withKey(set(wallet.evm, a, b), (key) => privateKeyToAccount(bytesToHex(key)).signMessage({ message: MESSAGE }))
    expect(await recoverMessageAddress({ message: MESSAGE, signature })).toBe(wallet.evm.address)
  })

  it.each(PAIRS)('Solana: %s + %s rebuild the seed, whose ed25519 signature verifies under the address', async (a, b) => {
    const message = new TextEncoder().encode(MESSAGE)
    const signature = await withKey(set(wallet.solana, a, b), (seed) => ed25519.sign(message, seed))
    const publicKey = getBase58Encoder().encode(wallet.solana.address) as Uint8Array
    expect(ed25519.verify(signature, message, publicKey)).toBe(true)
    expect(ed25519.verify(signature, new TextEncoder().encode(`${MESSAGE}!`), publicKey)).toBe(false)
  })

  it('all three shares rebuild it too', async () => {
    const address = await withKey(
      { kind: 'evm', address: wallet.evm.address, shares: [wallet.evm.recovery, wallet.evm.device, wallet.evm.auth] },
      (key) => privateKeyToAccount(bytesToHex(key)).address,
    )
    expect(address).toBe(wallet.evm.address)
  })
})

describe('withKey', () => {
  let wallet: WalletKeys
  beforeAll(async () => {
    wallet = await createWalletKeys()
  })

  it('one share alone rebuilds nothing: too-few-shares, fn never called', async () => {
    const fn = vi.fn()
    for (const holder of ['device', 'auth', 'recovery'] as const) {
      expect(await codeOf(withKey({ kind: 'evm', address: wallet.evm.address, shares: [wallet.evm[holder]] }, fn))).toBe('too-few-shares')
    }
    expect(await codeOf(withKey({ kind: 'evm', address: wallet.evm.address, shares: [wallet.evm.auth, wallet.evm.auth] }, fn))).toBe(
      'too-few-shares',
    )
    expect(await codeOf(withKey({ kind: 'evm', address: wallet.evm.address, shares: [] }, fn))).toBe('too-few-shares')
    expect(fn).not.toHaveBeenCalled()
  })

  it('one share with a share of another wallet, or a corrupted one: wrong-shares, fn never called', async () => {
    const other = await createWalletKeys()
    const fn = vi.fn()
    // the other wallet's share with another x coordinate than this device share
    const foreign = [other.evm.device, other.evm.auth, other.evm.recovery].find((s) => s[32] !== wallet.evm.device[32]) as Uint8Array
    expect(await codeOf(withKey({ kind: 'evm', address: wallet.evm.address, shares: [wallet.evm.device, foreign] }, fn))).toBe(
      'wrong-shares',
    )
    const corrupted = new Uint8Array(wallet.solana.auth)
    corrupted[0] = (corrupted[0] as number) ^ 1
    expect(await codeOf(withKey({ kind: 'solana', address: wallet.solana.address, shares: [wallet.solana.device, corrupted] }, fn))).toBe(
      'wrong-shares',
    )
    expect(fn).not.toHaveBeenCalled()
  })

  it('hands fn the 32-byte key and wipes it when fn resolves, and when fn throws', async () => {
    let seen: Uint8Array | undefined
    const result = await withKey(set(wallet.evm, 'device', 'auth'), (key) => {
      seen = key
      return privateKeyToAccount(bytesToHex(key)).address
    })
    expect(result).toBe(wallet.evm.address)
    expect(seen && bytesToHex(seen)).toBe(`0x${'00'.repeat(32)}`)

    let thrown: Uint8Array | undefined
    await expect(
      withKey(set(wallet.solana, 'auth', 'recovery'), async (key) => {
        thrown = key
        expect(key.some((b) => b !== 0)).toBe(true)
        throw new Error('signing failed')
      }),
    ).rejects.toThrow('signing failed')
    expect(thrown && bytesToHex(thrown)).toBe(`0x${'00'.repeat(32)}`)
  })
})
