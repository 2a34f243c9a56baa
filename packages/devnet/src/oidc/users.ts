/** A test account of the dev OIDC provider. */
export interface OidcUser {
  /** The subject (`sub`) and the id in `data-testid="portico-oidc-user-<id>"`. */
  id: string
  /** The `name` claim. */
  name: string
  /** The `preferred_username` claim (a Discord-style user's name may end in 0). */
  username: string
  email: string
  /** The `email_verified` claim. @default true */
  emailVerified?: boolean
}

/**
 * The default accounts: ada, a Discord-style 'grace0' whose username ends in 0 (SPEC §3: the
 * client shows 'grace'), and alan, whose email is not verified.
 */
export const DEFAULT_OIDC_USERS: readonly OidcUser[] = [
  { id: 'ada', name: 'Ada Lovelace', username: 'ada', email: 'ada@social.test' },
  { id: 'grace0', name: 'Grace Hopper', username: 'grace0', email: 'grace@social.test' },
  { id: 'alan', name: 'Alan Turing', username: 'alan', email: 'alan@social.test', emailVerified: false },
]
