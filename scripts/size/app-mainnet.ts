// The default-modal app of `app` with one network preset: `mainnet` from @portico/headless/networks.
// Tree-shaking check (scripts/size.mjs): no other preset's module, and no other preset's CAIP id,
// may be in any chunk of this build.
export { createPortico } from '@portico/headless'
export { mainnet } from '@portico/headless/networks'
export { ConnectButton, PorticoProvider } from '@portico/ui'
