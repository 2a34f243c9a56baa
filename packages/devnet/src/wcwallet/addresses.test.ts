import { createHash } from 'node:crypto'
import { HDKey } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { mnemonicToSeed, slip10Ed25519 } from '../solana/keys.ts'
import { deriveWcWalletAccounts, ed25519PublicKey, WC_WALLET_PATHS } from './accounts.ts'
import {
  blake2b,
  cosmosAddress,
  hash160,
  p2wpkhAddress,
  ss58Address,
  stacksAddress,
  stacksAddressFromHash160,
  suiAddress,
} from './addresses.ts'

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
const fromHex = (h: string) => new Uint8Array(Buffer.from(h, 'hex'))
const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const secpAt = (mnemonic: string, path: string) => HDKey.fromMasterSeed(mnemonicToSeed(mnemonic)).derive(path).publicKey!

describe('blake2b', () => {
  it.each([0, 1, 3, 127, 128, 129, 256, 300])('matches node:crypto blake2b512 for %i bytes', (n) => {
    const data = new Uint8Array(n).map((_, i) => (i * 7 + 3) & 0xff)
    expect(hex(blake2b(data, 64))).toBe(createHash('blake2b512').update(data).digest('hex'))
  })
  it('gives the RFC 7693 / reference BLAKE2b-256 of "abc"', () => {
    expect(hex(blake2b(new TextEncoder().encode('abc'), 32))).toBe('bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319')
  })
})

describe('address encodings (published test vectors)', () => {
  it('bech32 P2WPKH: BIP-173 vector (generator point G)', () => {
    const g = fromHex('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798')
    expect(hex(hash160(g))).toBe('751e76e8199196d454941c45d1b3a323f1433bd6')
    expect(p2wpkhAddress(g)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')
    expect(p2wpkhAddress(g, 'tb')).toBe('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')
  })
  it("bech32 P2WPKH: BIP-84 vector (abandon…about, m/84'/0'/0'/0/0)", () => {
    expect(p2wpkhAddress(secpAt(ABANDON, "m/84'/0'/0'/0/0"))).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
  })
  it("cosmos: abandon…about at m/44'/118'/0'/0/0", () => {
    expect(cosmosAddress(secpAt(ABANDON, "m/44'/118'/0'/0/0"))).toBe('cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4')
  })
  it("ss58: Alice's public key as Polkadot (0) and generic Substrate (42)", () => {
    const alice = fromHex('d43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d')
    expect(ss58Address(alice, 42)).toBe('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')
    expect(ss58Address(alice, 0)).toBe('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')
  })
  it("sui: the Sui SDK ed25519 vector (film crazy…, m/44'/784'/0'/0'/0')", () => {
    const mnemonic =
      'film crazy soon outside stand loop subway crumble thrive popular green nuclear struggle pistol arm wife phrase warfare march wheat nephew ask sunny firm'
    const pub = ed25519PublicKey(slip10Ed25519(mnemonicToSeed(mnemonic), "m/44'/784'/0'/0'/0'"))
    expect(Buffer.from(pub).toString('base64')).toBe('ImR/7u82MGC9QgWhZxoV8QoSNnZZGLG19jjYLzPPxGk=')
    expect(suiAddress(pub)).toBe('0xa2d14fad60c56049ecf75246a481934691214ce413e6a8ae2fe6834c173a6133')
  })
  it('stacks c32check: the c32check README vector and version prefixes', () => {
    const h = fromHex('a46ff88886c2ef9762d970b4d2c63678835bd39d')
    expect(stacksAddressFromHash160(22, h)).toBe('SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7')
    expect(stacksAddressFromHash160(26, h)).toMatch(/^ST[0-9A-HJKMNP-TV-Z]{38,39}$/)
    expect(stacksAddressFromHash160(22, new Uint8Array(20))).toMatch(/^SP0{20}/)
  })
})

describe('deriveWcWalletAccounts (devnet mnemonic, account 0)', () => {
  it('gives one correctly formatted address per namespace', async () => {
    const a = await deriveWcWalletAccounts()
    expect(a.eip155).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(a.solana).toBe('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
    expect(a.bip122).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/)
    expect(a.cosmos).toMatch(/^cosmos1[02-9ac-hj-np-z]{38}$/)
    expect(a.polkadot).toMatch(/^1[1-9A-HJ-NP-Za-km-z]{46,47}$/)
    expect(a.sui).toMatch(/^0x[0-9a-f]{64}$/)
    expect(a.stacks).toMatch(/^SP[0-9A-HJKMNP-TV-Z]{38,39}$/)
    expect(a.bip122).toBe(p2wpkhAddress(secpAt('test test test test test test test test test test test junk', WC_WALLET_PATHS.bip122(0))))
    const other = await deriveWcWalletAccounts(undefined, 1)
    expect(other.eip155).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    for (const k of ['solana', 'bip122', 'cosmos', 'stacks', 'polkadot', 'sui'] as const) expect(other[k]).not.toBe(a[k])
    expect(stacksAddress(secpAt('test test test test test test test test test test test junk', WC_WALLET_PATHS.stacks(0)))).toBe(a.stacks)
  })
})
