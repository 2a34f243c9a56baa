/**
 * The frame's client of the Portico auth service (@portico/protocol/auth). Only the frame calls it;
 * stamped calls carry the session headers signed by the session key. Every answer is parsed with zod.
 */
import {
  AUTH_ERRORS,
  authErrorSchema,
  authUserSchema,
  deviceResponseSchema,
  emailConnectResponseSchema,
  otpResponseSchema,
  passkeyAddResponseSchema,
  passkeyOptionsResponseSchema,
  passkeysResponseSchema,
  rpcResponseSchema,
  socialFinishResponseSchema,
  farcasterStartResponseSchema,
  farcasterStatusResponseSchema,
  keyShareResponseSchema,
  type keysDeviceSchema,
  keysEscrowSchema,
  keysRecoverySchema,
  keysStatusSchema,
  legacyKeysResponseSchema,
  socialStartResponseSchema,
  updateEmailDoneSchema,
  updateEmailResponseSchema,
  type AuthUser,
  type PasskeyInfo,
  type keysUploadSchema,
} from '@portico/protocol/auth'
import { originsResponseSchema } from '@portico/protocol/explorer'
import {
  type ConfirmPolicy,
  confirmPolicyResponseSchema,
  type PolicySpendRequest,
  type PolicySpendResponse,
  policySpendResponseSchema,
} from '@portico/protocol/confirm-policy'
import { type TotpEnrollment, totpEnrollResponseSchema, type TwoFactorStatus, twoFactorStatusSchema } from '@portico/protocol/two-factor'
import { z } from 'zod/mini'
import { loginStampHeaders, stampHeaders, type StoredSession } from './keys'

/** An auth service answer that is not OK; `status` for the caller's decisions (401: the session is gone). */
export class AuthApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's Retry-After, in ms (seconds form only). */
    readonly retryAfterMs?: number,
  ) {
    super(message)
  }
}

/** Retry-After in seconds → ms; undefined when absent or not a small number of seconds. */
const retryAfterOf = (response: Response): number | undefined => {
  const value = response.headers.get('retry-after')
  return value !== null && /^\d{1,4}$/.test(value) ? Number(value) * 1000 : undefined
}

/**
 * A login's finish is stamped by the session key its start named (issue 22 §3): `loginKey` is that
 * key's private half; each start carries `sessionKeyHash` (sessionKeyHashOf its public half).
 */
export interface AuthApi {
  /** hostOrigin: the host page's origin, named in the approval mail and page. */
  emailConnect(
    email: string,
    deviceId: string,
    sessionKeyHash: string,
    hostOrigin?: string,
  ): Promise<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' }>
  /**
   * One ask: VERIFY_OTP once the device is approved (the code is mailed), else pending (202 after the
   * API's bounded wait, or a 503 with Retry-After: ask again after `retryAfterMs`).
   */
  emailDevice(
    email: string,
    deviceId: string,
    sessionKeyHash: string,
  ): Promise<{ action: 'VERIFY_OTP' } | { state: 'pending'; retryAfterMs?: number }>
  emailOtp(
    body: { email: string; deviceId: string; otp: string; sessionPublicKey: string; encryptionPublicKey?: string },
    loginKey: CryptoKey,
  ): Promise<{ sessionId: string; expiresAt: string; user: AuthUser }>
  /** POST /v1/auth/social/start: the provider's authorization URL (PKCE is the server's). */
  socialStart(body: { provider: string; hostOrigin: string; deviceId: string; sessionKeyHash: string }): Promise<{ uri: string }>
  /** POST /v1/auth/social/finish: the session, as emailOtp answers it. */
  socialFinish(
    body: { resultUri: string; deviceId: string; sessionPublicKey: string; encryptionPublicKey?: string },
    loginKey: CryptoKey,
  ): Promise<{ sessionId: string; expiresAt: string; user: AuthUser }>
  /** POST /v1/auth/farcaster/start: a relay channel for this device; hostOrigin: the app the message names. */
  farcasterStart(deviceId: string, sessionKeyHash: string, hostOrigin?: string): Promise<{ url: string; channelToken: string }>
  /** POST /v1/auth/farcaster/status: pending, or the session once the signed message is verified. */
  farcasterStatus(
    body: { channelToken: string; deviceId: string; sessionPublicKey: string; encryptionPublicKey?: string },
    loginKey: CryptoKey,
    signal?: AbortSignal,
  ): Promise<{ state: 'pending' } | { sessionId: string; expiresAt: string; user: AuthUser }>
  /** With `chainId`: also smartAccountDeployed there (EIP-7702 delegation, read by the server from the chain). */
  user(session: StoredSession, chainId?: number | string): Promise<AuthUser>
  signOut(session: StoredSession): Promise<void>
  rpc(
    session: StoredSession,
    body: { namespace: 'eip155' | 'solana'; chainId: number | string; method: string; params?: unknown[] },
    signal?: AbortSignal,
  ): Promise<unknown>
  /** 'smartAccount' is set up on `chainId` (the server delegates the EOA there first); a 4xx/502 says why it could not. */
  preferredAccount(session: StoredSession, type: 'eoa' | 'smartAccount', chainId?: number | string): Promise<AuthUser>
  updateEmail(session: StoredSession, email: string): Promise<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }>
  updateEmailPrimary(session: StoredSession, otp: string): Promise<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }>
  updateEmailSecondary(session: StoredSession, otp: string): Promise<{ newEmail: string }>
  /** POST /v1/auth/passkey/{sign-up,sign-in}/options: the WebAuthn options of a passkey login start. */
  passkeyOptions(
    mode: 'sign-up' | 'sign-in',
    body: { deviceId: string; sessionKeyHash: string; name?: string },
  ): Promise<{ options: Record<string, unknown> }>
  /** POST /v1/auth/passkey/{sign-up,sign-in}: the session, as emailOtp answers it (login-stamped). */
  passkeyFinish(
    mode: 'sign-up' | 'sign-in',
    body: { deviceId: string; sessionPublicKey: string; encryptionPublicKey?: string; response: unknown },
    loginKey: CryptoKey,
  ): Promise<{ sessionId: string; expiresAt: string; user: AuthUser }>
  /** A signed-in user's passkeys (stamped): options for another, add it, list, remove. */
  passkeyAddOptions(session: StoredSession): Promise<{ options: Record<string, unknown> }>
  passkeyAdd(session: StoredSession, body: { response: unknown; name?: string }): Promise<{ passkey: PasskeyInfo }>
  passkeys(session: StoredSession): Promise<{ passkeys: PasskeyInfo[] }>
  passkeyRemove(session: StoredSession, id: string): Promise<{ passkeys: PasskeyInfo[] }>
  /** Key shares (issue 22 §1): GET /v1/auth/keys. Optional: only the frame's key-share path calls them. */
  keys?(session: StoredSession): Promise<KeysStatus>
  /** POST /v1/auth/keys: the auth shares and recovery blobs of both keys. */
  uploadKeys?(session: StoredSession, body: z.infer<typeof keysUploadSchema>): Promise<KeysStatus>
  /** POST /v1/auth/keys/share: the auth share of `kind` of a split (the first by default), sealed to the session's ECDH key. */
  keyShare?(session: StoredSession, kind: 'evm' | 'solana', split?: string): Promise<unknown>
  /** POST /v1/auth/keys/recovery: the first split's recovery blobs, for a device without a device share. */
  keyRecovery?(session: StoredSession): Promise<z.infer<typeof keysRecoverySchema>>
  /** POST /v1/auth/keys/escrow: server-assisted recovery, the first split's recovery shares sealed to the session's ECDH key. */
  keyEscrow?(session: StoredSession): Promise<z.infer<typeof keysEscrowSchema>>
  /** POST /v1/auth/keys/devices: this device's own split of the keys, proven by the key's signatures. */
  addDevice?(session: StoredSession, body: z.infer<typeof keysDeviceSchema>): Promise<KeysStatus>
  /** POST /v1/auth/keys/legacy: a legacy user's whole keys, sealed to the session's ECDH key (once per session). */
  legacyKeys?(session: StoredSession): Promise<{ evm: unknown; solana: unknown }>
  /** POST /v1/auth/relay: a transaction the frame signed, sent to the chain; the hash / signature. */
  relay?(session: StoredSession, body: { namespace: 'eip155' | 'solana'; chainId: number | string; transaction: string }): Promise<string>
  /** GET /v1/auth/2fa: TOTP's state and this session's step-up (@portico/protocol/two-factor). */
  twoFactorStatus(session: StoredSession): Promise<TwoFactorStatus>
  /** POST /v1/auth/2fa/totp/enroll: a new pending secret. */
  totpEnroll(session: StoredSession): Promise<TotpEnrollment>
  /** POST /v1/auth/2fa/totp/{confirm,verify,remove} with a code. */
  totp(session: StoredSession, action: 'confirm' | 'verify' | 'remove', code: string): Promise<TwoFactorStatus>
  /** POST /v1/auth/2fa/passkey/options: request options for one of the user's passkeys (a step-up). */
  passkeyStepUpOptions(session: StoredSession): Promise<{ options: Record<string, unknown> }>
  /** POST /v1/auth/2fa/passkey/verify: the assertion; steps this session up. */
  passkeyStepUp(session: StoredSession, response: unknown): Promise<TwoFactorStatus>
  /** SPEC §7 GET /projects/v1/origins; SPEC §8: [] on any failure (429 and 5xx reported by `kind`). */
  allowedOrigins(projectId: string): Promise<{ allowedOrigins: string[]; kind?: 'RATE_LIMITED' | 'SERVER_ERROR' }>
  /** GET /projects/v1/confirm-policy: the project's confirmation policy (null: none); throws when it can not be read. */
  confirmPolicy?(projectId: string): Promise<ConfirmPolicy | null>
  /** POST /v1/auth/policy/spend: count a transfer let through without a prompt in the user's tally of the day (every device). */
  policySpend?(session: StoredSession, body: PolicySpendRequest): Promise<PolicySpendResponse>
}

export type KeysStatus = z.infer<typeof keysStatusSchema>

export function createAuthApi(options: { apiUrl: string; fetch?: typeof fetch; now?: () => number }): AuthApi {
  const base = options.apiUrl.replace(/\/+$/, '')
  const doFetch = (...args: Parameters<typeof fetch>) => (options.fetch ?? globalThis.fetch)(...args)
  /** The timestamp of the last stamp: each stamp of this client gets a later one. */
  let lastStamp = 0

  async function call<T>(
    schema: z.ZodMiniType<T>,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    session?: StoredSession | { loginKey: CryptoKey },
    signal?: AbortSignal,
  ): Promise<T> {
    const text = body === undefined ? '' : JSON.stringify(body)
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' }
    const url = `${base}${path}`
    // The server checks the stamp over the path and query it receives (an API under a path prefix
    // included), and takes one request once: two alike get distinct timestamps.
    if (session) {
      const { pathname, search } = new URL(url)
      lastStamp = Math.max(options.now?.() ?? Date.now(), lastStamp + 1)
      Object.assign(
        headers,
        'loginKey' in session
          ? await loginStampHeaders(session.loginKey, method, `${pathname}${search}`, text, lastStamp)
          : await stampHeaders(session, method, `${pathname}${search}`, text, lastStamp),
      )
    }
    const response = await doFetch(url, { method, headers, ...(body === undefined ? {} : { body: text }), ...(signal ? { signal } : {}) })
    let json: unknown
    try {
      json = await response.json()
    } catch {
      json = undefined
    }
    if (!response.ok) {
      const error = authErrorSchema.safeParse(json)
      throw new AuthApiError(
        error.success ? error.data.error : `HTTP status code: ${response.status}`,
        response.status,
        retryAfterOf(response),
      )
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw new AuthApiError(`Invalid response from ${path}`, response.status)
    return parsed.data
  }

  const empty = z.object({})
  return {
    emailConnect: (email, deviceId, sessionKeyHash, hostOrigin) =>
      call(emailConnectResponseSchema, 'POST', '/v1/auth/email/connect', {
        email,
        deviceId,
        sessionKeyHash,
        ...(hostOrigin ? { hostOrigin } : {}),
      }),
    emailDevice: async (email, deviceId, sessionKeyHash) => {
      try {
        return await call(deviceResponseSchema, 'POST', '/v1/auth/email/device', { email, deviceId, sessionKeyHash })
      } catch (error) {
        // The instance holds as many waits as it may (or is unavailable for a moment): ask again later.
        if (error instanceof AuthApiError && error.status === 503 && error.retryAfterMs !== undefined)
          return { state: 'pending', retryAfterMs: error.retryAfterMs }
        throw error
      }
    },
    emailOtp: (body, loginKey) => call(otpResponseSchema, 'POST', '/v1/auth/email/otp', body, { loginKey }),
    socialStart: (body) => call(socialStartResponseSchema, 'POST', '/v1/auth/social/start', body),
    socialFinish: (body, loginKey) => call(socialFinishResponseSchema, 'POST', '/v1/auth/social/finish', body, { loginKey }),
    farcasterStart: (deviceId, sessionKeyHash, hostOrigin) =>
      call(farcasterStartResponseSchema, 'POST', '/v1/auth/farcaster/start', {
        deviceId,
        sessionKeyHash,
        ...(hostOrigin ? { hostOrigin } : {}),
      }),
    farcasterStatus: (body, loginKey, signal) =>
      call(farcasterStatusResponseSchema, 'POST', '/v1/auth/farcaster/status', body, { loginKey }, signal),
    user: (session, chainId) =>
      call(
        authUserSchema,
        'GET',
        chainId === undefined ? '/v1/auth/user' : `/v1/auth/user?chainId=${encodeURIComponent(String(chainId))}`,
        undefined,
        session,
      ),
    signOut: async (session) => void (await call(empty, 'POST', '/v1/auth/sign-out', {}, session)),
    rpc: async (session, body, signal) => (await call(rpcResponseSchema, 'POST', '/v1/auth/rpc', body, session, signal)).result,
    preferredAccount: (session, type, chainId) =>
      call(authUserSchema, 'POST', '/v1/auth/preferred-account', chainId === undefined ? { type } : { type, chainId }, session),
    updateEmail: (session, email) => call(updateEmailResponseSchema, 'POST', '/v1/auth/email/update', { email }, session),
    updateEmailPrimary: (session, otp) => call(updateEmailResponseSchema, 'POST', '/v1/auth/email/update/primary', { otp }, session),
    passkeyOptions: (mode, body) => call(passkeyOptionsResponseSchema, 'POST', `/v1/auth/passkey/${mode}/options`, body),
    passkeyFinish: (mode, body, loginKey) => call(otpResponseSchema, 'POST', `/v1/auth/passkey/${mode}`, body, { loginKey }),
    passkeyAddOptions: (session) => call(passkeyOptionsResponseSchema, 'POST', '/v1/auth/passkeys/options', {}, session),
    passkeyAdd: (session, body) => call(passkeyAddResponseSchema, 'POST', '/v1/auth/passkeys', body, session),
    passkeys: (session) => call(passkeysResponseSchema, 'GET', '/v1/auth/passkeys', undefined, session),
    passkeyRemove: (session, id) => call(passkeysResponseSchema, 'POST', '/v1/auth/passkeys/remove', { id }, session),
    updateEmailSecondary: (session, otp) => call(updateEmailDoneSchema, 'POST', '/v1/auth/email/update/secondary', { otp }, session),
    keys: (session) => call(keysStatusSchema, 'GET', '/v1/auth/keys', undefined, session),
    uploadKeys: (session, body) => call(keysStatusSchema, 'POST', '/v1/auth/keys', body, session),
    keyShare: async (session, kind, split) =>
      (await call(keyShareResponseSchema, 'POST', '/v1/auth/keys/share', { kind, ...(split ? { split } : {}) }, session)).sealed,
    keyRecovery: (session) => call(keysRecoverySchema, 'POST', '/v1/auth/keys/recovery', {}, session),
    keyEscrow: (session) => call(keysEscrowSchema, 'POST', '/v1/auth/keys/escrow', {}, session),
    addDevice: (session, body) => call(keysStatusSchema, 'POST', '/v1/auth/keys/devices', body, session),
    legacyKeys: (session) => call(legacyKeysResponseSchema, 'POST', '/v1/auth/keys/legacy', {}, session),
    relay: async (session, body) => {
      const { result } = await call(rpcResponseSchema, 'POST', '/v1/auth/relay', body, session)
      if (typeof result !== 'string') throw new AuthApiError('Invalid response from /v1/auth/relay', 200)
      return result
    },
    twoFactorStatus: (session) => call(twoFactorStatusSchema, 'GET', '/v1/auth/2fa', undefined, session),
    totpEnroll: (session) => call(totpEnrollResponseSchema, 'POST', '/v1/auth/2fa/totp/enroll', {}, session),
    totp: (session, action, code) => call(twoFactorStatusSchema, 'POST', `/v1/auth/2fa/totp/${action}`, { code }, session),
    async confirmPolicy(projectId) {
      const response = await doFetch(`${base}/projects/v1/confirm-policy?projectId=${encodeURIComponent(projectId)}`)
      if (!response.ok) throw new AuthApiError(`HTTP status code: ${response.status}`, response.status)
      const parsed = confirmPolicyResponseSchema.safeParse(await response.json())
      if (!parsed.success) throw new AuthApiError('Invalid response from /projects/v1/confirm-policy', response.status)
      return parsed.data.policy
    },
    policySpend: (session, body) => call(policySpendResponseSchema, 'POST', '/v1/auth/policy/spend', body, session),
    passkeyStepUpOptions: (session) => call(passkeyOptionsResponseSchema, 'POST', '/v1/auth/2fa/passkey/options', {}, session),
    passkeyStepUp: (session, response) => call(twoFactorStatusSchema, 'POST', '/v1/auth/2fa/passkey/verify', { response }, session),
    async allowedOrigins(projectId) {
      try {
        const response = await doFetch(`${base}/projects/v1/origins?projectId=${encodeURIComponent(projectId)}`)
        if (response.status === 429) return { allowedOrigins: [], kind: 'RATE_LIMITED' }
        if (response.status >= 500 && response.status <= 599) return { allowedOrigins: [], kind: 'SERVER_ERROR' }
        if (!response.ok) return { allowedOrigins: [] }
        const parsed = originsResponseSchema.safeParse(await response.json())
        return { allowedOrigins: parsed.success ? parsed.data.allowedOrigins : [] }
      } catch {
        return { allowedOrigins: [] }
      }
    },
  }
}

export { AUTH_ERRORS }
