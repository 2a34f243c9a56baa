// The request review (issue 23 §2): a lazy chunk, fetched the first time a previewing provider holds a request (chunks.requestPreview in Modal/routes.tsx).
export { RequestPreview } from './RequestPreview/RequestPreview'
