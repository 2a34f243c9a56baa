// The dialog's place and height while it is open (the portal modal only):
// - the overlay covers the visual viewport (pinch zoom, mobile browser bars, on-screen keyboard),
//   and the sheet's maximum height follows it (--portico-vh);
// - the dialog's top is fixed for the session: centred when it opens, moved up only when the
//   dialog would run off the bottom, so a view change never re-centres it;
// - within one view the dialog never shrinks (tabs, loading rows: a stable height); a new view
//   starts from its own height;
// - height changes animate briefly (the dialog's `transition`, off with prefers-reduced-motion).
import { NARROW } from './media'

export interface Sizing {
  /** A new view is shown: drop the current view's height floor. */
  newView(): void
  detach(): void
}

export function attachSizing(overlay: HTMLElement, dialog: HTMLElement, sizer: HTMLElement): Sizing {
  const win = overlay.ownerDocument.defaultView
  if (!win || typeof win.ResizeObserver !== 'function') return { newView() {}, detach() {} }
  const vv = win.visualViewport
  const narrow = win.matchMedia?.(NARROW)

  let shown = -1 // the dialog's current target height (border box), -1 before the first measure
  let top = -1 // the anchored top offset inside the overlay's padding, -1 before the first placement
  let floor = 0

  const animates = () => Number.parseFloat(win.getComputedStyle(dialog).transitionDuration) > 0
  const withoutTransition = (change: () => void) => {
    dialog.style.transition = 'none'
    change()
    void dialog.offsetHeight
    dialog.style.transition = ''
  }

  const place = (height: number, animate: boolean) => {
    if (narrow?.matches) {
      if (dialog.style.marginTop) withoutTransition(() => (dialog.style.marginTop = ''))
      top = -1
      return
    }
    const cs = win.getComputedStyle(overlay)
    const room = overlay.clientHeight - Number.parseFloat(cs.paddingTop) - Number.parseFloat(cs.paddingBottom)
    const first = top < 0
    if (first) top = Math.max(0, Math.round((room - height) / 2))
    else if (top + height > room) top = Math.max(0, Math.floor(room - height))
    const value = `${top}px`
    if (dialog.style.marginTop === value) return
    if (first || !animate) withoutTransition(() => (dialog.style.marginTop = value))
    else dialog.style.marginTop = value
  }

  const measure = () => {
    // The used height, unrounded (a rounded floor would grow the sizer and notify the observer
    // again) and untransformed (the open animation scales the dialog).
    const natural = Number.parseFloat(win.getComputedStyle(sizer).height)
    // Whole pixels, never above the current height: sub-pixel differences between a view's states
    // (placeholders, then rows) pass, real shrinking is held.
    if (Math.floor(natural) > floor) {
      floor = Math.floor(natural)
      sizer.style.setProperty('--portico-floor', `${floor}px`)
    }
    const target = natural + (dialog.offsetHeight - dialog.clientHeight)
    const from = shown
    shown = target
    const animate = from >= 0 && from !== target && animates()
    place(target, animate)
    if (!animate) {
      dialog.style.height = ''
      return
    }
    // Freeze at the old height (from auto: no transition), then go to the new one.
    if (!dialog.style.height) {
      dialog.style.height = `${from}px`
      void dialog.offsetHeight
    }
    dialog.style.height = `${target}px`
  }

  const settle = (e: TransitionEvent) => {
    if (e.target === dialog && e.propertyName === 'height') dialog.style.height = ''
  }

  const fitViewport = () => {
    if (vv) {
      Object.assign(overlay.style, {
        top: `${vv.offsetTop}px`,
        left: `${vv.offsetLeft}px`,
        width: `${vv.width}px`,
        height: `${vv.height}px`,
        right: 'auto',
        bottom: 'auto',
      })
      overlay.style.setProperty('--portico-vh', `${vv.height}px`)
    }
  }
  const onViewport = () => {
    fitViewport()
    // A new viewport (rotation, keyboard): centre again, without animation.
    top = -1
    floor = 0
    sizer.style.removeProperty('--portico-floor')
    shown = -1
    measure()
  }

  fitViewport()
  measure()
  const observer = new win.ResizeObserver(() => measure())
  observer.observe(sizer)
  dialog.addEventListener('transitionend', settle)
  dialog.addEventListener('transitioncancel', settle)
  vv?.addEventListener('resize', onViewport)
  vv?.addEventListener('scroll', fitViewport)
  if (!vv) win.addEventListener('resize', onViewport)

  return {
    newView() {
      floor = 0
      sizer.style.removeProperty('--portico-floor')
    },
    detach() {
      observer.disconnect()
      dialog.removeEventListener('transitionend', settle)
      dialog.removeEventListener('transitioncancel', settle)
      vv?.removeEventListener('resize', onViewport)
      vv?.removeEventListener('scroll', fitViewport)
      if (!vv) win.removeEventListener('resize', onViewport)
    },
  }
}
