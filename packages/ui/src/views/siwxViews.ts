// The sign-in view (issue 15): a lazy chunk, fetched the first time a sign-in is asked (chunks.siwx in Modal/routes.tsx).
export { SIWXSignMessage } from './SIWXSignMessage/SIWXSignMessage'
