/** The wire schemas the client reads, from @portico/protocol (written once, shared with the server). */
export * from '@portico/protocol/account'
export * from '@portico/protocol/explorer'
// Types only: the schemas of these concerns load with their clients, on first use.
export type * from '@portico/protocol/convert'
export type * from '@portico/protocol/profile'
export type * from '@portico/protocol/onramp'
export type * from '@portico/protocol/exchange'
export type * from '@portico/protocol/analytics'
/** The client's name for the identity it returns (nulls instead of absent fields). */
export type Identity = { name: string | null; avatar: string | null }
