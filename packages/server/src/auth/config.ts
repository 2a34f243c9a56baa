import type { Context } from 'hono'
import { z } from 'zod'
import type { ChainConfig, SolanaChainConfig } from '../config.ts'
import type { Database } from '../db/types.ts'
import type { AuthRouteContext } from '../routes/context.ts'
import { parseKek } from './crypto.ts'
import { createFarcasterService, type FarcasterConfig } from './farcaster.ts'
import { createPasskeyService, type PasskeyConfig } from './passkeys.ts'
import { smtpMailProvider, type MailProvider } from './mail.ts'
import type { AssetReader } from './assets.ts'
import { createAuthService, type AuthLimits } from './service.ts'
import { createSocialService } from './social.ts'
import { parseRecoveryKey } from './transit.ts'
import type { SocialConfig } from './social-providers.ts'

/** The optional `auth` block of the app config: the embedded wallet's auth service. */
export type AuthConfig = {
  /** The key encryption key: 32 bytes, or their base64. Users' private keys are sealed under it. */
  kek: string | Uint8Array
  /** Where codes and approval links are mailed: a MailProvider, or an SMTP URL (`smtp://127.0.0.1:2525`). */
  mail: MailProvider | string
  /** The From of the mail sent through an SMTP URL. */
  mailFrom?: string
  /** The embedded frame's origins: the only ones CORS lets call /v1/auth/* and /v1/sessions/*. */
  frameOrigins: string[]
  /** Rate limits of the mail the service sends. */
  limits?: Partial<AuthLimits>
  /** The clock (tests). @default Date.now */
  now?: () => number
  /** How long after the approval mail POST /v1/auth/email/device still waits for the link (then 408). @default DEVICE_WAIT_MS (110 s) */
  deviceWaitMs?: number
  /** How long one ask of it waits before it answers 202 pending (the frame asks again). @default DEVICE_ASK_MS (20 s) */
  deviceAskMs?: number
  /** How often it looks. @default 250 */
  devicePollMs?: number
  /** How many of its asks one instance holds at once; one more gets 503 with Retry-After. @default DEFAULT_DEVICE_WAITS (100) */
  maxDeviceWaits?: number
  /**
   * The client's IP address when the app's `clientAddress` does not tell it (app.request() in tests).
   * @default unknown: the per-IP mail limit is off
   */
  clientIp?: (c: Context) => string | undefined
  /**
   * Social login (google, github, apple, facebook, x, discord): per provider a client id and secret
   * (endpoints default to the real provider's). Without it POST /v1/auth/social/start answers 400.
   */
  social?: SocialConfig
  /** Sign In With Farcaster: the relay and the IdRegistry its signatures are checked against. @default off */
  farcaster?: FarcasterConfig
  /**
   * The embedded wallet's smart account (EIP-7702): per chain id, the batch executor the users' EOAs
   * delegate to (the devnet's `chain.batchExecutor`). Chains without one are EOA only. @default none
   */
  smartAccount?: { executors: Record<string | number, string> }
  /**
   * Passkey login (WebAuthn; issue 22 §2): the relying party is the frame (its origins' host, or
   * `rpId`), never the host page. `false` turns the passkey routes off (404). @default on
   */
  passkeys?: PasskeyConfig | false
  /**
   * Who holds new users' keys (issue 22 §1): 'server' (the API, sealed under the KEK; it signs) or
   * 'shares' (the frame makes and splits them; the API keeps the auth share and a recovery blob it can
   * not open, and relays what the frame signs; users of 'server' migrate at their next login).
   * Smart accounts and wallet_grantPermissions of 'shares' are signed in the frame; a grant is then
   * enforced on chain by the executor, and executions are relayed (see `permissions`). @default 'shares'
   */
  keyCustody?: 'server' | 'shares'
  /**
   * ERC-7715 permissions of wallets with key shares: `relayerKey` (0x + 32 bytes) is the account that
   * sends their executions (`executeAsSession` on the user's account; it pays the gas, and can do
   * nothing the session key did not sign). Fund it on every chain with an executor. Without it those
   * executions answer 400 (KEYS_ERRORS.noPermissions). @default none
   */
  permissions?: { relayerKey: string }
  /**
   * Server-assisted recovery (issue 22 §2), off by default: the operator's recovery key, a P-256
   * private key as a JWK (JSON text), kept apart from the KEK. With it, the frame seals each new
   * wallet's recovery share to this key too, and a new device of the user recovers at login without
   * the recovery secret or a passkey. **Whoever holds this key and the database can then recover any
   * such wallet, and so sign for it**: turn it on only if your users want that help more than they
   * want to be the only ones able to sign. @default off
   */
  recoveryKey?: string
}

const origin = z
  .string()
  .regex(/^https?:\/\/[^/?#\s]+$/, { error: 'auth.frameOrigins must be origins such as https://frame.example or http://127.0.0.1:5174' })
const authConfigSchema = z.object({
  frameOrigins: z.array(origin).min(1, { error: 'auth.frameOrigins must name at least one origin' }),
  deviceWaitMs: z.number().int().positive().optional(),
  deviceAskMs: z.number().int().positive().max(25_000, { error: 'auth.deviceAskMs must be 25000 or less' }).optional(),
  devicePollMs: z.number().int().positive().optional(),
  maxDeviceWaits: z.number().int().positive({ error: 'auth.maxDeviceWaits must be a positive integer' }).optional(),
  limits: z
    .object({
      mailsPerEmailPerHour: z.number().int().positive().optional(),
      deviceMailsPerEmailPerHour: z.number().int().positive().optional(),
      mailsPerIpPerHour: z.number().int().positive().optional(),
      resendCooldownMs: z.number().int().positive().optional(),
    })
    .optional(),
  smartAccount: z
    .object({
      executors: z.record(
        z.string().regex(/^\d{1,10}$/, { error: 'auth.smartAccount.executors: keys are chain ids' }),
        z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'auth.smartAccount.executors: values are contract addresses' }),
      ),
    })
    .optional(),
  passkeys: z
    .union([
      z.literal(false),
      z.object({
        rpName: z.string().min(1).max(64).optional(),
        rpId: z
          .string()
          .regex(/^[a-z0-9.-]{1,253}$/, { error: 'auth.passkeys.rpId must be a host name such as example.com' })
          .optional(),
      }),
    ])
    .optional(),
  keyCustody: z.enum(['server', 'shares'], { error: "auth.keyCustody must be 'server' or 'shares'" }).optional(),
  permissions: z
    .object({
      relayerKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/, { error: 'auth.permissions.relayerKey must be 0x and 32 bytes of hex' }),
    })
    .optional(),
})

/** Validate the auth block (throws on a bad one) and build what the routes need. */
export function createAuthContext(
  config: AuthConfig,
  app: {
    db: Database
    chains: readonly ChainConfig[]
    solana?: SolanaChainConfig | undefined
    rpcTimeoutMs?: number | undefined
    linkUrl(path: string): string
    assets?: AssetReader
    /** The pages that may embed the frame (the API's allowed origins): a passkey sign-in in the frame names one. */
    isHostOrigin?: (origin: string) => boolean
    /** The app's client address (AppConfig.clientAddress). @default unknown */
    clientAddress?: (c: Context) => string | undefined
    /** True while the instance shuts down (device asks then end at once with 503 and Retry-After). */
    draining?: () => boolean
  },
): AuthRouteContext & { frameOrigins: string[]; mail: MailProvider } {
  const checked = authConfigSchema.parse(config)
  parseKek(config.kek)
  const recoveryKey = config.recoveryKey === undefined ? undefined : parseRecoveryKey(config.recoveryKey)
  const mail =
    typeof config.mail === 'string'
      ? smtpMailProvider(config.mail, config.mailFrom === undefined ? {} : { from: config.mailFrom })
      : config.mail
  const service = createAuthService({
    db: app.db,
    kek: config.kek,
    mail,
    linkUrl: app.linkUrl,
    chains: app.chains,
    solana: app.solana,
    ...(app.assets ? { assets: app.assets } : {}),
    ...(app.rpcTimeoutMs === undefined ? {} : { rpcTimeoutMs: app.rpcTimeoutMs }),
    ...(config.now ? { now: config.now } : {}),
    ...(checked.deviceWaitMs === undefined ? {} : { deviceWaitMs: checked.deviceWaitMs }),
    ...(checked.deviceAskMs === undefined ? {} : { deviceAskMs: checked.deviceAskMs }),
    ...(checked.devicePollMs === undefined ? {} : { devicePollMs: checked.devicePollMs }),
    ...(checked.maxDeviceWaits === undefined ? {} : { maxDeviceWaits: checked.maxDeviceWaits }),
    ...(app.draining ? { draining: app.draining } : {}),
    ...(checked.smartAccount
      ? {
          smartAccountExecutors: new Map(
            Object.entries(checked.smartAccount.executors).map(([id, address]) => [Number(id), address as `0x${string}`]),
          ),
        }
      : {}),
    ...(checked.keyCustody ? { keyCustody: checked.keyCustody } : {}),
    ...(checked.permissions ? { permissionRelayerKey: checked.permissions.relayerKey as `0x${string}` } : {}),
    ...(recoveryKey ? { recoveryKey } : {}),
    ...(checked.limits ? { limits: Object.fromEntries(Object.entries(checked.limits).filter(([, v]) => v !== undefined)) } : {}),
  })
  const fallbackIp = config.clientIp
  const farcaster = config.farcaster
    ? createFarcasterService({
        db: app.db,
        kek: config.kek,
        config: config.farcaster,
        chains: app.chains,
        linkUrl: app.linkUrl,
        notices: service.notices,
        keyCustody: service.keyCustody,
        ...(app.rpcTimeoutMs === undefined ? {} : { rpcTimeoutMs: app.rpcTimeoutMs }),
        ...(config.now ? { now: config.now } : {}),
      })
    : undefined
  const social = config.social
    ? createSocialService({
        db: app.db,
        kek: config.kek,
        config: config.social,
        frameOrigins: checked.frameOrigins,
        linkUrl: app.linkUrl,
        notices: service.notices,
        keyCustody: service.keyCustody,
        ...(config.now ? { now: config.now } : {}),
      })
    : undefined
  const passkeys =
    checked.passkeys === false
      ? undefined
      : createPasskeyService({
          db: app.db,
          kek: config.kek,
          frameOrigins: checked.frameOrigins,
          config: checked.passkeys,
          notices: service.notices,
          keyCustody: service.keyCustody,
          ...(app.isHostOrigin ? { isHostOrigin: app.isHostOrigin } : {}),
          ...(config.now ? { now: config.now } : {}),
        })
  return {
    service,
    ...(passkeys ? { passkeys } : {}),
    ...(social ? { social } : {}),
    ...(farcaster ? { farcaster } : {}),
    frameOrigins: [...checked.frameOrigins],
    mail,
    clientIp: (c) => app.clientAddress?.(c) ?? fallbackIp?.(c),
    ...(config.now ? { now: config.now } : {}),
  }
}

/** Paths whose CORS is the frame's, not the app's. */
export const isAuthPath = (path: string) => path.startsWith('/v1/auth/') || path.startsWith('/v1/sessions/')
