import { globalStyle, keyframes, style } from '@vanilla-extract/css'
import { vars } from '../theme/contract.css'
import { NARROW } from './media'

const REDUCED = '(prefers-reduced-motion: reduce)'

// Open transitions never hide the first frame: the backdrop's colour fades in (the dialog is not
// its child in opacity terms), the dialog only moves (transform), fully opaque from its first frame.
const backdropIn = keyframes({ from: { backgroundColor: 'transparent' } })
const rise = keyframes({ from: { transform: 'translateY(8px) scale(0.985)' }, to: { transform: 'none' } })
const slideUp = keyframes({ from: { transform: 'translateY(24px)' }, to: { transform: 'none' } })
const shakeFrames = keyframes({
  '0%, 100%': { transform: 'translateX(0)' },
  '20%, 60%': { transform: 'translateX(-8px)' },
  '40%, 80%': { transform: 'translateX(8px)' },
})

/** The visual viewport's height, kept up to date by the sizing code (100dvh until then). */
const viewportHeight = 'var(--portico-vh, 100dvh)'

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  display: 'flex',
  // The dialog's top is placed by the sizing code (centred on open, then kept), not re-centred by flex.
  alignItems: 'flex-start',
  justifyContent: 'center',
  padding: vars.space.lg,
  background: vars.color.overlay,
  animation: `${backdropIn} 150ms ease-out`,
  '@media': {
    [NARROW]: { alignItems: 'flex-end', padding: 0 },
    [REDUCED]: { animation: 'none' },
  },
})

export const inlineRoot = style({ display: 'flex', justifyContent: 'center' })

export const dialog = style({
  position: 'relative',
  flex: 'none',
  width: vars.size.modalWidth,
  maxWidth: '100%',
  overflow: 'hidden',
  background: vars.color.surface,
  color: vars.color.foreground,
  borderRadius: vars.radius.modal,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.modal,
  outline: 'none',
  animation: `${rise} 180ms ease-out`,
  // Height changes between views and tabs (set in px by the sizing code while they run).
  transition: 'height 200ms ease-out, margin-top 200ms ease-out',
  '@media': {
    [NARROW]: {
      width: '100%',
      borderEndStartRadius: 0,
      borderEndEndRadius: 0,
      animationName: slideUp,
    },
    [REDUCED]: { animation: 'none', transition: 'none' },
  },
})

const maxHeight = `calc(${viewportHeight} - 2 * ${vars.space.lg})`
const sheetMaxHeight = `calc(${viewportHeight} - 48px)`

/** Header, scrolling body and footer, at their natural height (the dialog follows it). */
export const sizer = style({
  display: 'flex',
  flexDirection: 'column',
  maxHeight: ['calc(100vh - 32px)', maxHeight],
  // Within one view the height does not shrink (the sizing code raises --portico-floor).
  minHeight: `min(var(--portico-floor, 0px), ${maxHeight})`,
  '@media': {
    [NARROW]: {
      maxHeight: ['90vh', sheetMaxHeight],
      minHeight: `min(var(--portico-floor, 0px), ${sheetMaxHeight})`,
    },
  },
})

// The title takes focus on a view change when the view marks nothing else (tabindex -1, not a
// control): no focus ring on a heading.
globalStyle(`${dialog} :is(h1, h2, h3)[tabindex="-1"]:focus`, { outline: 'none' })

export const inlineDialog = style({ animation: 'none', transition: 'none' })

export const shake = style({ animation: `${shakeFrames} 500ms ease-in-out` })

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  flex: '1 1 auto',
  minHeight: 0,
  padding: `${vars.space.xs} ${vars.space.lg} ${vars.space.lg}`,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
})

export const footer = style({
  padding: `${vars.space.md} ${vars.space.xl} ${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.foregroundSecondary,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.normal,
  textAlign: 'center',
})

/**
 * The snackbar, in the dialog's flow under the view (issue 25): it takes room only while it shows, and
 * never lies over a view's buttons.
 */
export const snackbarSlot = style({
  display: 'flex',
  justifyContent: 'center',
  padding: `0 ${vars.space.lg} ${vars.space.md}`,
})
