/**
 * Passkey login of the embedded wallet (issue 22 §2), WebAuthn through @simplewebauthn/server.
 *
 * The relying party is the frame, never the host page: the RP id is the host of the frame origin
 * the ceremony starts from (one of auth.frameOrigins, or auth.passkeys.rpId), and a response is
 * taken only when its clientDataJSON names a frame origin. A host page's script can not ask for
 * or use these passkeys (the browser binds them to the frame's domain).
 *
 *   sign-up:  options for a new user handle, bound (like every login start, login-binding.ts) to the
 *             hash of the frame's new session key; the finish, stamped by that key, is verified
 *             (user verification required), and a user without email is made with the passkey.
 *   sign-in:  discoverable: options with no allowCredentials; the finish names its credential
 *             (401 for one not registered here), the signature and counter are checked (the counter
 *             must grow when the authenticator counts), and the passkey's user gets a session.
 *   add/list/remove: stamped routes of a signed-in user; a user keeps at least one way in.
 *   step-up:  a second factor (two-factor.ts): options naming the caller's passkeys, the challenge
 *             bound to the caller's session; the assertion (user verification required, made in a
 *             window of the frame's origin, not in an iframe) marks that session stepped up.
 *
 * Challenges are random (simplewebauthn's 32 bytes), stored, single use and live
 * PASSKEY_CHALLENGE_TTL_MS; a finish is checked against the stored row its clientDataJSON names.
 * The PRF extension is asked for by the frame and its output stays there (the request schemas
 * refuse a response that carries it): the server stores no secret of a passkey.
 */
import {
  AUTH_ERRORS,
  PASSKEY_CHALLENGE_TTL_MS,
  type AuthUser,
  type PasskeyInfo,
  type passkeyAuthenticationSchema,
  type passkeyRegistrationSchema,
} from '@portico/protocol/auth'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { z } from 'zod'
import type { Database } from '../db/types.ts'
import { deriveSecrets, parseKek, randomToken } from './crypto.ts'
import { AuthError } from './errors.ts'
import { generateUserKeys, sealUserKeys } from './keys.ts'
import { boundTo, keyMismatch, provenKeyHash, type LoginProof } from './login-binding.ts'
import type { SessionNotices } from './notices.ts'
import { openSession } from './open-session.ts'
import { createPasskeyRepository, toPasskeyInfo, transportsOf, type NewPasskey, type PasskeyChallengeKind } from './passkey-repository.ts'
import type { Caller } from './service.ts'
import { sessionKeyCache } from './stamp.ts'
import { markStepUp } from './two-factor.ts'

type Registration = z.infer<typeof passkeyRegistrationSchema>
type Authentication = z.infer<typeof passkeyAuthenticationSchema>

/** The `auth.passkeys` block of the app config. */
export type PasskeyConfig = {
  /** The name authenticators show for the relying party. @default 'Portico wallet' */
  rpName?: string
  /**
   * The relying party id: a registrable suffix of every frame origin's host (e.g. `example.com` for
   * `https://wallet.example.com`). @default each frame origin's own host
   */
  rpId?: string
}

export type PasskeyServiceOptions = {
  db: Database
  kek: string | Uint8Array
  /** auth.frameOrigins: the only origins a ceremony may run in. */
  frameOrigins: readonly string[]
  config?: PasskeyConfig | undefined
  now?: () => number
  notices?: Pick<SessionNotices, 'sessionOpened'>
  /**
   * The pages that may embed the frame (the API's allowed origins): a sign-in in the frame is a
   * cross-origin ceremony whose clientDataJSON names the embedding page (topOrigin); it is taken only
   * when this says yes. Without it, only ceremonies in a window of the frame's own origin are taken.
   */
  isHostOrigin?: (origin: string) => boolean
  /** 'shares': a new user gets no key here; the frame makes them at the sign-up's end (issue 22 §1). @default 'server' */
  keyCustody?: 'server' | 'shares'
}

const HOUR_MS = 60 * 60_000
/**
 * The COSE algorithms offered and accepted: EdDSA, ES256, RS256 (named, so the library does not
 * probe the runtime for post-quantum ones, which Node reports as an experimental warning).
 */
const ALGORITHMS = [-8, -7, -257]
const DEFAULT_NAME = 'Passkey'

const expired = () => new AuthError(400, AUTH_ERRORS.passkeyExpired)
const failed = () => new AuthError(400, AUTH_ERRORS.passkeyFailed)

/** What a response's clientDataJSON says (unverified: the library checks it); {} when it can not be read. */
function clientDataOf(response: { response: { clientDataJSON: string } }): {
  challenge?: unknown
  crossOrigin?: unknown
  topOrigin?: unknown
} {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as unknown
    return typeof data === 'object' && data !== null ? data : {}
  } catch {
    return {}
  }
}

/** The challenge a response answers (from its clientDataJSON); null when it names none. */
function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  const { challenge } = clientDataOf(response)
  return typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge) ? challenge : null
}

export function createPasskeyService(options: PasskeyServiceOptions) {
  const now = options.now ?? Date.now
  const repo = createPasskeyRepository(options.db)
  const secrets = deriveSecrets(parseKek(options.kek))
  const sessionKey = sessionKeyCache()
  const rpName = options.config?.rpName ?? 'Portico wallet'
  const origins = [...options.frameOrigins]
  const rpIds = options.config?.rpId ? [options.config.rpId] : [...new Set(origins.map((o) => new URL(o).hostname))]
  let lastPrune = 0

  /** The RP id of a ceremony started from `origin` (the request's Origin): a frame origin's, else 400. */
  function rpIdFor(origin: string | undefined): string {
    if (origin === undefined || !origins.includes(origin)) throw new AuthError(400, 'The passkey ceremony must start in the frame')
    return options.config?.rpId ?? new URL(origin).hostname
  }

  /**
   * A user-verified assertion of `stored` for `challenge` (and, in an iframe, that top origin), by the
   * handle its authenticator keeps for its user; its counter moves on. Anything else: 'passkeyFailed'.
   */
  async function verifyAssertion(
    stored: NonNullable<Awaited<ReturnType<typeof repo.passkey>>>,
    response: Authentication,
    challenge: string,
    expectedTopOrigin?: string[],
  ): Promise<void> {
    const counter = Number(stored.counter)
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
    try {
      verified = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origins,
        expectedRPID: rpIds,
        credential: {
          id: stored.credential_id,
          publicKey: Buffer.from(stored.public_key, 'base64url'),
          counter,
          transports: transportsOf(stored),
        },
        requireUserVerification: true,
        ...(expectedTopOrigin ? { expectedTopOrigin } : {}),
      })
    } catch {
      throw failed()
    }
    if (!verified.verified) throw failed()
    // The handle the authenticator keeps for this credential is its user's.
    const handle = response.response.userHandle
    if (handle !== undefined && handle !== (await repo.webauthnUserIdOf(stored.user_id))) throw failed()
    if (!(await repo.moveCounter(stored.credential_id, counter, verified.authenticationInfo.newCounter, now()))) throw failed()
  }

  async function store(
    challenge: string,
    kind: PasskeyChallengeKind,
    bind: Omit<Parameters<typeof repo.putChallenge>[0], 'challenge' | 'kind' | 'now' | 'expiresAt'>,
  ) {
    const t = now()
    await repo.putChallenge({ challenge, kind, ...bind, now: t, expiresAt: t + PASSKEY_CHALLENGE_TTL_MS })
    if (t - lastPrune > HOUR_MS) {
      lastPrune = t
      await repo.pruneChallenges(t - HOUR_MS)
    }
  }

  async function registrationOptions(
    rpID: string,
    user: { handle: string; name: string },
    exclude: { id: string; transports: string[] }[],
  ) {
    return generateRegistrationOptions({
      rpName,
      rpID,
      userID: Buffer.from(user.handle, 'base64url'),
      userName: user.name,
      userDisplayName: user.name,
      attestationType: 'none',
      excludeCredentials: exclude,
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: PASSKEY_CHALLENGE_TTL_MS,
      supportedAlgorithmIDs: ALGORITHMS,
    })
  }

  /** A registration response verified against `challenge`; the passkey to store. 400 if it does not verify. */
  async function verifyRegistration(response: Registration, challenge: string, name: string): Promise<NewPasskey> {
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
    try {
      verified = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origins,
        expectedRPID: rpIds,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      })
    } catch {
      throw failed()
    }
    if (!verified.verified) throw failed()
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).slice(0, 8),
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name,
    }
  }

  /**
   * A login finish's challenge row: the key the request is stamped by must be the start's (403
   * before the challenge is used up, so its own frame may still finish), then the row is used up
   * (400 for an unknown, used or expired one) and must name the same device.
   */
  async function takeLogin(
    kind: 'sign_up' | 'sign_in',
    response: { response: { clientDataJSON: string } },
    deviceId: string,
    proven: string,
  ) {
    const challenge = challengeOf(response)
    if (challenge === null) throw failed()
    const live = await repo.liveChallenge(challenge, kind, now())
    if (live !== null && !boundTo(live.session_key_hash, proven)) throw keyMismatch()
    const row = await repo.takeChallenge(challenge, kind, now())
    if (row === null) throw expired()
    if (row.device_id !== deviceId) throw failed()
    if (!boundTo(row.session_key_hash, proven)) throw keyMismatch()
    return { challenge, row }
  }

  return {
    /** POST /v1/auth/passkey/sign-up/options: creation options for a new user handle. */
    async signUpOptions(input: { deviceId: string; sessionKeyHash: string; name?: string | undefined }, origin: string | undefined) {
      const rpID = rpIdFor(origin)
      const handle = randomToken(32)
      const name = input.name ?? rpName
      const opts = await registrationOptions(rpID, { handle, name }, [])
      await store(opts.challenge, 'sign_up', {
        sessionKeyHash: input.sessionKeyHash,
        deviceId: input.deviceId,
        webauthnUserId: handle,
        ...(input.name === undefined ? {} : { name: input.name }),
      })
      return { options: opts as unknown as Record<string, unknown> }
    },

    /** POST /v1/auth/passkey/sign-up: login-stamped; a new user (no email) with this passkey, and a session. */
    async signUp(
      input: { deviceId: string; sessionPublicKey: string; response: Registration },
      device: string | null,
      proof: LoginProof | undefined,
    ): Promise<{ sessionId: string; expiresAt: string; user: AuthUser }> {
      const proven = await provenKeyHash(sessionKey, input.sessionPublicKey, proof, now())
      const { challenge, row } = await takeLogin('sign_up', input.response, input.deviceId, proven)
      if (row.webauthn_user_id === null) throw expired()
      const passkey = await verifyRegistration(input.response, challenge, row.name ?? DEFAULT_NAME)
      const id = crypto.randomUUID()
      const taken = () => new AuthError(409, 'This passkey is already registered. Sign in with it.')
      if (options.keyCustody === 'shares') {
        // The frame makes the keys at this sign-up's end (shares.ts).
        const user = { id, webauthnUserId: row.webauthn_user_id, evmAddress: null, solanaAddress: null, now: now() }
        if (!(await repo.insertUser(user, null, passkey))) throw taken()
      } else {
        const keys = generateUserKeys()
        try {
          const made = await repo.insertUser(
            { id, webauthnUserId: row.webauthn_user_id, evmAddress: keys.evmAddress, solanaAddress: keys.solanaAddress, now: now() },
            sealUserKeys(secrets.keyEncryption, id, keys),
            passkey,
          )
          if (!made) throw taken()
        } finally {
          keys.solanaSeed.fill(0)
        }
      }
      const user = (await repo.userById(id)) as AuthUser
      return openSession(repo, user, input, device, now(), async (session) => options.notices?.sessionOpened(user, session, null))
    },

    /** POST /v1/auth/passkey/sign-in/options: request options for any passkey of this RP (discoverable). */
    async signInOptions(input: { deviceId: string; sessionKeyHash: string }, origin: string | undefined) {
      const rpID = rpIdFor(origin)
      const opts = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: PASSKEY_CHALLENGE_TTL_MS })
      await store(opts.challenge, 'sign_in', { sessionKeyHash: input.sessionKeyHash, deviceId: input.deviceId })
      return { options: opts as unknown as Record<string, unknown> }
    },

    /** POST /v1/auth/passkey/sign-in: login-stamped; the passkey's user gets a session. */
    async signIn(
      input: { deviceId: string; sessionPublicKey: string; response: Authentication },
      device: string | null,
      proof: LoginProof | undefined,
    ): Promise<{ sessionId: string; expiresAt: string; user: AuthUser }> {
      const proven = await provenKeyHash(sessionKey, input.sessionPublicKey, proof, now())
      const { challenge } = await takeLogin('sign_in', input.response, input.deviceId, proven)
      const stored = await repo.passkey(input.response.id)
      if (stored === null) throw new AuthError(401, AUTH_ERRORS.passkeyUnknown)
      // In the frame (an iframe), the ceremony is cross-origin: its top origin must be a page that
      // may embed the frame. In a window of the frame's own origin there is none.
      const { crossOrigin, topOrigin } = clientDataOf(input.response)
      let expectedTopOrigin: string[] | undefined
      if (crossOrigin === true) {
        if (typeof topOrigin !== 'string' || !options.isHostOrigin?.(topOrigin)) throw failed()
        expectedTopOrigin = [topOrigin]
      }
      await verifyAssertion(stored, input.response, challenge, expectedTopOrigin)
      const user = await repo.userById(stored.user_id)
      if (user === null) throw new AuthError(401, AUTH_ERRORS.passkeyUnknown)
      return openSession(repo, user, input, device, now(), async (session) => {
        // A passkey sign-in is a fresh step-up of its session: it is the proof the step-up route asks
        // for (a user-verified assertion of a passkey the account already had, bound to this session's
        // key), and a new device's recovery by the passkey's PRF (its new split needs the step-up) goes
        // on in the same ceremony. A sign-up does not count: a new passkey proves no factor the account
        // had before.
        await markStepUp(options.db, session.id, 'passkey', now())
        await options.notices?.sessionOpened(user, session, null)
      })
    },

    /** POST /v1/auth/passkeys/options (stamped): creation options for another passkey of the caller. */
    async addOptions(caller: Caller, origin: string | undefined) {
      const rpID = rpIdFor(origin)
      const userId = caller.user.userId
      const handle = (await repo.webauthnUserIdOf(userId)) ?? randomToken(32)
      const existing = await repo.passkeysOf(userId)
      const name = caller.user.email ?? caller.user.userName ?? rpName
      const opts = await registrationOptions(
        rpID,
        { handle, name },
        existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
      )
      await store(opts.challenge, 'add', { sessionId: caller.session.id, userId, webauthnUserId: handle })
      return { options: opts as unknown as Record<string, unknown> }
    },

    /** POST /v1/auth/passkeys (stamped): the new passkey, verified against a challenge this session asked for. */
    async add(caller: Caller, input: { response: Registration; name?: string | undefined }): Promise<{ passkey: PasskeyInfo }> {
      const challenge = challengeOf(input.response)
      if (challenge === null) throw failed()
      const row = await repo.takeChallenge(challenge, 'add', now())
      if (row === null || row.session_id !== caller.session.id || row.user_id !== caller.user.userId || row.webauthn_user_id === null)
        throw expired()
      const passkey = await verifyRegistration(input.response, challenge, input.name ?? DEFAULT_NAME)
      const added = await repo.addPasskey(caller.user.userId, row.webauthn_user_id, passkey, now())
      if (added === null) throw new AuthError(409, 'This passkey is already registered')
      return { passkey: toPasskeyInfo(added) }
    },

    /**
     * POST /v1/auth/2fa/passkey/options (stamped): request options for one of the caller's passkeys,
     * user verification required, the challenge bound to this session. 400 passkeyNone without one.
     */
    async stepUpOptions(caller: Caller, origin: string | undefined) {
      const rpID = rpIdFor(origin)
      const userId = caller.user.userId
      const existing = await repo.passkeysOf(userId)
      if (existing.length === 0) throw new AuthError(400, AUTH_ERRORS.passkeyNone)
      const opts = await generateAuthenticationOptions({
        rpID,
        allowCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
        userVerification: 'required',
        timeout: PASSKEY_CHALLENGE_TTL_MS,
      })
      await store(opts.challenge, 'step_up', { sessionId: caller.session.id, userId })
      return { options: opts as unknown as Record<string, unknown> }
    },

    /**
     * POST /v1/auth/2fa/passkey/verify (stamped): an assertion answering this session's step-up
     * challenge, by one of the caller's passkeys, user verified, in a window of the frame's origin (a
     * popup; not an iframe in a host page). Marks the session stepped up (two-factor.ts).
     */
    async stepUp(caller: Caller, response: Authentication): Promise<void> {
      const challenge = challengeOf(response)
      if (challenge === null) throw failed()
      // Another session's challenge is refused before it is used up: its own session may still answer it.
      const live = await repo.liveChallenge(challenge, 'step_up', now())
      if (live !== null && (live.session_id !== caller.session.id || live.user_id !== caller.user.userId)) throw expired()
      const row = await repo.takeChallenge(challenge, 'step_up', now())
      if (row === null || row.session_id !== caller.session.id || row.user_id !== caller.user.userId) throw expired()
      const stored = await repo.passkey(response.id)
      if (stored === null || stored.user_id !== caller.user.userId) throw failed()
      if (clientDataOf(response).crossOrigin === true) throw failed()
      await verifyAssertion(stored, response, challenge)
      await markStepUp(options.db, caller.session.id, 'passkey', now())
    },

    /** GET /v1/auth/passkeys (stamped) */
    async list(caller: Caller): Promise<{ passkeys: PasskeyInfo[] }> {
      return { passkeys: (await repo.passkeysOf(caller.user.userId)).map(toPasskeyInfo) }
    },

    /** POST /v1/auth/passkeys/remove (stamped): not the last way in of a user. */
    async remove(caller: Caller, id: string): Promise<{ passkeys: PasskeyInfo[] }> {
      const outcome = await repo.removePasskey(caller.user.userId, id)
      if (outcome === 'missing') throw new AuthError(404, 'Passkey not found')
      if (outcome === 'last') throw new AuthError(409, AUTH_ERRORS.passkeyLast)
      return { passkeys: (await repo.passkeysOf(caller.user.userId)).map(toPasskeyInfo) }
    },
  }
}

export type PasskeyService = ReturnType<typeof createPasskeyService>
