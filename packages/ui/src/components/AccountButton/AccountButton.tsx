import { formatBalance } from '@portico/headless'
import { useAccount, useModal } from '@portico/headless/react'
import type { ButtonHTMLAttributes } from 'react'
import { useButtonMessages } from '../../messages/buttons'
import { usePreloadHandlers } from '../../PorticoProvider/preload'
import { useThemeProps } from '../../useThemeProps'
import { AccountPill } from '../ConnectButton/ConnectButton'
import * as styles from '../ConnectButton/ConnectButton.css'

export type AccountButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'onClick'> & {
  /** @default true */
  showBalance?: boolean
}

/** The connected account (renders nothing while disconnected); opens the Account view. */
export function AccountButton({ showBalance = true, className, style, ...rest }: AccountButtonProps) {
  const { open } = useModal()
  const account = useAccount()
  const theme = useThemeProps()
  // The balance in the locale the instance's modal shows (en-US before it has shown one).
  const { locale } = useButtonMessages()
  // Hover or focus starts loading the modal, so the click opens it in the next frame.
  const preload = usePreloadHandlers(rest)
  if (!account.isConnected || !account.address) return null
  const balance =
    showBalance && account.balance !== undefined
      ? `${formatBalance(account.balance, 3, locale)} ${account.balanceSymbol ?? ''}`.trim()
      : undefined
  return (
    <button
      type="button"
      data-testid="portico-account-button"
      className={[theme.className, styles.button, styles.account, className].filter(Boolean).join(' ')}
      style={{ ...theme.style, ...style }}
      onClick={() => void open({ view: 'Account' })}
      {...rest}
      {...preload}
    >
      {/* An email or social account shows its email or name, as the modal does (issue 25 §1); the pill cuts a long one. */}
      <AccountPill
        address={account.address}
        name={account.profileName ?? account.authName}
        image={account.profileImage}
        balance={balance}
      />
    </button>
  )
}
