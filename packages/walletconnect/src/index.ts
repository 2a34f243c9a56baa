export {
  WALLETCONNECT_CONNECTOR_ID,
  WALLETCONNECT_ICON,
  WC_CAPABILITIES,
  walletConnectAdapter,
  type WalletConnectAdapterOptions,
} from './adapter'
export {
  optionalNamespaces,
  parseCaipAccount,
  WC_EVENTS,
  WC_METHODS,
  WC_NAMESPACES,
  type CaipAccount,
  type ProposalNamespace,
} from './namespaces'
