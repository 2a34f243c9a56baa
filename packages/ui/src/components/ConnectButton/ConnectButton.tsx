import { formatBalance, shortenAddress } from '@portico/headless'
import { useAccount, useModal } from '@portico/headless/react'
import type { ButtonHTMLAttributes } from 'react'
import { useButtonMessages } from '../../messages/buttons'
import { usePreloadHandlers } from '../../PorticoProvider/preload'
import { useThemeProps } from '../../useThemeProps'
import { AvatarDot } from '../Avatar/AvatarDot'
import * as styles from './ConnectButton.css'

export type ConnectButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'onClick'> & {
  /** Label while disconnected. @default messages.connectWallet ('Connect wallet') */
  label?: string
  /** Show the native balance next to the address when connected. @default true */
  showBalance?: boolean
}

/** The avatar dot + name or address (+ balance) pill of a connected account. */
export function AccountPill({
  address,
  name,
  image,
  balance,
}: {
  address: string
  name?: string | null
  image?: string | null
  balance?: string
}) {
  return (
    <>
      {balance && <span className={styles.balance}>{balance}</span>}
      <span className={styles.pill}>
        <AvatarDot address={address} image={image} className={styles.dot} imageClassName={styles.dotImage} />
        {/* A registered name (Portico name or ENS) stands for the address; the whole address is in the tooltip. */}
        <span className={styles.name} title={address} data-testid={name ? 'portico-connect-button-name' : 'portico-connect-button-address'}>
          {name || shortenAddress(address)}
        </span>
      </span>
    </>
  )
}

/** Opens the modal: 'Connect wallet' while disconnected, the account (address, balance) once connected. */
export function ConnectButton({ label, showBalance = true, className, style, ...rest }: ConnectButtonProps) {
  const messages = useButtonMessages()
  const { open } = useModal()
  const account = useAccount()
  const theme = useThemeProps()
  // Hover or focus starts loading the modal, so the click opens it in the next frame.
  const preload = usePreloadHandlers(rest)
  const connected = account.isConnected && account.address
  const connecting = account.status === 'connecting'
  const balance =
    showBalance && account.balance !== undefined
      ? `${formatBalance(account.balance, 3, messages.locale)} ${account.balanceSymbol ?? ''}`.trim()
      : undefined
  return (
    <button
      type="button"
      data-testid="portico-connect-button"
      data-portico-theme={theme['data-portico-theme']}
      className={[theme.className, styles.button, connected && styles.account, className].filter(Boolean).join(' ')}
      style={{ ...theme.style, ...style }}
      aria-busy={connecting || undefined}
      onClick={() => void open()}
      {...rest}
      {...preload}
    >
      {connected ? (
        <AccountPill
          address={account.address as string}
          // An email or social account shows its email or name, as the modal does (issue 25 §1).
          name={account.profileName ?? account.authName}
          image={account.profileImage}
          balance={balance}
        />
      ) : (
        <>
          {connecting && <span className={styles.spinner} aria-hidden="true" />}
          {connecting ? messages.connecting : (label ?? messages.connectWallet)}
        </>
      )}
    </button>
  )
}
