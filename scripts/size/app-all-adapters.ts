// An app with every adapter configured: EVM, WalletConnect and Solana. The WalletConnect sign-client
// and @solana/kit must stay out of the initial load (scripts/size.mjs checks the module list).
export { createPortico } from '@portico/headless'
export { ConnectButton, PorticoProvider } from '@portico/ui'
export { evmAdapter } from '@portico/evm'
export { walletConnectAdapter } from '@portico/walletconnect'
export { solanaAdapter } from '@portico/solana'
