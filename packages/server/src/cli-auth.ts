/**
 * The auth service's block of the server's command line (with --frame-origins): SMTP and the KEK, mail
 * limits, the smart accounts' executors, Sign In With Farcaster and the social providers (Apple's
 * signing key too), all from the environment.
 */
import { readFileSync } from 'node:fs'
import { parseAppleSigningKey } from './auth/apple-secret.ts'
import type { AuthConfig } from './auth/config.ts'
import { parseKek } from './auth/crypto.ts'
import type { FarcasterConfig } from './auth/farcaster.ts'
import { generateKek } from './auth/kek.ts'
import type { SocialConfig, SocialProviderConfig } from './auth/social-providers.ts'

/** Why the CLI refuses a persistent database without a KEK. */
export const KEK_REQUIRED =
  'The auth service with a persistent database (--data-dir, PORTICO_DATA_DIR or DATABASE_URL) needs PORTICO_KEK: the key ' +
  "encryption key that seals the users' keys, 32 bytes in base64 (openssl rand -base64 32). Keep it in a secret store, " +
  'apart from the database and its backups, and give the same one at every start.'

/**
 * The auth block, when frame origins are given: SMTP_URL is then required, and the KEK from
 * PORTICO_KEK whenever the database persists (a data directory or DATABASE_URL): the CLI never
 * makes one up for a database that outlives the process, nor writes one beside it. Only an
 * in-memory database (whose users die with the process) gets a random KEK of its own.
 */
export function authOptions(
  frameOrigins: string | undefined,
  env: Record<string, string | undefined>,
  dataDir: string | undefined,
): AuthConfig | undefined {
  if (!frameOrigins) return undefined
  const smtpUrl = env.SMTP_URL
  if (!smtpUrl) throw new Error('The auth service (--frame-origins) needs SMTP_URL, e.g. smtp://127.0.0.1:2525')
  const envKek = env.PORTICO_KEK
  if (envKek !== undefined) {
    try {
      parseKek(envKek)
    } catch {
      throw new Error('PORTICO_KEK must be 32 bytes in base64 (openssl rand -base64 32)')
    }
  }
  if (envKek === undefined && (dataDir || env.DATABASE_URL)) throw new Error(KEK_REQUIRED)
  const kek = envKek ?? generateKek()
  const limit = (name: string) => {
    const raw = env[name]
    if (raw === undefined) return undefined
    const n = Number(raw)
    if (!/^\d{1,9}$/.test(raw) || n < 1) throw new Error(`${name} must be a positive integer`)
    return n
  }
  const perEmail = limit('PORTICO_AUTH_MAILS_PER_EMAIL')
  const devicePerEmail = limit('PORTICO_AUTH_DEVICE_MAILS_PER_EMAIL')
  const perIp = limit('PORTICO_AUTH_MAILS_PER_IP')
  const deviceWaits = limit('PORTICO_AUTH_DEVICE_WAITS')
  return {
    kek,
    mail: smtpUrl,
    ...(perEmail !== undefined || devicePerEmail !== undefined || perIp !== undefined
      ? {
          limits: {
            ...(perEmail !== undefined ? { mailsPerEmailPerHour: perEmail } : {}),
            ...(devicePerEmail !== undefined ? { deviceMailsPerEmailPerHour: devicePerEmail } : {}),
            ...(perIp !== undefined ? { mailsPerIpPerHour: perIp } : {}),
          },
        }
      : {}),
    ...(deviceWaits !== undefined ? { maxDeviceWaits: deviceWaits } : {}),
    ...(env.PORTICO_MAIL_FROM ? { mailFrom: env.PORTICO_MAIL_FROM } : {}),
    ...keyCustodyOption(env.PORTICO_KEY_CUSTODY),
    ...(env.PORTICO_RECOVERY_KEY ? { recoveryKey: env.PORTICO_RECOVERY_KEY } : {}),
    ...(env.PORTICO_PERMISSIONS_RELAYER_KEY ? { permissions: { relayerKey: env.PORTICO_PERMISSIONS_RELAYER_KEY } } : {}),
    ...smartAccountOptions(env.PORTICO_SMART_ACCOUNT_EXECUTORS),
    ...farcasterOptions(env.PORTICO_FARCASTER_RELAY_URL, env.PORTICO_FARCASTER_ID_REGISTRY),
    ...socialOptions(env),
    frameOrigins: frameOrigins
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  }
}

/** auth.farcaster from PORTICO_FARCASTER_RELAY_URL and PORTICO_FARCASTER_ID_REGISTRY="<chainId>:<address>[:<rpc url>]". */
function farcasterOptions(relayUrl: string | undefined, registry: string | undefined): { farcaster?: FarcasterConfig } {
  if (!relayUrl && !registry) return {}
  if (!relayUrl || !registry) throw new Error('PORTICO_FARCASTER_RELAY_URL and PORTICO_FARCASTER_ID_REGISTRY go together')
  const match = /^(\d{1,10}):(0x[0-9a-fA-F]{40})(?::(https?:\/\/\S+))?$/.exec(registry.trim())
  if (!match) throw new Error('PORTICO_FARCASTER_ID_REGISTRY must be <chainId>:<0x address>[:<rpc url>]')
  return {
    farcaster: { relayUrl, idRegistry: { chainId: Number(match[1]), address: match[2] ?? '', ...(match[3] ? { rpcUrl: match[3] } : {}) } },
  }
}

/** auth.keyCustody from PORTICO_KEY_CUSTODY ('server' or 'shares', issue 22 §1). */
function keyCustodyOption(value: string | undefined): Pick<AuthConfig, 'keyCustody'> {
  if (value === undefined || value === '') return {}
  if (value !== 'server' && value !== 'shares') throw new Error("PORTICO_KEY_CUSTODY must be 'server' or 'shares'")
  return { keyCustody: value }
}

/** auth.smartAccount from PORTICO_SMART_ACCOUNT_EXECUTORS="31337=0xabc…,8453=0xdef…". */
function smartAccountOptions(raw: string | undefined): { smartAccount?: { executors: Record<string, string> } } {
  if (!raw?.trim()) return {}
  const executors: Record<string, string> = {}
  for (const pair of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(\d{1,10})=(0x[0-9a-fA-F]{40})$/.exec(pair)
    if (!match) throw new Error(`PORTICO_SMART_ACCOUNT_EXECUTORS: "${pair}" is not <chainId>=<0x address>`)
    const [, chainId = '', executor = ''] = match
    executors[chainId] = executor
  }
  return { smartAccount: { executors } }
}

const SOCIAL_ENV_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

/**
 * Apple's signing key from PORTICO_SOCIAL_APPLE_TEAM_ID, _KEY_ID and _PRIVATE_KEY (PEM text) or
 * _PRIVATE_KEY_FILE (its path), checked here so that a bad one stops the server at startup.
 */
function appleSigningKey(env: Record<string, string | undefined>): SocialProviderConfig['signingKey'] {
  const name = (field: string) => `PORTICO_SOCIAL_APPLE_${field}`
  const teamId = env[name('TEAM_ID')]?.trim()
  const keyId = env[name('KEY_ID')]?.trim()
  const pem = env[name('PRIVATE_KEY')]
  const file = env[name('PRIVATE_KEY_FILE')]?.trim()
  if (!teamId && !keyId && !pem && !file) return undefined
  if (pem && file) throw new Error(`${name('PRIVATE_KEY')} (the PEM text) and ${name('PRIVATE_KEY_FILE')} (its path): give one`)
  if (!teamId || !keyId || !(pem || file))
    throw new Error(`${name('TEAM_ID')}, ${name('KEY_ID')} and ${name('PRIVATE_KEY')} (or ${name('PRIVATE_KEY_FILE')}) go together`)
  let privateKey = pem ?? ''
  if (file) {
    try {
      privateKey = readFileSync(file, 'utf8')
    } catch (error) {
      throw new Error(`${name('PRIVATE_KEY_FILE')}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
    }
  }
  const signingKey = { teamId, keyId, privateKey }
  parseAppleSigningKey(signingKey, {
    teamId: name('TEAM_ID'),
    keyId: name('KEY_ID'),
    privateKey: file ? `${name('PRIVATE_KEY_FILE')} (${file})` : name('PRIVATE_KEY'),
  })
  return signingKey
}

/** auth.social from PORTICO_SOCIAL_<PROVIDER>_CLIENT_ID / _CLIENT_SECRET (and a stand-in's endpoints). */
function socialOptions(env: Record<string, string | undefined>): { social?: SocialConfig } {
  const providers: SocialConfig['providers'] = {}
  for (const provider of SOCIAL_ENV_PROVIDERS) {
    const key = (name: string) => env[`PORTICO_SOCIAL_${provider.toUpperCase()}_${name}`]
    const clientId = key('CLIENT_ID')
    const clientSecret = key('CLIENT_SECRET')
    const signingKey = provider === 'apple' ? appleSigningKey(env) : undefined
    if (clientId === undefined && clientSecret === undefined && signingKey === undefined) continue
    if (signingKey !== undefined) {
      if (!clientId) throw new Error('PORTICO_SOCIAL_APPLE_CLIENT_ID (the Services ID) goes with the Apple signing key')
      if (clientSecret)
        throw new Error('PORTICO_SOCIAL_APPLE_CLIENT_SECRET or the Apple signing key (_TEAM_ID, _KEY_ID, _PRIVATE_KEY): give one')
    } else if (!clientId || !clientSecret) {
      throw new Error(`PORTICO_SOCIAL_${provider.toUpperCase()}_CLIENT_ID and _CLIENT_SECRET go together`)
    }
    const config: SocialProviderConfig =
      signingKey === undefined ? { clientId, clientSecret: clientSecret as string } : { clientId, signingKey }
    const authorizationEndpoint = key('AUTHORIZATION_ENDPOINT')
    const tokenEndpoint = key('TOKEN_ENDPOINT')
    const userinfoEndpoint = key('USERINFO_ENDPOINT')
    const emailsEndpoint = key('EMAILS_ENDPOINT')
    const scopes = key('SCOPES')
    const tokenAuth = key('TOKEN_AUTH')
    if (authorizationEndpoint) config.authorizationEndpoint = authorizationEndpoint
    if (tokenEndpoint) config.tokenEndpoint = tokenEndpoint
    if (userinfoEndpoint) config.userinfoEndpoint = userinfoEndpoint
    if (emailsEndpoint) config.emailsEndpoint = emailsEndpoint
    if (scopes) config.scopes = scopes.split(/\s+/).filter(Boolean)
    if (tokenAuth) {
      if (tokenAuth !== 'basic' && tokenAuth !== 'post')
        throw new Error(`PORTICO_SOCIAL_${provider.toUpperCase()}_TOKEN_AUTH must be basic or post`)
      config.tokenAuth = tokenAuth
    }
    providers[provider] = config
  }
  if (Object.keys(providers).length === 0) return {}
  const redirectBaseUrl = env.PORTICO_SOCIAL_REDIRECT_BASE_URL
  return { social: { providers, ...(redirectBaseUrl ? { redirectBaseUrl } : {}) } }
}
