// What an app pays up front: the headless core and hooks plus the default ConnectButton and its provider.
// The modal, its views and every adapter load later (import() when first needed) and are not in this chunk.
export * from '@portico/headless'
export * from '@portico/headless/react'
export { ConnectButton, PorticoProvider } from '@portico/ui'
