/** The email login's rules and state machine (store-free; `useEmailLogin` drives them). */
export * from './rules'
export * from './emailLogin'
