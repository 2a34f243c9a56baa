/**
 * @portico/protocol: the zod wire schemas of every SPEC §7 call, written once and imported by both
 * @portico/headless (to parse responses) and @portico/server (to parse requests and test its own
 * responses). One module per concern; import a concern's subpath to keep a client bundle small.
 */
export * from './common'
export * from './explorer'
export * from './account'
export * from './convert'
export * from './profile'
export * from './onramp'
export * from './exchange'
export * from './analytics'
