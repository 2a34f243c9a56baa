// The on-ramp views: one chunk, loaded the first time one of them shows (loadOnRampViews in Modal/routes.tsx).
export { OnRampFiatSelect } from './OnRampFiatSelect/OnRampFiatSelect'
export { OnRampProviders } from './OnRampProviders/OnRampProviders'
export { OnRampTokenSelect } from './OnRampTokenSelect/OnRampTokenSelect'
// A hint to bundlers, not for use (as in swapViews.ts): with the modal in this chunk's graph, what the
// views share with the first load and the modal stays in the chunks it is in now.
export { ModalRoot as _ModalRoot } from '../Modal/ModalRoot'
