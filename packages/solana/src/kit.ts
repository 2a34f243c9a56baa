// What the adapter does with @solana/kit, in one module that the adapter loads with import() the
// first time it signs or sends, so kit and the send path stay out of an app's initial load: the
// signature encodings, and SOL and SPL transfers from building the message to the wallet's signature.
import { ERRORS, PorticoError } from '@portico/headless'
import type { SolanaSignAndSendTransactionFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import { getBase58Decoder, getBase64Decoder } from '@solana/kit'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { lamportsTransferTransaction, type SolanaRpc, tokenTransferTransaction } from './prepare'

export { buildTransferTransaction } from './transfer'
export { associatedTokenAddress, buildTokenTransferTransaction, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './spl'
export type { SolanaRpc } from './prepare'
export const base58 = (bytes: Uint8Array): string => getBase58Decoder().decode(bytes)
export const base64 = (bytes: Uint8Array): string => getBase64Decoder().decode(bytes)

/** Where a transaction goes: the connected wallet and account, the wallet's name for the chain, the network's RPC. */
export interface SolanaRoute {
  wallet: Wallet
  account: WalletAccount
  chain: `${string}:${string}`
  url: string
}

/** solana:signAndSendTransaction, else solana:signTransaction + RPC sendTransaction; the base58 signature. */
async function submit(rpc: SolanaRpc, { wallet, account, chain, url }: SolanaRoute, transaction: Uint8Array): Promise<string> {
  const f = wallet.features as Partial<SolanaSignAndSendTransactionFeature & SolanaSignTransactionFeature>
  const signAndSend = f['solana:signAndSendTransaction']
  if (signAndSend) {
    const [output] = await signAndSend.signAndSendTransaction({ account, chain, transaction })
    if (!output) throw new PorticoError(ERRORS.transactionError)
    return base58(output.signature)
  }
  const sign = f['solana:signTransaction']
  if (!sign) throw new PorticoError(ERRORS.actionNotAllowed)
  const [signed] = await sign.signTransaction({ account, chain, transaction })
  if (!signed) throw new PorticoError(ERRORS.transactionError)
  return rpc.call<string>(rpc.fetch, url, 'sendTransaction', [
    base64(signed.signedTransaction),
    { encoding: 'base64', preflightCommitment: 'confirmed' },
  ])
}

/** A System Program transfer of `lamports` from the route's account to `to`; the signature. */
export async function sendLamports(rpc: SolanaRpc, route: SolanaRoute, to: string, lamports: bigint): Promise<string> {
  return submit(rpc, route, await lamportsTransferTransaction(rpc, route.url, { from: route.account.address, to, lamports }))
}

/**
 * 'tokenTransfer': TransferChecked of `amount` base units of the mint `token.address` to `to`'s
 * associated token account, created first when missing. A mint not owned by a token program, or a
 * failed read, is 'Failed to create transaction' before the wallet is asked.
 */
export async function sendToken(
  rpc: SolanaRpc,
  route: SolanaRoute,
  p: { to: string; amount: bigint; token: { address: string; decimals: number } },
): Promise<string> {
  return submit(rpc, route, await tokenTransferTransaction(rpc, route.url, { from: route.account.address, ...p }))
}
