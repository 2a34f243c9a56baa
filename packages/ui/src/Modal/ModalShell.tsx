import { type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { focusables, focusablesOnTop, focusView, isOnTop } from './focus'
import * as styles from './Modal.css'
import { attachSizing, type Sizing } from './sizing'

// Focus moves in the same commit that shows the dialog; on the server (inline rendering) fall back to useEffect.
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

export type ModalShellProps = {
  /** id of the element naming the dialog (the header title). */
  labelledBy: string
  /** Called on Escape and on a click on the overlay. */
  onClose: () => void
  /** Play the shake animation (SPEC: 500 ms when asked to). @default false */
  shake?: boolean
  /** Theme class and variables for the portal root. */
  themeClassName?: string
  themeStyle?: CSSProperties
  /** Render in place without portal and overlay (Storybook, embedded layouts). @default false */
  inline?: boolean
  /**
   * Identifies the view shown (route entry). When it changes, focus moves to the new view (its
   * `data-autofocus` element, else the title) and the new view takes its own height.
   */
  viewKey?: string
  /** Fixed footer under the scrolling body. */
  footer?: ReactNode
  /** The snackbar: under the view, in the dialog's flow (never over the view's buttons). */
  overlayContent?: ReactNode
  /** The header. */
  header: ReactNode
  /** Text direction and language of the modal's strings, set on its root ('rtl' mirrors the layout). @default inherited from the page */
  dir?: 'ltr' | 'rtl'
  lang?: string
  children: ReactNode
}

/**
 * The 370 px dialog: role dialog + aria-modal, labelled by the header title. Focus moves into it on
 * open and on every view change, Tab/Shift+Tab stay inside it (plus elements that sit above the
 * overlay, such as a wallet's prompt), Escape and a click on the overlay close, and focus returns to
 * the element that had it before opening.
 */
export function ModalShell({
  labelledBy,
  onClose,
  shake = false,
  themeClassName,
  themeStyle,
  inline = false,
  viewKey,
  footer,
  overlayContent,
  header,
  dir,
  lang,
  children,
}: ModalShellProps) {
  const rootRef = useRef<HTMLDivElement>(null)
  const overlayRef = useRef<HTMLDivElement>(null)
  const dialogRef = useRef<HTMLDivElement>(null)
  const sizerRef = useRef<HTMLDivElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const sizing = useRef<Sizing | null>(null)
  const pointerDownOn = useRef<EventTarget | null>(null)
  const shownView = useRef(viewKey)

  useIsomorphicLayoutEffect(() => {
    if (inline) return
    const dialog = dialogRef.current
    const root = rootRef.current
    if (!dialog || !root) return
    const doc = dialog.ownerDocument
    const previous = doc.activeElement as HTMLElement | null
    // Keep the page behind the dialog from scrolling while it is open.
    const overflow = doc.body.style.overflow
    doc.body.style.overflow = 'hidden'
    if (!dialog.contains(doc.activeElement)) focusView(dialog, labelledBy)

    // Focus may leave the dialog only for elements above the overlay (a wallet's prompt); anything
    // under it (Tab past the end of such a prompt, a page script) brings focus back to the dialog.
    const onFocusIn = (e: FocusEvent) => {
      const target = e.target as Element | null
      if (target?.nodeType !== 1 || root.contains(target) || isOnTop(target)) return
      ;(focusables(dialog)[0] ?? dialog).focus()
    }
    // Where each press started: the overlay closes only when press and click are both on it.
    const onPointerDown = (e: PointerEvent) => {
      pointerDownOn.current = e.target
    }
    doc.addEventListener('focusin', onFocusIn)
    doc.addEventListener('pointerdown', onPointerDown, true)
    sizing.current = overlayRef.current && sizerRef.current ? attachSizing(overlayRef.current, dialog, sizerRef.current) : null
    return () => {
      doc.removeEventListener('focusin', onFocusIn)
      doc.removeEventListener('pointerdown', onPointerDown, true)
      sizing.current?.detach()
      sizing.current = null
      doc.body.style.overflow = overflow
      if (previous && typeof previous.focus === 'function' && previous.isConnected) previous.focus()
    }
  }, [inline])

  // A new view: start it at the top, give it focus (unless focus is on something above the overlay,
  // such as a wallet prompt that appeared meanwhile) and let it take its own height.
  useIsomorphicLayoutEffect(() => {
    if (shownView.current === viewKey) return
    shownView.current = viewKey
    const dialog = dialogRef.current
    if (inline || !dialog) return
    if (bodyRef.current) bodyRef.current.scrollTop = 0
    sizing.current?.newView()
    const doc = dialog.ownerDocument
    const active = doc.activeElement
    if (!active || active === doc.body || dialog.contains(active)) focusView(dialog, labelledBy)
  }, [viewKey, inline])

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation()
      onClose()
      return
    }
    if (e.key !== 'Tab' || !dialogRef.current) return
    const items = focusables(dialogRef.current)
    if (items.length === 0) {
      e.preventDefault()
      dialogRef.current.focus()
      return
    }
    const first = items[0] as HTMLElement
    const last = items[items.length - 1] as HTMLElement
    const active = document.activeElement
    const wrap = (forward: boolean) => {
      e.preventDefault()
      // Elements above the overlay (a wallet's prompt) are part of the cycle.
      const above = inline || !rootRef.current ? [] : focusablesOnTop(rootRef.current)
      const next = forward ? (above[0] ?? first) : (above[above.length - 1] ?? last)
      next.focus()
    }
    // The title or the dialog itself may hold focus: before the first control, or after the last.
    const outside = active !== null && !items.includes(active as HTMLElement)
    const follows = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
    if (e.shiftKey && (active === first || (outside && follows(active, first)))) wrap(false)
    else if (!e.shiftKey && (active === last || (outside && follows(last, active)))) wrap(true)
  }

  const dialog = (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal={inline ? undefined : true}
      aria-labelledby={labelledBy}
      tabIndex={-1}
      className={[styles.dialog, inline && styles.inlineDialog, shake && styles.shake].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
      data-testid="portico-modal"
      data-shake={shake || undefined}
    >
      <div ref={sizerRef} className={styles.sizer}>
        {header}
        <div ref={bodyRef} className={styles.body} data-testid="portico-modal-body">
          {children}
        </div>
        {overlayContent && (
          <div className={styles.snackbarSlot} data-testid="portico-snackbar-slot">
            {overlayContent}
          </div>
        )}
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  )

  if (inline) {
    return (
      <div className={[themeClassName, styles.inlineRoot].filter(Boolean).join(' ')} style={themeStyle} dir={dir} lang={lang}>
        {dialog}
      </div>
    )
  }

  // Only a press that started on the overlay itself and a click that ends on it close: a click on an
  // element above the overlay (a wallet prompt) or a drag out of the dialog does not.
  const onOverlayClick = (e: MouseEvent) => {
    const pressed = pointerDownOn.current
    pointerDownOn.current = null
    if (e.target === e.currentTarget && pressed === e.currentTarget) onClose()
  }

  return createPortal(
    <div ref={rootRef} className={themeClassName} style={themeStyle} dir={dir} lang={lang} data-portico-root="">
      {/* The backdrop's click is a pointer shortcut; its keyboard equivalent is Escape, which the dialog handles (onKeyDown). */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above: a backdrop, not a control. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above: Escape on the dialog. */}
      <div ref={overlayRef} className={styles.overlay} onClick={onOverlayClick} data-testid="portico-modal-overlay">
        {dialog}
      </div>
    </div>,
    document.body,
  )
}
