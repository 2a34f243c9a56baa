export {
  type SolanaDevnet,
  SOLANA_USDC,
  SOLANA_USDC_MINT_INDEX,
  type StartSolanaDevnetOptions,
  startSolanaDevnet,
} from './devnet.ts'
export { mnemonicToSeed, slip10Ed25519, solanaDevAddresses, solanaDevPath, solanaDevPrivateKey, solanaDevSigner } from './keys.ts'
export {
  type CreateMintOptions,
  LAMPORTS_PER_SIGNATURE,
  LAMPORTS_PER_SOL,
  type MintToOptions,
  SOLANA_AUTHORITY_INDEX,
  SOLANA_DEVNET_GENESIS_SEED,
  type SolanaRpcServer,
  type StartSolanaRpcOptions,
  startSolanaRpc,
} from './rpc.ts'
