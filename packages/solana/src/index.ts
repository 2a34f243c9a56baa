export { isSolanaWallet, solanaAdapter, solanaConnectorId, type SolanaAdapterOptions } from './adapter'
export { chainReference, SOLANA_CLUSTERS, walletChainFor, walletChainsOf } from './chains'
export { buildTransferTransaction, SYSTEM_PROGRAM, transferData } from './transfer'
