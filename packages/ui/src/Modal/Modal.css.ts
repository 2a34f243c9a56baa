import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../theme/contract.css'

const NARROW = 'screen and (max-width: 430px)'

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })
const rise = keyframes({ from: { opacity: 0, transform: 'translateY(12px) scale(0.98)' }, to: { opacity: 1, transform: 'none' } })
const shakeFrames = keyframes({
  '0%, 100%': { transform: 'translateX(0)' },
  '20%, 60%': { transform: 'translateX(-8px)' },
  '40%, 80%': { transform: 'translateX(8px)' },
})

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  background: vars.color.overlay,
  animation: `${fadeIn} 150ms ease-out`,
  '@media': {
    [NARROW]: { alignItems: 'flex-end', padding: 0 },
    '(prefers-reduced-motion: reduce)': { animation: 'none' },
  },
})

export const inlineRoot = style({ display: 'flex', justifyContent: 'center' })

export const dialog = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  width: vars.size.modalWidth,
  maxWidth: '100%',
  maxHeight: 'calc(100vh - 32px)',
  overflow: 'hidden',
  background: vars.color.surface,
  color: vars.color.foreground,
  borderRadius: vars.radius.modal,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.modal,
  outline: 'none',
  animation: `${rise} 180ms ease-out`,
  '@media': {
    [NARROW]: {
      width: '100%',
      borderBottomLeftRadius: 0,
      borderBottomRightRadius: 0,
      maxHeight: '90vh',
    },
    '(prefers-reduced-motion: reduce)': { animation: 'none' },
  },
})

export const inlineDialog = style({ animation: 'none' })

export const shake = style({ animation: `${shakeFrames} 500ms ease-in-out` })

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.lg} ${vars.space.lg}`,
  overflowY: 'auto',
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

export const snackbarSlot = style({
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: vars.space.lg,
  display: 'flex',
  justifyContent: 'center',
  padding: `0 ${vars.space.lg}`,
  pointerEvents: 'none',
})
