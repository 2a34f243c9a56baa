// An app with a browser wallet and the embedded wallet (email login): only the embedded adapter's
// shell (it registers the Email connector) is in the initial load; the frame client, the connector's
// engine and their wire schemas load when the visitor picks email (scripts/size.mjs checks it), and
// the frame itself is another origin's page.
export { createPortico } from '@portico/headless'
export { ConnectButton, PorticoProvider } from '@portico/ui'
export { evmAdapter } from '@portico/evm'
export { embeddedAdapter } from '@portico/embedded'
