export { isSolanaWallet, SOLANA_CAPABILITIES, solanaAdapter, solanaConnectorId, type SolanaAdapterOptions } from './adapter'
export { chainReference, SOLANA_CLUSTERS, walletChainFor, walletChainsOf } from './chains'
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
