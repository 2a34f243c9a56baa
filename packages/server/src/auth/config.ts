import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { z } from 'zod'
import type { ChainConfig, SolanaChainConfig } from '../config.ts'
import type { Database } from '../db/types.ts'
import type { AuthRouteContext } from '../routes/context.ts'
import { parseKek } from './crypto.ts'
import { createFarcasterService, type FarcasterConfig } from './farcaster.ts'
import { smtpMailProvider, type MailProvider } from './mail.ts'
import { createAuthService, type AuthLimits } from './service.ts'

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
  /** How long POST /v1/auth/email/device waits for the approval link. @default DEVICE_WAIT_MS */
  deviceWaitMs?: number
  /** How often it looks. @default 250 */
  devicePollMs?: number
  /**
   * The client's IP address when the connection does not tell it (app.request() in tests, another
   * runtime). @default 'unknown'
   */
  clientIp?: (c: Context) => string | undefined
  /** Sign In With Farcaster: the relay and the IdRegistry its signatures are checked against. @default off */
  farcaster?: FarcasterConfig
}

const origin = z
  .string()
  .regex(/^https?:\/\/[^/?#\s]+$/, { error: 'auth.frameOrigins must be origins such as https://frame.example or http://127.0.0.1:5174' })
const authConfigSchema = z.object({
  frameOrigins: z.array(origin).min(1, { error: 'auth.frameOrigins must name at least one origin' }),
  deviceWaitMs: z.number().int().positive().optional(),
  devicePollMs: z.number().int().positive().optional(),
  limits: z
    .object({ mailsPerEmailPerHour: z.number().int().positive().optional(), mailsPerIpPerHour: z.number().int().positive().optional() })
    .optional(),
})

/** Validate the auth block (throws on a bad one) and build what the routes need. */
export function createAuthContext(
  config: AuthConfig,
  app: { db: Database; chains: readonly ChainConfig[]; solana?: SolanaChainConfig | undefined; rpcTimeoutMs?: number | undefined; linkUrl(path: string): string },
): AuthRouteContext & { frameOrigins: string[] } {
  const checked = authConfigSchema.parse(config)
  parseKek(config.kek)
  const mail = typeof config.mail === 'string' ? smtpMailProvider(config.mail, config.mailFrom === undefined ? {} : { from: config.mailFrom }) : config.mail
  const service = createAuthService({
    db: app.db,
    kek: config.kek,
    mail,
    linkUrl: app.linkUrl,
    chains: app.chains,
    solana: app.solana,
    ...(app.rpcTimeoutMs === undefined ? {} : { rpcTimeoutMs: app.rpcTimeoutMs }),
    ...(config.now ? { now: config.now } : {}),
    ...(checked.deviceWaitMs === undefined ? {} : { deviceWaitMs: checked.deviceWaitMs }),
    ...(checked.devicePollMs === undefined ? {} : { devicePollMs: checked.devicePollMs }),
    ...(checked.limits ? { limits: Object.fromEntries(Object.entries(checked.limits).filter(([, v]) => v !== undefined)) } : {}),
  })
  const fallbackIp = config.clientIp
  const farcaster = config.farcaster
    ? createFarcasterService({ db: app.db, kek: config.kek, config: config.farcaster, chains: app.chains, linkUrl: app.linkUrl, ...(app.rpcTimeoutMs === undefined ? {} : { rpcTimeoutMs: app.rpcTimeoutMs }), ...(config.now ? { now: config.now } : {}) })
    : undefined
  return {
    service,
    ...(farcaster ? { farcaster } : {}),
    frameOrigins: [...checked.frameOrigins],
    clientIp(c) {
      try {
        const address = getConnInfo(c).remote.address
        if (address) return address
      } catch {
        // Not a Node HTTP request (app.request() in tests): use the fallback.
      }
      return fallbackIp?.(c) ?? 'unknown'
    },
  }
}

/** Paths whose CORS is the frame's, not the app's. */
export const isAuthPath = (path: string) => path.startsWith('/v1/auth/') || path.startsWith('/v1/sessions/')
