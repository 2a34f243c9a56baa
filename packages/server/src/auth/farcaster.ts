/**
 * Sign In With Farcaster for the embedded wallet: a channel at the Farcaster relay (Farcaster Connect
 * relay protocol) carries our nonce; the user signs the SIWE (EIP-4361) message with their fid's
 * custody key in the Farcaster app; we poll the relay and verify what it hands back the way SIWF
 * verification does — the message's domain, URI and nonce are ours, it is within its validity
 * window, its resources name the fid, the signature recovers the message's address, and the
 * IdRegistry on chain says that address is the fid's custody. Then the user of that fid (created on
 * first sign-in) gets a session, exactly as after an email code.
 */
import { FARCASTER_CHANNEL_TTL_MS, FARCASTER_ERRORS, type AuthUser } from '@portico/protocol/auth'
import { randomBytes } from 'node:crypto'
import { createPublicClient, getAddress, http, isAddress, recoverMessageAddress, type Address, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { z } from 'zod'
import type { ChainConfig } from '../config.ts'
import type { Database } from '../db/types.ts'
import { deriveSecrets, hmac, parseKek } from './crypto.ts'
import { AuthError } from './errors.ts'
import { generateUserKeys, sealUserKeys } from './keys.ts'
import { createAuthRepository } from './repository.ts'
import type { SessionNotices } from './notices.ts'
import { openSession } from './open-session.ts'
import { sessionKeyCache } from './stamp.ts'
import { boundTo, keyMismatch, provenKeyHash, type LoginProof } from './login-binding.ts'

/** The `auth.farcaster` block of the app config. */
export type FarcasterConfig = {
  /** The Farcaster relay (Farcaster Connect relay protocol): POST /v1/channel, GET /v1/channel/status. */
  relayUrl: string
  /** The IdRegistry whose `custodyOf(fid)` decides whose signature counts. */
  idRegistry: {
    chainId: number
    address: string
    /** JSON-RPC of that chain. @default the rpcUrl of the app's chain with `chainId` */
    rpcUrl?: string
  }
  /**
   * The SIWE domain the message must carry, for every sign-in. Unset, a sign-in started from a host page
   * names that page (its host and origin), and one without a host page the host of `siweUri`.
   * @default the host page's host, else the host of `siweUri`
   */
  domain?: string
  /** The SIWE URI the message must carry. @default <the API's publicUrl>/v1/auth/farcaster, else https://<domain>/v1/auth/farcaster */
  siweUri?: string
}

export const farcasterConfigSchema = z.object({
  relayUrl: z.url({ protocol: /^https?$/ }),
  idRegistry: z.object({
    chainId: z.number().int().positive(),
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'auth.farcaster.idRegistry.address must be an EVM address' }),
    rpcUrl: z.url().optional(),
  }),
  domain: z.string().min(1).max(253).optional(),
  siweUri: z.url().optional(),
})

const CUSTODY_OF_ABI = [
  {
    type: 'function',
    name: 'custodyOf',
    stateMutability: 'view',
    inputs: [{ name: 'fid', type: 'uint256' }],
    outputs: [{ name: 'custody', type: 'address' }],
  },
] as const

/** What the relay answers for a channel's status. */
const relayStatusSchema = z.union([
  z.object({ state: z.literal('pending') }).loose(),
  z
    .object({
      state: z.literal('completed'),
      message: z.string().max(4096),
      signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/),
      fid: z.number().int().positive(),
      username: z.string().max(64).optional(),
      displayName: z.string().max(128).optional(),
      pfpUrl: z.string().max(2048).optional(),
      custody: z
        .string()
        .regex(/^0x[0-9a-fA-F]{40}$/)
        .optional(),
    })
    .loose(),
])
const relayChannelSchema = z.object({ channelToken: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/), url: z.string().max(2048) }).loose()

type ChannelRow = {
  token_hash: string
  nonce: string
  domain: string | null
  siwe_uri: string | null
  device_id: string
  session_key_hash: string | null
  expires_at: Date | string
  used_at: Date | string | null
}

export interface FarcasterServiceOptions {
  /** 'shares': a new user gets no key here; the frame makes them (issue 22 §1). @default 'server' */
  keyCustody?: 'server' | 'shares'
  db: Database
  kek: string | Uint8Array
  config: FarcasterConfig
  chains: readonly ChainConfig[]
  /** Absolute URL of one of this server's paths (the default SIWE URI and domain). */
  linkUrl(path: string): string
  rpcTimeoutMs?: number
  now?: () => number
  fetch?: typeof fetch
  /** Mails the new-session notice (to a user with an email). */
  notices?: Pick<SessionNotices, 'sessionOpened'>
}

const failed = (message: string = FARCASTER_ERRORS.invalid) => new AuthError(400, message)

export function createFarcasterService(options: FarcasterServiceOptions) {
  const config = farcasterConfigSchema.parse(options.config)
  const secrets = deriveSecrets(parseKek(options.kek))
  const repo = createAuthRepository(options.db)
  const db = options.db
  const now = options.now ?? Date.now
  const doFetch = options.fetch ?? globalThis.fetch
  const timeoutMs = options.rpcTimeoutMs ?? 10_000
  const relay = config.relayUrl.replace(/\/+$/, '')
  const linked = options.linkUrl('/v1/auth/farcaster')
  const configuredUri =
    config.siweUri ?? (/^https?:\/\//.test(linked) ? linked : config.domain ? `https://${config.domain}/v1/auth/farcaster` : undefined)
  if (!configuredUri) throw new Error("auth.farcaster: set siweUri or domain (or the server's publicUrl): the sign-in message names them")
  const siweUri: string = configuredUri
  const domain = config.domain ?? new URL(siweUri).host
  const sessionKey = sessionKeyCache()
  const registryRpc = config.idRegistry.rpcUrl ?? options.chains.find((c) => c.chainId === config.idRegistry.chainId)?.rpcUrl
  if (!registryRpc) throw new Error(`auth.farcaster.idRegistry: no chain ${config.idRegistry.chainId} in the config and no rpcUrl`)
  const registry = createPublicClient({ transport: http(registryRpc, { timeout: timeoutMs, retryCount: 0 }) })
  const registryAddress = getAddress(config.idRegistry.address)
  const tokenHash = (token: string) => hmac(secrets.codeHmac, 'farcaster-channel', token)
  const at = (t: number) => new Date(t).toISOString()
  const ms = (v: Date | string) => (v instanceof Date ? v : new Date(v)).getTime()

  async function relayCall(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response
    try {
      response = await doFetch(`${relay}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      throw new AuthError(502, FARCASTER_ERRORS.relay, {}, { cause: error })
    }
    let body: unknown
    try {
      body = await response.json()
    } catch {
      body = undefined
    }
    return { status: response.status, body }
  }

  /** Check a completed channel's message and signature; the fid's custody address when it holds. */
  async function verify(
    nonce: string,
    completed: { message: string; signature: string; fid: number; custody?: string | undefined },
    expected: { domain: string; uri: string } = { domain, uri: siweUri },
  ): Promise<Address> {
    let fields: ReturnType<typeof parseSiweMessage>
    try {
      fields = parseSiweMessage(completed.message)
    } catch {
      throw failed()
    }
    const t = now()
    if (fields.domain !== expected.domain || fields.uri !== expected.uri || fields.version !== '1') throw failed()
    if (fields.nonce !== nonce) throw failed()
    if (!fields.address || !isAddress(fields.address)) throw failed()
    if (fields.expirationTime && fields.expirationTime.getTime() <= t) throw failed()
    if (fields.notBefore && fields.notBefore.getTime() > t) throw failed()
    if (!(fields.resources ?? []).includes(`farcaster://fid/${completed.fid}`)) throw failed()
    const fidsNamed = (fields.resources ?? []).filter((r) => r.startsWith('farcaster://fid/'))
    if (fidsNamed.length !== 1) throw failed()
    const address = getAddress(fields.address)
    if (completed.custody !== undefined && getAddress(completed.custody) !== address) throw failed()
    let signer: Address
    try {
      signer = await recoverMessageAddress({ message: completed.message, signature: completed.signature as Hex })
    } catch {
      throw failed()
    }
    if (signer !== address) throw failed()
    let custody: Address
    try {
      custody = await registry.readContract({
        address: registryAddress,
        abi: CUSTODY_OF_ABI,
        functionName: 'custodyOf',
        args: [BigInt(completed.fid)],
      })
    } catch (error) {
      throw new AuthError(502, 'The Farcaster IdRegistry could not be read', {}, { cause: error })
    }
    if (getAddress(custody) !== address) throw failed()
    return address
  }

  /** The user of `fid`; made on its first sign-in (with its own EVM and Solana keys). */
  async function userOf(fid: number, custody: Address, username: string | undefined): Promise<AuthUser> {
    const linked = (await db.query<{ user_id: string }>('SELECT user_id FROM portico_auth.farcaster_accounts WHERE fid = $1', [fid]))
      .rows[0]
    const userName = username ?? `fid:${fid}`
    if (linked) {
      await db.query("UPDATE portico_auth.users SET user_name = $2, social_provider = 'farcaster' WHERE id = $1", [
        linked.user_id,
        userName,
      ])
      await db.query('UPDATE portico_auth.farcaster_accounts SET custody = $2 WHERE fid = $1', [fid, custody])
      return (await repo.userById(linked.user_id)) as AuthUser
    }
    // 'shares': no key here; the frame makes them at this login's end (shares.ts).
    const keys = options.keyCustody === 'shares' ? null : generateUserKeys()
    const id = crypto.randomUUID()
    try {
      const sealed = keys && sealUserKeys(secrets.keyEncryption, id, keys)
      try {
        await db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO portico_auth.users (id, email, user_name, social_provider, evm_address, solana_address, created_at)
             VALUES ($1, NULL, $2, 'farcaster', $3, $4, $5::timestamptz)`,
            [id, userName, keys?.evmAddress ?? null, keys?.solanaAddress ?? null, at(now())],
          )
          for (const kind of sealed === null ? [] : (['evm', 'solana'] as const)) {
            await tx.query('INSERT INTO portico_auth.user_keys (user_id, kind, sealed) VALUES ($1, $2, $3)', [id, kind, sealed?.[kind]])
          }
          await tx.query('INSERT INTO portico_auth.farcaster_accounts (fid, user_id, custody) VALUES ($1, $2, $3)', [fid, id, custody])
        })
      } catch (error) {
        // Two first sign-ins of one fid at once: the other one made the user.
        const other = (await db.query<{ user_id: string }>('SELECT user_id FROM portico_auth.farcaster_accounts WHERE fid = $1', [fid]))
          .rows[0]
        if (!other) throw error
        return (await repo.userById(other.user_id)) as AuthUser
      }
      return (await repo.userById(id)) as AuthUser
    } finally {
      keys?.solanaSeed.fill(0)
    }
  }

  return {
    /** POST /v1/auth/farcaster/start */
    async start(input: {
      deviceId: string
      sessionKeyHash: string
      /** The host page (an allowed origin, checked by the route): the message names it, unless `domain` is configured. */
      hostOrigin?: string | undefined
    }): Promise<{ url: string; channelToken: string }> {
      // SIWE nonces are alphanumeric: 128 random bits in hex.
      const nonce = randomBytes(16).toString('hex')
      const t = now()
      const expiresAt = t + FARCASTER_CHANNEL_TTL_MS
      // The approver shows the domain: the app's host when the frame names its page (issue 25 §1).
      const forApp = input.hostOrigin !== undefined && config.domain === undefined
      const channelDomain = forApp ? new URL(input.hostOrigin as string).host : domain
      const channelUri = forApp ? new URL(input.hostOrigin as string).origin : siweUri
      const { status, body } = await relayCall('/v1/channel', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siweUri: channelUri, domain: channelDomain, nonce, expirationTime: at(expiresAt) }),
      })
      const channel = relayChannelSchema.safeParse(body)
      if (status < 200 || status > 299 || !channel.success) throw new AuthError(502, FARCASTER_ERRORS.relay)
      await db.query(
        `INSERT INTO portico_auth.farcaster_channels (token_hash, nonce, device_id, session_key_hash, created_at, expires_at, domain, siwe_uri)
         VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7, $8)`,
        [
          tokenHash(channel.data.channelToken),
          nonce,
          input.deviceId,
          input.sessionKeyHash,
          at(t),
          at(expiresAt),
          forApp ? channelDomain : null,
          forApp ? channelUri : null,
        ],
      )
      await db.query('DELETE FROM portico_auth.farcaster_channels WHERE expires_at < $1::timestamptz', [at(t - FARCASTER_CHANNEL_TTL_MS)])
      return { url: channel.data.url, channelToken: channel.data.channelToken }
    },

    /**
     * POST /v1/auth/farcaster/status: pending, or (once) a verified session. Each poll is stamped by
     * the session key the channel was opened for (`proof`); another key is refused before the relay
     * is asked, and the channel stays as it was.
     */
    async status(
      input: { channelToken: string; deviceId: string; sessionPublicKey: string },
      device: string | null,
      proof: LoginProof | undefined,
    ): Promise<{ state: 'pending' } | { sessionId: string; expiresAt: string; user: AuthUser }> {
      const proven = await provenKeyHash(sessionKey, input.sessionPublicKey, proof, now())
      const hash = tokenHash(input.channelToken)
      const row = (
        await db.query<ChannelRow>(
          'SELECT token_hash, nonce, domain, siwe_uri, device_id, session_key_hash, expires_at, used_at FROM portico_auth.farcaster_channels WHERE token_hash = $1',
          [hash],
        )
      ).rows[0]
      if (!row || row.used_at !== null || row.device_id !== input.deviceId || ms(row.expires_at) <= now())
        throw failed(FARCASTER_ERRORS.channel)
      if (!boundTo(row.session_key_hash, proven)) throw keyMismatch()
      const { status, body } = await relayCall('/v1/channel/status', { headers: { authorization: `Bearer ${input.channelToken}` } })
      if (status === 401 || status === 404) {
        await db.query('UPDATE portico_auth.farcaster_channels SET used_at = $2::timestamptz WHERE token_hash = $1', [hash, at(now())])
        throw failed(FARCASTER_ERRORS.channel)
      }
      const parsed = relayStatusSchema.safeParse(body)
      if ((status !== 200 && status !== 202) || !parsed.success) throw new AuthError(502, FARCASTER_ERRORS.relay)
      if (parsed.data.state === 'pending') return { state: 'pending' }
      const completed = parsed.data
      // Single use: whatever the verification says, this completion is taken now.
      const took = await db.query(
        'UPDATE portico_auth.farcaster_channels SET used_at = $2::timestamptz WHERE token_hash = $1 AND used_at IS NULL RETURNING token_hash',
        [hash, at(now())],
      )
      if (took.rows.length === 0) throw failed(FARCASTER_ERRORS.channel)
      const custody = await verify(row.nonce, completed, { domain: row.domain ?? domain, uri: row.siwe_uri ?? siweUri })
      const user = await userOf(completed.fid, custody, completed.username)
      return openSession(repo, user, input, device, now(), async (session) => options.notices?.sessionOpened(user, session, null))
    },
  }
}

export type FarcasterService = ReturnType<typeof createFarcasterService>
