// SPL token transfers: the associated token accounts (ATA) of sender and recipient, the recipient's
// ATA created idempotently when missing, then TransferChecked. The two instructions are encoded here
// from the Token and Associated Token Account programs' documented layouts (no program client).
// Loaded with the rest of kit.ts on first use.
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getAddressEncoder,
  getProgramDerivedAddress,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { SYSTEM_PROGRAM } from './transfer'

/** The SPL Token program. */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** The Token-2022 program (same TransferChecked layout). */
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
/** The Associated Token Account program. */
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

/** Token program instruction index of TransferChecked. */
const TRANSFER_CHECKED = 12
/** Associated Token Account program instruction index of CreateIdempotent. */
const CREATE_IDEMPOTENT = 1

/** The associated token account of `owner` for `mint` under `tokenProgram`: PDA of [owner, token program, mint]. */
export async function associatedTokenAddress(owner: string, mint: string, tokenProgram: string = TOKEN_PROGRAM): Promise<Address> {
  const encode = getAddressEncoder()
  const [pda] = await getProgramDerivedAddress({
    programAddress: address(ASSOCIATED_TOKEN_PROGRAM),
    seeds: [encode.encode(address(owner)), encode.encode(address(tokenProgram)), encode.encode(address(mint))],
  })
  return pda
}

/** Instruction data of TransferChecked: u8 index 12, u64 LE amount, u8 decimals. */
export function transferCheckedData(amount: bigint, decimals: number): Uint8Array {
  if (amount < 0n || amount >= 2n ** 64n) throw new RangeError(`amount out of range: ${amount}`)
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) throw new RangeError(`decimals out of range: ${decimals}`)
  const data = new Uint8Array(10)
  const view = new DataView(data.buffer)
  view.setUint8(0, TRANSFER_CHECKED)
  view.setBigUint64(1, amount, true)
  view.setUint8(9, decimals)
  return data
}

/** CreateIdempotent: makes `owner`'s ATA for `mint` (paid by `payer`), succeeds if it exists already. */
export function createAssociatedTokenAccountIdempotent(p: {
  payer: string
  ata: string
  owner: string
  mint: string
  tokenProgram: string
}): Instruction {
  return {
    programAddress: address(ASSOCIATED_TOKEN_PROGRAM),
    accounts: [
      { address: address(p.payer), role: AccountRole.WRITABLE_SIGNER },
      { address: address(p.ata), role: AccountRole.WRITABLE },
      { address: address(p.owner), role: AccountRole.READONLY },
      { address: address(p.mint), role: AccountRole.READONLY },
      { address: address(SYSTEM_PROGRAM), role: AccountRole.READONLY },
      { address: address(p.tokenProgram), role: AccountRole.READONLY },
    ],
    data: new Uint8Array([CREATE_IDEMPOTENT]),
  }
}

/** TransferChecked of `amount` base units from `source` to `destination` (token accounts), signed by `authority`. */
export function transferChecked(p: {
  source: string
  mint: string
  destination: string
  authority: string
  amount: bigint
  decimals: number
  tokenProgram: string
}): Instruction {
  return {
    programAddress: address(p.tokenProgram),
    accounts: [
      { address: address(p.source), role: AccountRole.WRITABLE },
      { address: address(p.mint), role: AccountRole.READONLY },
      { address: address(p.destination), role: AccountRole.WRITABLE },
      { address: address(p.authority), role: AccountRole.READONLY_SIGNER },
    ],
    data: transferCheckedData(p.amount, p.decimals),
  }
}

/**
 * The wire bytes (unsigned) of a v0 transaction, paid and signed by `from`, moving `amount` base
 * units of `mint` from `from`'s ATA to `to`'s ATA; `createDestination` first creates that ATA.
 */
export async function buildTokenTransferTransaction(params: {
  from: string
  to: string
  mint: string
  amount: bigint
  decimals: number
  tokenProgram: string
  createDestination: boolean
  blockhash: string
  lastValidBlockHeight: bigint
}): Promise<Uint8Array> {
  const { from, to, mint, tokenProgram } = params
  const [source, destination] = await Promise.all([
    associatedTokenAddress(from, mint, tokenProgram),
    associatedTokenAddress(to, mint, tokenProgram),
  ])
  const instructions: Instruction[] = []
  if (params.createDestination)
    instructions.push(createAssociatedTokenAccountIdempotent({ payer: from, ata: destination, owner: to, mint, tokenProgram }))
  instructions.push(
    transferChecked({ source, mint, destination, authority: from, amount: params.amount, decimals: params.decimals, tokenProgram }),
  )
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash(params.blockhash), lastValidBlockHeight: params.lastValidBlockHeight },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}
