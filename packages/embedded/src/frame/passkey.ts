/**
 * Passkeys in the frame (issue 22 §2): the WebAuthn ceremonies run in the frame's own document
 * (@simplewebauthn/browser over navigator.credentials), so the relying party is the frame's origin
 * and the host page can neither start nor see them.
 *
 * PRF: every ceremony asks the authenticator for the PRF extension with one fixed input,
 * PASSKEY_PRF_SALT. A PRF output is an HMAC under a secret of the credential itself, so the fixed
 * input gives each user's passkey its own 32 bytes, the same on every device the passkey syncs to
 * (the input must not depend on the user: a discoverable sign-in does not know the user before the
 * authenticator answers). The output is kept in the frame's memory only (passkeyPrf()), never
 * stored and never sent: the response the API gets carries no PRF results (the API refuses one that
 * does). The key-share wiring reads it to open the recovery share (shares/recovery.ts); it is
 * forgotten at sign-out.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'

/** The PRF input of every ceremony: 32 bytes, SHA-256 of this label (computed in passkeyPrfSalt()). */
export const PASSKEY_PRF_LABEL = 'portico/passkey-prf/recovery-share/v1'

/** The two @simplewebauthn/browser calls (injected in tests), and the step-up's assertion in the popup (passkey-popup.ts). */
export type WebAuthnClient = {
  startRegistration(options: { optionsJSON: PublicKeyCredentialCreationOptionsJSON }): Promise<RegistrationResponseJSON>
  startAuthentication(options: { optionsJSON: PublicKeyCredentialRequestOptionsJSON }): Promise<AuthenticationResponseJSON>
  /** A second factor's assertion for `options` (no PRF asked), made in a window of the frame's origin. */
  stepUpAuthentication?(options: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON>
}

let prfOutput: Uint8Array | undefined

/** PASSKEY_PRF_SALT: SHA-256 of PASSKEY_PRF_LABEL. */
export async function passkeyPrfSalt(): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(PASSKEY_PRF_LABEL)))
}

/**
 * The PRF output of the passkey used last in this frame (32 bytes, a copy), or null: none was used
 * since the frame loaded or signed out, or the authenticator has no PRF. For the key-share wiring
 * (the recovery share's key); it never leaves the frame.
 */
export function passkeyPrf(): Uint8Array | null {
  return prfOutput === undefined ? null : prfOutput.slice()
}

/** Forget the PRF output (sign-out), zeroing the bytes held. */
export function forgetPasskeyPrf(): void {
  prfOutput?.fill(0)
  prfOutput = undefined
}

const toBytes = (value: unknown): Uint8Array | undefined => {
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0))
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength))
  return undefined
}

/**
 * Keep the PRF output of a ceremony in memory and return the response without it: of `prf`, only
 * `enabled` goes on (it tells nothing secret).
 */
function keepPrf<R extends { clientExtensionResults: object }>(response: R): R {
  const results = response.clientExtensionResults as { prf?: { enabled?: boolean; results?: { first?: unknown } } }
  const first = toBytes(results.prf?.results?.first)
  if (first !== undefined && first.length > 0) {
    forgetPasskeyPrf()
    prfOutput = first
  }
  const { prf, ...others } = results
  return {
    ...response,
    clientExtensionResults: { ...others, ...(prf?.enabled === undefined ? {} : { prf: { enabled: prf.enabled } }) },
  }
}

/** The options with the PRF extension asked for (PASSKEY_PRF_SALT), whatever the API put in `extensions`. */
async function withPrf<O extends { extensions?: object }>(options: O): Promise<O> {
  const first = await passkeyPrfSalt()
  return { ...options, extensions: { ...(options.extensions ?? {}), prf: { eval: { first } } } }
}

/** Create a passkey for `options` (from the API's options route); the response to send it. */
export async function createPasskey(client: WebAuthnClient, options: Record<string, unknown>): Promise<RegistrationResponseJSON> {
  const optionsJSON = await withPrf(options as unknown as PublicKeyCredentialCreationOptionsJSON)
  return keepPrf(await client.startRegistration({ optionsJSON }))
}

/** Sign in with a passkey for `options`; the assertion to send. */
export async function assertPasskey(client: WebAuthnClient, options: Record<string, unknown>): Promise<AuthenticationResponseJSON> {
  const optionsJSON = await withPrf(options as unknown as PublicKeyCredentialRequestOptionsJSON)
  return keepPrf(await client.startAuthentication({ optionsJSON }))
}
