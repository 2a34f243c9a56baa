// The engine's SPL transfer against @solana/kit (tests only: the engine must not load it): program
// addresses and the curve test, and the transaction decoded back into its instructions.
import { randomBytes } from 'node:crypto'
import {
  AccountRole,
  address,
  decompileTransactionMessage,
  getAddressEncoder,
  getCompiledTransactionMessageDecoder,
  getProgramDerivedAddress,
  getTransactionDecoder,
  type Instruction,
  isOffCurveAddress,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { base58Encode } from './codec'
import {
  ASSOCIATED_TOKEN_PROGRAM,
  associatedTokenAddress,
  isOnCurve,
  splTransferTransaction,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from './spl'

const SOL_0 = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const SOL_1 = 'BjRTAKSDtNYuwFJnM2VCWcp1LZJ6j1Gf6b1Xp9QCAdg6'
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N'

const kitAta = async (owner: string, mint: string, program: string) => {
  const encode = getAddressEncoder()
  const [pda] = await getProgramDerivedAddress({
    programAddress: address(ASSOCIATED_TOKEN_PROGRAM),
    seeds: [encode.encode(address(owner)), encode.encode(address(program)), encode.encode(address(mint))],
  })
  return pda as string
}

describe('program addresses', () => {
  it('isOnCurve agrees with kit on real keys (on) and on random bytes (about half off)', () => {
    for (const a of [SOL_0, SOL_1, MINT]) expect(isOnCurve(getAddressEncoder().encode(address(a)) as Uint8Array)).toBe(true)
    let off = 0
    for (let i = 0; i < 200; i++) {
      const bytes = new Uint8Array(randomBytes(32))
      const on = isOnCurve(bytes)
      expect(on).toBe(!isOffCurveAddress(address(base58Encode(bytes))))
      if (!on) off++
    }
    expect(off).toBeGreaterThan(50)
  })

  it('the associated token account of an owner for a mint is the one kit derives (Token and Token-2022, many owners)', async () => {
    expect(await associatedTokenAddress(SOL_0, MINT)).toBe(await kitAta(SOL_0, MINT, TOKEN_PROGRAM))
    for (let i = 0; i < 30; i++) {
      const owner = base58Encode(new Uint8Array(randomBytes(32)))
      const program = i % 2 ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM
      expect(await associatedTokenAddress(owner, MINT, program)).toBe(await kitAta(owner, MINT, program))
    }
  })
})

describe('splTransferTransaction', () => {
  it("decodes (kit) to CreateIdempotent of the receiver's account then TransferChecked, paid and signed by the sender alone", async () => {
    const wire = await splTransferTransaction({
      from: SOL_0,
      to: SOL_1,
      mint: MINT,
      amount: 7_250_000n,
      decimals: 6,
      tokenProgram: TOKEN_PROGRAM,
      recentBlockhash: BLOCKHASH,
    })
    const tx = getTransactionDecoder().decode(wire)
    expect(Object.keys(tx.signatures)).toEqual([SOL_0])
    expect(tx.signatures[address(SOL_0)]).toBeNull()
    const message = decompileTransactionMessage(getCompiledTransactionMessageDecoder().decode(tx.messageBytes))
    expect(message.version).toBe('legacy')
    expect(message.feePayer.address).toBe(SOL_0)
    expect(message.lifetimeConstraint).toMatchObject({ blockhash: BLOCKHASH })
    const [source, destination] = [await kitAta(SOL_0, MINT, TOKEN_PROGRAM), await kitAta(SOL_1, MINT, TOKEN_PROGRAM)]
    const shown = (message.instructions as readonly Instruction[]).map((ix) => ({
      program: ix.programAddress as string,
      accounts: (ix.accounts ?? []).map((a) => [a.address as string, a.role]),
      data: [...(ix.data ?? [])],
    }))
    expect(shown).toEqual([
      {
        program: ASSOCIATED_TOKEN_PROGRAM,
        accounts: [
          [SOL_0, AccountRole.WRITABLE_SIGNER],
          [destination, AccountRole.WRITABLE],
          [SOL_1, AccountRole.READONLY],
          [MINT, AccountRole.READONLY],
          ['11111111111111111111111111111111', AccountRole.READONLY],
          [TOKEN_PROGRAM, AccountRole.READONLY],
        ],
        data: [1],
      },
      {
        program: TOKEN_PROGRAM,
        accounts: [
          [source, AccountRole.WRITABLE],
          [MINT, AccountRole.READONLY],
          [destination, AccountRole.WRITABLE],
          // Read-only in this instruction; the transaction marks it writable (it pays the fee).
          [SOL_0, AccountRole.WRITABLE_SIGNER],
        ],
        data: [12, 0x50, 0xa0, 0x6e, 0, 0, 0, 0, 0, 6],
      },
    ])
  })

  it('refuses a mint no token program owns, and out-of-range decimals', async () => {
    const base = {
      from: SOL_0,
      to: SOL_1,
      mint: MINT,
      amount: 1n,
      decimals: 6,
      tokenProgram: TOKEN_PROGRAM as unknown,
      recentBlockhash: BLOCKHASH,
    }
    await expect(splTransferTransaction({ ...base, tokenProgram: '11111111111111111111111111111111' })).rejects.toThrow(
      'is not a mint of the Token or Token-2022 program',
    )
    await expect(splTransferTransaction({ ...base, tokenProgram: undefined })).rejects.toThrow('is not a mint')
    await expect(splTransferTransaction({ ...base, decimals: 256 })).rejects.toThrow('decimals out of range')
  })
})
