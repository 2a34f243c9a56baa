const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

/** Elements inside `root` reachable with Tab, in document order. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  )
}

/**
 * Whether `el` is on screen and nothing covers its centre: it sits above the modal overlay (a
 * wallet extension's prompt, the dev wallet's corner prompt). Elements under the overlay, hidden or
 * off screen are not.
 */
export function isOnTop(el: Element): boolean {
  const doc = el.ownerDocument
  if (typeof doc.elementFromPoint !== 'function') return false
  const r = el.getBoundingClientRect()
  if (r.width === 0 || r.height === 0) return false
  const hit = doc.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
  return hit !== null && (hit === el || el.contains(hit))
}

/** Tab-reachable elements outside `except` that sit above the overlay, in document order. */
export function focusablesOnTop(except: HTMLElement): HTMLElement[] {
  const body = except.ownerDocument.body
  return focusables(body).filter((el) => !except.contains(el) && isOnTop(el))
}

/**
 * Puts focus where a freshly shown view wants it: the element marked `data-autofocus` inside the
 * dialog (a view's primary input), else the dialog's title (made focusable with tabindex -1), else
 * the dialog itself.
 */
export function focusView(dialog: HTMLElement, titleId: string): void {
  const doc = dialog.ownerDocument
  const marked = dialog.querySelector<HTMLElement>('[data-autofocus]')
  if (marked) {
    marked.focus()
    if (doc.activeElement === marked) return
  }
  const title = doc.getElementById(titleId)
  if (title && dialog.contains(title)) {
    if (!title.hasAttribute('tabindex')) title.setAttribute('tabindex', '-1')
    title.focus()
    if (doc.activeElement === title) return
  }
  dialog.focus()
}
