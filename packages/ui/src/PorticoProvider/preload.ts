// Preloading the modal before the first click. PorticoProvider puts its instance's preload function in
// this context; the buttons and apps reach it through usePreloadModal(), so they stay render-only.
// Preloading fetches JS chunks from the app's own origin only: it never contacts the Portico API.
import { createContext, useContext, useMemo } from 'react'

type Preload = () => Promise<void>

/** The provider's preload (outside a PorticoProvider: nothing to load, resolves at once). */
export const PreloadContext = createContext<Preload>(() => Promise.resolve())

export type UsePreloadModalReturn = {
  /** Fetch the modal chunk and the flows its views drive; resolves when they are in, rejects when a chunk fails to load. */
  preload: Preload
  /** Spread on an element that opens the modal: hovering or focusing it starts the preload. */
  onPointerEnter: () => void
  onFocus: () => void
}

/**
 * Start loading the default modal ahead of the click. Call `preload()` (route loaders, after a
 * login form, …) or spread `{ onPointerEnter, onFocus }` on your own element that calls `open`.
 * Needs a PorticoProvider above; repeated calls load nothing twice.
 */
export function usePreloadModal(): UsePreloadModalReturn {
  const preload = useContext(PreloadContext)
  return useMemo(() => {
    const start = () => void preload().catch(() => undefined) // a failed chunk is tried again on open
    return { preload, onPointerEnter: start, onFocus: start }
  }, [preload])
}

type Handlers<P, F> = { onPointerEnter?: (event: P) => void; onFocus?: (event: F) => void }

/** For Portico's buttons: the element's own onPointerEnter / onFocus, each starting the preload first. */
export function usePreloadHandlers<P, F>(own: Handlers<P, F>): Required<Handlers<P, F>> {
  const { onPointerEnter: start } = usePreloadModal()
  return {
    onPointerEnter: (event) => {
      start()
      own.onPointerEnter?.(event)
    },
    onFocus: (event) => {
      start()
      own.onFocus?.(event)
    },
  }
}

/** Runs `run` in the first idle period after the page's load event (a 300 ms timer where requestIdleCallback is missing). Returns a cancel function. */
export function afterLoadIdle(run: () => void): () => void {
  const idle = typeof requestIdleCallback === 'function'
  let id: number | undefined
  const start = () => {
    id = idle ? requestIdleCallback(run, { timeout: 3000 }) : (setTimeout(run, 300) as unknown as number)
  }
  if (document.readyState === 'complete') start()
  else addEventListener('load', start, { once: true })
  return () => {
    removeEventListener('load', start)
    if (id !== undefined) (idle ? cancelIdleCallback : clearTimeout)(id)
  }
}
