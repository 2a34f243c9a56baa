// The unsigned SOL and SPL transfer transactions, read from the chain and built here, for whoever
// signs them: the Solana adapter's Wallet Standard wallet (kit.ts) or the embedded wallet's frame
// (through the `@portico/solana/transactions` entry). Loaded with import() on first use.
import { ERRORS, PorticoError } from '@portico/headless'
import { accountOwner } from './reads'
import type { rpcCall } from './rpc'
import { associatedTokenAddress, buildTokenTransferTransaction, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './spl'
import { buildTransferTransaction } from './transfer'

/**
 * The caller's chain access: its fetch and JSON-RPC call. Passed, not imported: ./rpc is in the
 * Solana adapter's initial load, and importing it here too would split it into a chunk of its own.
 */
export interface SolanaRpc {
  fetch: typeof fetch
  call: typeof rpcCall
}

/** getLatestBlockhash (confirmed) on `url`: the transaction's lifetime. */
export async function latestBlockhash(rpc: SolanaRpc, url: string): Promise<{ blockhash: string; lastValidBlockHeight: bigint }> {
  const latest = await rpc.call<{ value: { blockhash: string; lastValidBlockHeight: number } }>(rpc.fetch, url, 'getLatestBlockhash', [
    { commitment: 'confirmed' },
  ])
  return { blockhash: latest.value.blockhash, lastValidBlockHeight: BigInt(latest.value.lastValidBlockHeight) }
}

/** The wire bytes (unsigned) of a System Program transfer of `lamports` from `from` to `to`, with the latest blockhash of `url`. */
export async function lamportsTransferTransaction(
  rpc: SolanaRpc,
  url: string,
  p: { from: string; to: string; lamports: bigint },
): Promise<Uint8Array> {
  const latest = await latestBlockhash(rpc, url)
  return buildTransferTransaction({ from: p.from, to: p.to, lamports: p.lamports, ...latest })
}

/**
 * The wire bytes (unsigned) of a TransferChecked of `amount` base units of the mint `token.address`
 * from `from`'s associated token account to `to`'s, created first when missing. A mint not owned by
 * a token program, or a failed read, is 'Failed to create transaction'.
 */
export async function tokenTransferTransaction(
  rpc: SolanaRpc,
  url: string,
  p: { from: string; to: string; amount: bigint; token: { address: string; decimals: number } },
): Promise<Uint8Array> {
  const { from, to, token, amount } = p
  let tokenProgram: string | null
  let createDestination: boolean
  try {
    tokenProgram = await accountOwner(rpc.fetch, url, token.address)
    if (tokenProgram !== TOKEN_PROGRAM && tokenProgram !== TOKEN_2022_PROGRAM) throw new Error(`${token.address} is not a token mint`)
    const destination = await associatedTokenAddress(to, token.address, tokenProgram)
    createDestination = (await accountOwner(rpc.fetch, url, destination)) === null
  } catch (error) {
    throw error instanceof PorticoError ? error : new PorticoError(ERRORS.createTransaction, { cause: error })
  }
  const latest = await latestBlockhash(rpc, url)
  return buildTokenTransferTransaction({
    from,
    to,
    mint: token.address,
    amount,
    decimals: token.decimals,
    tokenProgram,
    createDestination,
    ...latest,
  })
}
