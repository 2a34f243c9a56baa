// Solana's table: wire transactions built with @solana/kit and the programs' instruction builders in,
// their transfers out.
import { getTransferSolInstruction } from '@solana-program/system'
import { getTransferCheckedInstruction, getTransferInstruction } from '@solana-program/token'
import {
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { decodeSolanaTransaction } from './solana'

const PAYER = address('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')
const BOB = address('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')
const SOURCE_ATA = address('Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr')
const DEST_ATA = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
const MINT = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1w')
const MEMO = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
const signer = createNoopSigner(PAYER)

function wire(instructions: Instruction[]): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(PAYER, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash, lastValidBlockHeight: 100n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

const sol = getTransferSolInstruction({ source: signer, destination: BOB, amount: 1_500_000_000n })
const spl = getTransferInstruction({ source: SOURCE_ATA, destination: DEST_ATA, authority: signer, amount: 5_000_000n })
const checked = getTransferCheckedInstruction({
  source: SOURCE_ATA,
  mint: MINT,
  destination: DEST_ATA,
  authority: signer,
  amount: 2_500_000n,
  decimals: 6,
})
const memo: Instruction = { programAddress: MEMO, data: new TextEncoder().encode('hi') }

describe('decodeSolanaTransaction', () => {
  it.each([
    ['1.5 SOL', [sol], [{ kind: 'solTransfer', source: PAYER, destination: BOB, lamports: 1_500_000_000n }]],
    [
      'SPL Transfer of 5 USDC (base units)',
      [spl],
      [{ kind: 'splTransfer', source: SOURCE_ATA, destination: DEST_ATA, authority: PAYER, amount: 5_000_000n }],
    ],
    [
      'SPL TransferChecked with mint and decimals',
      [checked],
      [
        {
          kind: 'splTransferChecked',
          source: SOURCE_ATA,
          mint: MINT,
          destination: DEST_ATA,
          authority: PAYER,
          amount: 2_500_000n,
          decimals: 6,
        },
      ],
    ],
    [
      'SOL, SPL and a memo in one transaction',
      [sol, spl, memo],
      [
        { kind: 'solTransfer', source: PAYER, destination: BOB, lamports: 1_500_000_000n },
        { kind: 'splTransfer', source: SOURCE_ATA, destination: DEST_ATA, authority: PAYER, amount: 5_000_000n },
        { kind: 'solanaInstruction', program: MEMO },
      ],
    ],
  ] as [string, Instruction[], object[]][])('%s', (_, instructions, expected) => {
    expect(decodeSolanaTransaction(wire(instructions))).toEqual({
      kind: 'solanaTransaction',
      feePayer: PAYER,
      instructions: expected,
      flags: [],
    })
  })

  it('takes the bytes as well as base64', () => {
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayer(PAYER, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash, lastValidBlockHeight: 1n },
          m,
        ),
      (m) => appendTransactionMessageInstructions([sol], m),
    )
    const bytes = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
    expect(decodeSolanaTransaction(bytes).instructions).toEqual([
      { kind: 'solTransfer', source: PAYER, destination: BOB, lamports: 1_500_000_000n },
    ])
  })

  it('refuses bytes that are not a transaction', () => {
    expect(() => decodeSolanaTransaction('AAAA')).toThrow()
  })
})
