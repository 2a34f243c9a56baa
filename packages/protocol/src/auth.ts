/**
 * The auth service of the Portico API, as the embedded frame calls it (never the host page: the
 * server answers these routes only to the frame's origin). JSON bodies, zod on both sides.
 *
 * Login (SPEC §4 "Embedded frame"):
 * A login belongs to the frame that started it (issue 22 §3). Every start (email connect and device,
 * social start, Farcaster start) carries `sessionKeyHash`: sessionKeyHashOf(the frame's new session
 * public key), SHA-256 of its SPKI bytes in base64url. Every finish (email otp, social finish,
 * Farcaster status) carries that `sessionPublicKey` and proves it holds its private half: the request
 * is stamped by it (x-portico-timestamp and x-portico-stamp, no x-portico-session; the stamp as
 * below). No valid stamp: 401 AUTH_ERRORS.loginProofInvalid; another key than the start's: 403
 * AUTH_ERRORS.loginKeyMismatch (the code, state or channel is not used up by it).
 *
 *   POST /v1/auth/email/connect        { email, deviceId, sessionKeyHash, hostOrigin? } → { action }
 *     action VERIFY_DEVICE: a new device; an approval link was emailed.
 *     action VERIFY_OTP:    a known device; a 6-digit code was emailed.
 *   POST /v1/auth/email/device         { email, deviceId, sessionKeyHash } → { action: 'VERIFY_OTP' } | 202 { state: 'pending' }
 *     waits until the link is approved, then emails the code. One ask waits DEVICE_ASK_MS at most (under a
 *     load balancer's idle timeout), then answers 202 pending and the frame asks again; 408
 *     AUTH_ERRORS.deviceNotApproved once DEVICE_WAIT_MS have passed since the approval mail (or its link
 *     expired). Each instance holds a bounded number of asks at once; one more gets 503
 *     AUTH_ERRORS.deviceWaitsFull with Retry-After (seconds), and the frame asks again after it. An
 *     instance shutting down ends its asks with 503 AUTH_ERRORS.restarting and Retry-After: 1.
 *   GET  /v1/auth/device/approve?token=…   → an HTML page naming the site, browser and time of the
 *                                            request, with an "Approve this device" button; approves nothing
 *   POST /v1/auth/device/approve  (form: token; same-origin only)  → "Device approved", once
 *   GET/POST /v1/auth/sessions/revoke?token=…  → the same for the revocation links of the notices
 *     ("New sign-in to your Portico wallet" after every new session; an email change, to both addresses)
 *   POST /v1/auth/email/otp            { email, deviceId, otp, sessionPublicKey } → session (login-stamped)
 *
 * Signed requests: after the OTP, the frame holds a non-extractable P-256 key whose public half
 * (`sessionPublicKey`, base64url SPKI) the session stores. Every later call carries three headers:
 *   x-portico-session:   the session id
 *   x-portico-timestamp: ms since epoch (the server refuses a stamp more than 60 s off)
 *   x-portico-stamp:     base64url ECDSA P-256/SHA-256 signature (IEEE P1363, 64 bytes) of
 *                        stampPayload(method, path with its query string, timestamp, body)
 * The server checks the stamp, the session's expiry and its revocation before anything else. A
 * stamp has one spelling: unpadded base64url that re-encodes to itself, and a low s (s ≤ n/2;
 * WebCrypto's signatures are normalized, see @portico/embedded's frame). A request (method, path,
 * query, timestamp, body) is accepted once per session: send two alike with distinct timestamps.
 *
 *   GET  /v1/auth/user[?chainId=…]                                   → authUser (+ smartAccountDeployed on that chain)
 *   POST /v1/auth/sign-out                                           → {} (revokes this session)
 *   POST /v1/auth/rpc                  { namespace, chainId, method, params } → { result }
 *   POST /v1/auth/preferred-account    { type, chainId? }            → authUser; smartAccount: the EOA is delegated
 *                                      (EIP-7702) to the chain's batch executor first; if that fails the
 *                                      type falls back to 'eoa' and the 4xx/502 error says why.
 *   POST /v1/auth/rpc also serves wallet_sendCalls / wallet_getCallsStatus / wallet_getCapabilities
 *                                      (EIP-5792; see @portico/server's auth/smart.ts)
 *   POST /v1/auth/email/update         { email }                     → { action: 'VERIFY_PRIMARY_OTP' }
 *   POST /v1/auth/email/update/primary   { otp }                     → { action: 'VERIFY_SECONDARY_OTP' }
 *   POST /v1/auth/email/update/secondary { otp }                     → { newEmail }
 *   GET  /v1/auth/sessions                                           → { sessions: sessionInfo[] }
 *
 * Social login (SPEC §4 "Social sign-in"; authorization code + PKCE S256 through the provider):
 *   POST /v1/auth/social/start   { provider, hostOrigin, deviceId, sessionKeyHash } → { uri }
 *     uri: the provider's authorization URL; the host page opens it in a popup. The request's Origin
 *     must be one of the frame origins (the frame starts it). The server keeps state → { provider,
 *     code verifier, hostOrigin, frame origin, deviceId, sessionKeyHash } for SOCIAL_STATE_TTL_MS.
 *     400 AUTH_ERRORS.socialNotConfigured when the provider is not configured.
 *   GET  /v1/auth/social/callback?code&state   (the provider redirects the popup here)
 *     → an HTML page that posts socialResultMessage { channel: 'portico:social', type:
 *       'SOCIAL_RESULT', resultUri: <the page's own URL>, error? } to the frames of window.opener
 *       with targetOrigin = the stored frame origin (never the host page, never '*'): only the frame
 *       gets the code. With ?error= (the user denied) the same message carries `error`. Unknown or
 *       expired state: an error page, nothing posted. The host closes the popup when the login ends.
 *   POST /v1/auth/social/finish  { resultUri, deviceId, sessionPublicKey } → session (as the OTP; login-stamped)
 *     the state is single use, unexpired and bound to the same deviceId and session key.
 *
 * SPEC §7 session calls (any client holding the session key):
 *   GET  /v1/sessions/{id}                                           → sessionInfo
 *   POST /v1/sessions/{id}/revoke      { pci, signature }            → sessionInfo
 *     pci: the id of the session making the call; signature: base64url P-256 signature by that
 *     session's key of `revokeMessage(id, pci)`, in the one spelling stamps have (canonical, low s).
 *     A user may revoke any of their own sessions.
 */
import { z } from 'zod/mini'

export const OTP_LENGTH = 6
/** SPEC: a code expires after 10 minutes. */
export const OTP_TTL_MS = 10 * 60_000
/** After this many wrong tries the code is dead and a new one is needed. */
export const OTP_MAX_ATTEMPTS = 5
/** Between two codes sent to one email (the UI's resend cooldown). */
export const OTP_RESEND_COOLDOWN_MS = 30_000
/** How long after the approval mail POST /v1/auth/email/device still waits for its link (then 408). */
export const DEVICE_WAIT_MS = 110_000
/** How long one POST /v1/auth/email/device waits at most before it answers 202 pending (well under 25 s). */
export const DEVICE_ASK_MS = 20_000
/** A stamp older or newer than this is refused. */
export const STAMP_MAX_SKEW_MS = 60_000
/** A session lives this long. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000

export const STAMP_HEADERS = { session: 'x-portico-session', timestamp: 'x-portico-timestamp', stamp: 'x-portico-stamp' } as const

const deviceId = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'deviceId must be 16-64 url-safe characters' }))
const emailField = z.string().check(z.maxLength(254), z.email({ error: 'Invalid email. Try again.' }))
const otpField = z.string().check(z.regex(/^\d{6}$/, { error: 'The code is 6 digits' }))
const base64url = z.string().check(z.regex(/^[A-Za-z0-9_-]+$/), z.maxLength(2048))
/** sessionKeyHashOf(the session public key): 32 bytes in unpadded base64url. */
const sessionKeyHash = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: 'sessionKeyHash must be a SHA-256 in base64url' }))

/**
 * hostOrigin (optional): the host page's origin as the frame knows it, named on the device-approval
 * page and mail and in the new-session notice (issue 22 §3).
 */
export const emailConnectRequestSchema = z.object({
  email: emailField,
  deviceId,
  sessionKeyHash,
  hostOrigin: z.optional(z.string().check(z.maxLength(512), z.regex(/^https?:\/\/[^/?#\s]+$/, { error: 'hostOrigin must be an origin' }))),
})
export const emailConnectResponseSchema = z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) })
export const deviceRequestSchema = z.object({ email: emailField, deviceId, sessionKeyHash })
/** 202: not approved yet; ask again (at once, or after Retry-After on a 503). */
export const devicePendingSchema = z.object({ state: z.literal('pending') })
export const deviceResponseSchema = z.union([z.object({ action: z.literal('VERIFY_OTP') }), devicePendingSchema])
/** The session's ECDH P-256 public key (raw, 65 bytes, base64url): auth shares are sealed to it (issue 22 §1; see `keys` below). */
const encryptionPublicKey = z.optional(
  z.string().check(z.regex(/^[A-Za-z0-9_-]{87}$/, { error: 'encryptionPublicKey must be a raw P-256 key' })),
)
export const otpRequestSchema = z.object({ email: emailField, deviceId, otp: otpField, sessionPublicKey: base64url, encryptionPublicKey })

export const accountTypeSchema = z.enum(['eoa', 'smartAccount'])

export const authUserSchema = z.object({
  userId: z.string(),
  email: z.nullable(z.string()),
  userName: z.nullable(z.string()),
  socialProvider: z.nullable(z.string()),
  evmAddress: z.string(),
  solanaAddress: z.string(),
  preferredAccountType: accountTypeSchema,
  smartAccountEnabledNetworks: z.array(z.number()),
  /**
   * GET /v1/auth/user?chainId=… and POST /v1/auth/preferred-account with a chainId: the EOA delegates
   * (EIP-7702) to that chain's batch executor, read from the chain. Absent without a chain id or when
   * the chain does not answer.
   */
  smartAccountDeployed: z.optional(z.boolean()),
})
export type AuthUser = z.infer<typeof authUserSchema>

export const sessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.nullable(z.string()),
  /** Short description of the device (user agent), if known. */
  device: z.nullable(z.string()),
})
export type SessionInfo = z.infer<typeof sessionInfoSchema>

export const otpResponseSchema = z.object({ sessionId: z.string(), expiresAt: z.string(), user: authUserSchema })
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionInfoSchema) })

/** SPEC §5: the providers the frame (and so the social routes) accept. */
export const AUTH_SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type AuthSocialProvider = (typeof AUTH_SOCIAL_PROVIDERS)[number]
/** How long a social login's state (and so the popup) stays valid. */
export const SOCIAL_STATE_TTL_MS = 10 * 60_000
/** The postMessage channel/type of the callback page. */
export const SOCIAL_RESULT_CHANNEL = 'portico:social'
export const SOCIAL_RESULT_TYPE = 'SOCIAL_RESULT'

export const socialStartRequestSchema = z.object({
  provider: z.enum(AUTH_SOCIAL_PROVIDERS),
  /** The origin of the host page that opened the popup: the only target of the result message. */
  hostOrigin: z.string().check(z.maxLength(512), z.regex(/^https?:\/\/[^/?#\s]+$/, { error: 'hostOrigin must be an origin' })),
  deviceId,
  sessionKeyHash,
})
export const socialStartResponseSchema = z.object({ uri: z.string() })
/** What the callback page posts to the frame (in window.opener's frames, at the frame's origin). */
export const socialResultMessageSchema = z.object({
  channel: z.literal(SOCIAL_RESULT_CHANNEL),
  type: z.literal(SOCIAL_RESULT_TYPE),
  resultUri: z.string().check(z.maxLength(4096)),
  error: z.optional(z.string().check(z.maxLength(512))),
})
export type SocialResultMessage = z.infer<typeof socialResultMessageSchema>
export const socialFinishRequestSchema = z.object({
  resultUri: z.string().check(z.maxLength(4096)),
  deviceId,
  sessionPublicKey: base64url,
  encryptionPublicKey,
})
/** POST /v1/auth/social/finish answers exactly like POST /v1/auth/email/otp. */
export const socialFinishResponseSchema = otpResponseSchema

export const rpcRequestSchema = z.object({
  namespace: z.enum(['eip155', 'solana']),
  chainId: z.union([z.number(), z.string()]),
  method: z.string().check(z.maxLength(64)),
  params: z.optional(z.array(z.unknown())),
})
export const rpcResponseSchema = z.object({ result: z.unknown() })

/**
 * ERC-7715 permissions of the embedded wallet. `wallet_grantPermissions` (through the frame's RPC)
 * answers the request with `context`: 0x + 32 bytes. The granted signer then runs calls within the
 * grant, without the user's session, by signing `PERMISSION_EXECUTION_TYPES` (EIP-712, domain
 * `{ name: PERMISSION_DOMAIN_NAME, version: '1', chainId }`, primaryType 'Execution'):
 *   POST /v1/permissions/execute  { context, chainId, calls: [{ to, value?, data? }], nonce, signature } → { id }
 * `id` is an EIP-5792 batch id; the calls run atomically on the user's smart account. Refused:
 * an unknown, revoked or expired grant, a signature by anyone else, a reused nonce, a call outside
 * the granted contracts and functions, and native value beyond the allowance.
 */
export const PERMISSION_DOMAIN_NAME = 'Portico Permissions'
export const PERMISSION_EXECUTION_TYPES = {
  Call: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
  ],
  Execution: [
    { name: 'context', type: 'bytes32' },
    { name: 'calls', type: 'Call[]' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const
/** At most this many calls in one permission execution. */
export const MAX_PERMISSION_CALLS = 32
const bytes32 = z
  .string({ error: 'must be 0x and 32 bytes of hex' })
  .check(z.regex(/^0x[0-9a-fA-F]{64}$/, { error: 'must be 0x and 32 bytes of hex' }))
export const permissionCallSchema = z.object({
  to: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, { error: "'to' must be an address" })),
  value: z.optional(z.string().check(z.regex(/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/, { error: "'value' must be a hex or decimal quantity" }))),
  data: z.optional(z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, { error: "'data' must be hex bytes" }), z.maxLength(65_538))),
})
export const permissionExecuteRequestSchema = z.object({
  context: bytes32,
  /** A positive integer (checked by the server: zod's integer checks would weigh on every app's first load). */
  chainId: z.number(),
  calls: z.array(permissionCallSchema).check(z.minLength(1, { error: 'at least one call is needed' }), z.maxLength(MAX_PERMISSION_CALLS)),
  nonce: bytes32,
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/, { error: 'signature must be 65 bytes of hex' })),
})
export type PermissionExecuteRequest = z.infer<typeof permissionExecuteRequestSchema>
export const permissionExecuteResponseSchema = z.object({ id: z.string() })

/** `chainId`: where a smartAccount is set up (default: every chain with a batch executor). */
export const preferredAccountRequestSchema = z.object({
  type: accountTypeSchema,
  chainId: z.optional(z.union([z.number(), z.string().check(z.maxLength(32))])),
})
export const updateEmailRequestSchema = z.object({ email: emailField })
export const updateEmailOtpRequestSchema = z.object({ otp: otpField })
export const updateEmailResponseSchema = z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) })
export const updateEmailDoneSchema = z.object({ newEmail: z.string() })

export const revokeRequestSchema = z.object({ pci: z.string().check(z.maxLength(128)), signature: base64url })

/** Errors: `{ error: message }` with a 4xx status. */
export const authErrorSchema = z.object({ error: z.string() })

/** The bytes a stamp signs. `path` is the request's path with its query string (`/v1/auth/user?chainId=1`). */
export function stampPayload(method: string, path: string, timestamp: string, body: string): string {
  return `${method.toUpperCase()}\n${path}\n${timestamp}\n${body}`
}

/**
 * The hash a login start carries (SHA-256 of the session public key's SPKI bytes, unpadded
 * base64url), for a base64url SPKI. WebCrypto: the same in the frame and in the server.
 */
export async function sessionKeyHashOf(spkiBase64url: string): Promise<string> {
  const text = atob(
    spkiBase64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(spkiBase64url.length / 4) * 4, '='),
  )
  const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0))
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** The message a revoke request's signature covers. */
export function revokeMessage(sessionId: string, pci: string): string {
  return `portico-revoke\n${sessionId}\n${pci}`
}

/** Error texts of the auth service (shown by the UI as they are). */
export const AUTH_ERRORS = {
  invalidEmail: 'Invalid email. Try again.',
  invalidOtp: 'Invalid code. Try again.',
  otpExpired: 'The code has expired. Request a new one.',
  otpTooManyAttempts: 'Too many wrong codes. Request a new one.',
  rateLimited: 'Too many requests. Try again later.',
  deviceNotApproved: 'The device was not approved in time',
  /** 503 with Retry-After: this instance holds as many device-approval waits as it may. */
  deviceWaitsFull: 'Too many sign-ins are waiting for approval. Try again in a few seconds.',
  /** 503 with Retry-After: the instance is shutting down (the balancer sends the next ask to another). */
  restarting: 'This server is restarting. Try again in a few seconds.',
  unauthorized: 'Not connected to email or social',
  rpcNotAllowed: 'Requested RPC call is not allowed',
  socialNotConfigured: 'Failed to initiate social connection',
  socialFailed: 'Failed to connect',
  socialDenied: 'Connection rejected',
  /** A login finished with another session key than its start named (issue 22 §3). */
  loginKeyMismatch: 'This sign-in was started in another window. Start again.',
  /** A login finish that is not stamped by the session key it names. */
  loginProofInvalid: 'This sign-in must be finished by the window that started it',
  /** A passkey sign-in with a credential this server does not know (401). */
  passkeyUnknown: 'This passkey is not registered here. Sign up with a passkey or use another sign-in.',
  /** A passkey response that does not verify (400). */
  passkeyFailed: 'The passkey could not be verified. Try again.',
  /** A passkey response to an unknown, used or expired challenge (400). */
  passkeyExpired: 'The passkey request expired or was already used. Try again.',
  /** Removing the only way a user can sign in (409). */
  passkeyLast: 'This passkey is your only way to sign in. Add another passkey or an email first.',
  /** A passkey step-up (./two-factor) asked by a user who has no passkey (400). */
  passkeyNone: 'You have no passkey. Add one first.',
  /** A response that carries the PRF output (it never leaves the frame). */
  passkeyPrfSent: 'The PRF output must not be sent to the server',
  /** Second factor (./two-factor): a code that is not the current one. */
  totpInvalid: 'Invalid code. Check your authenticator app and try again.',
  /** A code whose time step was already used (each code works once). */
  totpReplayed: 'This code was already used. Wait for the next one.',
  totpTooManyAttempts: 'Too many wrong codes. Try again in 15 minutes.',
  totpNotEnrolled: 'Two-factor authentication is not set up',
  totpNotPending: 'Start setting up two-factor authentication first',
  totpAlreadyOn: 'Two-factor authentication is already on',
  /** A sensitive action (key export) without a second factor verified in the last 5 minutes. */
  stepUpRequired: 'Confirm with your second factor first',
} as const

/**
 * Sign In With Farcaster (the frame calls these, like the email routes):
 *   POST /v1/auth/farcaster/start  { deviceId, sessionKeyHash, hostOrigin? }     → { url, channelToken }
 *     opens a channel at the Farcaster relay with a server nonce; `url` is shown as a QR code / deep link.
 *     hostOrigin (an allowed origin, else 400): the message names that app (its host as the domain, its
 *     origin as the URI) unless the operator configured `auth.farcaster.domain`; without it, the API's own.
 *   POST /v1/auth/farcaster/status { channelToken, deviceId, sessionPublicKey }  → 202 { state: 'pending' } | 200 session
 *     once the relay has the signed message: verified (domain, nonce, expiry, fid resource, the
 *     signature recovers the custody address, the IdRegistry's custodyOf(fid) is that address), the
 *     channel is used up, and a session is made as by /v1/auth/email/otp. Login-stamped (see the top),
 *     every poll: another key than the start's gets 403 AUTH_ERRORS.loginKeyMismatch.
 */
export const farcasterChannelTokenField = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'channelToken must be 16-128 url-safe characters' }))
export const farcasterStartRequestSchema = z.object({
  deviceId,
  sessionKeyHash,
  hostOrigin: z.optional(z.string().check(z.maxLength(512), z.regex(/^https?:\/\/[^/?#\s]+$/, { error: 'hostOrigin must be an origin' }))),
})
export const farcasterStartResponseSchema = z.object({ url: z.string().check(z.maxLength(2048)), channelToken: farcasterChannelTokenField })
export const farcasterStatusRequestSchema = z.object({
  channelToken: farcasterChannelTokenField,
  deviceId,
  sessionPublicKey: base64url,
  encryptionPublicKey,
})
export const farcasterPendingSchema = z.object({ state: z.literal('pending') })
export const farcasterStatusResponseSchema = z.union([farcasterPendingSchema, otpResponseSchema])
/** How often the frame asks /v1/auth/farcaster/status. */
export const FARCASTER_POLL_MS = 1_000
/** A Farcaster sign-in channel lives this long. */
export const FARCASTER_CHANNEL_TTL_MS = 10 * 60_000
export const FARCASTER_ERRORS = {
  failed: 'Failed to connect to farcaster',
  channel: 'The Farcaster sign-in request is unknown, used or expired',
  unavailable: 'Farcaster sign-in is not configured',
  relay: 'The Farcaster relay could not be reached',
  invalid: 'The Farcaster sign-in message is not valid',
} as const

/**
 * Passkeys (issue 22 §2, WebAuthn through @simplewebauthn). The relying party is the frame: its
 * id is the frame origin's host and the expected origin a frame origin, never the host page's. The
 * frame calls these like the email routes; sign-up and sign-in are logins (§3, see the top): the
 * options carry `sessionKeyHash`, the finish is stamped by that key. Challenges are single use and
 * live PASSKEY_CHALLENGE_TTL_MS. The frame asks for the PRF extension itself and keeps its output:
 * a response whose clientExtensionResults carry PRF results is refused (400 passkeyPrfSent).
 *
 *   POST /v1/auth/passkey/sign-up/options { deviceId, sessionKeyHash, name? } → { options }  (creation options JSON)
 *   POST /v1/auth/passkey/sign-up         { deviceId, sessionPublicKey, response } → session (login-stamped)
 *     a new user with no email; the passkey is kept (credential id, public key, counter).
 *   POST /v1/auth/passkey/sign-in/options { deviceId, sessionKeyHash }        → { options }  (request options JSON, discoverable)
 *   POST /v1/auth/passkey/sign-in         { deviceId, sessionPublicKey, response } → session (login-stamped)
 *     401 passkeyUnknown for a credential not registered here; the counter must grow (a cloned
 *     authenticator's replay is refused).
 * Stamped (a signed-in user):
 *   POST /v1/auth/passkeys/options  {}                 → { options }  (creation options, the user's passkeys excluded)
 *   POST /v1/auth/passkeys          { response, name? } → { passkey }
 *   GET  /v1/auth/passkeys                             → { passkeys }
 *   POST /v1/auth/passkeys/remove   { id }             → { passkeys }  (409 passkeyLast for a user's only way in)
 */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000
const webauthnBytes = z.string().check(z.regex(/^[A-Za-z0-9_-]*$/), z.maxLength(16_384))
const passkeyName = z.string().check(z.minLength(1), z.maxLength(64))
/** The PRF output stays in the frame: no `prf.results` in what is sent. */
const clientExtensionResults = z.record(z.string(), z.unknown()).check(
  z.refine((results) => {
    const prf = results.prf
    return !(typeof prf === 'object' && prf !== null && 'results' in prf)
  }, AUTH_ERRORS.passkeyPrfSent),
)
/** A registration response as @simplewebauthn/browser's startRegistration answers it. */
export const passkeyRegistrationSchema = z.object({
  id: webauthnBytes,
  rawId: webauthnBytes,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: webauthnBytes,
    attestationObject: webauthnBytes,
    transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(8))),
  }),
  authenticatorAttachment: z.optional(z.string().check(z.maxLength(32))),
  clientExtensionResults,
})
/** An authentication response as startAuthentication answers it. */
export const passkeyAuthenticationSchema = z.object({
  id: webauthnBytes,
  rawId: webauthnBytes,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: webauthnBytes,
    authenticatorData: webauthnBytes,
    signature: webauthnBytes,
    userHandle: z.optional(webauthnBytes),
  }),
  authenticatorAttachment: z.optional(z.string().check(z.maxLength(32))),
  clientExtensionResults,
})
export const passkeySignUpOptionsRequestSchema = z.object({ deviceId, sessionKeyHash, name: z.optional(passkeyName) })
export const passkeySignInOptionsRequestSchema = z.object({ deviceId, sessionKeyHash })
/** `options`: PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON, for startRegistration/startAuthentication. */
export const passkeyOptionsResponseSchema = z.object({ options: z.record(z.string(), z.unknown()) })
export const passkeySignUpRequestSchema = z.object({
  deviceId,
  sessionPublicKey: base64url,
  encryptionPublicKey,
  response: passkeyRegistrationSchema,
})
export const passkeySignInRequestSchema = z.object({
  deviceId,
  sessionPublicKey: base64url,
  encryptionPublicKey,
  response: passkeyAuthenticationSchema,
})
export const passkeyAddRequestSchema = z.object({ response: passkeyRegistrationSchema, name: z.optional(passkeyName) })
export const passkeyRemoveRequestSchema = z.object({ id: webauthnBytes.check(z.minLength(1), z.maxLength(1366)) })
export const passkeyInfoSchema = z.object({
  /** The credential id (base64url). */
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  /** A synced passkey (backed up by its provider): it recovers the wallet on a new device. */
  backedUp: z.boolean(),
})
export type PasskeyInfo = z.infer<typeof passkeyInfoSchema>
export const passkeyAddResponseSchema = z.object({ passkey: passkeyInfoSchema })
export const passkeysResponseSchema = z.object({ passkeys: z.array(passkeyInfoSchema) })

/**
 * Key shares (issue 22 §1). With the API's `keyCustody: 'shares'`, a user's keys are made in the
 * frame and split 2-of-3 (device, auth, recovery); the API keeps the auth share sealed under its KEK
 * and the recovery share as a blob it can not open, and never signs for that user. Each login finish
 * may carry `encryptionPublicKey` (the session's P-256 ECDH key); shares go to the frame only sealed
 * to it (ECDH → HKDF-SHA-256 → AES-256-GCM, associated data: user id and kind). Stamped routes:
 *
 *   GET  /v1/auth/keys                  → keysStatus: custody, the smart account's executors, and per kind whether the user has
 *                                         'none' (a new user: the frame makes the keys), 'shares', or
 *                                         'legacy' (a whole key sealed by the API: the frame migrates it)
 *   POST /v1/auth/keys  keysUpload      → keysStatus. The addresses and auth shares (base64url, 33
 *                                         bytes) and recovery blobs of both keys; once per user (409 after);
 *                                         a legacy user's addresses must be theirs, and the sealed whole
 *                                         keys are deleted in the same transaction.
 *   POST /v1/auth/keys/share { kind, split? } → { sealed }: the auth share of that split ('primary', the
 *                                         first, by default), sealed to this session's key.
 *   POST /v1/auth/keys/legacy {}        → { evm, solana }: a legacy user's whole keys sealed to this
 *                                         session's key, once per session (the frame splits them at once).
 *   POST /v1/auth/keys/recovery {}      → keysRecovery { evm, solana }: the recovery blobs of the wallet's first split,
 *                                         for a device that has no device share (it opens them with the user's
 *                                         recovery secret, and the auth share of that split: `split` 'primary').
 *   POST /v1/auth/keys/devices keysDevice → keysStatus. A new device's own split: the frame rebuilt the key
 *                                         from the first split's auth and recovery shares, split it again, keeps
 *                                         the new device share and uploads the new auth share and recovery blob
 *                                         under a new `split` id, with `proof`: the key's signature of
 *                                         deviceSplitMessage(...) (EVM: personal_sign; Solana: ed25519, hex), so
 *                                         that only a holder of the key adds a split. Shares of two splits never
 *                                         combine, so the API still holds no two shares of one split; the
 *                                         other devices keep theirs. Needs a second factor verified by this
 *                                         session when the user has one (403 stepUpRequired); at most
 *                                         MAX_KEY_SPLITS splits per user (409).
 *   POST /v1/auth/keys/escrow {}        → keysEscrow { split, evm, solana }: server-assisted recovery, only when the
 *                                         operator configured a recovery key (auth.recoveryKey; else 404
 *                                         KEYS_ERRORS.escrowOff). The status then names the key's public half
 *                                         (`escrowKey`, raw P-256, base64url), the frame seals each recovery
 *                                         share to it too (`escrow` in the upload, purpose 'escrow-<kind>'),
 *                                         and this route opens them and answers each sealed to this session's
 *                                         key, for a device without a device share. Needs a second factor
 *                                         verified by this session when the user has one (403). The operator
 *                                         can therefore recover every such wallet, and so sign for it.
 *   POST /v1/auth/relay { namespace, chainId, transaction } → { result }: a transaction the frame
 *                                         signed, sent to the chain (EVM: 0x serialized; Solana: base64);
 *                                         result is the transaction hash / signature.
 * For a user with shares, POST /v1/auth/rpc's signing methods and wallet_sendCalls answer 400
 * KEYS_ERRORS.signInFrame (the frame signs and relays them, delegating to the executor itself); POST
 * /v1/auth/preferred-account 'smartAccount' checks the delegation the frame made on chain;
 * wallet_grantPermissions / wallet_revokePermissions answer, besides the usual result, `grantCall` /
 * `revokeCall` { chainId, to: the account, data }: the self-call the frame signs and relays (the grant
 * is enforced on chain by the executor; the frame removes it from the app's answer); POST
 * /v1/permissions/execute relays the signer's signature as executeAsSession from the API's relayer, or
 * answers 400 KEYS_ERRORS.noPermissions when the API has none (auth.permissions.relayerKey).
 */
export const KEY_KINDS = ['evm', 'solana'] as const
export const KEYS_ERRORS = {
  signInFrame: 'This wallet signs in the frame: the API holds no key for it',
  alreadySet: 'The keys of this wallet are already set up',
  addressMismatch: 'The uploaded addresses are not the wallet’s',
  noEncryptionKey: 'This session has no encryption key: sign in again',
  noShares: 'This wallet has no key shares',
  notLegacy: 'This wallet has no key to migrate',
  released: 'The key was already released to this session',
  noPermissions: 'Permissions are not available yet for a wallet whose keys are shares',
  notDelegated: 'The account is not delegated to the smart account on this chain yet',
  badProof: 'The proof is not a signature of this wallet’s key',
  splitTaken: 'This device is already set up',
  tooManySplits: 'This wallet is set up on too many devices',
  escrowOff: 'Server-assisted recovery is off on this server',
  noEscrow: 'This wallet has no server-assisted recovery',
} as const

/** The first split of a wallet's keys (made at sign-up or migration); each device set up by recovery adds its own. */
export const PRIMARY_SPLIT = 'primary'
/** How many splits (devices set up by recovery, and the first) a wallet may have. */
export const MAX_KEY_SPLITS = 16
/** A split id: 'primary', or 16 to 64 characters of base64url the frame picks at random. */
const splitId = z.string().check(z.regex(/^(primary|[A-Za-z0-9_-]{16,64})$/, { error: 'split is not a split id' }))

/** What a new device's key signs to add its split (the text of an EIP-191 personal message; Solana signs its UTF-8 bytes). */
export const deviceSplitMessage = (userId: string, split: string, kind: 'evm' | 'solana', authShare: string): string =>
  `Portico: add a device to this wallet\nuser: ${userId}\nsplit: ${split}\nkey: ${kind}\nauth share: ${authShare}`
export const sealedShareSchema = z.object({
  v: z.literal(1),
  alg: z.string().check(z.maxLength(64)),
  epk: z.string().check(z.regex(/^[A-Za-z0-9_-]{87}$/)),
  iv: z.string().check(z.regex(/^[A-Za-z0-9_-]{16}$/)),
  ct: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,256}$/)),
})
export const keyStateSchema = z.enum(['none', 'shares', 'legacy'])
/** `executors`: per chain id, the smart account's batch executor (the frame delegates to it, EIP-7702). */
export const keysStatusSchema = z.object({
  custody: z.enum(['server', 'shares']),
  evm: keyStateSchema,
  solana: keyStateSchema,
  executors: z.optional(z.record(z.string(), z.string())),
  /** Server-assisted recovery is on: the operator's recovery key (raw P-256 public key, base64url) the recovery shares are sealed to as well. */
  escrowKey: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{87}$/))),
})
const uploadedKey = z.object({
  address: z.string().check(z.maxLength(64)),
  /** 33 bytes (32 of share, then its x coordinate), base64url. */
  authShare: z.string().check(z.regex(/^[A-Za-z0-9_-]{44}$/, { error: 'authShare must be 33 bytes in base64url' })),
  /** The recovery blob as the frame made it (opaque to the API), at most 2 KiB of JSON. */
  recovery: z.record(z.string(), z.unknown()),
  /** With server-assisted recovery on: the recovery share sealed to the status's escrowKey. */
  escrow: z.optional(sealedShareSchema),
})
export const keysUploadSchema = z.object({ evm: uploadedKey, solana: uploadedKey })
export const keyShareRequestSchema = z.object({ kind: z.enum(KEY_KINDS), split: z.optional(splitId) })
const provenKey = z.extend(uploadedKey, {
  /** The key's signature of deviceSplitMessage: EVM 65 bytes, Solana 64 bytes, 0x-hex. */
  proof: z.string().check(z.regex(/^0x([0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/, { error: 'proof is not a signature' })),
})
export const keysDeviceSchema = z.object({ split: splitId, evm: provenKey, solana: provenKey })
export const keysRecoverySchema = z.object({
  split: splitId,
  evm: z.record(z.string(), z.unknown()),
  solana: z.record(z.string(), z.unknown()),
})
export const keysEscrowSchema = z.object({ split: splitId, evm: sealedShareSchema, solana: sealedShareSchema })
export const keyShareResponseSchema = z.object({ sealed: sealedShareSchema })
export const legacyKeysResponseSchema = z.object({ evm: sealedShareSchema, solana: sealedShareSchema })
export const relayRequestSchema = z.object({
  namespace: z.enum(['eip155', 'solana']),
  chainId: z.union([z.number(), z.string().check(z.maxLength(64))]),
  transaction: z.string().check(z.maxLength(65_536)),
})

// The embedded wallet's account executor (packages/devnet/contracts/BatchExecutor.sol), which an account
// with keys delegates to (EIP-7702): written once for the frame, which signs its self-calls, and the API,
// which encodes them and relays session executions.
const EXECUTOR_CALLS = {
  name: 'calls',
  type: 'tuple[]',
  components: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
  ],
} as const

/** `execute((to, value, data)[])`: the account's batch, all or nothing, callable by the account itself only. */
export const BATCH_EXECUTOR_ABI = [
  { type: 'function', name: 'execute', stateMutability: 'payable', inputs: [EXECUTOR_CALLS], outputs: [] },
] as const

/** `executeAsSession(id, calls, nonce, signature)`: a session key's execution within its grant, sent by anyone. */
export const SESSION_EXECUTE_ABI_ITEM = {
  type: 'function',
  name: 'executeAsSession',
  stateMutability: 'nonpayable',
  inputs: [{ name: 'id', type: 'bytes32' }, EXECUTOR_CALLS, { name: 'nonce', type: 'bytes32' }, { name: 'signature', type: 'bytes' }],
  outputs: [],
} as const

/** The account's session grants, self-calls only: `grant(...)` and `revoke(id)` (ERC-7715 permissions on chain). */
export const SESSION_GRANT_ABI = [
  {
    type: 'function',
    name: 'grant',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'id', type: 'bytes32' },
      { name: 'sessionKey', type: 'address' },
      { name: 'expiry', type: 'uint64' },
      {
        name: 'scopes',
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'selectors', type: 'bytes4[]' },
        ],
      },
      { name: 'allowance', type: 'uint256' },
      { name: 'period', type: 'uint64' },
      { name: 'start', type: 'uint64' },
    ],
    outputs: [],
  },
  { type: 'function', name: 'revoke', stateMutability: 'nonpayable', inputs: [{ name: 'id', type: 'bytes32' }], outputs: [] },
] as const
