/**
 * Injectable clock and timers, so flows with delays (modal shake, banner gap, retry windows, TTL
 * caches) can be driven by `vi.useFakeTimers()` or a hand-made clock in tests.
 */
export interface Timers {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Looks the globals up at call time, so fake timers installed after creation still apply. */
export const defaultTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}
