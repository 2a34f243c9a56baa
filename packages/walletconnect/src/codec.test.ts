// The engine's own codecs against @solana/kit (tests only: the engine must not load it).
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { base58Decode, base58Encode, base64Encode, compactU16, solanaTransferTransaction } from './codec'

const SOL_0 = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const SOL_1 = 'BjRTAKSDtNYuwFJnM2VCWcp1LZJ6j1Gf6b1Xp9QCAdg6'
const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N'

describe('base58 / base64 / compact-u16', () => {
  it.each([
    [[], ''],
    [[0], '1'],
    [[0, 0, 1], '112'],
    [[...new TextEncoder().encode('hello portico')], '9hLF3DC56ytDdotRn6'],
    [[0xff, 0xff], 'LUv'],
  ])('base58 %j ↔ %s', (bytes, text) => {
    expect(base58Encode(new Uint8Array(bytes))).toBe(text)
    expect([...base58Decode(text)]).toEqual(bytes)
  })
  it('rejects characters outside the alphabet', () => {
    expect(() => base58Decode('0OIl')).toThrow('Invalid base58 character')
  })
  it('matches @solana/kit on a 32-byte key', () => {
    const key = base58Decode(SOL_0)
    expect(key).toHaveLength(32)
    expect(getBase58Decoder().decode(key)).toBe(SOL_0)
  })
  it.each([
    ['hi', 'aGk='],
    ['hello portico', 'aGVsbG8gcG9ydGljbw=='],
  ])('base64 of %j is %s', (text, out) => expect(base64Encode(new TextEncoder().encode(text))).toBe(out))
  it.each([
    [0, [0]],
    [127, [0x7f]],
    [128, [0x80, 0x01]],
    [16383, [0xff, 0x7f]],
    [16384, [0x80, 0x80, 0x01]],
  ])('compact-u16 %i = %j', (n, bytes) => expect(compactU16(n)).toEqual(bytes))
})

describe('solanaTransferTransaction', () => {
  const kit = (from: string, to: string, lamports: bigint) =>
    new Uint8Array(
      getTransactionEncoder().encode(
        compileTransaction(
          pipe(
            createTransactionMessage({ version: 'legacy' }),
            (m) => setTransactionMessageFeePayerSigner(createNoopSigner(address(from)), m),
            (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: BLOCKHASH as Blockhash, lastValidBlockHeight: 0n }, m),
            (m) =>
              appendTransactionMessageInstructions(
                [getTransferSolInstruction({ source: createNoopSigner(address(from)), destination: address(to), amount: lamports })],
                m,
              ),
          ),
        ),
      ),
    )

  it.each([
    [SOL_0, SOL_1, 1_234_567n],
    [SOL_0, SOL_1, 0n],
    [SOL_1, SOL_0, 18_446_744_073_709_551_615n],
  ])('%s → %s, %s lamports: the same bytes as @solana/kit compiles', (from, to, lamports) => {
    expect([...solanaTransferTransaction(from, to, lamports, BLOCKHASH)]).toEqual([...kit(from, to, lamports)])
  })

  it('a transfer to oneself lists the account once', () => {
    const tx = solanaTransferTransaction(SOL_0, SOL_0, 5n, BLOCKHASH)
    expect([...tx]).toEqual([...kit(SOL_0, SOL_0, 5n)])
  })

  it('refuses addresses that are not 32 bytes and negative amounts', () => {
    expect(() => solanaTransferTransaction('abc', SOL_0, 1n, BLOCKHASH)).toThrow('Not a Solana address')
    expect(() => solanaTransferTransaction(SOL_0, SOL_1, -1n, BLOCKHASH)).toThrow('lamports out of range')
  })
})
