/**
 * The embedded wallet's sends on Solana (SPEC §6), loaded with import() by the engine on the first
 * Solana send or receipt wait, so @solana/kit never enters an app's initial load. The transaction is
 * built in the host page by @portico/solana (the same builders the Solana adapter uses) from the
 * network's public RPC: the latest blockhash, and for a token the mint's program and whether the
 * recipient's token account exists. Only the signature comes from the frame: the API signs with the
 * user's custodied key and sends (solana_signAndSendTransaction), answering the base58 signature.
 */
import { ERRORS, PorticoError } from '@portico/headless'
import { lamportsTransferTransaction, rpcCall, type SolanaRpc, tokenTransferTransaction } from '@portico/solana/transactions'
import { z } from 'zod/mini'
import { base64Encode } from './codec'

/** A transaction signature: 64 bytes in base58. */
const base58Signature = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/))
const signAndSendResult = z.union([base58Signature, z.object({ signature: base58Signature })])

export interface SolanaSendRoute {
  /** The JSON-RPC transport of the chain reads. */
  fetch: typeof fetch
  /** The Solana network's RPC URL. */
  url: string
  /** The user's Solana address: fee payer and signer. */
  from: string
  /** solana_signAndSendTransaction through the frame, with the base64 wire transaction. */
  signAndSend(transaction: string): Promise<unknown>
}

/**
 * SOL (`token` absent: a System Program transfer of `amount` lamports) or an SPL token (TransferChecked
 * of `amount` base units, the recipient's associated token account created first when missing).
 * Resolves with the base58 signature. A failed chain read or a transaction that cannot be built is
 * 'Failed to create transaction' before the frame is asked; an answer without a signature is
 * 'Transaction error'; the frame's own errors (the chain's refusal, timeouts) pass through.
 */
export async function sendSolana(
  route: SolanaSendRoute,
  p: { to: string; amount: bigint; token?: { address: string; decimals: number } },
): Promise<string> {
  const rpc: SolanaRpc = { fetch: route.fetch, call: rpcCall }
  let transaction: Uint8Array
  try {
    transaction = p.token
      ? await tokenTransferTransaction(rpc, route.url, { from: route.from, to: p.to, amount: p.amount, token: p.token })
      : await lamportsTransferTransaction(rpc, route.url, { from: route.from, to: p.to, lamports: p.amount })
  } catch (error) {
    throw error instanceof PorticoError && error.message === ERRORS.createTransaction
      ? error
      : new PorticoError(ERRORS.createTransaction, { cause: error })
  }
  const answer = await route.signAndSend(base64Encode(transaction))
  const parsed = signAndSendResult.safeParse(answer)
  if (!parsed.success) throw new PorticoError(ERRORS.transactionError, { cause: answer })
  return typeof parsed.data === 'string' ? parsed.data : parsed.data.signature
}

/** 'waitForReceipt' on Solana: getSignatureStatuses on the network's RPC until confirmed ('Transaction error' after the timeout). */
export { waitForSignature } from '@portico/solana/transactions'
