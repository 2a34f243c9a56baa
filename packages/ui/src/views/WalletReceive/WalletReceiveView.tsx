import { Button } from '../../components/Button/Button'
import { Icon } from '../../components/Icon/icons'
import { QrCode } from '../../components/QrCode/QrCode'
import { visuallyHidden } from '../../components/shared.css'
import type { Messages } from '../../messages'
import { useMessages } from '../../messages/context'
import { NetworkImage } from '../shared/NetworkImage'
import * as qr from '../shared/QrCard.css'
import * as styles from '../shared/views.css'
import * as own from './WalletReceive.css'

export type ReceiveNetwork = { name: string; caipNetworkId: string; imageUrl?: string }

export type WalletReceiveViewProps = {
  /** The connected address; without one the view asks to connect. @default undefined */
  address?: string
  /** The QR code's text (useReceive's payload). @default address */
  payload?: string
  /** The account's current network: shown prominently, the one a sender should use. @default undefined */
  network?: ReceiveNetwork
  /** Every network the address receives on (the app's networks of its namespace). @default [] */
  networks?: readonly ReceiveNetwork[]
  /** The address was copied. @default false */
  copied?: boolean
  onCopy?: () => void
}

/** 'A', 'A or B', 'A, B or C'. */
const either = (names: readonly string[], messages: Messages): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${messages.walletReceive.or} ${names[names.length - 1]}`

/** WalletReceive: the address as a QR code, the address with Copy (focused first), the current network and every network it receives on, and the warning to send on one of them. */
export function WalletReceiveView({ address, payload, network, networks = [], copied = false, onCopy }: WalletReceiveViewProps) {
  const messages = useMessages()
  const m = messages.walletReceive
  if (!address) {
    return (
      <div className={styles.centered} data-testid="portico-receive">
        <p className={styles.muted}>{m.notConnected}</p>
      </div>
    )
  }
  // The warning names the networks to send on: the current one first, then the others.
  const names = network
    ? [network.name, ...networks.filter((n) => n.caipNetworkId !== network.caipNetworkId).map((n) => n.name)]
    : networks.map((n) => n.name)
  // The network is named once (issue 25): the list of several, the current one marked in it; else the pill.
  const listed = networks.length > 1
  return (
    <div className={own.view} data-testid="portico-receive" data-address={address}>
      {network && !listed && (
        <span className={own.network} data-testid="portico-receive-network">
          <NetworkImage name={network.name} caipNetworkId={network.caipNetworkId} imageUrl={network.imageUrl} size={24} />
          <span className={own.networkLabel}>{m.network}</span>
          {network.name}
        </span>
      )}
      <div className={`${qr.frame} ${own.qrFrame}`}>
        <QrCode value={payload ?? address} label={m.qrLabel(network?.name ?? address)} size={216} data-testid="portico-receive-qr" />
      </div>
      <div className={own.addressBlock}>
        <p className={own.addressLabel}>{m.address}</p>
        <p className={own.address} data-testid="portico-receive-address">
          {address}
        </p>
        <Button
          variant="accentSoft"
          size="sm"
          data-autofocus
          data-testid="portico-receive-copy"
          aria-label={copied ? m.copied : m.copy}
          icon={<Icon name={copied ? 'check' : 'copy'} size={16} />}
          onClick={onCopy}
        >
          {copied ? m.copied : m.copy}
        </Button>
        <span role="status" className={visuallyHidden}>
          {copied ? m.copied : ''}
        </span>
      </div>
      {names.length > 0 && (
        <p className={own.warning} data-testid="portico-receive-warning">
          <span className={own.warningIcon}>
            <Icon name="alert" size={16} />
          </span>
          <span>{m.warning(either(names, messages))}</span>
        </p>
      )}
      {listed && (
        <div className={own.networksBlock}>
          <p className={own.networksTitle} id="portico-receive-networks-title">
            {m.networks(networks.length)}
          </p>
          <ul className={own.networks} aria-labelledby="portico-receive-networks-title" data-testid="portico-receive-networks">
            {networks.map((n) => {
              const current = n.caipNetworkId === network?.caipNetworkId
              return (
                <li
                  key={n.caipNetworkId}
                  className={`${own.networkChip} ${current ? own.networkChipCurrent : ''}`}
                  aria-current={current || undefined}
                  data-testid="portico-receive-network-item"
                  data-network={n.caipNetworkId}
                >
                  <NetworkImage name={n.name} caipNetworkId={n.caipNetworkId} imageUrl={n.imageUrl} size={20} />
                  {n.name}
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </div>
  )
}
