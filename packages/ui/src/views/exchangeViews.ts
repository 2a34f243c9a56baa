// The pay-with-exchange views: one lazy chunk, fetched the first time one of them shows (chunks.exchange in Modal/routes.tsx).
export { PayWithExchange } from './PayWithExchange/PayWithExchange'
export { PayWithExchangeSelectAsset } from './PayWithExchangeSelectAsset/PayWithExchangeSelectAsset'
