// `@portico/solana/transactions`: SOL and SPL transfer transactions built unsigned from the chain's
// reads, for a signer that is not a Wallet Standard wallet (the embedded wallet's frame signs and
// sends them), and the signature wait. Nothing here registers an adapter or touches the Wallet
// Standard registry; an app that imports it with import() pays for it on first use only.
export { lamportsTransferTransaction, latestBlockhash, type SolanaRpc, tokenTransferTransaction } from './prepare'
export { pollSignature, waitForSignature } from './reads'
export { rpcCall } from './rpc'
export { buildTransferTransaction, SYSTEM_PROGRAM, transferData } from './transfer'
export {
  ASSOCIATED_TOKEN_PROGRAM,
  associatedTokenAddress,
  buildTokenTransferTransaction,
  createAssociatedTokenAccountIdempotent,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  transferChecked,
  transferCheckedData,
} from './spl'
