/**
 * Per-key token buckets (the RPC proxy keys them by projectId): each holds up to `burst` tokens and
 * refills at `perSecond`; a request takes one token per JSON-RPC call. At most `maxKeys` buckets are
 * kept (least recently used dropped: a dropped key starts again full).
 */
export class TokenBuckets {
  readonly #buckets = new Map<string, { tokens: number; at: number }>()
  readonly #perSecond: number
  readonly #burst: number
  readonly #maxKeys: number
  readonly #now: () => number

  constructor(options: { perSecond: number; burst: number; maxKeys?: number; now?: () => number }) {
    this.#perSecond = options.perSecond
    this.#burst = options.burst
    this.#maxKeys = options.maxKeys ?? 10_000
    this.#now = options.now ?? Date.now
  }

  /** Take `cost` tokens from `key`'s bucket: 0 when taken, else the seconds until they are there. */
  take(key: string, cost: number): number {
    const t = this.#now()
    let bucket = this.#buckets.get(key)
    if (bucket === undefined) bucket = { tokens: this.#burst, at: t }
    else this.#buckets.delete(key)
    bucket.tokens = Math.min(this.#burst, bucket.tokens + ((t - bucket.at) / 1000) * this.#perSecond)
    bucket.at = t
    this.#buckets.set(key, bucket)
    if (this.#buckets.size > this.#maxKeys) {
      const first = this.#buckets.keys().next()
      if (!first.done) this.#buckets.delete(first.value)
    }
    if (bucket.tokens >= cost) {
      bucket.tokens -= cost
      return 0
    }
    return Math.max(1, Math.ceil((cost - bucket.tokens) / this.#perSecond))
  }
}
