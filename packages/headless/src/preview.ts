/**
 * @portico/headless/preview: the preview engine on its own (issue 23 §2), for code that previews a
 * request without a Portico instance (the secure frame's confirmation, a server, a test): the pure
 * decoders, the chain checks, the simulation, and the store that ties them together. An app with an
 * instance gets the same through `usePreview` or `portico.load('preview')`.
 */
export {
  callOfTransaction,
  checkPreview,
  decodeAuthorization,
  decodeCall,
  decodeGrant,
  decodeSendCalls,
  DEFAULT_MAX_GRANT_SECONDS,
  tokensOf,
  KNOWN_CALLS_ABI,
  UNLIMITED_UINT160,
  UNLIMITED_UINT256,
} from './core/preview/evm'
export { decodeMessage, messageText, signInDomain } from './core/preview/message'
export {
  createPreview,
  DANGER_FLAGS,
  IDLE_PREVIEW,
  levelOf,
  type PreviewDeps,
  type PreviewFlow,
  type PreviewOptions,
  type PreviewState,
  type PreviewTarget,
  type TokenMeta,
} from './core/preview/preview'
export { type DecodedRequest, decodeRequest, type PreviewRequest, type SolanaDecoder } from './core/preview/request'
export {
  type AssetChange,
  decodeRevert,
  type FeeEstimate,
  NATIVE_ASSET,
  type PriceOf,
  type Revert,
  type SimulateParameters,
  type SimulationResult,
  simulate,
  tokenInfo,
} from './core/preview/simulate'
export { decodeSolanaTransaction } from './core/preview/solana'
export { DEFAULT_MAX_DEADLINE_SECONDS, decodeTypedData } from './core/preview/typed'
export * from './core/preview/types'
