/**
 * The embedded secure frame's postMessage protocol (SPEC §7 "Embedded secure frame messaging").
 *
 * The host page (the frame client in @portico/embedded) posts APP events; the frame answers each one
 * with `<TYPE>_SUCCESS` or `<TYPE>_ERROR` carrying the same request id, and announces itself once
 * with READY. Every message is an object on one channel:
 *   app → frame:  { channel: 'portico:app',   id, type, payload }
 *   frame → app:  { channel: 'portico:frame', id, type: 'READY' | `${type}_SUCCESS` | `${type}_ERROR`, payload }
 *
 * Both sides post with an exact targetOrigin, check `event.origin` and `event.source`, and parse
 * what they receive with these schemas. SPEC §5: frame messages that fail the schema are logged and
 * ignored by the client; app messages that fail validation are still passed on by the frame (it
 * answers `<TYPE>_ERROR` with the validation message, so the request settles).
 */
import { z } from 'zod/mini'
import { confirmPolicySchema } from './confirm-policy.ts'

/** Largest message either side accepts, as JSON text (bytes of UTF-16 code units). */
export const FRAME_MAX_MESSAGE_CHARS = 256 * 1024

export const APP_CHANNEL = 'portico:app'
export const FRAME_CHANNEL = 'portico:frame'

/** SPEC §5: namespaces a frame message may name. */
export const FRAME_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
/** SPEC §5: social providers the frame accepts. */
export const FRAME_SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type FrameSocialProvider = (typeof FRAME_SOCIAL_PROVIDERS)[number]

export const ACCOUNT_TYPES = ['eoa', 'smartAccount'] as const

/** The modal's locales (headless's LOCALES): the frame's own views are shown in the host's (SYNC_THEME `locale`). */
export const FRAME_LOCALES = ['en', 'ar', 'de', 'es', 'fr', 'ja', 'pt-BR', 'zh-CN'] as const
export type FrameLocale = (typeof FRAME_LOCALES)[number]

/**
 * The frame URL opened with `?portico-passkey=create` is the passkey popup: a window of the frame's
 * origin where a passkey is created (browsers create one in a cross-origin iframe only after a click
 * inside it). The host page opens it in the user's click; it talks to the frame only.
 */
export const PASSKEY_POPUP_PARAM = 'portico-passkey'

/** A passkey as the frame lists it (no key material: the credential id, a label, dates). */
/** An ISO 8601 time as the API writes it (Date#toISOString). */
const isoTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/))
export const framePasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: isoTime,
  lastUsedAt: z.nullable(isoTime),
  backedUp: z.boolean(),
})
export type FramePasskey = z.infer<typeof framePasskeySchema>

const email = z.email()
const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))
const requestId = z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/))

/** RPC methods the frame serves (SPEC §7). Anything else: 'Requested RPC call is not allowed'. */
export const FRAME_RPC_READS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_getAssets',
] as const
/** SPEC §6: unsafe methods end with 'Request was aborted' on RPC abort. */
export const FRAME_RPC_UNSAFE = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
] as const
export const FRAME_RPC_METHODS = [...FRAME_RPC_READS, ...FRAME_RPC_UNSAFE] as const
export type FrameRpcMethod = (typeof FRAME_RPC_METHODS)[number]

export function isSafeRpcMethod(method: string): boolean {
  return (FRAME_RPC_READS as readonly string[]).includes(method)
}

/** The user session the frame reports (SPEC §3 "User session from the embedded frame"). */
export const frameUserSchema = z.object({
  email: z.optional(z.nullable(z.string())),
  address: z.string(),
  chainId: z.union([z.number(), z.string()]),
  accounts: z.array(
    z.object({ address: z.string(), type: z.enum(['eoa', 'smartAccount']), namespace: z.optional(z.enum(FRAME_NAMESPACES)) }),
  ),
  userName: z.optional(z.nullable(z.string())),
  /** The social provider the user signed in with (SPEC §3 account state `socialProvider`); 'farcaster' for Sign In With Farcaster. */
  socialProvider: z.optional(z.nullable(z.enum([...FRAME_SOCIAL_PROVIDERS, 'farcaster']))),
  preferredAccountType: z.optional(z.enum(ACCOUNT_TYPES)),
  smartAccountDeployed: z.optional(z.boolean()),
  /** The Solana account of the same user. */
  solanaAddress: z.optional(z.string()),
})
export type FrameUser = z.infer<typeof frameUserSchema>

/** What each app event carries (`payload`) — the request schemas. */
export const APP_EVENT_PAYLOADS = {
  SWITCH_NETWORK: z.object({ chainId: z.union([z.number(), z.string()]), namespace: z.optional(z.enum(FRAME_NAMESPACES)) }),
  CONNECT_EMAIL: z.object({ email }),
  CONNECT_DEVICE: z.object({}),
  CONNECT_OTP: z.object({ otp: z.string() }),
  /** The result comes to the frame from the API's callback page, never through the host (issue 22 §3). */
  CONNECT_SOCIAL: z.object({}),
  GET_FARCASTER_URI: z.object({}),
  CONNECT_FARCASTER: z.object({}),
  GET_USER: z.object({ chainId: z.optional(z.union([z.number(), z.string()])), namespace: z.optional(z.enum(FRAME_NAMESPACES)) }),
  GET_SOCIAL_REDIRECT_URI: z.object({ provider: z.enum(FRAME_SOCIAL_PROVIDERS) }),
  SIGN_OUT: z.object({}),
  IS_CONNECTED: z.object({}),
  GET_CHAIN_ID: z.object({}),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: z.object({}),
  INIT_SMART_ACCOUNT: z.object({}),
  SET_PREFERRED_ACCOUNT: z.object({ type: z.enum(ACCOUNT_TYPES) }),
  RPC_REQUEST: z.object({
    method: z.string(),
    params: z.optional(z.array(z.unknown())),
    chainId: z.optional(z.union([z.number(), z.string()])),
    namespace: z.optional(z.enum(FRAME_NAMESPACES)),
  }),
  UPDATE_EMAIL: z.object({ email }),
  UPDATE_EMAIL_PRIMARY_OTP: z.object({ otp: z.string() }),
  UPDATE_EMAIL_SECONDARY_OTP: z.object({ otp: z.string() }),
  /**
   * The modal's look, applied to the frame's own views (export, recovery, TOTP set-up, confirmation): the
   * resolved mode, the app's `--portico-*` overrides (the frame keeps only known names and safe values),
   * and the modal's locale.
   */
  SYNC_THEME: z.object({
    themeMode: z.optional(z.enum(['light', 'dark'])),
    themeVariables: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
    w3mThemeVariables: z.optional(z.record(z.string(), z.string())),
    locale: z.optional(z.enum(FRAME_LOCALES)),
  }),
  SYNC_DAPP_DATA: z.object({
    name: z.optional(z.string()),
    description: z.optional(z.string()),
    url: z.optional(z.string()),
    icons: z.optional(z.array(z.string())),
    projectId: z.string(),
    sdkVersion: z.optional(z.string()),
    sdkType: z.optional(z.string()),
  }),
  RELOAD: z.object({}),
  /** Abort the open RPC requests (unsafe ones end with 'Request was aborted'). */
  RPC_ABORT: z.object({}),
  /**
   * Passkey login (issue 22 §2): the WebAuthn ceremony runs in the frame's document, for the frame's
   * origin. 'sign-in' uses any passkey of this wallet; 'sign-up' creates one and a new account
   * (`name`: how the passkey is labelled in the authenticator).
   */
  CONNECT_PASSKEY: z.object({ mode: z.enum(['sign-in', 'sign-up']), name: z.optional(z.string().check(z.maxLength(64))) }),
  /** A signed-in user's passkeys: add one (a ceremony in the frame), list, remove. */
  ADD_PASSKEY: z.object({ name: z.optional(z.string().check(z.minLength(1), z.maxLength(64))) }),
  GET_PASSKEYS: z.object({}),
  /** Removes it only after the user confirms it in the window on the frame's origin (the host opens it in the click). */
  REMOVE_PASSKEY: z.object({ id: z.string().check(z.minLength(1), z.maxLength(1366)) }),
  /** The second factor (issue 22 §2, @portico/protocol/two-factor): its state for the signed-in user. */
  GET_TWO_FACTOR: z.object({}),
  /**
   * Start setting up TOTP. Its QR code and setup key show in the FRAME's own document (totp-view.ts), over the room
   * the host makes; the reply carries neither, so that a script on the host page cannot set up a second factor of
   * its own (it would compute the codes).
   */
  TOTP_ENROLL: z.object({}),
  /** Remove the TOTP set-up view from the frame's document (the modal closed or moved on). */
  TOTP_ENROLL_HIDE: z.object({}),
  TOTP_CONFIRM: z.object({ code: z.string() }),
  /** A code from the authenticator app: steps this session up for a few minutes (key export). */
  TOTP_VERIFY: z.object({ code: z.string() }),
  TOTP_REMOVE: z.object({ code: z.string() }),
  /**
   * Step this session up with one of the user's passkeys instead of a code. The assertion runs in a popup on the
   * frame's origin (opened by the host in the user's click, on `?portico-passkey=verify`), whose button is the
   * user's act; the options and the response go between the frame and that popup only.
   */
  STEP_UP_PASSKEY: z.object({}),
  /**
   * Show the private key (evm) or secret key (solana) in the FRAME's own document, after a fresh
   * step-up. The key never travels in a message: the reply is empty, and the host only makes room
   * for the frame (shows it over the modal) while it shows the key.
   */
  EXPORT_KEY: z.object({ kind: z.enum(['evm', 'solana']) }),
  /** Remove the key view from the frame's document (the modal closed or moved on). */
  EXPORT_KEY_HIDE: z.object({}),
  /**
   * Where this wallet's signatures are made for this device: 'here' (the frame has its key shares),
   * 'recover' (a new device: the wallet must be recovered here before it signs), 'server' (the API holds
   * the keys). `unsavedRecovery`: this frame made the keys and can show their recovery secret once.
   */
  GET_KEY_STATE: z.object({}),
  /**
   * A new device: the frame's own document asks for the recovery secret and recovers the wallet (the secret
   * is typed there and never travels in a message). The host makes room for the frame until the reply.
   */
  RECOVER_WALLET: z.object({}),
  /** The recovery secret of the keys this frame made, shown in the frame's own document until the user has saved it. */
  SHOW_RECOVERY_SECRET: z.object({}),
  /** Remove a recovery view from the frame's document (the modal closed or moved on). */
  RECOVERY_HIDE: z.object({}),
  /**
   * The confirmation policy the frame applies (the project's, narrowed by the app's), and what this user sent
   * without a prompt today per chain: the host opens no confirmation window for what the frame will let
   * through. Only a hint: the frame decides again, and a request it must confirm waits for a window.
   */
  GET_CONFIRM_POLICY: z.object({}),
} as const
export type AppEventType = keyof typeof APP_EVENT_PAYLOADS
export const APP_EVENT_TYPES = Object.keys(APP_EVENT_PAYLOADS) as AppEventType[]
export type AppEventPayload<T extends AppEventType> = z.infer<(typeof APP_EVENT_PAYLOADS)[T]>

/**
 * The second factor as the frame reports it: TOTP's state, whether the user has a passkey (it steps up too), and
 * whether this session is stepped up now.
 */
export const twoFactorStateSchema = z.object({ totp: z.enum(['off', 'pending', 'on']), passkey: z.boolean(), stepUp: z.boolean() })
export type FrameTwoFactorState = z.infer<typeof twoFactorStateSchema>

/** What each app event's SUCCESS reply carries. */
export const FRAME_SUCCESS_PAYLOADS = {
  SWITCH_NETWORK: z.object({ chainId: z.union([z.number(), z.string()]) }),
  CONNECT_EMAIL: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
  /** state 'pending': not approved within one ask of the API; the client asks again. */
  CONNECT_DEVICE: z.object({ state: z.optional(z.literal('pending')) }),
  CONNECT_OTP: z.object({}),
  CONNECT_SOCIAL: z.object({ userName: z.optional(z.nullable(z.string())), email: z.optional(z.nullable(z.string())) }),
  GET_FARCASTER_URI: z.object({ url: z.string() }),
  CONNECT_FARCASTER: z.object({ userName: z.string() }),
  GET_USER: frameUserSchema,
  GET_SOCIAL_REDIRECT_URI: z.object({ uri: z.string() }),
  SIGN_OUT: z.object({}),
  IS_CONNECTED: z.object({ isConnected: z.boolean() }),
  GET_CHAIN_ID: z.object({ chainId: z.union([z.number(), z.string()]) }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: z.object({ smartAccountEnabledNetworks: z.array(z.number()) }),
  INIT_SMART_ACCOUNT: z.object({ address: z.string(), isDeployed: z.boolean() }),
  /** `reason`: why the smart account could not be set, when the frame fell back to the EOA (SPEC §4). */
  SET_PREFERRED_ACCOUNT: z.object({
    type: z.enum(ACCOUNT_TYPES),
    address: z.string(),
    reason: z.optional(z.string().check(z.maxLength(500))),
  }),
  RPC_REQUEST: z.object({ result: z.unknown() }),
  UPDATE_EMAIL: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  UPDATE_EMAIL_PRIMARY_OTP: z.object({}),
  UPDATE_EMAIL_SECONDARY_OTP: z.object({ newEmail: z.string() }),
  SYNC_THEME: z.object({}),
  SYNC_DAPP_DATA: z.object({}),
  RELOAD: z.object({}),
  RPC_ABORT: z.object({}),
  /** `isNew`: the passkey made a new account (sign-up). */
  CONNECT_PASSKEY: z.object({ isNew: z.boolean() }),
  ADD_PASSKEY: z.object({ passkey: framePasskeySchema }),
  GET_PASSKEYS: z.object({ passkeys: z.array(framePasskeySchema) }),
  REMOVE_PASSKEY: z.object({ passkeys: z.array(framePasskeySchema) }),
  GET_TWO_FACTOR: twoFactorStateSchema,
  /** Nothing: the set-up's QR code and key show in the frame's document, never in a message. */
  TOTP_ENROLL: z.object({}),
  TOTP_ENROLL_HIDE: z.object({}),
  TOTP_CONFIRM: twoFactorStateSchema,
  TOTP_VERIFY: twoFactorStateSchema,
  TOTP_REMOVE: twoFactorStateSchema,
  STEP_UP_PASSKEY: twoFactorStateSchema,
  /** Nothing: the key shows in the frame's document, never in a message. */
  EXPORT_KEY: z.object({}),
  EXPORT_KEY_HIDE: z.object({}),
  GET_KEY_STATE: z.object({ state: z.enum(['here', 'recover', 'server']), unsavedRecovery: z.boolean() }),
  /** `recovered`: false when the user cancelled (or the view was hidden). Nothing of the secret. */
  RECOVER_WALLET: z.object({ recovered: z.boolean() }),
  /**
   * Nothing of the secret: it shows in the frame's document, never in a message. `saved`: the user said they
   * have saved it (the frame then forgets it: it shows no more); false when the view was hidden first.
   */
  SHOW_RECOVERY_SECRET: z.object({ saved: z.boolean() }),
  RECOVERY_HIDE: z.object({}),
  GET_CONFIRM_POLICY: z.object({
    policy: z.nullable(confirmPolicySchema),
    spent: z.record(z.string().check(z.maxLength(40)), z.string().check(z.maxLength(80))),
  }),
} as const satisfies Record<AppEventType, unknown>
export type FrameSuccess<T extends AppEventType> = z.infer<(typeof FRAME_SUCCESS_PAYLOADS)[T]>

export const frameErrorPayloadSchema = z.object({ message: z.string().check(z.maxLength(2000)) })

/** An app event as posted by the client. `payload` is checked per type by the frame (appEventPayload). */
export const appMessageSchema = z.object({
  channel: z.literal(APP_CHANNEL),
  id: requestId,
  type: z.enum(APP_EVENT_TYPES as [AppEventType, ...AppEventType[]]),
  payload: z.optional(z.unknown()),
})
export type AppMessage = z.infer<typeof appMessageSchema>

/** A frame message's envelope; `type` is READY or `<APP TYPE>_SUCCESS|_ERROR`. */
export const frameEnvelopeSchema = z.object({
  channel: z.literal(FRAME_CHANNEL),
  id: z.optional(requestId),
  type: z.string().check(z.maxLength(64)),
  payload: z.optional(z.unknown()),
})

export type FrameMessage =
  | { channel: typeof FRAME_CHANNEL; type: 'READY' }
  | { channel: typeof FRAME_CHANNEL; id: string; type: `${AppEventType}_SUCCESS`; payload: unknown }
  | { channel: typeof FRAME_CHANNEL; id: string; type: `${AppEventType}_ERROR`; payload: { message: string } }

/** Size check of any received data, before it is parsed. */
export function withinMessageSize(data: unknown): boolean {
  try {
    const text = JSON.stringify(data)
    return typeof text === 'string' && text.length <= FRAME_MAX_MESSAGE_CHARS
  } catch {
    return false
  }
}

/**
 * Parse a frame → app message. Returns undefined for anything that is not a well-formed READY,
 * SUCCESS or ERROR message of a known type (the client logs and ignores it, SPEC §5).
 */
export function parseFrameMessage(data: unknown): FrameMessage | undefined {
  if (!withinMessageSize(data)) return undefined
  const envelope = frameEnvelopeSchema.safeParse(data)
  if (!envelope.success) return undefined
  const { type, id, payload } = envelope.data
  if (type === 'READY') return { channel: FRAME_CHANNEL, type: 'READY' }
  if (id === undefined) return undefined
  const match = /^([A-Z_]+)_(SUCCESS|ERROR)$/.exec(type)
  const name = match?.[1]
  if (!match || name === undefined || !(name in APP_EVENT_PAYLOADS)) return undefined
  const app = name as AppEventType
  if (match[2] === 'ERROR') {
    const error = frameErrorPayloadSchema.safeParse(payload)
    return error.success ? { channel: FRAME_CHANNEL, id, type: `${app}_ERROR`, payload: error.data } : undefined
  }
  const success = FRAME_SUCCESS_PAYLOADS[app].safeParse(payload ?? {})
  return success.success ? { channel: FRAME_CHANNEL, id, type: `${app}_SUCCESS`, payload: success.data } : undefined
}

/** Parse an app → frame envelope; undefined when it is not one (wrong channel, id or type). */
export function parseAppMessage(data: unknown): AppMessage | undefined {
  if (!withinMessageSize(data)) return undefined
  const parsed = appMessageSchema.safeParse(data)
  return parsed.success ? parsed.data : undefined
}

/**
 * Validate an app event's payload. SPEC §5: app messages failing validation are still passed on —
 * the frame handles them with `ok: false` and answers `<TYPE>_ERROR` with the message.
 */
export function appEventPayload<T extends AppEventType>(
  type: T,
  payload: unknown,
): { ok: true; value: AppEventPayload<T> } | { ok: false; message: string } {
  const parsed = APP_EVENT_PAYLOADS[type].safeParse(payload ?? {})
  if (parsed.success) return { ok: true, value: parsed.data as AppEventPayload<T> }
  const issue = parsed.error.issues[0]
  return { ok: false, message: issue ? `${issue.path.join('.') || type}: ${issue.message}` : `Invalid ${type}` }
}

/** The frame URL's query parameters (SPEC §7). */
export const frameUrlParamsSchema = z.object({
  projectId: z.string().check(z.minLength(1)),
  chainId: z.string(),
  version: z.string(),
  enableLogger: z.optional(z.enum(['true', 'false'])),
  rpcUrl: z.optional(z.string()),
  enableCloudAuthAccount: z.optional(z.enum(['true', 'false'])),
  /** The app's narrowing of the project's confirmation policy (JSON of ./confirm-policy's PolicyNarrowing). */
  policy: z.optional(z.string().check(z.maxLength(16_000))),
})

export const hexString = hex
