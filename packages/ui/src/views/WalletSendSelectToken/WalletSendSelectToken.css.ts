import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css'

// WalletSendSelectToken: the search field, then the tokens with a balance (icon, name, balance, value),
// or the empty state (the rows and the empty state: ../shared/Token.css).

export const view = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs}`,
})
