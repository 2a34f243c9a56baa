// The pay-with-exchange views: one chunk, loaded the first time one of them shows (loadExchangeViews in Modal/routes.tsx).
export { PayWithExchange } from './PayWithExchange/PayWithExchange'
export { PayWithExchangeSelectAsset } from './PayWithExchangeSelectAsset/PayWithExchangeSelectAsset'
// A hint to bundlers, not for use (as in swapViews.ts): with the modal in this chunk's graph, what the
// views share with the first load and the modal keeps the same chunk as what only those two share.
export { ModalRoot as _ModalRoot } from '../Modal/ModalRoot'
