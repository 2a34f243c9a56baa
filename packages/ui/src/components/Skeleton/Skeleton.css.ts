import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

const shimmer = keyframes({ from: { backgroundPosition: '100% 0' }, to: { backgroundPosition: '-100% 0' } })

/** A grey block with a light sweep (still when reduced motion is asked for). */
export const block = style({
  display: 'block',
  flexShrink: 0,
  borderRadius: vars.radius.xs,
  backgroundColor: vars.color.surfaceHover,
  backgroundImage: `linear-gradient(90deg, transparent 0%, ${vars.color.surfaceActive} 50%, transparent 100%)`,
  backgroundSize: '200% 100%',
  backgroundRepeat: 'no-repeat',
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none', backgroundImage: 'none' } },
})

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' })

/** The shape of a wallet row: a 40 px tile and a name bar, 56 px high. */
export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  boxSizing: 'border-box',
  height: vars.size.listItem,
  paddingBlock: vars.space.sm,
  paddingInline: `${vars.space.sm} ${vars.space.md}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
})

export const tile = style({ width: vars.size.walletImage, height: vars.size.walletImage, borderRadius: vars.radius.sm })
export const bar = style({ height: 12 })
