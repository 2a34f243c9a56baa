// The project config's views (issue 15): one chunk, loaded the first time one shows (loadProjectViews in
// Modal/routes.tsx): the not-allowed origin and the email capture prompt.
export { EmailCapture } from './EmailCapture/EmailCapture'
export { OriginNotAllowed } from './OriginNotAllowed/OriginNotAllowed'
// A hint to bundlers, as in swapViews.ts: the modal in this chunk's graph keeps the shared chunks as they are.
export { ModalRoot as _ModalRoot } from '../Modal/ModalRoot'
