// The swap views: one lazy chunk, fetched the first time one of them shows (chunks.swap in Modal/routes.tsx).
export { Swap } from './Swap/Swap'
export { SwapPreview } from './SwapPreview/SwapPreview'
export { SwapSelectToken } from './SwapSelectToken/SwapSelectToken'
