// The project config's views (issue 15): one lazy chunk, fetched the first time one shows (chunks.project in
// Modal/routes.tsx): the not-allowed origin and the email capture prompt.
export { EmailCapture } from './EmailCapture/EmailCapture'
export { OriginNotAllowed } from './OriginNotAllowed/OriginNotAllowed'
