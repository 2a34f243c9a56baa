import type { ViewportRect } from '@portico/headless'
import { useCallback, useRef } from 'react'

/** The longest the modal's own transitions are waited for before a room is measured anyway. */
const SETTLE_MS = 1000

/**
 * The box of `element` (a room a view makes for the secure frame) once the page's finite animations have ended:
 * measured while the modal still grows or slides into its new height, the frame would be placed where the room
 * is not (seen: 25 px too high over the TOTP set-up). Endless animations (spinners) are not waited for, and
 * nothing longer than SETTLE_MS.
 */
export async function settledRect(element: Element): Promise<ViewportRect> {
  const doc = element.ownerDocument
  const running =
    typeof doc.getAnimations === 'function'
      ? doc.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? 0)))
      : []
  if (running.length) {
    await Promise.race([
      Promise.all(running.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
    ])
  }
  const { left, top, width, height } = element.getBoundingClientRect()
  return { left, top, width, height }
}

/**
 * The ref callback of a room for the secure frame: once `wanted` and the room is in the page and settled
 * (settledRect), `open(rect)` is called, once; not at all if the room went meanwhile. `opened` says whether it
 * was called (the view's effects watch the answer from then on); `reset()` makes the next room open again.
 */
export function useFrameRoom(wanted: boolean, open: (rect: ViewportRect) => void) {
  const opened = useRef(false)
  const measuring = useRef(false)
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || !wanted || opened.current || measuring.current) return
      measuring.current = true
      void settledRect(element).then((rect) => {
        measuring.current = false
        if (!element.isConnected) return
        opened.current = true
        open(rect)
      })
    },
    [wanted, open],
  )
  const reset = useCallback(() => {
    opened.current = false
  }, [])
  return { ref, opened, reset }
}
