import {
  AUTH_ERRORS,
  DEVICE_ASK_MS,
  DEVICE_WAIT_MS,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_MS,
  OTP_TTL_MS,
  revokeMessage,
  STAMP_MAX_SKEW_MS,
  stampPayload,
  type AuthUser,
  type PermissionExecuteRequest,
  type SessionInfo,
} from '@portico/protocol/auth'
import type { ChainConfig, SolanaChainConfig } from '../config.ts'
import type { Database } from '../db/types.ts'
import { deriveSecrets, hmac, parseKek, randomDigits, randomToken, sameDigest } from './crypto.ts'
import { AuthError } from './errors.ts'
import { generateUserKeys, openEvmKey, openSolanaKey, sealUserKeys } from './keys.ts'
import { browserOf, codeMail, deviceMail, type MailProvider } from './mail.ts'
import { createSessionNotices } from './notices.ts'
import { createAuthRepository, ms, toSessionInfo, type MailKind, type OtpPurpose, type SessionRow } from './repository.ts'
import { openSession } from './open-session.ts'
import { getAssets, type AssetReader } from './assets.ts'
import { checkExecution, createPermissionRepository, grantPermissions, isPermissionMethod, revokePermissions } from './permissions.ts'
import { accountSendLock } from './send-lock.ts'
import { runSigningRpc, type RpcRequest } from './signer.ts'
import {
  enableSmartAccount,
  isSmartAccountDeployed,
  isSmartAccountMethod,
  runSmartAccountRpc,
  sendCalls,
  type SmartAccountContext,
} from './smart.ts'
import { requestDigest, sessionKeyCache, verifyP256 } from './stamp.ts'
import { boundTo, keyMismatch, provenKeyHash, type LoginProof } from './login-binding.ts'
import { createTwoFactor } from './two-factor.ts'
import { UNSUPPORTED_CHAIN } from '@portico/protocol/errors'
import { KEYS_ERRORS } from '@portico/protocol/auth'
import { relayExecution } from './sessions.ts'
import { createKeySharesService, type KeyCustody } from './shares.ts'
import { SIGNING_METHODS } from './signer.ts'
import type { RecoveryKey } from './transit.ts'

/** Device approval links live this long. */
export const DEVICE_TOKEN_TTL_MS = 10 * 60_000
const HOUR_MS = 60 * 60_000

export type AuthLimits = {
  /** Code mails (login and email-change codes) to one email per hour. @default 5 */
  mailsPerEmailPerHour: number
  /**
   * Approval links for new devices to one email per hour, counted apart from the codes: whoever
   * knows an address can ask for these, and must not use up its owner's codes. @default 5
   */
  deviceMailsPerEmailPerHour: number
  /** Mails triggered from one client IP per hour. @default 20 */
  mailsPerIpPerHour: number
  /**
   * How long after a mail to an email the next one of the same kind waits (SPEC "allowed to trigger").
   * The modal offers Resend after OTP_RESEND_COOLDOWN_MS whatever this is, so a longer cooldown
   * shows "Too many requests" to an early Resend. @default OTP_RESEND_COOLDOWN_MS (30 s)
   */
  resendCooldownMs: number
}
export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  mailsPerEmailPerHour: 5,
  deviceMailsPerEmailPerHour: 5,
  mailsPerIpPerHour: 20,
  resendCooldownMs: OTP_RESEND_COOLDOWN_MS,
}

export type AuthServiceOptions = {
  db: Database
  kek: string | Uint8Array
  mail: MailProvider
  /** Absolute URL of one of this server's paths (the approval link). */
  linkUrl(path: string): string
  chains: readonly ChainConfig[]
  solana?: SolanaChainConfig | undefined
  rpcTimeoutMs?: number
  /** The clock. @default Date.now */
  now?: () => number
  /**
   * POST /email/device: how long after the approval mail it still waits (then 408), how long one ask
   * waits before it answers pending, how often it looks, and how many asks this instance holds at
   * once (one more: 503 with Retry-After). @default DEVICE_WAIT_MS, DEVICE_ASK_MS, 250, DEFAULT_DEVICE_WAITS
   */
  deviceWaitMs?: number
  deviceAskMs?: number
  devicePollMs?: number
  maxDeviceWaits?: number
  /** True while the instance shuts down: device asks end with 503 and Retry-After: 1 (the frame asks again, another instance). */
  draining?: () => boolean
  /** The pause between two looks of a device ask (tests: a fake clock's). @default setTimeout */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  limits?: Partial<AuthLimits>
  /** The smart account (EIP-7702): chain id → batch executor address. No entry: EOA only on that chain. */
  smartAccountExecutors?: ReadonlyMap<number, `0x${string}`>
  /** Token balances for wallet_getAssets (the app's balance provider). Without it: native balances only. */
  assets?: AssetReader
  /**
   * Who holds new users' keys (issue 22 §1). 'server': the API makes them and keeps them sealed under
   * the KEK (and signs). 'shares': the frame makes and splits them; the API keeps only the auth share
   * and the recovery blob, signs for nobody with shares, and migrates users of 'server' at their next
   * login. Their smart account is signed in the frame too, and their permissions are enforced on chain
   * (sessions.ts: the frame signs the grant, the API relays executions). @default 'shares'
   */
  keyCustody?: KeyCustody
  /**
   * The key of the account that relays permission executions of wallets with key shares
   * (`executeAsSession`, it pays their gas; sessions.ts). @default none: those executions answer 400 KEYS_ERRORS.noPermissions
   */
  permissionRelayerKey?: `0x${string}` | undefined
  /** Server-assisted recovery's key (AuthConfig.recoveryKey). @default off */
  recoveryKey?: RecoveryKey | undefined
}

/** The stamp headers of a request, as received. */
export type StampInput = {
  method: string
  path: string
  body: string
  sessionId?: string | undefined
  timestamp?: string | undefined
  stamp?: string | undefined
}
export type Caller = { session: SessionRow; user: AuthUser }

const SESSION_ID = /^[A-Za-z0-9_-]{16,128}$/
const TIMESTAMP = /^\d{1,16}$/
const STAMP = /^[A-Za-z0-9_-]{86}$/

/** A chain id as the frame gives it (31337, '31337', '0x7a69', 'eip155:31337'). */
function evmChainId(chainId: number | string): number {
  const text = String(chainId)
  const id = /^0x[0-9a-fA-F]{1,8}$/.test(text)
    ? Number.parseInt(text, 16)
    : /^(eip155:)?\d{1,10}$/.test(text)
      ? Number(text.replace(/^eip155:/, ''))
      : Number.NaN
  if (!Number.isSafeInteger(id)) throw new AuthError(400, UNSUPPORTED_CHAIN)
  return id
}

const unauthorized = () => new AuthError(401, AUTH_ERRORS.unauthorized)
const sleep = (delay: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, delay)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })

/** Device-approval asks one instance holds at once, by default. */
export const DEFAULT_DEVICE_WAITS = 100
/** Retry-After (seconds) of a device ask refused because the instance holds DEFAULT_DEVICE_WAITS. */
export const DEVICE_WAITS_RETRY_S = 2
/** Retry-After (seconds) of a device ask ended because the instance shuts down. */
export const DRAINING_RETRY_S = 1

export function createAuthService(options: AuthServiceOptions) {
  const secrets = deriveSecrets(parseKek(options.kek))
  const repo = createAuthRepository(options.db)
  const now = options.now ?? Date.now
  const limits = { ...DEFAULT_AUTH_LIMITS, ...options.limits }
  const deviceWaitMs = options.deviceWaitMs ?? DEVICE_WAIT_MS
  const deviceAskMs = options.deviceAskMs ?? DEVICE_ASK_MS
  const devicePollMs = options.devicePollMs ?? 250
  const maxDeviceWaits = options.maxDeviceWaits ?? DEFAULT_DEVICE_WAITS
  const draining = options.draining ?? (() => false)
  const pause = options.sleep ?? sleep
  let deviceWaits = 0
  const sessionKey = sessionKeyCache()
  let lastMailPrune = 0
  const sendLock = accountSendLock(options.db)
  const smart: SmartAccountContext = {
    chains: options.chains,
    executors: options.smartAccountExecutors ?? new Map(),
    rpcTimeoutMs: options.rpcTimeoutMs ?? 10_000,
    sendLock,
  }
  let lastStampPrune = 0
  const permissions = createPermissionRepository(options.db)
  const custody: KeyCustody = options.keyCustody ?? 'shares'
  const keyShares = createKeySharesService({
    db: options.db,
    keyEncryption: secrets.keyEncryption,
    custody,
    chains: options.chains,
    solana: options.solana,
    rpcTimeoutMs: options.rpcTimeoutMs ?? 10_000,
    executors: smart.executors,
    ...(options.recoveryKey ? { recoveryKey: options.recoveryKey } : {}),
  })
  /** A user without a sealed key: one whose keys are shares signs in the frame (400), else 401. */
  const noSealedKey = async (userId: string) =>
    (await keyShares.hasShares(userId)) ? new AuthError(400, KEYS_ERRORS.signInFrame) : unauthorized()
  const notices = createSessionNotices({ db: options.db, mail: options.mail, hmacKey: secrets.codeHmac, linkUrl: options.linkUrl, now })

  const codeHash = (purpose: OtpPurpose, email: string, code: string) => hmac(secrets.codeHmac, 'otp', purpose, email, code)
  const tokenHash = (token: string) => hmac(secrets.codeHmac, 'device-token', token)

  /**
   * SPEC "allowed to trigger": the resend cooldown per email and kind, hourly caps per email and kind
   * (codes; new devices' approval links) and per IP. Checked and recorded in one transaction under a
   * lock, so concurrent requests can not all pass; a 429 otherwise.
   */
  async function reserveMail(email: string, ip: string | undefined, kind: MailKind) {
    const t = now()
    const since = t - HOUR_MS
    const perEmail = kind === 'code' ? limits.mailsPerEmailPerHour : limits.deviceMailsPerEmailPerHour
    const refusedUntil = await repo.withMailLog(async (log) => {
      const stats = await log.stats(email, ip ?? '', kind, since)
      if (stats.lastSameKind !== null && t - stats.lastSameKind < limits.resendCooldownMs)
        return stats.lastSameKind + limits.resendCooldownMs
      if (stats.emailCount >= perEmail) return ((await log.oldestSince({ email, kind }, since)) ?? t) + HOUR_MS
      // An unknown client address (AppConfig.clientAddress unset): no per-IP cap, rather than one cap for everyone.
      if (ip !== undefined && stats.ipCount >= limits.mailsPerIpPerHour) return ((await log.oldestSince({ ip }, since)) ?? t) + HOUR_MS
      await log.record(email, ip ?? '', kind, t)
      return null
    })
    if (refusedUntil !== null)
      throw new AuthError(429, AUTH_ERRORS.rateLimited, { 'retry-after': String(Math.max(1, Math.ceil((refusedUntil - t) / 1000))) })
  }

  /** Send a mail whose send reserveMail recorded. */
  async function send(message: Parameters<MailProvider['send']>[0]) {
    try {
      await options.mail.send(message)
    } catch (error) {
      throw new AuthError(502, 'The mail could not be sent. Try again later.', {}, { cause: error })
    }
    if (now() - lastMailPrune > HOUR_MS) {
      lastMailPrune = now()
      await repo.pruneMailLog(now() - 2 * HOUR_MS)
    }
  }

  async function sendCode(
    email: string,
    ip: string | undefined,
    purpose: OtpPurpose,
    bind: { deviceId?: string; userId?: string; sessionKeyHash?: string },
  ) {
    await reserveMail(email, ip, 'code')
    const code = randomDigits(OTP_LENGTH)
    const t = now()
    await repo.putOtp({ email, purpose, codeHash: codeHash(purpose, email, code), ...bind, expiresAt: t + OTP_TTL_MS, now: t })
    await send(codeMail(email, code, purpose))
  }

  /**
   * Check a code: single use, OTP_TTL_MS, OTP_MAX_ATTEMPTS wrong tries. The wrong try is counted in
   * its own committed transaction before the error is thrown. A try from another device (or user)
   * than the code was sent for can never succeed and counts nothing: a stranger's guesses under
   * made-up device ids do not kill the code its owner is about to type. A login code is taken only
   * with the session key its login started for (another key: 403, nothing counted or used up).
   */
  async function checkCode(
    email: string,
    purpose: OtpPurpose,
    code: string,
    bind: { deviceId?: string; userId?: string; sessionKeyHash?: string },
  ) {
    let mismatch = false
    const outcome = await repo.withOtp(email, purpose, async (otp, tx) => {
      if (otp === null) return AUTH_ERRORS.invalidOtp
      const bound =
        (bind.deviceId === undefined || otp.device_id === bind.deviceId) && (bind.userId === undefined || otp.user_id === bind.userId)
      if (!bound) return AUTH_ERRORS.invalidOtp
      if (bind.sessionKeyHash !== undefined && !boundTo(otp.session_key_hash, bind.sessionKeyHash)) {
        mismatch = true
        return AUTH_ERRORS.loginKeyMismatch
      }
      if (otp.attempts >= OTP_MAX_ATTEMPTS) return AUTH_ERRORS.otpTooManyAttempts
      if (ms(otp.expires_at) <= now()) return AUTH_ERRORS.otpExpired
      if (!sameDigest(otp.code_hash, codeHash(purpose, email, code))) {
        await tx.countAttempt()
        return otp.attempts + 1 >= OTP_MAX_ATTEMPTS ? AUTH_ERRORS.otpTooManyAttempts : AUTH_ERRORS.invalidOtp
      }
      await tx.consume()
      return null
    })
    if (mismatch) throw keyMismatch()
    if (outcome !== null) throw new AuthError(400, outcome)
  }

  async function createUser(email: string): Promise<AuthUser> {
    if (custody === 'shares') {
      // The frame makes the keys at this login's end and uploads their auth shares (shares.ts).
      const user = await repo.insertUser({ id: crypto.randomUUID(), email, evmAddress: null, solanaAddress: null, now: now() }, null)
      return user ?? ((await repo.userByEmail(email)) as AuthUser)
    }
    const keys = generateUserKeys()
    const id = crypto.randomUUID()
    try {
      const user = await repo.insertUser(
        { id, email, evmAddress: keys.evmAddress, solanaAddress: keys.solanaAddress, now: now() },
        sealUserKeys(secrets.keyEncryption, id, keys),
      )
      return user ?? ((await repo.userByEmail(email)) as AuthUser)
    } finally {
      keys.solanaSeed.fill(0)
    }
  }

  async function liveSession(id: string): Promise<SessionRow | null> {
    const session = await repo.session(id)
    if (session === null || session.revoked_at !== null || ms(session.expires_at) <= now()) return null
    return session
  }

  /** The user; with `chainId`, also smartAccountDeployed there (from the chain; left out if the chain does not answer). */
  async function userView(caller: Caller, chainId?: number | string): Promise<AuthUser> {
    if (chainId === undefined) return caller.user
    let id: number
    try {
      id = evmChainId(chainId)
    } catch {
      return caller.user
    }
    try {
      return { ...caller.user, smartAccountDeployed: await isSmartAccountDeployed(smart, id, caller.user.evmAddress) }
    } catch {
      return caller.user
    }
  }

  return {
    /** The notice mails (new session, email change) and their revocation links; social and Farcaster sign-ins use them too. */
    notices,

    /** Key shares (issue 22 §1): status, upload, the auth share and legacy keys sealed to the session, relay. */
    keyShares,
    /** Who holds new users' keys ('server' or 'shares'); the social and Farcaster sign-ins follow it. */
    keyCustody: custody,
    /** The second factor (TOTP) and the step-up mark it gives a session (two-factor.ts; routes/two-factor.ts). */
    twoFactor: createTwoFactor({ db: options.db, keyEncryption: secrets.keyEncryption, now }),

    /** POST /v1/auth/email/connect */
    async connect(
      input: { email: string; deviceId: string; sessionKeyHash: string; hostOrigin?: string | undefined },
      ip: string | undefined,
      userAgent?: string | null,
    ): Promise<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }> {
      const site = input.hostOrigin ?? null
      const device = await repo.device(input.email, input.deviceId)
      if (device !== null) await repo.setDeviceSite(input.email, input.deviceId, site)
      if (device?.approved_at) {
        await sendCode(input.email, ip, 'login', { deviceId: input.deviceId, sessionKeyHash: input.sessionKeyHash })
        return { action: 'VERIFY_OTP' }
      }
      await reserveMail(input.email, ip, 'device')
      const t = now()
      await repo.addDevice(input.email, input.deviceId, t)
      await repo.setDeviceSite(input.email, input.deviceId, site)
      const token = randomToken(32)
      const request = { site, browser: browserOf(userAgent), time: t }
      await repo.addDeviceToken(tokenHash(token), input.email, input.deviceId, t + DEVICE_TOKEN_TTL_MS, request)
      await send(deviceMail(input.email, options.linkUrl(`/v1/auth/device/approve?token=${token}`), request))
      return { action: 'VERIFY_DEVICE' }
    },

    /**
     * POST /v1/auth/email/device: once the device is approved, send the code. Until then one ask waits
     * at most deviceAskMs (looking every devicePollMs) and answers pending; 408 once deviceWaitMs have
     * passed since the last approval mail (or its link expired). At most maxDeviceWaits asks wait at
     * once on this instance: one more is 503 with Retry-After. Draining (shutting down): 503 with
     * Retry-After: 1 within one look, so a shutdown waits for no ask.
     */
    async device(
      input: { email: string; deviceId: string; sessionKeyHash: string },
      ip: string | undefined,
      signal?: AbortSignal,
    ): Promise<{ action: 'VERIFY_OTP' } | { state: 'pending' }> {
      const approved = async () => {
        const device = await repo.device(input.email, input.deviceId)
        if (device === null) throw new AuthError(400, 'Unknown device: connect with this email first')
        return device.approved_at !== null
      }
      if (!(await approved())) {
        const request = await repo.deviceRequest(input.email, input.deviceId)
        const sent = request === null ? 0 : (request.requestedAt ?? request.expiresAt - DEVICE_TOKEN_TTL_MS)
        const end = request === null ? 0 : Math.min(sent + deviceWaitMs, request.expiresAt)
        if (now() >= end) throw new AuthError(408, AUTH_ERRORS.deviceNotApproved)
        if (deviceWaits >= maxDeviceWaits)
          throw new AuthError(503, AUTH_ERRORS.deviceWaitsFull, { 'retry-after': String(DEVICE_WAITS_RETRY_S) })
        deviceWaits += 1
        try {
          // The ask's bound counts the pauses (so it holds with any injected clock) and the real time
          // (so slow looks at the database do not stretch it).
          const started = performance.now()
          for (let waited = 0; ; ) {
            if (draining()) throw new AuthError(503, AUTH_ERRORS.restarting, { 'retry-after': String(DRAINING_RETRY_S) })
            if (signal?.aborted || waited >= deviceAskMs || performance.now() - started >= deviceAskMs) return { state: 'pending' }
            const step = Math.max(1, Math.min(devicePollMs, deviceAskMs - waited, end - now()))
            await pause(step, signal)
            waited += step
            if (await approved()) break
            if (now() >= end) throw new AuthError(408, AUTH_ERRORS.deviceNotApproved)
          }
        } finally {
          deviceWaits -= 1
        }
      }
      await sendCode(input.email, ip, 'login', { deviceId: input.deviceId, sessionKeyHash: input.sessionKeyHash })
      return { action: 'VERIFY_OTP' }
    },

    /** Device asks waiting now on this instance (metrics, tests). */
    deviceWaits: () => deviceWaits,

    /**
     * GET /v1/auth/device/approve?token=: what the approval page shows (site, browser, time of the
     * request) while the token can be used; null otherwise. Approves nothing.
     */
    async approvalRequest(token: string): Promise<{ site: string | null; browser: string | null; time: number | null } | null> {
      return repo.usableDeviceToken(tokenHash(token), now())
    },

    /** POST /v1/auth/device/approve (the page's button) — true when the token approved its device. */
    async approve(token: string): Promise<boolean> {
      return (await repo.approveDevice(tokenHash(token), now())) !== null
    },

    /** POST /v1/auth/email/otp: stamped by the session key the login started for (`proof`). */
    async verifyOtp(
      input: { email: string; deviceId: string; otp: string; sessionPublicKey: string },
      device: string | null,
      proof: LoginProof | undefined,
    ): Promise<{ sessionId: string; expiresAt: string; user: AuthUser }> {
      const sessionKeyHash = await provenKeyHash(sessionKey, input.sessionPublicKey, proof, now())
      await checkCode(input.email, 'login', input.otp, { deviceId: input.deviceId, sessionKeyHash })
      const user = (await repo.userByEmail(input.email)) ?? (await createUser(input.email))
      const site = await repo.deviceSite(input.email, input.deviceId)
      return openSession(repo, user, input, device, now(), (session) => notices.sessionOpened(user, session, site))
    },

    /**
     * The caller of a stamped request: the stamp (in its one canonical spelling, low s) verifies
     * under the session's key over the method, the path with its query, the timestamp and the body;
     * the timestamp is within STAMP_MAX_SKEW_MS; that request was not seen before in this session;
     * and the session is live. Else 401.
     */
    async authenticate(input: StampInput): Promise<Caller> {
      const { sessionId, timestamp, stamp } = input
      if (!sessionId || !timestamp || !stamp || !SESSION_ID.test(sessionId) || !TIMESTAMP.test(timestamp) || !STAMP.test(stamp))
        throw unauthorized()
      const t = now()
      const ts = Number(timestamp)
      if (Math.abs(t - ts) > STAMP_MAX_SKEW_MS) throw unauthorized()
      const session = await liveSession(sessionId)
      if (session === null) throw unauthorized()
      const key = await sessionKey(session.public_key)
      const payload = stampPayload(input.method, input.path, timestamp, input.body)
      if (key === null || !(await verifyP256(key, stamp, payload))) throw unauthorized()
      // The replay key is the request, not the signature's text: one request, one use.
      if (!(await repo.recordStamp(sessionId, ts, requestDigest(payload), ts + STAMP_MAX_SKEW_MS))) throw unauthorized()
      if (t - lastStampPrune > STAMP_MAX_SKEW_MS) {
        lastStampPrune = t
        await repo.pruneStamps(t - STAMP_MAX_SKEW_MS)
      }
      const user = await repo.userById(session.user_id)
      if (user === null) throw unauthorized()
      return { session, user }
    },

    async signOut(caller: Caller): Promise<Record<string, never>> {
      await repo.revokeSession(caller.session.id, now())
      return {}
    },

    async rpc(caller: Caller, request: RpcRequest): Promise<{ result: unknown }> {
      const userId = caller.user.userId
      const sealed = async (kind: 'evm' | 'solana') => {
        const value = await repo.sealedKey(userId, kind)
        if (value === null) throw await noSealedKey(userId)
        return value
      }
      // Keys as shares: the frame signs; the API has no key (nor asks for one).
      if ((SIGNING_METHODS as readonly string[]).includes(request.method) && (await keyShares.hasShares(userId)))
        throw new AuthError(400, KEYS_ERRORS.signInFrame)
      const evmKey = async () => openEvmKey(secrets.keyEncryption, userId, await sealed('evm'))
      const smartUser = { evmAddress: caller.user.evmAddress, preferredAccountType: caller.user.preferredAccountType, evmKey }
      if (isSmartAccountMethod(request.method)) {
        return { result: await runSmartAccountRpc(smart, smartUser, request) }
      }
      if (isPermissionMethod(request.method) || request.method === 'wallet_getAssets') {
        if (request.namespace !== 'eip155') throw new AuthError(400, `${request.method} is an eip155 method`)
        if (request.method === 'wallet_getAssets') {
          return {
            result: await getAssets(
              { chains: options.chains, rpcTimeoutMs: smart.rpcTimeoutMs, ...(options.assets ? { reader: options.assets } : {}) },
              caller.user.evmAddress,
              request.params,
            ),
          }
        }
        // Keys as shares: the grant is enforced on chain (sessions.ts); the frame delegated and signs the grant.
        const sessionGrants = await keyShares.hasShares(userId)
        const deps = {
          repo: permissions,
          now,
          executors: smart.executors,
          enableSmartAccount: sessionGrants
            ? async (chainId: number) => {
                if (!(await isSmartAccountDeployed(smart, chainId, caller.user.evmAddress)))
                  throw new AuthError(400, KEYS_ERRORS.notDelegated)
              }
            : (chainId: number) => enableSmartAccount(smart, chainId, smartUser),
          sessionGrants,
        }
        const user = { userId, evmAddress: caller.user.evmAddress, preferredAccountType: caller.user.preferredAccountType }
        return {
          result:
            request.method === 'wallet_grantPermissions'
              ? await grantPermissions(deps, user, request.params)
              : await revokePermissions(deps, user, request.params),
        }
      }
      const result = await runSigningRpc(
        {
          evmAddress: caller.user.evmAddress,
          solanaAddress: caller.user.solanaAddress,
          evmKey: async () => openEvmKey(secrets.keyEncryption, userId, await sealed('evm')),
          solanaKey: async () => openSolanaKey(secrets.keyEncryption, userId, await sealed('solana')),
          chains: options.chains,
          solana: options.solana,
          rpcTimeoutMs: options.rpcTimeoutMs ?? 10_000,
          sendLock,
        },
        request,
      )
      return { result }
    },

    /**
     * POST /v1/permissions/execute: an app's signer runs calls within a grant (permissions.ts checks
     * it and reserves the value), atomically on the user's smart account; the reservation is given
     * back when the calls could not be sent.
     */
    async executePermission(request: PermissionExecuteRequest): Promise<{ id: string }> {
      const checked = await checkExecution({ repo: permissions, now }, request)
      try {
        const user = await repo.userById(checked.userId)
        const sealedEvm = await repo.sealedKey(checked.userId, 'evm')
        if (user === null) throw new AuthError(404, 'Unknown permission')
        // Keys as shares: the signer's signature itself, relayed; the account's code checks it again.
        if (sealedEvm === null && (await keyShares.hasShares(checked.userId)))
          return await relayExecution(smart, options.permissionRelayerKey, user.evmAddress, request)
        if (sealedEvm === null) throw new AuthError(404, 'Unknown permission')
        const owner = {
          evmAddress: user.evmAddress,
          preferredAccountType: 'smartAccount' as const,
          evmKey: async () => openEvmKey(secrets.keyEncryption, checked.userId, sealedEvm),
        }
        return await sendCalls(smart, owner, checked.chainId, [
          { chainId: checked.chainId, from: user.evmAddress, calls: checked.calls, atomicRequired: true },
        ])
      } catch (error) {
        await checked.release()
        throw error
      }
    },

    /**
     * 'smartAccount': the EOA is delegated (EIP-7702) to the executor of `chainId` (or of every chain
     * with one) before the preference is stored; smartAccountEnabledNetworks becomes the chains with an
     * executor. If that fails the preference falls back to 'eoa' (SPEC §4) and the error says why.
     * 'eoa': only the preference changes (a delegation already on chain stays; batches stay atomic).
     */
    async setPreferredAccount(caller: Caller, type: 'eoa' | 'smartAccount', chainId?: number | string): Promise<AuthUser> {
      const userId = caller.user.userId
      if (type === 'smartAccount') {
        try {
          if (smart.executors.size === 0) throw new AuthError(400, 'Smart accounts are not available on this server')
          const chainIds = chainId === undefined ? [...smart.executors.keys()] : [evmChainId(chainId)]
          if (await keyShares.hasShares(userId)) {
            // Keys as shares: the frame delegated (signed and relayed); the chain must say so.
            for (const id of chainIds) {
              if (!smart.executors.has(id)) throw new AuthError(400, `Smart accounts are not available on chain ${id}`)
              if (!(await isSmartAccountDeployed(smart, id, caller.user.evmAddress))) throw new AuthError(400, KEYS_ERRORS.notDelegated)
            }
            await repo.setSmartAccountNetworks(userId, [...smart.executors.keys()])
            await repo.setPreferredAccount(userId, type)
            return userView({ ...caller, user: (await repo.userById(userId)) as AuthUser }, chainId)
          }
          const sealedEvm = await repo.sealedKey(userId, 'evm')
          if (sealedEvm === null) throw await noSealedKey(userId)
          const user = {
            evmAddress: caller.user.evmAddress,
            preferredAccountType: type,
            evmKey: async () => openEvmKey(secrets.keyEncryption, userId, sealedEvm),
          }
          for (const id of chainIds) await enableSmartAccount(smart, id, user)
        } catch (error) {
          await repo.setPreferredAccount(userId, 'eoa')
          if (error instanceof AuthError && error.status !== 401) {
            throw new AuthError(error.status, `Falling back to EOA: ${error.message}`.slice(0, 400), {}, { cause: error })
          }
          throw error
        }
        await repo.setSmartAccountNetworks(userId, [...smart.executors.keys()])
      }
      await repo.setPreferredAccount(userId, type)
      return userView({ ...caller, user: (await repo.userById(userId)) as AuthUser }, chainId)
    },

    /** POST /v1/auth/email/update: a code to the current address first. */
    async updateEmail(caller: Caller, newEmail: string, ip: string | undefined): Promise<{ action: 'VERIFY_PRIMARY_OTP' }> {
      const current = caller.user.email
      if (current === null) throw new AuthError(400, 'This account has no email to update')
      if (newEmail === current) throw new AuthError(400, 'That is already your email')
      if ((await repo.userByEmail(newEmail)) !== null) throw new AuthError(409, 'That email is already in use')
      await sendCode(current, ip, 'update_primary', { userId: caller.user.userId })
      await repo.setEmailUpdate(caller.user.userId, newEmail, 'primary', now())
      return { action: 'VERIFY_PRIMARY_OTP' }
    },

    /** POST /v1/auth/email/update/primary: the current address confirmed; a code to the new one. */
    async updateEmailPrimary(caller: Caller, otp: string, ip: string | undefined): Promise<{ action: 'VERIFY_SECONDARY_OTP' }> {
      const pending = await repo.emailUpdate(caller.user.userId)
      if (pending === null || pending.stage !== 'primary' || caller.user.email === null)
        throw new AuthError(400, 'No email update in progress')
      await checkCode(caller.user.email, 'update_primary', otp, { userId: caller.user.userId })
      await repo.setEmailUpdate(caller.user.userId, pending.new_email, 'secondary', now())
      await sendCode(pending.new_email, ip, 'update_secondary', { userId: caller.user.userId })
      return { action: 'VERIFY_SECONDARY_OTP' }
    },

    /** POST /v1/auth/email/update/secondary: the new address confirmed; the email changes. */
    async updateEmailSecondary(caller: Caller, otp: string): Promise<{ newEmail: string }> {
      const pending = await repo.emailUpdate(caller.user.userId)
      if (pending === null || pending.stage !== 'secondary') throw new AuthError(400, 'No email update in progress')
      await checkCode(pending.new_email, 'update_secondary', otp, { userId: caller.user.userId })
      if (!(await repo.setEmail(caller.user.userId, pending.new_email))) throw new AuthError(409, 'That email is already in use')
      await repo.clearEmailUpdate(caller.user.userId)
      if (caller.user.email !== null) {
        await notices.emailChanged({
          userId: caller.user.userId,
          oldEmail: caller.user.email,
          newEmail: pending.new_email,
          sessionId: caller.session.id,
          device: caller.session.device,
        })
      }
      return { newEmail: pending.new_email }
    },

    /** The user; with `chainId`, also smartAccountDeployed there (from the chain; left out if the chain does not answer). */
    user: userView,

    async sessions(caller: Caller): Promise<{ sessions: SessionInfo[] }> {
      return { sessions: (await repo.sessionsOf(caller.user.userId)).map(toSessionInfo) }
    },

    /** GET /v1/sessions/{id}: one of the caller's own sessions. */
    async sessionInfo(caller: Caller, id: string): Promise<SessionInfo> {
      const session = await repo.session(id)
      if (session === null || session.user_id !== caller.user.userId) throw new AuthError(404, 'Session not found')
      return toSessionInfo(session)
    },

    /** POST /v1/sessions/{id}/revoke: signed by live session `pci` of the same user. */
    async revoke(id: string, input: { pci: string; signature: string }): Promise<SessionInfo> {
      const caller = SESSION_ID.test(input.pci) ? await liveSession(input.pci) : null
      if (caller === null) throw unauthorized()
      const key = await sessionKey(caller.public_key)
      if (key === null || !(await verifyP256(key, input.signature, revokeMessage(id, input.pci)))) throw unauthorized()
      const target = await repo.session(id)
      if (target === null || target.user_id !== caller.user_id) throw new AuthError(404, 'Session not found')
      await repo.revokeSession(id, now())
      return toSessionInfo((await repo.session(id)) as SessionRow)
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
