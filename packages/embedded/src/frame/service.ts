/**
 * What the frame does for each app event (SPEC §4 / §7): the auth service calls, the session key,
 * the frame's own state (chain, theme, dapp data). Each handler resolves with its SUCCESS payload
 * or throws; the handler module turns that into the reply. Nothing returned here carries the
 * session id, a key or a stamp (the replies are parsed with FRAME_SUCCESS_PAYLOADS, which keeps only
 * their fields).
 */
import {
  AUTH_ERRORS,
  FARCASTER_ERRORS,
  FARCASTER_POLL_MS,
  SOCIAL_STATE_TTL_MS,
  socialResultMessageSchema,
  type AuthUser,
  type SocialResultMessage,
} from '@portico/protocol/auth'
import {
  FRAME_RPC_METHODS,
  FRAME_SOCIAL_PROVIDERS,
  type FrameSocialProvider,
  isSafeRpcMethod,
  type AppEventPayload,
  type AppEventType,
  type FrameSuccess,
  type FrameUser,
} from '@portico/protocol/frame'
import { AuthApiError, type AuthApi } from './api'
import type { ConfirmPolicy } from '@portico/protocol/confirm-policy'
import { type Confirm, type ConfirmRequest, FOREIGN_SIGN_IN, foreignSignIn, USER_REJECTED } from './confirm'
import { type Decision, decide, type SpentStore } from './policy'
import { NO_SECOND_FACTOR, stepUp, stepUpFactor } from './step-up'
import { createCustody, evmChainNumber, LOCAL_SIGNING_METHODS } from './custody'
import type { ExportKey, KeyView } from './export-view'
import type { RecoveryView } from './recovery-view'
import { simulationFor } from './simulation'
import type { TotpView } from './totp-view'
import { generateLoginKey, type SessionStore, type StoredSession } from './keys'
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { assertPasskey, createPasskey, forgetPasskeyPrf, passkeyPrf, type WebAuthnClient } from './passkey'
import type { DeviceShareStore } from './shares/device-store'

export const NOT_AVAILABLE = 'Not available yet'
/** REMOVE_PASSKEY of an id that is not one of the user's passkeys (the API's text for it). */
export const PASSKEY_NOT_FOUND = 'Passkey not found'
/** SPEC §8: a social sign-in that could not start. */
const SOCIAL_START_FAILED = 'Failed to initiate social connection'
const REQUEST_ABORTED = 'Request was aborted'
/** The project's confirmation policy could not be read: nothing unsafe is done until it can. */
export const POLICY_UNAVAILABLE = 'The wallet could not load its confirmation policy; try again'

export type FrameHandlers = { [T in AppEventType]: (payload: AppEventPayload<T>) => Promise<FrameSuccess<T>> }

/** A login's new session key: its start carries `keyHash`, its finish is stamped by `keyPair` (issue 22 §3). */
type LoginKey = Awaited<ReturnType<typeof generateLoginKey>>

/** The social login of the last GET_SOCIAL_REDIRECT_URI: its key, and where and what its result may come from. */
type PendingSocial = {
  key: LoginKey
  /** The `state` of the authorization URL: a result for any other login is ignored. */
  state: string
  /** The origin of the API's callback page (the authorization URL's redirect_uri). */
  resultOrigin: string
  result?: SocialResultMessage
  settle?: (outcome: SocialResultMessage | Error) => void
}

/** The `state` and the redirect_uri's origin of an authorization URL, or undefined. */
function socialStartOf(uri: string): { state: string; resultOrigin: string } | undefined {
  try {
    const url = new URL(uri)
    const state = url.searchParams.get('state')
    const redirect = url.searchParams.get('redirect_uri')
    if (!state || !redirect) return undefined
    const resultOrigin = new URL(redirect).origin
    return /^https?:\/\//.test(resultOrigin) ? { state, resultOrigin } : undefined
  } catch {
    return undefined
  }
}

const stateOf = (resultUri: string): string | null => {
  try {
    return new URL(resultUri).searchParams.get('state')
  } catch {
    return null
  }
}

export interface FrameServiceDeps {
  api: AuthApi
  sessions: SessionStore
  deviceId: () => string
  /** The chain the host asked for (URL parameter chainId). */
  chainId: number | string
  /** JSON-RPC for safe reads (the rpcUrl URL parameter); undefined → through the auth service. */
  rpcRead?: (method: string, params: unknown[]) => Promise<unknown>
  /** Reload the frame (RELOAD). */
  reload?: () => void
  now?: () => number
  /** Theme changes (SYNC_THEME), e.g. applied to the frame's document. */
  onTheme?: (theme: AppEventPayload<'SYNC_THEME'>) => void
  /** The host page's origin, as the frame verified it (the social result's only target). */
  hostOrigin?: string
  /** CONNECT_FARCASTER: how often the sign-in status is asked. @default FARCASTER_POLL_MS (1 s) */
  farcasterPollMs?: number
  /** CONNECT_FARCASTER gives up after this long. @default FARCASTER_WAIT_MS (the 120 s request timeout) */
  farcasterWaitMs?: number
  /**
   * The WebAuthn ceremonies (@simplewebauthn/browser in the frame's document), loaded on the first
   * passkey event. Without it the passkey events answer NOT_AVAILABLE.
   */
  webauthn?: () => Promise<WebAuthnClient>
  /**
   * Where this origin keeps device shares (issue 22 §1). With it, the frame follows the API's key
   * custody: under 'shares' it makes and migrates keys at login and signs itself (./custody).
   */
  deviceShares?: DeviceShareStore
  /**
   * EXPORT_KEY: the whole key, from the key-share core (two shares through shares/with-key.ts).
   * Not given: export answers NOT_AVAILABLE (the frame holds no key of its own yet).
   */
  exportKey?: ExportKey
  /** EXPORT_KEY: the view in the frame's own document that shows the key (export-view.ts). */
  keyView?: KeyView
  /** RECOVER_WALLET, SHOW_RECOVERY_SECRET: the views in the frame's own document for the recovery secret (recovery-view.ts). */
  recoveryView?: RecoveryView
  /**
   * Opens the passkey's window on this origin (`?portico-passkey=verify`), in a click in this frame's document (the
   * recovery view's "Use a passkey"). Not given: the recovery view offers no passkey.
   */
  openPasskeyWindow?: () => { close(): void } | null
  /** TOTP_ENROLL: the view in the frame's own document that shows the set-up's QR code and key (totp-view.ts). */
  totpView?: TotpView
  /**
   * Issue 23 §1: the user's answer to an unsafe request (RPC_REQUEST's unsafe methods, UPDATE_EMAIL),
   * asked in a window on this origin (main.ts: confirm.ts + confirm-window.ts). Not given: every
   * unsafe request is refused ('User rejected the request').
   */
  confirm?: Confirm
  /**
   * The confirmation policy (issues 23 §1, 22 §2; ./policy.ts): `load` gives the project's policy (from this
   * frame's API) narrowed by the app's options, or throws when it can not be read; `spent` is the per-day tally
   * on this origin; `projectId` is the project whose policy it is, for the API's tally of the user's day on every
   * device (a transfer under a per-day cap goes without a prompt only once the API counted it). Not given: every
   * unsafe request is confirmed, and no step-up is asked.
   */
  policy?: { load(): Promise<ConfirmPolicy | null>; spent: SpentStore; projectId?: string }
}

/** CONNECT_DEVICE waits at most this long after a 503 before it answers pending (the API's Retry-After, capped). */
export const DEVICE_RETRY_MAX_MS = 10_000

/** CONNECT_FARCASTER polls at most this long (SPEC §9's 120 s request timeout). */
export const FARCASTER_WAIT_MS = 120_000

const numeric = (id: number | string): number | string => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id)

export function createFrameService(deps: FrameServiceDeps): FrameHandlers & {
  state(): { chainId: number | string; namespace: string; theme?: unknown; dapp?: unknown }
  socialResult(event: { origin: string; data: unknown }): boolean
  /** Under key shares: the recovery secret of the keys set up at this frame's last login (memory only), for the recovery UI. */
  recoverySecret(): string | undefined
  /** Recovery on this device with the user's recovery secret, typed in the frame's own document (not a host message). */
  recoverWallet(secret: string): Promise<void>
} {
  const now = deps.now ?? Date.now
  let chainId: number | string = numeric(deps.chainId)
  let namespace: 'eip155' | 'solana' = 'eip155'
  let pendingEmail: string | undefined
  /** The session key of the email login in progress (CONNECT_EMAIL made it). */
  let emailKey: LoginKey | undefined
  let social: PendingSocial | undefined
  let user: AuthUser | undefined
  let theme: AppEventPayload<'SYNC_THEME'> | undefined
  let dapp: AppEventPayload<'SYNC_DAPP_DATA'> | undefined
  const unsafeInFlight = new Set<AbortController>()
  /** The Farcaster channel of the last GET_FARCASTER_URI; a new one (or a sign-out) ends the poll of the old. */
  let farcasterChannel: { channelToken: string; key: LoginKey } | undefined

  async function liveSession(): Promise<StoredSession | undefined> {
    const session = await deps.sessions.get()
    if (!session) return undefined
    if (Date.parse(session.expiresAt) <= now()) {
      await deps.sessions.clear()
      return undefined
    }
    return session
  }

  async function requireSession(): Promise<StoredSession> {
    const session = await liveSession()
    if (!session) throw new Error(AUTH_ERRORS.unauthorized)
    return session
  }

  /** A stamped call; a 401 means the session is gone (expired or revoked): forget it. */
  async function withSession<T>(fn: (session: StoredSession) => Promise<T>): Promise<T> {
    const session = await requireSession()
    try {
      return await fn(session)
    } catch (error) {
      if (error instanceof AuthApiError && error.status === 401) {
        await deps.sessions.clear()
        user = undefined
      }
      throw error
    }
  }

  const loadUser = () => withSession(async (session) => (user = await deps.api.user(session)))
  /** The EVM chain the frame is on, for the smart account (undefined while on Solana). */
  const evmChainId = (): number | string | undefined => (namespace === 'eip155' ? chainId : undefined)
  /** The user with smartAccountDeployed on the current EVM chain (read from the chain by the server). */
  const loadUserOnChain = () => {
    const id = evmChainId()
    return withSession(async (session) => (user = await deps.api.user(session, ...(id === undefined ? [] : [id]))))
  }

  function frameUser(u: AuthUser): FrameUser {
    return {
      email: u.email,
      address: namespace === 'solana' ? u.solanaAddress : u.evmAddress,
      chainId,
      accounts: [
        // EIP-7702: the smart account is the EOA itself, delegated.
        { address: u.evmAddress, type: u.preferredAccountType === 'smartAccount' ? 'smartAccount' : 'eoa', namespace: 'eip155' },
        { address: u.solanaAddress, type: 'eoa', namespace: 'solana' },
      ],
      userName: u.userName,
      socialProvider:
        u.socialProvider === 'farcaster'
          ? 'farcaster'
          : (FRAME_SOCIAL_PROVIDERS as readonly string[]).includes(u.socialProvider ?? '')
            ? (u.socialProvider as FrameSocialProvider)
            : null,
      preferredAccountType: u.preferredAccountType,
      smartAccountDeployed: u.smartAccountDeployed ?? false,
      solanaAddress: u.solanaAddress,
    }
  }

  /** A safe read on `target`: the frame's own RPC for its chain, else through the auth service. */
  async function readOn(target: number | string, method: string, params: unknown[]): Promise<unknown> {
    const same = String(target) === String(chainId) || String(evmChainNumber(target)) === String(evmChainNumber(chainId))
    if (!method.startsWith('wallet_') && deps.rpcRead && same) return deps.rpcRead(method, params)
    return withSession((s) => deps.api.rpc(s, { namespace: 'eip155', chainId: target, method, params }))
  }
  const custody = deps.deviceShares ? createCustody({ api: deps.api, deviceShares: deps.deviceShares, read: readOn }) : undefined

  /**
   * The end of every login: under key shares, the keys are set up (or migrated) here first; a device
   * without this wallet's device share recovers with the passkey's PRF output (`prf`, a passkey login's)
   * or the server's help when it can (custody.recoverAtLogin).
   */
  async function loggedIn(session: StoredSession, u: AuthUser, prf?: Uint8Array): Promise<AuthUser> {
    if (!custody) return u
    const now = await custody.afterLogin(session, u, prf)
    await custody.recoverAtLogin(session, now, prf)
    return now
  }

  /** The host page's `host[:port]` (the domain a sign-in message must name). */
  const host = (() => {
    try {
      return deps.hostOrigin ? new URL(deps.hostOrigin).host : undefined
    } catch {
      return undefined
    }
  })()

  /** The policy's decision for `request` (an EVM request; anything else is prompted); what goes without a prompt is counted. */
  async function decided(request: ConfirmRequest): Promise<Decision> {
    if (!deps.policy || request.kind !== 'rpc' || request.namespace !== 'eip155') return { action: 'prompt' }
    let policy: ConfirmPolicy | null
    try {
      policy = await deps.policy.load()
    } catch {
      throw new Error(POLICY_UNAVAILABLE)
    }
    if (!policy) return { action: 'prompt' }
    const owner = (user ?? (await loadUser())).evmAddress
    const chain = `eip155:${evmChainNumber(request.chainId)}`
    const { spent, projectId } = deps.policy
    const decision = decide(policy, { method: request.method, params: request.params, chain }, spent.spent(owner, chain))
    const auto = decision.action === 'auto' ? decision : undefined
    const spentChain = auto?.chain
    if (!auto || !spentChain || auto.value === 0n) return decision
    if (auto.perDay === undefined) {
      // Counted now, with no await between the check and the count: two requests at once can not both pass the tally.
      spent.add(owner, spentChain, auto.value)
      return decision
    }
    // Under a per-day cap, the user's tally across devices is the API's (one atomic count: two requests at once,
    // from this device or another, can not both pass it); only a transfer it counted goes without a prompt.
    // Refused, or not answered: the user is asked.
    const policySpend = deps.api.policySpend
    const reserved =
      projectId !== undefined &&
      policySpend !== undefined &&
      (await withSession((session) =>
        policySpend(session, { projectId, chain: spentChain, value: String(auto.value), cap: String(auto.perDay) }),
      )
        .then((answer) => answer.allowed)
        .catch(() => false))
    if (!reserved) return { action: 'prompt' }
    spent.add(owner, spentChain, auto.value)
    return decision
  }

  /**
   * Issue 23 §1: nothing unsafe runs before the user confirms it in the window on this origin, unless the
   * confirmation policy lets it through (counted in the day's tally at once, so that two requests at the same
   * time can not both pass the day's cap); above the policy's step-up threshold the user also types a code.
   */
  async function confirmed(request: ConfirmRequest, signal?: AbortSignal): Promise<void> {
    if (request.kind === 'rpc' && foreignSignIn(request.method, request.params, host)) throw new Error(FOREIGN_SIGN_IN)
    const decision = await decided(request)
    if (decision.action === 'auto') return
    // The second factor the window asks for: a code, or one of the user's passkeys (its request options, asked in the window).
    let passkey: Record<string, unknown> | undefined
    if (decision.action === 'stepUp') {
      const factor = await withSession((s) => stepUpFactor(deps.api, s))
      if (!factor) throw new Error(NO_SECOND_FACTOR)
      if (factor === 'passkey') passkey = (await withSession((s) => deps.api.passkeyStepUpOptions(s))).options
    }
    const shown: ConfirmRequest =
      decision.action === 'stepUp' && request.kind === 'rpc'
        ? { ...request, stepUp: { above: String(decision.threshold), ...(passkey ? { passkey } : {}) } }
        : request
    if (!deps.confirm) throw new Error(USER_REJECTED)
    const confirm = deps.confirm
    const aborted = new Promise<never>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new Error(REQUEST_ABORTED)), { once: true })
    })
    aborted.catch(() => undefined)
    // A transaction is simulated first (issue 23 §2): the window shows what it does, or that it will fail.
    const asked = async () => {
      const evm = request.kind === 'rpc' && request.namespace === 'eip155'
      const from = evm ? (user ?? (await loadUser().catch(() => undefined)))?.evmAddress : undefined
      // Simulated on the frame's own RPC of its chain only (the chain's node, not the API), before the user answers.
      const direct = deps.rpcRead
      const onFrameChain = request.kind === 'rpc' && evmChainNumber(request.chainId) === evmChainNumber(chainId)
      const read = direct && onFrameChain ? (_id: number, method: string, params: unknown[]) => direct(method, params) : undefined
      const simulation = from ? await simulationFor(request, from, read) : undefined
      return confirm(simulation && shown.kind === 'rpc' ? { ...shown, simulation } : shown)
    }
    const answer = await Promise.race([asked(), aborted])
    if (!answer) throw new Error(USER_REJECTED)
    if (decision.action === 'stepUp') {
      if (typeof answer !== 'object') throw new Error(USER_REJECTED)
      const proof =
        'code' in answer ? ({ kind: 'totp', code: answer.code } as const) : ({ kind: 'passkey', assertion: answer.assertion } as const)
      await withSession((s) => stepUp(deps.api, s, proof, now))
    }
  }

  async function rpcRequest(p: AppEventPayload<'RPC_REQUEST'>): Promise<{ result: unknown }> {
    if (!(FRAME_RPC_METHODS as readonly string[]).includes(p.method)) throw new Error(AUTH_ERRORS.rpcNotAllowed)
    const ns = p.namespace ?? namespace
    if (ns !== 'eip155' && ns !== 'solana') throw new Error(AUTH_ERRORS.rpcNotAllowed)
    const target = p.chainId ?? chainId
    const params = p.params ?? []
    if (isSafeRpcMethod(p.method)) {
      if (p.method === 'eth_accounts' || p.method === 'eth_requestAccounts') {
        const session = await liveSession()
        if (!session) return { result: [] }
        return { result: [(user ?? (await loadUser())).evmAddress] }
      }
      if (p.method === 'eth_chainId') return { result: `0x${Number(target).toString(16)}` }
      const plainRead = !p.method.startsWith('wallet_')
      if (plainRead && deps.rpcRead && String(target) === String(chainId)) return { result: await deps.rpcRead(p.method, params) }
      return { result: await withSession((s) => deps.api.rpc(s, { namespace: ns, chainId: target, method: p.method, params })) }
    }
    const controller = new AbortController()
    unsafeInFlight.add(controller)
    try {
      await requireSession()
      await confirmed({ kind: 'rpc', method: p.method, params, namespace: ns, chainId: target }, controller.signal)
      if (controller.signal.aborted) throw new Error(REQUEST_ABORTED)
      const result = await withSession(async (s) => {
        if (custody && (LOCAL_SIGNING_METHODS as readonly string[]).includes(p.method) && (await custody.signsHere(s))) {
          const own = p.method.startsWith('solana_') ? 'solana' : 'eip155'
          if (ns !== own) throw new Error(`${p.method} is a ${own} method`)
          return custody.sign(s, user ?? (await deps.api.user(s)), { method: p.method, chainId: target, params })
        }
        return deps.api.rpc(s, { namespace: ns, chainId: target, method: p.method, params }, controller.signal)
      })
      if (controller.signal.aborted) throw new Error(REQUEST_ABORTED)
      return { result }
    } catch (error) {
      if (controller.signal.aborted) throw new Error(REQUEST_ABORTED)
      throw error
    } finally {
      unsafeInFlight.delete(controller)
    }
  }

  async function webauthn(): Promise<WebAuthnClient> {
    if (!deps.webauthn) throw new Error(NOT_AVAILABLE)
    return deps.webauthn()
  }
  /** TOTP's state, whether the user has a passkey, and whether THIS session's step-up (checked by the server) holds now. */
  const twoFactorState = (status: { totp: 'off' | 'pending' | 'on'; passkey: boolean; stepUpUntil: string | null }) => ({
    totp: status.totp,
    passkey: status.passkey,
    stepUp: status.stepUpUntil !== null && Date.parse(status.stepUpUntil) > now(),
  })

  /** A step-up by one of the user's passkeys, whose assertion a window on this origin makes (passkey-popup.ts). */
  async function passkeyStepUp() {
    const client = await webauthn()
    if (!client.stepUpAuthentication) throw new Error(NOT_AVAILABLE)
    const { options } = await withSession((s) => deps.api.passkeyStepUpOptions(s))
    const response = await client.stepUpAuthentication(options as unknown as PublicKeyCredentialRequestOptionsJSON)
    return twoFactorState(await withSession((s) => deps.api.passkeyStepUp(s, response)))
  }

  /** Ends the wait of a social login that is no longer the pending one. */
  function dropSocial() {
    const old = social
    social = undefined
    old?.settle?.(new Error(AUTH_ERRORS.socialFailed))
  }

  return {
    state: () => ({ chainId, namespace, theme, dapp }),
    recoverySecret: () => custody?.recoverySecret(),
    /**
     * Recovery on this device with the user's recovery secret (the frame's own recovery view calls it: the
     * secret is typed in this origin's document, never in the host page's). Not a host message.
     */
    async recoverWallet(secret: string): Promise<void> {
      if (!custody) throw new Error(NOT_AVAILABLE)
      const owner = user ?? (await loadUser())
      await withSession((s) => custody.recover(s, owner, secret))
    },

    /**
     * A message that is not the host page's (main.ts gives every other message here): the API's
     * callback page posts the social result to this frame (never to the host page). Taken only from
     * the pending login's callback origin, for its state; true when taken.
     */
    socialResult(event: { origin: string; data: unknown }): boolean {
      const pending = social
      if (!pending || pending.result || event.origin !== pending.resultOrigin) return false
      const parsed = socialResultMessageSchema.safeParse(event.data)
      if (!parsed.success || stateOf(parsed.data.resultUri) !== pending.state) return false
      pending.result = parsed.data
      pending.settle?.(parsed.data)
      return true
    },

    async SWITCH_NETWORK(p) {
      chainId = numeric(p.chainId)
      if (p.namespace === 'eip155' || p.namespace === 'solana') namespace = p.namespace
      return { chainId }
    },
    async CONNECT_EMAIL({ email }) {
      const session = await liveSession()
      if (session && session.email?.toLowerCase() === email.toLowerCase()) {
        try {
          user = await deps.api.user(session)
          return { action: 'CONNECT' }
        } catch {
          await deps.sessions.clear()
        }
      }
      // A new login: a new session key, whose hash the start carries (the code is bound to it).
      const key = await generateLoginKey()
      const answer = await deps.api.emailConnect(email, deps.deviceId(), key.keyHash, deps.hostOrigin)
      pendingEmail = email
      emailKey = key
      return answer
    },
    async CONNECT_DEVICE() {
      // One ask of the API (bounded; issue 24): pending until the device is approved, and the client asks again.
      if (!pendingEmail || !emailKey) throw new Error(AUTH_ERRORS.invalidEmail)
      const answer = await deps.api.emailDevice(pendingEmail, deps.deviceId(), emailKey.keyHash)
      if (!('state' in answer)) return {}
      const delay = Math.min(answer.retryAfterMs ?? 0, DEVICE_RETRY_MAX_MS)
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
      return { state: 'pending' }
    },
    async CONNECT_OTP({ otp }) {
      if (!pendingEmail || !emailKey) throw new Error(AUTH_ERRORS.invalidEmail)
      // The key the login started with (non-extractable); the finish is stamped by it.
      const { keyPair, publicKey, encryption } = emailKey
      const answer = await deps.api.emailOtp(
        { email: pendingEmail, deviceId: deps.deviceId(), otp, sessionPublicKey: publicKey, encryptionPublicKey: encryption.publicKey },
        keyPair.privateKey,
      )
      const session = {
        sessionId: answer.sessionId,
        email: answer.user.email ?? pendingEmail,
        expiresAt: answer.expiresAt,
        keyPair,
        encryptionKeyPair: encryption.keyPair,
      }
      await deps.sessions.set(session)
      user = answer.user
      user = await loggedIn(session, answer.user)
      pendingEmail = undefined
      emailKey = undefined
      return {}
    },
    async CONNECT_SOCIAL() {
      // The result comes from the API's callback page to this frame (socialResult), not from the host.
      const pending = social
      if (!pending) throw new Error(AUTH_ERRORS.socialFailed)
      const outcome =
        pending.result ??
        (await new Promise<SocialResultMessage | Error>((resolve) => {
          const timer = setTimeout(() => resolve(new Error(AUTH_ERRORS.socialFailed)), SOCIAL_STATE_TTL_MS)
          pending.settle = (value) => {
            clearTimeout(timer)
            resolve(value)
          }
        }))
      if (outcome instanceof Error) throw outcome
      if (social === pending) social = undefined
      // As CONNECT_OTP: the session key the login started with, its public half registered with the session.
      const { keyPair, publicKey, encryption } = pending.key
      const answer = await deps.api.socialFinish(
        { resultUri: outcome.resultUri, deviceId: deps.deviceId(), sessionPublicKey: publicKey, encryptionPublicKey: encryption.publicKey },
        keyPair.privateKey,
      )
      const session = {
        sessionId: answer.sessionId,
        email: answer.user.email,
        expiresAt: answer.expiresAt,
        keyPair,
        encryptionKeyPair: encryption.keyPair,
      }
      await deps.sessions.set(session)
      user = answer.user
      user = await loggedIn(session, answer.user)
      pendingEmail = undefined
      return { userName: answer.user.userName, email: answer.user.email }
    },
    async GET_FARCASTER_URI() {
      const key = await generateLoginKey()
      // The approver names the app (its page's origin), not the API (issue 25 §1).
      const { url, channelToken } = await deps.api.farcasterStart(deps.deviceId(), key.keyHash, deps.hostOrigin)
      farcasterChannel = { channelToken, key }
      return { url }
    },
    async CONNECT_FARCASTER() {
      // Poll the channel of the last GET_FARCASTER_URI until the signed message is verified.
      const channel = farcasterChannel
      if (!channel) throw new Error(FARCASTER_ERRORS.failed)
      const { keyPair, publicKey, encryption } = channel.key
      const deadline = now() + (deps.farcasterWaitMs ?? FARCASTER_WAIT_MS)
      for (;;) {
        if (farcasterChannel !== channel) throw new Error(FARCASTER_ERRORS.failed)
        const answer = await deps.api.farcasterStatus(
          {
            channelToken: channel.channelToken,
            deviceId: deps.deviceId(),
            sessionPublicKey: publicKey,
            encryptionPublicKey: encryption.publicKey,
          },
          keyPair.privateKey,
        )
        if (!('state' in answer)) {
          if (farcasterChannel === channel) farcasterChannel = undefined
          const session = {
            sessionId: answer.sessionId,
            email: answer.user.email,
            expiresAt: answer.expiresAt,
            keyPair,
            encryptionKeyPair: encryption.keyPair,
          }
          await deps.sessions.set(session)
          user = answer.user
          user = await loggedIn(session, answer.user)
          pendingEmail = undefined
          return { userName: answer.user.userName ?? '' }
        }
        if (now() >= deadline) throw new Error(FARCASTER_ERRORS.failed)
        await new Promise((resolve) => setTimeout(resolve, deps.farcasterPollMs ?? FARCASTER_POLL_MS))
      }
    },
    async CONNECT_PASSKEY({ mode, name }) {
      // A login like the others (issue 22 §3): a new session key, whose hash the options carry and
      // which stamps the finish. The ceremony runs here, for the frame's origin.
      const client = await webauthn()
      const key = await generateLoginKey()
      const deviceId = deps.deviceId()
      const { options } = await deps.api.passkeyOptions(mode, { deviceId, sessionKeyHash: key.keyHash, ...(name ? { name } : {}) })
      const response = mode === 'sign-up' ? await createPasskey(client, options) : await assertPasskey(client, options)
      const answer = await deps.api.passkeyFinish(
        mode,
        { deviceId, sessionPublicKey: key.publicKey, encryptionPublicKey: key.encryption.publicKey, response },
        key.keyPair.privateKey,
      )
      const session = {
        sessionId: answer.sessionId,
        email: answer.user.email,
        expiresAt: answer.expiresAt,
        keyPair: key.keyPair,
        encryptionKeyPair: key.encryption.keyPair,
      }
      await deps.sessions.set(session)
      // Under key shares, a new user's keys are made here, the recovery share sealed under the
      // passkey's PRF output too; a known user's new device recovers with that output.
      const prf = passkeyPrf() ?? undefined
      try {
        user = await loggedIn(session, answer.user, prf)
      } finally {
        prf?.fill(0)
      }
      pendingEmail = undefined
      emailKey = undefined
      return { isNew: mode === 'sign-up' }
    },
    async ADD_PASSKEY({ name }) {
      const client = await webauthn()
      const { options } = await withSession((s) => deps.api.passkeyAddOptions(s))
      const response = await createPasskey(client, options)
      return withSession((s) => deps.api.passkeyAdd(s, { response, ...(name ? { name } : {}) }))
    },
    async GET_PASSKEYS() {
      return withSession((s) => deps.api.passkeys(s))
    },
    /** Issue 23 §1: only after the user confirms it in the window on this origin (a host script can not remove one). */
    async REMOVE_PASSKEY({ id }) {
      await requireSession()
      const { passkeys } = await withSession((s) => deps.api.passkeys(s))
      const passkey = passkeys.find((p) => p.id === id)
      if (!passkey) throw new Error(PASSKEY_NOT_FOUND)
      await confirmed({ kind: 'removePasskey', name: passkey.name, createdAt: passkey.createdAt })
      return withSession((s) => deps.api.passkeyRemove(s, id))
    },
    async GET_SOCIAL_REDIRECT_URI({ provider }) {
      if (!deps.hostOrigin) throw new Error(SOCIAL_START_FAILED)
      dropSocial()
      const key = await generateLoginKey()
      const answer = await deps.api.socialStart({
        provider,
        hostOrigin: deps.hostOrigin,
        deviceId: deps.deviceId(),
        sessionKeyHash: key.keyHash,
      })
      const start = socialStartOf(answer.uri)
      if (!start) throw new Error(SOCIAL_START_FAILED)
      social = { key, ...start }
      return answer
    },
    async INIT_SMART_ACCOUNT() {
      const u = await loadUserOnChain()
      return { address: u.evmAddress, isDeployed: u.smartAccountDeployed ?? false }
    },
    async GET_USER(p) {
      if (p.chainId !== undefined) chainId = numeric(p.chainId)
      if (p.namespace === 'eip155' || p.namespace === 'solana') namespace = p.namespace
      return frameUser(await loadUserOnChain())
    },
    async SIGN_OUT() {
      deps.keyView?.hide()
      deps.recoveryView?.hide()
      const session = await deps.sessions.get()
      user = undefined
      pendingEmail = undefined
      emailKey = undefined
      farcasterChannel = undefined
      dropSocial()
      forgetPasskeyPrf()
      custody?.forget()
      if (!session) return {}
      try {
        await deps.api.signOut(session)
      } catch {
        // the session is forgotten here either way
      }
      await deps.sessions.clear()
      return {}
    },
    async IS_CONNECTED() {
      if (!(await liveSession())) return { isConnected: false }
      try {
        await loadUser()
        return { isConnected: true }
      } catch (error) {
        if (error instanceof AuthApiError && error.status === 401) return { isConnected: false }
        throw error
      }
    },
    async GET_CHAIN_ID() {
      return { chainId }
    },
    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      return { smartAccountEnabledNetworks: (user ?? (await loadUser())).smartAccountEnabledNetworks }
    },
    async SET_PREFERRED_ACCOUNT({ type }) {
      const current = user ?? (await loadUser())
      const id = evmChainId()
      try {
        // Keys as shares: the frame delegates the account itself (signs, the API relays), then the API checks the chain.
        if (type === 'smartAccount' && custody && id !== undefined) {
          await withSession(async (s) => {
            if (await custody.signsHere(s)) await custody.enableSmartAccount(s, current, id)
          })
        }
        user = await withSession((s) => deps.api.preferredAccount(s, type, ...(id === undefined ? [] : [id])))
        return { type: user.preferredAccountType, address: user.evmAddress }
      } catch (error) {
        // SPEC §4: if setting the preferred account fails, it falls back to EOA (the server says why).
        if (user) user = { ...user, preferredAccountType: 'eoa' }
        const reason = error instanceof Error && error.message ? error.message.slice(0, 500) : undefined
        return { type: 'eoa', address: current.evmAddress, ...(reason ? { reason } : {}) }
      }
    },
    RPC_REQUEST: rpcRequest,
    async RPC_ABORT() {
      for (const controller of unsafeInFlight) controller.abort()
      return {}
    },
    async UPDATE_EMAIL({ email }) {
      await requireSession()
      await confirmed({ kind: 'email', email })
      return withSession((s) => deps.api.updateEmail(s, email))
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      await withSession((s) => deps.api.updateEmailPrimary(s, otp))
      return {}
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const session = await requireSession()
      const { newEmail } = await withSession((s) => deps.api.updateEmailSecondary(s, otp))
      await deps.sessions.set({ ...session, email: newEmail })
      if (user) user = { ...user, email: newEmail }
      return { newEmail }
    },
    async GET_TWO_FACTOR() {
      return twoFactorState(await withSession((s) => deps.api.twoFactorStatus(s)))
    },
    /** The set-up shows in this frame's document (totp-view.ts); the reply carries nothing of it. */
    async TOTP_ENROLL() {
      const view = deps.totpView
      if (!view) throw new Error(NOT_AVAILABLE)
      const { uri, secret } = await withSession((s) => deps.api.totpEnroll(s))
      view.show(uri, secret)
      return {}
    },
    async TOTP_ENROLL_HIDE() {
      deps.totpView?.hide()
      return {}
    },
    async TOTP_CONFIRM({ code }) {
      const state = twoFactorState(await withSession((s) => deps.api.totp(s, 'confirm', code)))
      // Set up: the key goes off screen.
      deps.totpView?.hide()
      return state
    },
    async TOTP_VERIFY({ code }) {
      return twoFactorState(await withSession((s) => deps.api.totp(s, 'verify', code)))
    },
    async TOTP_REMOVE({ code }) {
      return twoFactorState(await withSession((s) => deps.api.totp(s, 'remove', code)))
    },
    /**
     * A step-up by one of the user's passkeys: the assertion runs in the popup on this origin that the host
     * opened in the user's click (passkey-popup.ts), never in this hidden frame, and goes to the API from here.
     */
    STEP_UP_PASSKEY: () => passkeyStepUp(),
    /**
     * The key shows in this frame's document, after a second factor verified by this session within
     * the last minutes (asked of the server, not taken from the host). The reply carries nothing.
     */
    async EXPORT_KEY({ kind }) {
      const { exportKey, keyView } = deps
      const session = await requireSession()
      // The key comes from `exportKey` when given, else from this origin's key shares.
      const fromShares = !exportKey && custody !== undefined && (await custody.signsHere(session))
      if (!keyView || (!exportKey && !fromShares)) throw new Error(NOT_AVAILABLE)
      const state = twoFactorState(await withSession((s) => deps.api.twoFactorStatus(s)))
      if (!state.stepUp) throw new Error(AUTH_ERRORS.stepUpRequired)
      if (exportKey) keyView.show(kind, await exportKey(kind))
      else {
        const owner = user ?? (await loadUser())
        await withSession((s) => (custody as NonNullable<typeof custody>).exportKey(s, owner, kind, (key) => keyView.show(kind, key)))
      }
      return {}
    },
    async EXPORT_KEY_HIDE() {
      deps.keyView?.hide()
      return {}
    },
    async GET_KEY_STATE() {
      await requireSession()
      const owner = user ?? (await loadUser())
      const state = custody ? await withSession((s) => custody.keyState(s, owner)) : 'server'
      return { state, unsavedRecovery: custody?.recoverySecret() !== undefined }
    },
    /** The secret is typed in this frame's document (recovery-view.ts) and used here; the reply says only whether it worked. */
    async RECOVER_WALLET() {
      const view = deps.recoveryView
      if (!view || !custody) throw new Error(NOT_AVAILABLE)
      await requireSession()
      const owner = user ?? (await loadUser())
      // A user with a passkey may step up with it in the view when the new split asks for it (no TOTP code here).
      const open = deps.openPasskeyWindow
      const passkey =
        open !== undefined &&
        (await withSession((s) => deps.api.twoFactorStatus(s)).then(
          (status) => status.passkey,
          () => false,
        ))
      const stepUp = passkey
        ? async () => {
            const window = open()
            try {
              await passkeyStepUp()
            } finally {
              window?.close()
            }
          }
        : undefined
      const recovered = await view.ask((secret) => withSession((s) => custody.recover(s, owner, secret)), stepUp)
      return { recovered }
    },
    async SHOW_RECOVERY_SECRET() {
      const secret = custody?.recoverySecret()
      if (!deps.recoveryView || secret === undefined) throw new Error(NOT_AVAILABLE)
      const saved = await deps.recoveryView.showSecret(secret)
      if (saved) custody?.forgetRecoverySecret()
      return { saved }
    },
    async RECOVERY_HIDE() {
      deps.recoveryView?.hide()
      return {}
    },
    async SYNC_THEME(p) {
      theme = p
      deps.onTheme?.(p)
      return {}
    },
    async SYNC_DAPP_DATA(p) {
      dapp = p
      return {}
    },
    async RELOAD() {
      deps.reload?.()
      return {}
    },
    /** The policy the frame applies and this user's tally of today (a hint for the host's window; the frame decides). */
    async GET_CONFIRM_POLICY() {
      const policy = deps.policy ? await deps.policy.load().catch(() => null) : null
      const owner = policy && (await liveSession()) ? (user ?? (await loadUser().catch(() => undefined)))?.evmAddress : undefined
      return { policy, spent: owner && deps.policy ? deps.policy.spent.all(owner) : {} }
    },
  }
}
