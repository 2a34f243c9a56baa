/**
 * The offline verifiers of siwx/namespaces.ts and their address codecs, against the devnet
 * WalletConnect wallet's keys and addresses (written independently in @portico/devnet) and
 * published vectors.
 */
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import {
  bitcoinMessageHash as devnetBitcoinHash,
  deriveWcWalletAccounts,
  deriveWcWalletKeys,
  ed25519PublicKey,
  hash160,
  ss58Address,
  stacksAddress as devnetStacksAddress,
  stacksMessageHash as devnetStacksHash,
  suiPersonalMessageDigest as devnetSuiDigest,
  suiSignPersonalMessage,
} from '@portico/devnet/wcwallet'
import { base58check } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { isOfflineChain, verifyNamespaceSignature } from './namespaces.ts'
import { bitcoinMessageHash, parseBitcoinAddress } from './verify-bitcoin.ts'
import { adr036SignBytes, cosmosKeyHash } from './verify-cosmos.ts'
import { ss58PublicKey } from './verify-polkadot.ts'
import { c32Decode, c32Encode, parseStacksAddress, stacksAddress, stacksMessageHash } from './verify-stacks.ts'
import { suiPersonalMessageDigest } from './verify-sui.ts'

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
/** The address with its last character changed (a checksum that no longer holds). */
const flipLast = (address: string, alphabet: string) => `${address.slice(0, -1)}${alphabet.replace(address.at(-1)!, '')[0]}`

describe('stacks c32check', () => {
  it("reads and writes the published vector and the dev wallet's first accounts", async () => {
    // c32check's README: c32address(22, 'a46ff88886c2ef9762d970b4d2c63678835bd39d').
    expect(stacksAddress(22, Buffer.from('a46ff88886c2ef9762d970b4d2c63678835bd39d', 'hex'))).toBe(
      'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
    )
    expect(parseStacksAddress('SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7')).toEqual({
      version: 22,
      hash: new Uint8Array(Buffer.from('a46ff88886c2ef9762d970b4d2c63678835bd39d', 'hex')),
    })
    for (const index of [0, 1, 2]) {
      const { stacks } = await deriveWcWalletAccounts(undefined, index)
      const publicKey = secp256k1.getPublicKey(deriveWcWalletKeys(undefined, index).stacks, true)
      expect(parseStacksAddress(stacks)).toEqual({ version: 22, hash: hash160(publicKey) })
      expect(stacksAddress(22, hash160(publicKey))).toBe(stacks)
      expect(stacksAddress(26, hash160(publicKey))).toBe(devnetStacksAddress(publicKey, 26))
    }
  })

  it('keeps leading zero bytes as leading zeros and refuses non-canonical or foreign text', () => {
    expect(c32Encode(new Uint8Array([0, 0, 1]))).toBe('001')
    expect(c32Decode('001', 3)).toEqual(new Uint8Array([0, 0, 1]))
    expect(c32Decode('01', 3)).toBeNull()
    expect(c32Decode('0O1', 3)).toBeNull()
    expect(c32Decode('ZZZZ', 2)).toBeNull()
    expect(parseStacksAddress(flipLast('SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', '0123456789ABCDEFGHJKMNPQRSTVWXYZ'))).toBeNull()
    expect(parseStacksAddress('XP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7')).toBeNull()
  })
})

describe('polkadot SS58', () => {
  it("gives the ed25519 key of the dev wallet's address (Polkadot prefix 0) and of a generic Substrate (42) one", async () => {
    const { polkadot } = await deriveWcWalletAccounts()
    const publicKey = ed25519PublicKey(deriveWcWalletKeys().polkadot)
    expect(ss58PublicKey(polkadot)).toEqual(publicKey)
    expect(ss58PublicKey(ss58Address(publicKey, 42))).toEqual(publicKey)
  })

  it('refuses a broken checksum, a wrong length and non-base58 text', async () => {
    const { polkadot } = await deriveWcWalletAccounts()
    expect(ss58PublicKey(flipLast(polkadot, '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'))).toBeNull()
    expect(ss58PublicKey(polkadot.slice(0, -2))).toBeNull()
    expect(ss58PublicKey('0OIl')).toBeNull()
  })
})

describe("message digests agree with the dev wallet's", () => {
  it.each(['', 'a', 'x'.repeat(300), 'héllo\nwörld <&>'])('%#', (message) => {
    expect(bitcoinMessageHash(message)).toEqual(devnetBitcoinHash(message))
    expect(stacksMessageHash(message)).toEqual(devnetStacksHash(message))
    const bytes = new TextEncoder().encode(message)
    expect(suiPersonalMessageDigest(bytes)).toEqual(devnetSuiDigest(bytes))
  })

  it('cosmos: the ADR-036 amino bytes are the sorted, escaped JSON Keplr signs', () => {
    expect(new TextDecoder().decode(adr036SignBytes('cosmos1abc', 'a<b>&'))).toBe(
      '{"account_number":"0","chain_id":"","fee":{"amount":[],"gas":"0"},"memo":"","msgs":[{"type":"sign/MsgSignData","value":{"data":"YTxiPiY=","signer":"cosmos1abc"}}],"sequence":"0"}',
    )
  })
})

describe('addresses', () => {
  it('cosmos: any bech32 prefix, 20 bytes, lower case', async () => {
    const { cosmos } = await deriveWcWalletAccounts()
    expect(cosmosKeyHash(cosmos)).toEqual(hash160(secp256k1.getPublicKey(deriveWcWalletKeys().cosmos, true)))
    expect(cosmosKeyHash(cosmos.toUpperCase())).toBeNull()
    expect(cosmosKeyHash(flipLast(cosmos, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'))).toBeNull()
  })

  it('bip122: P2WPKH on each network, P2PKH and P2SH in base58check, taproot', async () => {
    const { bip122 } = await deriveWcWalletAccounts()
    expect(parseBitcoinAddress(bip122)).toMatchObject({ kind: 'p2wpkh' })
    expect(parseBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toMatchObject({ kind: 'p2pkh' })
    expect(parseBitcoinAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toMatchObject({ kind: 'p2sh' })
    expect(parseBitcoinAddress('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')).toEqual({ kind: 'taproot' })
    expect(parseBitcoinAddress(flipLast(bip122, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'))).toBeNull()
    expect(parseBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toBeNull()
  })
})

describe("verifyNamespaceSignature beyond the dev wallet's own forms", () => {
  const key = deriveWcWalletKeys().bip122
  const message = 'sign me'
  const b58c = base58check(sha256)
  const bip137 = (header: number) => {
    const sig = secp256k1.sign(bitcoinMessageHash(message), key)
    return Buffer.concat([Buffer.from([header + sig.recovery]), Buffer.from(sig.toCompactRawBytes())]).toString('base64')
  }

  it('bip122: compressed and uncompressed P2PKH, P2SH-P2WPKH (header 35-38), and a SegWit address with the Electrum header', () => {
    const compressed = secp256k1.getPublicKey(key, true)
    const p2pkh = b58c.encode(Uint8Array.from([0x00, ...hash160(compressed)]))
    const p2pkhUncompressed = b58c.encode(Uint8Array.from([0x00, ...hash160(secp256k1.getPublicKey(key, false))]))
    const p2sh = b58c.encode(Uint8Array.from([0x05, ...hash160(Uint8Array.from([0x00, 0x14, ...hash160(compressed)]))]))
    expect(verifyNamespaceSignature('bip122', { address: p2pkh, message, signature: bip137(31) })).toBe('valid')
    expect(verifyNamespaceSignature('bip122', { address: p2pkhUncompressed, message, signature: bip137(27) })).toBe('valid')
    expect(verifyNamespaceSignature('bip122', { address: p2pkh, message, signature: bip137(27) })).toBe('invalid')
    expect(verifyNamespaceSignature('bip122', { address: p2sh, message, signature: bip137(35) })).toBe('valid')
    expect(verifyNamespaceSignature('bip122', { address: p2sh, message, signature: bip137(27) })).toBe('invalid')
    expect(
      verifyNamespaceSignature('bip122', {
        address: p2pkh,
        message,
        signature: Buffer.from([43, ...new Uint8Array(64).fill(1)]).toString('base64'),
      }),
    ).toBe('malformed')
    expect(
      verifyNamespaceSignature('bip122', {
        address: 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
        message,
        signature: bip137(39),
      }),
    ).toBe('unsupported')
  })

  it("sui: another key scheme's flag is unsupported, a cut signature malformed, another key invalid", async () => {
    const { sui } = await deriveWcWalletAccounts()
    const { signature } = suiSignPersonalMessage(deriveWcWalletKeys().sui, new TextEncoder().encode(message))
    const bytes = Buffer.from(signature, 'base64')
    expect(verifyNamespaceSignature('sui', { address: sui, message, signature })).toBe('valid')
    expect(
      verifyNamespaceSignature('sui', {
        address: sui,
        message,
        signature: Buffer.concat([Buffer.from([0x01]), bytes.subarray(1)]).toString('base64'),
      }),
    ).toBe('unsupported')
    expect(verifyNamespaceSignature('sui', { address: sui, message, signature: bytes.subarray(0, 96).toString('base64') })).toBe(
      'malformed',
    )
    const { signature: other } = suiSignPersonalMessage(deriveWcWalletKeys(undefined, 1).sui, new TextEncoder().encode(message))
    expect(verifyNamespaceSignature('sui', { address: sui, message, signature: other })).toBe('invalid')
  })

  it('stacks: v may be 27/28; a multisig (SM…) address is malformed', async () => {
    const stacksKey = deriveWcWalletKeys().stacks
    const { stacks } = await deriveWcWalletAccounts()
    const sig = secp256k1.sign(stacksMessageHash(message), stacksKey)
    const rsv = (v: number) => hex(Uint8Array.from([...sig.toCompactRawBytes(), v]))
    expect(verifyNamespaceSignature('stacks', { address: stacks, message, signature: rsv(sig.recovery) })).toBe('valid')
    expect(verifyNamespaceSignature('stacks', { address: stacks, message, signature: rsv(27 + sig.recovery) })).toBe('valid')
    expect(verifyNamespaceSignature('stacks', { address: stacks, message, signature: rsv(1 - sig.recovery) })).toBe('invalid')
    const multisig = stacksAddress(20, hash160(secp256k1.getPublicKey(stacksKey, true)))
    expect(verifyNamespaceSignature('stacks', { address: multisig, message, signature: rsv(sig.recovery) })).toBe('malformed')
  })
})

describe('isOfflineChain', () => {
  it.each([
    ['bip122:000000000019d6689c085ae165831e93', true],
    ['bip122:000000000019D6689C085AE165831E93', false],
    ['bip122:mainnet', false],
    ['polkadot:91b171bb158e2d3848fa23a9f1c25182', true],
    ['polkadot:91b1', false],
    ['cosmos:cosmoshub-4', true],
    ['cosmos:osmosis-1', true],
    ['sui:mainnet', true],
    ['sui:35834a8a', true],
    ['sui:moon', false],
    ['stacks:1', true],
    ['stacks:2147483648', true],
    ['stacks:mainnet', false],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', false],
    ['eip155:1', false],
    ['toString:1', false],
  ])('%s → %s', (chainId, accepted) => {
    expect(isOfflineChain(chainId)).toBe(accepted)
  })
})
