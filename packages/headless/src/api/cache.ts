/** In-memory TTL cache keyed by URL, with an injectable clock. */
export class TtlCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>()
  constructor(private readonly now: () => number) {}

  get<T>(key: string): T | undefined {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    if (this.now() >= hit.expires) {
      this.entries.delete(key)
      return undefined
    }
    return hit.value as T
  }

  set(key: string, value: unknown, ttlMs: number): void {
    if (ttlMs > 0) this.entries.set(key, { value, expires: this.now() + ttlMs })
  }

  /** Drop the entries whose key passes `match`. */
  deleteWhere(match: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (match(key)) this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }
}

/** SPEC §9 cache lifetimes. */
export const CACHE_TTL = {
  balance: 30_000,
  identity: 5 * 60_000,
  /** Name service lookups (a name's record, an address's names): "ENS" of SPEC §9. */
  names: 5 * 60_000,
  history: 15_000,
  tokenPrice: 15_000,
} as const
