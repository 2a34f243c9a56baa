/** SPEC §9 cache lifetimes. */
export const CACHE_TTL = {
  balance: 30_000,
  identity: 5 * 60_000,
  /** Name service lookups (a name's record, an address's names): "ENS" of SPEC §9. */
  names: 5 * 60_000,
  history: 15_000,
  tokenPrice: 15_000,
} as const
