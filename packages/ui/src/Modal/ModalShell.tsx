import { type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { focusables } from './focus'
import * as styles from './Modal.css'

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
  /** Fixed footer under the scrolling body. */
  footer?: ReactNode
  /** Floating content over the bottom of the dialog (the snackbar). */
  overlayContent?: ReactNode
  /** The header. */
  header: ReactNode
  children: ReactNode
}

/**
 * The 370 px dialog: role dialog + aria-modal, labelled by the header title, Tab/Shift+Tab kept inside,
 * Escape and overlay click close, focus returns to the element that had it before opening.
 */
export function ModalShell({ labelledBy, onClose, shake = false, themeClassName, themeStyle, inline = false, footer, overlayContent, header, children }: ModalShellProps) {
  const dialogRef = useRef<HTMLDivElement>(null)
  const pressedOnOverlay = useRef(false)

  useIsomorphicLayoutEffect(() => {
    if (inline) return
    const previous = document.activeElement as HTMLElement | null
    // Keep the page behind the dialog from scrolling while it is open.
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    const dialog = dialogRef.current
    if (dialog && !dialog.contains(document.activeElement)) (focusables(dialog)[0] ?? dialog).focus()
    return () => {
      document.body.style.overflow = overflow
      if (previous && typeof previous.focus === 'function' && previous.isConnected) previous.focus()
    }
  }, [inline])

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
    if (e.shiftKey && (active === first || active === dialogRef.current)) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && active === last) {
      e.preventDefault()
      first.focus()
    }
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
      {header}
      <div className={styles.body}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
      {overlayContent && <div className={styles.snackbarSlot}>{overlayContent}</div>}
    </div>
  )

  if (inline) {
    return (
      <div className={[themeClassName, styles.inlineRoot].filter(Boolean).join(' ')} style={themeStyle}>
        {dialog}
      </div>
    )
  }

  const onOverlayMouseDown = (e: MouseEvent) => {
    pressedOnOverlay.current = e.target === e.currentTarget
  }
  const onOverlayClick = (e: MouseEvent) => {
    if (pressedOnOverlay.current && e.target === e.currentTarget) onClose()
    pressedOnOverlay.current = false
  }

  return createPortal(
    <div className={themeClassName} style={themeStyle} data-portico-root="">
      <div className={styles.overlay} onMouseDown={onOverlayMouseDown} onClick={onOverlayClick} data-testid="portico-modal-overlay">
        {dialog}
      </div>
    </div>,
    document.body,
  )
}
