import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

const base = style({
  width: '100%',
  boxSizing: 'border-box',
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
})

/**
 * The rooms views make for the secure frame (it is placed over them), each as tall as the frame's view needs
 * without a scroll bar: a key shown for export, the TOTP set-up (title, QR code, setup key), and the recovery
 * views (title, text, field or secret, two buttons).
 */
export const frameRoom = styleVariants({
  key: [base, { height: 260 }],
  totp: [base, { height: 300 }],
  recovery: [base, { height: 340 }],
})
