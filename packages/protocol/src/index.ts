/**
 * @portico/protocol: the zod wire schemas of every SPEC §7 call, written once and imported by both
 * @portico/headless (to parse responses) and @portico/server (to parse requests and test its own
 * responses). One module per concern; import a concern's subpath to keep a client bundle small.
 */
export * from './common.ts'
export * from './explorer.ts'
export * from './account.ts'
export * from './convert.ts'
export * from './profile.ts'
export * from './onramp.ts'
export * from './exchange.ts'
export * from './analytics.ts'
export * from './auth.ts'
export * from './frame.ts'
export * from './chain.ts'
export * from './swap-chains.ts'
export * from './errors.ts'
