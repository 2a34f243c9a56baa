import { useNetwork, useModal } from '@portico/headless/react'
import type { ButtonHTMLAttributes } from 'react'
import { useButtonMessages } from '../../messages/buttons'
import { usePreloadHandlers } from '../../PorticoProvider/preload'
import { useThemeProps } from '../../useThemeProps'
import { NetworkImage, useNetworkImageUrl } from '../../views/shared/NetworkImage'
import { Icon } from '../Icon/icons'
import * as styles from '../ConnectButton/ConnectButton.css'

export type NetworkButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'onClick'>

/** The active network (or 'Switch network' when the wallet is on an unsupported one); opens the Networks view. */
export function NetworkButton({ className, style, ...rest }: NetworkButtonProps) {
  const messages = useButtonMessages()
  const { open } = useModal()
  const { network, isSupported } = useNetwork()
  const theme = useThemeProps()
  // Hover or focus starts loading the modal, so the click opens it in the next frame.
  const preload = usePreloadHandlers(rest)
  const name = !isSupported ? messages.switchNetwork : (network?.name ?? messages.unknownNetwork)
  // The same logo as the Networks and Account views (resolved the same way, same fallback tile).
  // On the page before the modal opened: no request to the API yet (the monogram tile until then).
  const image = useNetworkImageUrl({ deferUntilOpened: true })(network)
  return (
    <button
      type="button"
      data-testid="portico-network-button"
      data-supported={isSupported}
      className={[theme.className, styles.button, styles.account, className].filter(Boolean).join(' ')}
      style={{ ...theme.style, paddingInlineStart: 6, paddingInlineEnd: 14, ...style }}
      onClick={() => void open({ view: 'Networks' })}
      {...rest}
      {...preload}
    >
      {isSupported ? (
        <span className={styles.dot} aria-hidden="true">
          <NetworkImage name={name} caipNetworkId={network?.caipNetworkId ?? name} imageUrl={image} size={26} />
        </span>
      ) : (
        <span className={styles.warning}>
          <Icon name="alert" size={18} />
        </span>
      )}
      {name}
    </button>
  )
}
