import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

const travel = keyframes({ from: { strokeDashoffset: '0' }, to: { strokeDashoffset: '-100' } })

/** The wallet icon (80 px) inside its ring (104 px). */
export const stage = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 104,
  height: 104,
  marginBottom: vars.space.sm,
})

export const ring = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', overflow: 'visible' })
export const ringFailed = style([ring])

export const ringTrack = style({ fill: 'none', stroke: vars.color.border, strokeWidth: 3 })
/** A quarter of the ring travels around the icon while the wallet is asked. */
export const ringArc = style({
  fill: 'none',
  stroke: vars.color.accent,
  strokeWidth: 3,
  strokeLinecap: 'round',
  strokeDasharray: '26 74',
  animation: `${travel} 1.6s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '4.8s' } },
})
export const ringErrorStroke = style({ fill: 'none', stroke: vars.color.error, strokeWidth: 3 })

export const walletTile = style({
  display: 'flex',
  width: 80,
  height: 80,
  borderRadius: 22,
  overflow: 'hidden',
  background: vars.color.surfaceRaised,
})

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  marginBottom: vars.space.sm,
})
