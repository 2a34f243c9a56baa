/** The wire schemas the client reads, from @portico/protocol (written once, shared with the server). */
export * from '@portico/protocol/account'
export * from '@portico/protocol/explorer'
/** The client's name for the identity it returns (nulls instead of absent fields). */
export type Identity = { name: string | null; avatar: string | null }
