// The swap views: one chunk, loaded the first time one of them shows (loadSwapViews in Modal/routes.tsx).
export { Swap } from './Swap/Swap'
export { SwapPreview } from './SwapPreview/SwapPreview'
export { SwapSelectToken } from './SwapSelectToken/SwapSelectToken'
// A hint to bundlers, not for use: with the modal in this chunk's graph, what the views share with the
// first load and the modal keeps the same chunk as what only the first load and the modal share.
// Without it Vite 7 (Rolldown) splits the first load into more chunks and it grows by 0.3–0.6 kB.
export { ModalRoot as _ModalRoot } from '../Modal/ModalRoot'
