/** The wire schemas the client reads, from @portico/protocol (written once, shared with the server). */
export * from '@portico/protocol/account'
export * from '@portico/protocol/explorer'
export * from '@portico/protocol/convert'
export * from '@portico/protocol/profile'
export * from '@portico/protocol/onramp'
export * from '@portico/protocol/exchange'
export * from '@portico/protocol/analytics'
/** The client's name for the identity it returns (nulls instead of absent fields). */
export type Identity = { name: string | null; avatar: string | null }
