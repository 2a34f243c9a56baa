// The whole public API of @portico/headless and its hooks, plus ConnectButton: the most an app can
// pull in up front by importing from headless (watch budget).
export * from '@portico/headless'
export * from '@portico/headless/react'
export { ConnectButton, PorticoProvider } from '@portico/ui'
