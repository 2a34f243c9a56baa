/**
 * A bounded LRU of immutable JSON-RPC answers, in memory: at most `maxEntries` entries and about
 * `maxBytes` of serialised results (an entry larger than a tenth of that is not kept). A Map keeps
 * insertion order, so a hit is re-inserted and the first key is the least recently used.
 */
export class AnswerCache {
  readonly #entries = new Map<string, { value: unknown; bytes: number }>()
  readonly #maxEntries: number
  readonly #maxBytes: number
  #bytes = 0

  constructor(maxEntries: number, maxBytes: number) {
    this.#maxEntries = maxEntries
    this.#maxBytes = maxBytes
  }

  get size(): number {
    return this.#entries.size
  }

  get(key: string): { value: unknown } | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return { value: entry.value }
  }

  set(key: string, value: unknown): void {
    if (this.#maxEntries === 0) return
    const bytes = key.length + JSON.stringify(value).length
    if (bytes > this.#maxBytes / 10) return
    const old = this.#entries.get(key)
    if (old) {
      this.#bytes -= old.bytes
      this.#entries.delete(key)
    }
    this.#entries.set(key, { value, bytes })
    this.#bytes += bytes
    while (this.#entries.size > this.#maxEntries || this.#bytes > this.#maxBytes) {
      const first = this.#entries.keys().next()
      if (first.done) break
      this.#bytes -= this.#entries.get(first.value)?.bytes ?? 0
      this.#entries.delete(first.value)
    }
  }
}
