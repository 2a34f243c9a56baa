// Test timers shared by the headless and ui tests (handed to createPortico as `timers`).
import type { Timers } from '@portico/headless'

/**
 * Timers driven by hand, handed to createPortico: `advance(ms)` fires what falls due within `ms`, in
 * time order (a timer set by one of them fires too when it falls within), `now()` moving with them.
 */
export function manualTimers(start = 0) {
  let now = start
  let next = 1
  const pending = new Map<number, { at: number; fn: () => void }>()
  const timers: Timers & { advance(ms: number): void } = {
    now: () => now,
    setTimeout(fn, ms) {
      pending.set(next, { at: now + ms, fn })
      return next++
    },
    clearTimeout: (h) => void pending.delete(h as number),
    advance(ms) {
      const end = now + ms
      for (;;) {
        const due = [...pending].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        pending.delete(due[0])
        now = due[1].at
        due[1].fn()
      }
      now = end
    },
  }
  return timers
}
