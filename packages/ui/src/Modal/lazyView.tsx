// A view whose code is its own chunk (the swap views): a spinner in its place while the chunk loads,
// an alert with Retry when it fails, then the view. No React.lazy/Suspense: a suspended boundary is
// revealed no sooner than 300 ms after its fallback, and these chunks come from the app's own origin
// in a few milliseconds.
import { type ComponentType, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Button } from '../components/Button/Button'
import { Icon } from '../components/Icon/icons'
import { Spinner } from '../components/Spinner/Spinner'
import { useMessages } from '../messages/context'
import { ErrorAlert } from '../views/shared/ErrorAlert'
import * as viewStyles from '../views/shared/views.css'
import { focusView } from './focus'

/**
 * `load` (a chunk's `import()`) made a loader for lazyView: one fetch for every view of the chunk, and
 * a failed fetch is tried again on the next call.
 */
export function chunkLoader<M>(load: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | undefined
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined
      throw error
    }))
}

/** The loaded module of each loader, so that a view shown again renders at once. */
const loaded = new Map<() => Promise<unknown>, unknown>()

/**
 * A component that loads `load()` on first render and then renders `pick(module)`. Once a loader has
 * resolved, every view on it renders in the same commit as the navigation.
 */
export function lazyView<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): ComponentType {
  // biome-ignore lint/correctness/noComponentHookFactories: a component factory like React.lazy: called once per route at module level, never while rendering.
  function LazyView() {
    const messages = useMessages()
    const [mod, setMod] = useState(() => loaded.get(load) as M | undefined)
    const [failed, setFailed] = useState(false)
    // Shown after a spinner: focus moves on to the view once it is in (see FocusOnArrival).
    const late = useRef(mod === undefined)
    useEffect(() => {
      if (mod !== undefined || failed) return
      let live = true
      load().then(
        (m) => {
          loaded.set(load, m)
          if (live) setMod(m)
        },
        () => live && setFailed(true),
      )
      return () => {
        live = false
      }
    }, [mod, failed])
    if (failed) {
      return (
        <div className={viewStyles.centered} data-testid="portico-view-failed">
          <ErrorAlert testId="portico-view-failed-text">{messages.lazyView.failed}</ErrorAlert>
          <Button
            variant="secondary"
            size="sm"
            icon={<Icon name="refresh" size={16} />}
            onClick={() => setFailed(false)}
            data-testid="portico-view-retry"
          >
            {messages.lazyView.retry}
          </Button>
        </div>
      )
    }
    if (mod === undefined) {
      return (
        <div className={viewStyles.centered} data-testid="portico-view-loading">
          <Spinner size={24} label={messages.lazyView.loading} accent />
        </div>
      )
    }
    const View = pick(mod)
    return (
      <>
        <View />
        {late.current && <FocusOnArrival />}
      </>
    )
  }
  return LazyView
}

/**
 * When a view arrives after its spinner, the shell has already put focus on the title: move it to
 * the view's `data-autofocus` element, unless the user has moved it elsewhere meanwhile. An inline
 * modal (no focus taken by the shell) is left alone. A hidden span: no layout.
 */
function FocusOnArrival() {
  const ref = useRef<HTMLSpanElement>(null)
  useLayoutEffect(() => {
    const dialog = ref.current?.closest<HTMLElement>('[role="dialog"]')
    const titleId = dialog?.getAttribute('aria-labelledby')
    if (!dialog || !titleId || dialog.getAttribute('aria-modal') !== 'true') return
    const active = dialog.ownerDocument.activeElement
    if (!active || active === dialog.ownerDocument.body || active === dialog || active.id === titleId) focusView(dialog, titleId)
  }, [])
  return <span hidden ref={ref} />
}
