/** The email login's and email update's rules and state machines (store-free; `useEmailLogin` drives them). */
export * from './rules'
export * from './emailLogin'
export * from './emailUpdate'
export * from './socialLogin'
