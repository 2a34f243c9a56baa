export { deployIdRegistry, type DeployedIdRegistry, type DeployIdRegistryOptions, IdRegistry } from './registry.ts'
export {
  type ApproveOptions,
  FARCASTER_CHANNEL_TTL_MS,
  FARCASTER_CONNECT_URL,
  farcasterChannelToken,
  type FarcasterChannelRequest,
  type FarcasterChannelStatus,
  type FarcasterRelay,
  SIWF_CHAIN_ID,
  SIWF_STATEMENT,
  type StartFarcasterRelayOptions,
  startFarcasterRelay,
} from './relay.ts'
export {
  FARCASTER_ACCOUNT_INDEX,
  FARCASTER_DEV_USERS,
  farcasterCustodyAccount,
  farcasterRegistryOwner,
  type FarcasterDevUser,
} from './users.ts'
