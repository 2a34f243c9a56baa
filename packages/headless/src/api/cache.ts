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

export { CACHE_TTL } from './ttl'
