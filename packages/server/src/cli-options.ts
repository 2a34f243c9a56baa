/**
 * The server's command line, section by section: JSON configs from a file or the environment (one
 * way for chains, solana, exchanges, onramp and rpc-proxy), the port and host, the frame's port and
 * origin, sign in with the wallet, analytics and the history indexer. parseCli (./cli.ts) puts them
 * together; the auth service's block is ./cli-auth.ts.
 */
import { readFileSync } from 'node:fs'
import type { JWK } from 'jose'
import { z } from 'zod'
import type { SiwxConfig } from './app.ts'
import type { IndexerOptions } from './indexer/follower.ts'

export const maxBodyBytes = z.coerce
  .number({ error: 'max-body-bytes must be a positive integer' })
  .int({ error: 'max-body-bytes must be a positive integer' })
  .positive({ error: 'max-body-bytes must be a positive integer' })

export const HOST_ERROR = 'host must be an IP address (0.0.0.0 in a container, 127.0.0.1 by default) or localhost'

export const port = z.coerce.number({ error: 'port must be an integer between 0 and 65535' }).int().min(0).max(65535, {
  error: 'port must be an integer between 0 and 65535',
})

/**
 * A JSON config given as a file (`--<name> <file.json>` or PORTICO_<NAME>_FILE, the file wins) or inline
 * (PORTICO_<NAME>), else `fallback`, parsed with `schema`; undefined when there is none. Throws
 * 'Invalid <name> config at <path>: <problem>' on a config the schema refuses.
 */
export function jsonConfig<S extends z.ZodType>(
  name: string,
  schema: S,
  file: string | undefined,
  inline: string | undefined,
  fallback: z.input<S>,
): z.output<S>
export function jsonConfig<S extends z.ZodType>(
  name: string,
  schema: S,
  file: string | undefined,
  inline: string | undefined,
): z.output<S> | undefined
export function jsonConfig<S extends z.ZodType>(
  name: string,
  schema: S,
  file: string | undefined,
  inline: string | undefined,
  fallback?: unknown,
): z.output<S> | undefined {
  let json: unknown = fallback
  if (file !== undefined) json = JSON.parse(readFileSync(file, 'utf8'))
  else if (inline) json = JSON.parse(inline)
  if (json === undefined) return undefined
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid ${name} config at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`)
  }
  return parsed.data
}

/** --frame-port: the frame's port, and its origin (from --frame-public-url, else this host and port). */
export function frameOptions(
  rawPort: string | undefined,
  publicUrl: string | undefined,
  host: string | undefined,
): { port: number; origin: string } | undefined {
  if (rawPort === undefined) {
    if (publicUrl !== undefined) throw new Error('--frame-public-url needs --frame-port')
    return undefined
  }
  const parsed = port.safeParse(rawPort)
  if (!parsed.success || parsed.data === 0) throw new Error('frame port must be an integer between 1 and 65535')
  if (publicUrl !== undefined) {
    if (!/^https?:\/\/[^/?#\s]+\/?$/.test(publicUrl))
      throw new Error('--frame-public-url must be an origin such as https://frame.example.com')
    return { port: parsed.data, origin: new URL(publicUrl).origin }
  }
  const name = host === undefined || host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host
  return { port: parsed.data, origin: `http://${name}:${parsed.data}` }
}

/** Sign in with the wallet: --siwx-session-ttl / PORTICO_SIWX_SESSION_TTL (seconds), PORTICO_SIWX_SIGNING_KEY (a JWK as JSON). */
export function siwxOptions(rawTtl: string | undefined, rawKey: string | undefined): { siwx?: SiwxConfig } {
  const siwx: SiwxConfig = {}
  if (rawTtl !== undefined) {
    if (!/^[1-9][0-9]{0,9}$/.test(rawTtl.trim())) throw new Error('siwx-session-ttl must be a positive whole number of seconds')
    siwx.sessionTtlSeconds = Number(rawTtl.trim())
  }
  if (rawKey !== undefined && rawKey.trim() !== '') {
    try {
      siwx.signingKey = JSON.parse(rawKey) as JWK
    } catch {
      throw new Error('PORTICO_SIWX_SIGNING_KEY must be a JWK as JSON (an EC P-256 private key)')
    }
  }
  return Object.keys(siwx).length > 0 ? { siwx } : {}
}

/** --analytics on|off and --analytics-retention-days n. */
export function analyticsOptions(
  onOff: string | undefined,
  days: string | undefined,
): { enabled?: boolean; retentionDays?: number } | undefined {
  if (onOff === undefined && days === undefined) return undefined
  const out: { enabled?: boolean; retentionDays?: number } = {}
  if (onOff !== undefined) {
    const value = onOff.trim().toLowerCase()
    if (!['on', 'off', 'true', 'false', '1', '0'].includes(value)) throw new Error('analytics must be on or off')
    out.enabled = ['on', 'true', '1'].includes(value)
  }
  if (days !== undefined) {
    if (!/^\d{1,5}$/.test(days) || Number(days) < 1) throw new Error('analytics retention days must be a positive integer')
    out.retentionDays = Number(days)
  }
  return out
}

/** The history indexer's settings from PORTICO_INDEXER, PORTICO_INDEXER_POLL_MS and PORTICO_INDEXER_FROM_BLOCK. */
export function indexerOptions(env: Record<string, string | undefined>): { indexer?: IndexerOptions } {
  const indexer: IndexerOptions = {}
  const onOff = env.PORTICO_INDEXER?.trim().toLowerCase()
  if (onOff !== undefined && onOff !== '') {
    if (!['on', 'off', 'true', 'false', '1', '0'].includes(onOff)) throw new Error('PORTICO_INDEXER must be on or off')
    indexer.enabled = ['on', 'true', '1'].includes(onOff)
  }
  const int = (name: string, min: number) => {
    const raw = env[name]
    if (raw === undefined || raw === '') return undefined
    if (!/^\d{1,15}$/.test(raw) || Number(raw) < min) throw new Error(`${name} must be an integer of at least ${min}`)
    return Number(raw)
  }
  const pollIntervalMs = int('PORTICO_INDEXER_POLL_MS', 10)
  const fromBlock = int('PORTICO_INDEXER_FROM_BLOCK', 0)
  if (pollIntervalMs !== undefined) indexer.pollIntervalMs = pollIntervalMs
  if (fromBlock !== undefined) indexer.fromBlock = fromBlock
  return Object.keys(indexer).length > 0 ? { indexer } : {}
}

/**
 * --shutdown-delay / PORTICO_SHUTDOWN_DELAY_MS (how long a SIGTERM'd instance keeps serving with
 * GET /readyz at 503, so that balancers stop sending first) and --shutdown-timeout /
 * PORTICO_SHUTDOWN_TIMEOUT_MS (how long requests in flight may then take), in ms.
 */
export function shutdownOptions(
  delay: string | undefined,
  timeout: string | undefined,
): { shutdownDelayMs?: number; shutdownTimeoutMs?: number } {
  const ms = (name: string, raw: string | undefined) => {
    if (raw === undefined || raw.trim() === '') return undefined
    if (!/^\d{1,9}$/.test(raw.trim())) throw new Error(`${name} must be a whole number of milliseconds`)
    return Number(raw.trim())
  }
  const shutdownDelayMs = ms('shutdown-delay', delay)
  const shutdownTimeoutMs = ms('shutdown-timeout', timeout)
  return {
    ...(shutdownDelayMs === undefined ? {} : { shutdownDelayMs }),
    ...(shutdownTimeoutMs === undefined ? {} : { shutdownTimeoutMs }),
  }
}
