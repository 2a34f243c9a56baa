import { useEffect, useRef } from 'react'

// Internal to the hooks. Not named use*.ts: tests/layers.ts holds every react/use*.ts to the public hook's shape.

/**
 * Leaving gives the flow up: `cancel` runs when the component unmounts, unless it is mounted again in
 * the same task (React StrictMode's remount keeps the flow). Off when `enabled` is false.
 */
export function useCancelOnUnmount(cancel: () => void, enabled: boolean): void {
  const cancelRef = useRef(cancel)
  cancelRef.current = cancel
  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
    if (!enabled) return
    return () => {
      mounted.current = false
      queueMicrotask(() => {
        if (!mounted.current) cancelRef.current()
      })
    }
  }, [enabled])
}
