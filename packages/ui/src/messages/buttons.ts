// The strings the buttons show before the modal opens: their own module, so a page with only a
// connect button does not carry every string of the modal. `messages` (../messages) includes them.
export const buttonMessages = {
  connectWallet: 'Connect wallet',
  connecting: 'Connecting…',
  unknownNetwork: 'Unknown network',
  switchNetwork: 'Switch network',
} as const
