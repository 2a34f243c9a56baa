import { useEffect, useState } from 'react'
import type { Timers } from '../core/timers'

/**
 * Renders again on each whole second until `until` (a `timers.now()` time) has passed, so a
 * countdown derived from the clock (the login mail's resend wait) shows every second. Off while
 * `until` is undefined or `active` is false.
 */
export function useCountdownTicks(until: number | undefined, timers: Timers, active = true): void {
  const [, setTick] = useState(0)
  useEffect(() => {
    if (until === undefined || !active) return
    let handle: unknown
    const next = () => {
      const left = until - timers.now()
      if (left <= 0) return
      handle = timers.setTimeout(
        () => {
          setTick((n) => n + 1)
          next()
        },
        left % 1000 || 1000,
      )
    }
    next()
    return () => timers.clearTimeout(handle)
  }, [until, active, timers])
}
