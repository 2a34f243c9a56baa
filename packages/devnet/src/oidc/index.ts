// The dev OIDC provider: one real OpenID Connect provider standing in for every social provider in
// the local stack and the tests (issue 11).
export { type OidcClient, type OidcProvider, type StartOidcProviderOptions, startOidcProvider } from './provider.ts'
export { loginPageCsp, renderLoginPage, userLabel } from './page.ts'
export { type DriveOptions, driveOidcAuthorization } from './drive.ts'
export { DEFAULT_OIDC_USERS, type OidcUser } from './users.ts'
