// The sign-in view (issue 15): its own chunk, loaded the first time a sign-in is asked (routes.tsx).
export { SIWXSignMessage } from './SIWXSignMessage/SIWXSignMessage'
// A hint to bundlers, not for use (as in swapViews.ts): with the modal in this chunk's graph, what the
// view shares with the first load and the modal keeps the same chunk.
export { ModalRoot as _ModalRoot } from '../Modal/ModalRoot'
