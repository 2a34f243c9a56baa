export { type Relay, RELAY_TAGS, type RelayStats, type StartRelayOptions, startRelay } from './relay.ts'
