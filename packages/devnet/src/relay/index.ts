export { didKeyFromPublicKey, publicKeyFromDidKey, type RelayAuthResult, verifyRelayJwt } from './auth.ts'
export { type Relay, RELAY_MAX_BATCH_SIZE, RELAY_TAGS, type RelayStats, type StartRelayOptions, startRelay } from './relay.ts'
