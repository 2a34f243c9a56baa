import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'

/** The System Program. */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
/** System Program instruction index of Transfer. */
const TRANSFER = 2

/** Instruction data of a System Program transfer: u32 LE index 2, u64 LE lamports. */
export function transferData(lamports: bigint): Uint8Array {
  if (lamports < 0n || lamports >= 2n ** 64n) throw new RangeError(`lamports out of range: ${lamports}`)
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, TRANSFER, true)
  view.setBigUint64(4, lamports, true)
  return data
}

/**
 * The wire bytes (unsigned: one zeroed signature slot for `from`) of a v0 transaction that moves
 * `lamports` from `from` to `to`, paid by `from`, with the given recent blockhash.
 */
export function buildTransferTransaction(params: {
  from: string
  to: string
  lamports: bigint
  blockhash: string
  lastValidBlockHeight: bigint
}): Uint8Array {
  const from = address(params.from)
  const to = address(params.to)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash(params.blockhash), lastValidBlockHeight: params.lastValidBlockHeight },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: address(SYSTEM_PROGRAM),
          accounts: [
            { address: from, role: AccountRole.WRITABLE_SIGNER },
            { address: to, role: AccountRole.WRITABLE },
          ],
          data: transferData(params.lamports),
        },
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}
