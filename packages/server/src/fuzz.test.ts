/**
 * Every route under missing, wrong-typed, oversized and malicious input: no answer is a 500, every
 * answer has its documented shape (protocol schema for a 200, `{ error }` otherwise), and the log
 * stays bounded. Real providers throughout: the committed catalogue, the price table, names in an
 * in-memory PGlite, and the RPC balance readers pointed at closed loopback ports (so a well-formed
 * address drives a real upstream failure, 502).
 */
import http from 'node:http'
import {
  balanceResponseSchema,
  historyResponseSchema,
  identitySchema,
  priceResponseSchema,
  supportedChainsSchema,
} from '@portico/protocol/account'
import {
  deviceResponseSchema,
  emailConnectResponseSchema,
  farcasterStartResponseSchema,
  farcasterStatusResponseSchema,
  passkeyOptionsResponseSchema,
  otpResponseSchema,
  sessionInfoSchema,
  socialStartResponseSchema,
} from '@portico/protocol/auth'
import { remoteFeaturesSchema } from '@portico/protocol/common'
import {
  convertAllowanceResponseSchema,
  convertBuildApproveResponseSchema,
  convertBuildTransactionResponseSchema,
  convertGasPriceResponseSchema,
  convertQuotesResponseSchema,
  convertTokensResponseSchema,
} from '@portico/protocol/convert'
import { confirmPolicyResponseSchema } from '@portico/protocol/confirm-policy'
import { analyticsConfigSchema, originsResponseSchema, walletsResponseSchema } from '@portico/protocol/explorer'
import { emailCaptureConfirmResponseSchema, emailCaptureResponseSchema } from '@portico/protocol/capture'
import { EXCHANGE_RPC_METHODS, jsonRpcResponseSchema } from '@portico/protocol/exchange'
import { onrampOptionsResponseSchema, onrampQuoteResponseSchema, onrampUrlResponseSchema } from '@portico/protocol/onramp'
import {
  nameLookupResponseSchema,
  nameRegisterErrorSchema,
  nameRegisterResponseSchema,
  nameReverseResponseSchema,
  nameSuggestionsResponseSchema,
} from '@portico/protocol/profile'
import {
  formatSiwxMessage,
  siwxCreateSessionResponseSchema,
  siwxNonceResponseSchema,
  siwxRevokeResponseSchema,
  siwxSessionResponseSchema,
} from '@portico/protocol/siwx'
import { getBase58Decoder } from '@solana/kit'
import fc from 'fast-check'
import { fuzzParams, fuzzTimeout } from '../../../tests/support/fuzz.ts'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type * as core from 'zod/v4/core'
import { createApp, DEFAULT_MAX_BODY_BYTES } from './app.ts'
import type { AuthConfig } from './auth/config.ts'
import { FRAME_ORIGIN, memoryMailbox, TEST_KEK } from './auth/test-support.ts'
import { startExchangeSandbox, type ExchangeSandbox } from '@portico/devnet/exchange'
import {
  startAnvil,
  startFarcasterRelay,
  startOnrampSandbox,
  type AnvilInstance,
  type FarcasterRelay,
  type OnrampSandbox,
} from '@portico/devnet'
import {
  aminoSignBytes,
  bitcoinSignMessage,
  cosmosSign,
  deriveWcWalletAccounts,
  deriveWcWalletKeys,
  polkadotSignMessage,
  stacksSignMessage,
  suiSignPersonalMessage,
  WC_WALLET_CHAINS,
} from '@portico/devnet/wcwallet'
import { loadCatalogue } from './catalogue/index.ts'
import { createProjectsRepository } from './db/projects.ts'
import type { Database } from './db/types.ts'
import { DEFAULT_ERROR_LOG_LIMITS } from './log.ts'
import { startServer, type RunningServer } from './index.ts'
import { errorBodySchema, TEST_CHAINS, openTestDatabase } from './test-support.ts'

const SOLANA = { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana', rpcUrl: 'http://127.0.0.1:9' }
/** Per property: runs, and the time one run may take. */
const RUNS = {
  route: 70,
  price: 200,
  methods: 80,
  paths: 80,
  server: 60,
  auth: 200,
  profile: 200,
  convert: 200,
  exchange: 250,
  onramp: 250,
  siwx: 200,
  rpcProxy: 250,
  analytics: 250,
}
const RUN_TIMEOUT_MS = 5_000
const TEST_TIMEOUT_MS = fuzzTimeout(90_000)
/** What the log may hold after the whole run. */
/** What the log may hold after the whole run: one window of the error log's limiter. */
const LOG_BOUND = { lines: DEFAULT_ERROR_LOG_LIMITS.maxPerWindow, chars: 4_000 }
/**
 * The error log's clock, stopped: the limiter's bound is per window (a minute), and a slow machine or
 * `npm run fuzz` would otherwise span several windows and log more. Stopped, the whole run is one
 * window of each reporter, whatever the machine: the in-memory app's and the real server's.
 */
const LOG_CLOCK = { now: () => 0 }
/** Log lines written before the real server started (the in-memory app's reporter). */
let appLogLines = 0

/**
 * TEST_CHAINS, the first with an ENS deployment and a swap router (never reached): identity and `.eth`
 * name lookups take the ENS path, and well-formed convert requests on it the router's, whose answer is
 * then a 502.
 */
const FUZZ_CHAINS = TEST_CHAINS.map((chain, i) =>
  i === 0
    ? {
        ...chain,
        ens: { universalResolver: `0x${'e1'.repeat(20)}`, registry: `0x${'e2'.repeat(20)}` },
        swap: { router: `0x${'5a'.repeat(20)}`, weth: `0x${'5b'.repeat(20)}` },
      }
    : chain,
)
let db: Database
let app: ReturnType<typeof createApp>
/** The auth service is on (memory mailbox, short device wait), so its routes are fuzzed too. */
const AUTH: AuthConfig = {
  kek: TEST_KEK,
  mail: memoryMailbox(),
  frameOrigins: [FRAME_ORIGIN],
  deviceWaitMs: 50,
  devicePollMs: 10,
  // Social login on, its provider never reached (no fuzzed state is ever a live one).
  social: {
    redirectBaseUrl: 'http://127.0.0.1:7777',
    providers: {
      google: {
        clientId: 'c',
        clientSecret: 's',
        authorizationEndpoint: 'http://127.0.0.1:1/auth',
        tokenEndpoint: 'http://127.0.0.1:1/token',
        userinfoEndpoint: 'http://127.0.0.1:1/me',
      },
    },
  },
}
const log: string[] = []
let requests = 0
/** Requests of the real-server run that Node's HTTP parser answered itself. */
let nodeAnswered = 0
const statuses = new Map<number, number>()
const restore: (() => void)[] = []
/** Sign In With Farcaster on, over the real dev relay (its IdRegistry chain is never reached: no fuzzed channel completes). */
let farcasterRelay: FarcasterRelay | undefined
/**
 * The on-ramp routes over the real devnet provider sandbox, selling on FUZZ_CHAINS' first chain and
 * SOLANA (whose RPCs are never reached: no fuzzed checkout is paid, the treasury is not funded).
 */
let onrampSandbox: OnrampSandbox | undefined
const ONRAMP_USDC = `0x${'c0'.repeat(20)}` as const
const onrampConfig = () => ({
  providers: (onrampSandbox?.providers ?? []).map((p) => ({ kind: 'sandbox' as const, id: p.id, baseUrl: p.baseUrl })),
})
/**
 * The exchange JSON-RPC over the real exchange sandbox, its chains unreachable and its hot wallets
 * never funded: listings and pay URLs are real, no payment is ever sent.
 */
let exchangeSandbox: ExchangeSandbox | undefined
const EXCHANGE_USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const EXCHANGE_SOLANA_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
/**
 * The RPC proxy (POST /v1/) of eip155:31337 forwards to a real anvil (the chain's own rpcUrl, used by
 * the other routes, stays unreachable); eip155:31338 and Solana keep their closed ports (502s).
 */
let anvil: AnvilInstance | undefined

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  farcasterRelay = await startFarcasterRelay()
  exchangeSandbox = await startExchangeSandbox({
    evm: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:1', usdc: EXCHANGE_USDC }],
    solana: { caipNetworkId: SOLANA.caipNetworkId, rpcUrl: SOLANA.rpcUrl, usdcMint: EXCHANGE_SOLANA_USDC },
    fundHotWallets: false,
  })
  onrampSandbox = await startOnrampSandbox({
    evm: [
      {
        chainId: 31337,
        name: 'Portico Devnet',
        rpcUrl: 'http://127.0.0.1:1',
        tokens: [{ address: ONRAMP_USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
      },
    ],
    solana: {
      caipNetworkId: SOLANA.caipNetworkId,
      name: 'Solana',
      rpcUrl: SOLANA.rpcUrl,
      usdcMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as never,
    },
    fundTreasury: false,
  })
  AUTH.farcaster = {
    relayUrl: farcasterRelay.url,
    idRegistry: { chainId: 31337, address: `0x${'11'.repeat(20)}` },
    siweUri: 'http://127.0.0.1:7777/v1/auth/farcaster',
  }
  for (const level of ['error', 'warn', 'log', 'info', 'debug'] as const) {
    const spy = vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void log.push(args.map(String).join(' ')))
    restore.push(() => spy.mockRestore())
  }
  db = await openTestDatabase()
  // The default log sink (console.error), so the bound is on what an operator would see.
  app = createApp({
    chains: FUZZ_CHAINS,
    solana: SOLANA,
    db,
    rpcTimeoutMs: 2_000,
    errorLog: LOG_CLOCK,
    auth: AUTH,
    exchanges: [{ kind: 'sandbox', url: exchangeSandbox.url }],
    onramp: onrampConfig(),
    // A high rate limit: the fuzz's batches (up to 130 calls) would otherwise drain the bucket and get only 429s.
    rpcProxy: { upstreams: { 'eip155:31337': [anvil.rpcUrl] }, maxLogRange: 100, rateLimit: { requestsPerSecond: 5_000, burst: 5_000 } },
    // The same for SIWX nonces: at the default (bursts of 100, 20/s in real time) the count of 429s, and so
    // whether the properties get real nonces and tokens to mutate, would depend on the machine's speed.
    siwx: { nonceRateLimit: { requestsPerSecond: 5_000, burst: 5_000 } },
    // Analytics on and a restricted time zone, so /batch, /e and the config's `restricted` are fuzzed too.
    analytics: { enabled: true },
    restrictedTimezones: ['Asia/Pyongyang'],
  })
  // A project with email capture on (its mail goes to the memory mailbox), so POST /v1/email-capture gets past the flag.
  await createProjectsRepository(db).setFeatures('capture-on', { emailCapture: true })
  // A project with a confirmation policy, so its route answers one.
  await createProjectsRepository(db).setConfirmPolicy('policy-on', {
    auto: { methods: ['eth_sendTransaction'], chains: { 'eip155:31337': { perTx: '10000000000000000' } } },
    stepUp: { 'eip155:31337': '1' },
  })
})
afterAll(async () => {
  await anvil?.stop()
  for (const undo of restore) undo()
  await db?.close()
  await farcasterRelay?.stop()
  await exchangeSandbox?.stop()
  await onrampSandbox?.stop()
})

// ---- arbitraries ------------------------------------------------------------------------------

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const MALICIOUS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '....//....//',
  '/etc/passwd%00.png',
  '\u0000',
  '\r\nX-Injected: 1',
  '\n',
  '\u202e',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\u{1f4a9}'.repeat(30),
  'é'.normalize('NFD'),
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '0x',
  '0x0',
  '9'.repeat(400),
  String(2n ** 200n),
  '1.5',
  ' 1',
  '1 ',
  'eip155',
  'eip155:',
  'eip155:1',
  'eip155:31337',
  'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  'solana:',
  SOLANA.caipNetworkId,
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text `${jndi:…}` (a Log4Shell probe) is the fuzz input.
  '${jndi:ldap://127.0.0.1/x}',
  '{{7*7}}',
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  '""',
  `0x${'f'.repeat(40)}`,
  'F'.repeat(40),
  `0x${'f'.repeat(41)}`,
  `0X${'f'.repeat(40)}`,
  'z'.repeat(32),
  'z'.repeat(44),
  '1'.repeat(44),
  '1'.repeat(45),
  'So11111111111111111111111111111111111111112',
  'usd',
  'USD',
  'certified',
]
const base58 = fc.string({ unit: fc.constantFrom(...BASE58), minLength: 32, maxLength: 44 })
/** Base58 of exactly 32 bytes: a well-formed Solana address. */
const solanaAddress = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => getBase58Decoder().decode(bytes))
const evmAddress = fc.stringMatching(/^(0x)?[0-9a-fA-F]{40}$/)
const hugeNumber = fc.oneof(
  fc.bigInt({ min: -(10n ** 80n), max: 10n ** 80n }).map(String),
  fc.double().map(String),
  fc.integer().map(String),
)
const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...MALICIOUS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 20 }) },
  { weight: 2, arbitrary: base58 },
  { weight: 2, arbitrary: hugeNumber },
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 20_000 }).map((n) => 'x'.repeat(n)) },
)

/** Percent-encode any string (lone surrogates too, as their UTF-8 replacement). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return [...new TextEncoder().encode(value)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')
  }
}
/** A path segment: encoded, or (less often) raw as typed, so malformed escapes and dots reach the router. */
const segment = (values: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 3, arbitrary: values.map(encode) }, { weight: 1, arbitrary: values.filter((v) => !/[/?#]/.test(v)) })

/** A query string from key/value pairs: known keys, prototype keys and junk, repeated keys allowed. */
const query = (keys: readonly string[], value: fc.Arbitrary<string> = text) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...keys, '__proto__', 'constructor', 'projectId', 'st', 'sv') },
          { weight: 1, arbitrary: text },
        ),
        value,
      ),
      {
        maxLength: 6,
      },
    )
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`))

/** Header values a client can send (latin-1, no CR/LF/NUL). */
const headerValue = fc.oneof(
  fc.constantFrom('"abc"', 'W/"x"', '*', 'x'.repeat(600), 'evil.example', 'null', 'http://localhost:5173', 'https://evil.example'),
  fc.string({ unit: fc.constantFrom(...'\t !"#$%&\'()*+,-./0123456789:;<=>?@AZaz[\\]^_`{|}~\u00a0\u00ff'.split('')), maxLength: 80 }),
)
const headers = fc
  .array(
    fc.tuple(fc.constantFrom('If-None-Match', 'Origin', 'Host', 'X-Forwarded-Host', 'Forwarded', 'Accept', 'Content-Type'), headerValue),
    {
      maxLength: 4,
    },
  )
  .map((pairs) => Object.fromEntries(pairs))

// ---- checks -----------------------------------------------------------------------------------

/**
 * `html`: the device approval page, answered as HTML (200 or 400) rather than JSON. `negotiated`: a
 * link opened from a mail (GET /v1/email-capture/confirm), a page (200 or 400) unless the client's
 * Accept prefers JSON, then JSON. `errorSchema`: the shape of a 4xx instead of `{ error }` (a refused
 * name registration adds its `reasons`).
 */
type Expect = {
  schema?: core.$ZodType
  svg?: boolean
  upstream?: boolean
  html?: boolean
  negotiated?: boolean
  errorSchema?: core.$ZodType
}
/** POST /v1/profile/account's refusals: `{ error, reasons: [{ field?, description }] }`. */
const nameRefusalSchema = z.strictObject({ error: z.string().min(1), ...nameRegisterErrorSchema.shape })
/** The exchange JSON-RPC's 4xx/502: a JSON-RPC error envelope (or the body limit's `{ error }`). */
const RPC_ERROR_BODY = z.union([
  errorBodySchema,
  z.strictObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.number(), z.string(), z.null()]),
    error: z.strictObject({ code: z.number().int(), message: z.string().min(1) }),
  }),
])
// 403 is SIWX's `Domain not allowed` and email capture for a project without the flag. 401 (no or a bad stamp), 408 (device not approved in time),
// 409 (email taken) and 429 (rate limit) are the auth service's; 429 also the error reports' and capture mails' limits.
const ALLOWED = new Set([200, 204, 304, 400, 401, 403, 404, 408, 409, 413, 415, 429])

/** The invariants every answer keeps. */
async function check(res: Response, expectOk: Expect, label: string) {
  requests += 1
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
  const body = await res.text()
  const where = `${label.slice(0, 200)} → ${res.status} ${body.slice(0, 200)}`
  expect(res.status, where).not.toBe(500)
  expect(ALLOWED.has(res.status) || (res.status === 502 && expectOk.upstream === true), where).toBe(true)
  const page = expectOk.html || (expectOk.negotiated && !res.headers.get('content-type')?.startsWith('application/json'))
  if (page && (res.status === 200 || res.status === 400)) {
    expect(res.headers.get('content-type'), where).toBe('text/html; charset=UTF-8')
    expect(body.startsWith('<!doctype html>'), where).toBe(true)
  } else if (res.status >= 400) {
    expect(z.safeParse(expectOk.errorSchema ?? errorBodySchema, JSON.parse(body)).success, where).toBe(true)
  } else if (res.status === 200 && expectOk.svg) {
    expect(res.headers.get('content-type'), where).toBe('image/svg+xml; charset=utf-8')
    expect(body.startsWith('<svg '), where).toBe(true)
    // Logos of @web3icons/core or drawn ones: never a script, never sniffed, sandboxed when opened.
    expect(body, where).not.toMatch(/<script|\son[a-z]+=/i)
    expect(res.headers.get('x-content-type-options'), where).toBe('nosniff')
    expect(res.headers.get('content-security-policy'), where).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
  } else if (res.status === 200 && expectOk.schema) {
    const parsed = z.safeParse(expectOk.schema, JSON.parse(body))
    expect(parsed.success, `${where} ${parsed.error ? z.prettifyError(parsed.error) : ''}`).toBe(true)
  }
}

function request(path: string, init: RequestInit = {}) {
  let req: Request
  try {
    req = new Request(`http://localhost${path.startsWith('/') ? '' : '/'}${path}`, init)
  } catch {
    // Not sendable by any client (fetch refuses it): nothing to test.
    fc.pre(false)
    throw new Error('unreachable')
  }
  return app.fetch(req)
}

/** A property's parameters: the seed and runs of tests/support/fuzz.ts, each run bounded in time. */
const params = <Ts>(name: string, numRuns: number, examples: Ts[] = []) =>
  fuzzParams<Ts>(`server ${name}`, numRuns, { plugins: [fc.timeout(RUN_TIMEOUT_MS) as fc.Plugin<Ts>], examples })

// ---- properties -------------------------------------------------------------------------------

const catalogue = loadCatalogue()
const imageIds = fc.oneof(fc.constantFrom(...catalogue.slice(0, 50).map((w) => w.image_id)), fc.uuid(), text)
/** Network logo ids: the served ones, near misses (case, extension, prototype names), traversal and junk. */
const networkImageIds = fc.oneof(
  fc.constantFrom(
    'ethereum',
    'solana',
    'polygon-zkevm',
    'Ethereum',
    'ethereum.svg',
    'dogecoin',
    'constructor',
    'tostring',
    '__proto__',
    'a'.repeat(33),
    '-',
  ),
  text,
)
/** Names for the names service: valid ones, in and out of the zone, near misses and junk. */
const names = fc.oneof(
  fc.constantFrom(
    'alice',
    'ALICE.portico.id',
    'alice.portico.id',
    'abc',
    'a'.repeat(63),
    'a'.repeat(64),
    'al_ice',
    'alice.eth',
    'x.portico.id',
    '-----',
    '__proto__',
    'constructor',
  ),
  fc.stringMatching(/^[A-Za-z0-9-]{1,70}(\.portico\.id)?$/),
)
/** ENS names: valid, not normalised (`ab--c`), nested, case variants, unicode and junk before `.eth`. */
const ensNames = fc.oneof(
  fc.constantFrom(
    'alice.eth',
    'ALICE.ETH',
    'ab--c.eth',
    'sub.alice.eth',
    'eth',
    '.eth',
    'alice..eth',
    '\u{1f600}.eth',
    'xn--abc.eth',
    '-a-.eth',
    'alice.eth.portico.id',
  ),
  fc.stringMatching(/^[A-Za-z0-9-]{1,70}(\.[A-Za-z0-9-]{1,10})?\.eth$/),
  text.map((t) => `${t}.eth`),
)
const symbols = fc.oneof(
  fc.constantFrom(
    'ETH',
    'USDC',
    'usdc',
    'WBTC',
    '1INCH',
    'SOL',
    'PTK',
    '__proto__',
    'constructor',
    'a.b-c_d',
    'X'.repeat(16),
    'X'.repeat(17),
  ),
  text,
)

/** Convert token ids: the native placeholder, the configured token, other chains and namespaces, near misses, junk. */
const convertTokenIds = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      'eip155:31337:0xEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE',
      'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
      `eip155:31337:0x${'5b'.repeat(20)}`,
      'eip155:31338:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      'eip155:999:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      'eip155:2147483648:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      'eip155:0:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa',
      'eip155:31337:5FbDB2315678afecb367f032d93F642f64180aa3',
      `${SOLANA.caipNetworkId}:So11111111111111111111111111111111111111112`,
    ),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom('eip155:31337', 'eip155:31338', 'eip155:1', 'solana:x'), evmAddress).map(([c, a]) => `${c}:${a}`),
  },
  { weight: 2, arbitrary: text },
)
const convertAmounts = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '1',
      '1000000',
      '1000000000000000000',
      '0',
      '-1',
      '1.5',
      '1e18',
      '0x10',
      ' 1',
      '+1',
      String(2n ** 256n - 1n),
      String(2n ** 256n),
      '',
    ),
  },
  { weight: 2, arbitrary: fc.bigInt({ min: 1n, max: 2n ** 260n }).map(String) },
  { weight: 2, arbitrary: hugeNumber },
  { weight: 1, arbitrary: text },
)
const convertChainIds = fc.oneof(
  fc.constantFrom(
    'eip155:31337',
    'eip155:31338',
    'eip155:1',
    'eip155:8453',
    '31337',
    '1',
    'eip155:999',
    'eip155:0',
    'eip155:2147483648',
    'eip155:99999999999',
    SOLANA.caipNetworkId,
    'cosmos:hub',
    '',
  ),
  text,
)
const convertUsers = fc.oneof(
  evmAddress,
  evmAddress.map((a) => `eip155:31337:${a.startsWith('0x') ? a : `0x${a}`}`),
  evmAddress.map((a) => `eip155:1:0x${a.replace(/^0x/, '')}`),
  text,
)
/** A query from a record of optional fields, sometimes with junk keys too. */
const convertQuery = (fields: Record<string, fc.Arbitrary<string>>) =>
  fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'projectId'), text), text), { maxLength: 2 }),
    )
    .map(([record, junk]) => {
      const pairs = [...Object.entries(record).filter((e): e is [string, string] => e[1] !== undefined), ...junk]
      return pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`
    })

const GET_ROUTES: { name: string; path: fc.Arbitrary<string>; expect: Expect }[] = [
  { name: 'GET /v1/supported-chains', path: query([]).map((q) => `/v1/supported-chains${q}`), expect: { schema: supportedChainsSchema } },
  // The probes: the fuzzed database is up and migrated.
  { name: 'GET /healthz', path: query([]).map((q) => `/healthz${q}`), expect: { schema: z.strictObject({ status: z.literal('ok') }) } },
  { name: 'GET /readyz', path: query([]).map((q) => `/readyz${q}`), expect: { schema: z.strictObject({ status: z.literal('ready') }) } },
  {
    name: 'GET /v1/identity/{address}',
    path: fc.tuple(segment(fc.oneof(evmAddress, solanaAddress, text)), query([])).map(([a, q]) => `/v1/identity/${a}${q}`),
    // An address without a Portico name asks ENS on the unreachable chain: 502.
    expect: { schema: identitySchema, upstream: true },
  },
  {
    name: 'GET /v1/account/{address}/balance',
    path: fc
      .tuple(
        segment(fc.oneof(evmAddress, solanaAddress, base58, text)),
        query(
          ['currency', 'chainId', 'forceUpdate'],
          fc.oneof(
            fc.constantFrom('usd', 'USD', 'eur', '', 'true', 'eip155:31337', 'eip155:31338', 'eip155:1', SOLANA.caipNetworkId, 'solana:x'),
            text,
          ),
        ),
      )
      .map(([a, q]) => `/v1/account/${a}/balance${q}`),
    expect: { schema: balanceResponseSchema, upstream: true },
  },
  {
    name: 'GET /v1/account/{address}/history',
    path: fc
      .tuple(
        segment(fc.oneof(evmAddress, solanaAddress, base58, text)),
        query(
          ['chainId', 'cursor', 'limit'],
          fc.oneof(
            fc.constantFrom(
              'eip155:31337',
              'eip155:31338',
              'eip155:1',
              SOLANA.caipNetworkId,
              'solana:x',
              '1',
              '20',
              '50',
              '51',
              'WzE3MDAwMDAwMDAsMzEzMzcsIjEyIiwwXQ',
            ),
            fc
              .tuple(fc.nat(), fc.integer(), fc.oneof(fc.nat().map(String), text), fc.integer())
              .map((t) => Buffer.from(JSON.stringify(t)).toString('base64url')),
            text.map((t) => Buffer.from(t).toString('base64url')),
            text,
          ),
        ),
      )
      .map(([a, q]) => `/v1/account/${a}/history${q}`),
    // Solana history is read from the chain's RPC (a closed port here): 502.
    expect: { schema: historyResponseSchema, upstream: true },
  },
  {
    name: 'GET /getWallets',
    path: query(
      ['page', 'entries', 'include', 'exclude', 'search', 'badge_type', 'chains', 'names', 'rdns'],
      fc.oneof(
        fc.constantFrom('1', '40', '100', '101', '0', 'certified', 'none', 'eip155:1,solana:x', catalogue[0]?.id ?? '', 'aurora'),
        fc.array(text, { maxLength: 150 }).map((items) => items.join(',')),
        text,
      ),
    ).map((q) => `/getWallets${q}`),
    expect: { schema: walletsResponseSchema },
  },
  { name: 'GET /wallet-images/{id}', path: segment(imageIds).map((id) => `/wallet-images/${id}`), expect: { svg: true } },
  { name: 'GET /token-images/{symbol}', path: segment(symbols).map((s) => `/token-images/${s}`), expect: { svg: true } },
  { name: 'GET /network-images/{imageId}', path: segment(networkImageIds).map((id) => `/network-images/${id}`), expect: { svg: true } },
  {
    name: 'GET /v1/profile/suggestions/{name}',
    path: fc
      .tuple(segment(fc.oneof(names, text)), query(['zone'], fc.oneof(fc.constantFrom('portico.id', 'PORTICO.ID', 'reown.id', ''), text)))
      .map(([n, q]) => `/v1/profile/suggestions/${n}${q}`),
    expect: { schema: nameSuggestionsResponseSchema },
  },
  {
    name: 'GET /v1/profile/account/{name}',
    path: fc.tuple(segment(fc.oneof(names, ensNames, text)), query([])).map(([n, q]) => `/v1/profile/account/${n}${q}`),
    // A well-formed `.eth` name asks ENS on the unreachable chain: 502.
    expect: { schema: nameLookupResponseSchema, upstream: true },
  },
  {
    name: 'GET /v1/profile/reverse/{address}',
    path: fc.tuple(segment(fc.oneof(evmAddress, solanaAddress, text)), query([])).map(([a, q]) => `/v1/profile/reverse/${a}${q}`),
    expect: { schema: nameReverseResponseSchema },
  },
  {
    name: 'GET /v1/convert/tokens',
    path: convertQuery({ chainId: convertChainIds }).map((q) => `/v1/convert/tokens${q}`),
    // The swap chain's router is unreachable: 502.
    expect: { schema: convertTokensResponseSchema, upstream: true },
  },
  {
    name: 'GET /v1/convert/quotes',
    path: convertQuery({
      amount: convertAmounts,
      userAddress: convertUsers,
      from: convertTokenIds,
      to: convertTokenIds,
      gasPrice: convertAmounts,
    }).map((q) => `/v1/convert/quotes${q}`),
    expect: { schema: convertQuotesResponseSchema, upstream: true },
  },
  {
    name: 'GET /v1/convert/allowance',
    path: convertQuery({ tokenAddress: convertTokenIds, userAddress: convertUsers }).map((q) => `/v1/convert/allowance${q}`),
    expect: { schema: convertAllowanceResponseSchema, upstream: true },
  },
  {
    name: 'GET /v1/convert/gas-price',
    path: convertQuery({ chainId: convertChainIds }).map((q) => `/v1/convert/gas-price${q}`),
    expect: { schema: convertGasPriceResponseSchema, upstream: true },
  },
  {
    name: 'GET /v1/convert/build-approve',
    path: convertQuery({ from: convertTokenIds, to: convertTokenIds, userAddress: convertUsers, amount: convertAmounts }).map(
      (q) => `/v1/convert/build-approve${q}`,
    ),
    expect: { schema: convertBuildApproveResponseSchema, upstream: true },
  },
  { name: 'GET /v1/onramp/options', path: query([]).map((q) => `/v1/onramp/options${q}`), expect: { schema: onrampOptionsResponseSchema } },
  {
    name: 'GET /appkit/v1/config',
    path: query(
      ['tz', 'projectId'],
      fc.oneof(text, fc.constantFrom('Asia/Pyongyang', 'asia/pyongyang', 'Europe/Paris', 'capture-on', 'UTC', 'Etc/GMT+3')),
    ).map((q) => `/appkit/v1/config${q}`),
    expect: {
      schema: z.strictObject({
        features: remoteFeaturesSchema,
        restricted: z
          .array(z.enum(['swaps', 'onramp', 'payWithExchange']))
          .min(1)
          .optional(),
      }),
    },
  },
  {
    name: 'GET /projects/v1/origins',
    path: query(['projectId'], fc.oneof(text, fc.constant('capture-on'))).map((q) => `/projects/v1/origins${q}`),
    expect: { schema: originsResponseSchema },
  },
  {
    name: 'GET /projects/v1/confirm-policy',
    path: query(['projectId'], fc.oneof(text, fc.constantFrom('capture-on', 'policy-on'))).map((q) => `/projects/v1/confirm-policy${q}`),
    expect: { schema: confirmPolicyResponseSchema },
  },
  {
    name: 'GET /v1/email-capture/confirm',
    path: query(['token'], fc.oneof(text, fc.stringMatching(/^[A-Za-z0-9_-]{43}$/))).map((q) => `/v1/email-capture/confirm${q}`),
    expect: { html: true },
  },
  { name: 'GET /getAnalyticsConfig', path: query([]).map((q) => `/getAnalyticsConfig${q}`), expect: { schema: analyticsConfigSchema } },
]

describe('fuzz: no input makes a 500, every answer keeps its shape', () => {
  for (const route of GET_ROUTES) {
    it(
      route.name,
      async () => {
        await fc.assert(
          fc.asyncProperty(route.path, headers, async (path, hdrs) => {
            await check(await request(path, { headers: hdrs }), route.expect, path)
          }),
          params('route', RUNS.route),
        )
      },
      TEST_TIMEOUT_MS,
    )
  }

  const caip10 = fc.oneof(
    fc.constantFrom(
      'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
      `${SOLANA.caipNetworkId}:So11111111111111111111111111111111111111112`,
    ),
    fc
      .tuple(fc.constantFrom('eip155:1', 'eip155:31337', 'solana:x', 'cosmos:hub'), fc.oneof(evmAddress, base58))
      .map(([c, a]) => `${c}:${a}`),
    text,
  )
  const jsonish = fc.oneof(text, hugeNumber.map(Number), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }))
  const priceBody = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record(
          {
            currency: fc.oneof(fc.constantFrom('usd', 'USD', 'eur'), jsonish),
            addresses: fc.oneof({ weight: 3, arbitrary: fc.array(caip10, { maxLength: 120 }) }, { weight: 1, arbitrary: jsonish }),
            projectId: fc.oneof(fc.constant('p1'), jsonish),
          },
          { requiredKeys: [] },
        )
        .map((b) => JSON.stringify(b)),
    },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"currency":"usd","addresses":[],"projectId":"p"}}',
        '{"currency":"usd","addresses":[],"projectId":"p","__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}},"currency":"usd","addresses":[],"projectId":"p"}',
        '{"currency":"usd","addresses":{"length":3,"0":"eip155:1:0x0"},"projectId":"p"}',
        '{"currency":"usd","addresses":[],"projectId":"p","currency":"eur"}',
        `{"currency":"usd","addresses":[${'1'.repeat(400)}],"projectId":"p"}`,
        '{"currency":"usd","addresses":["eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"],"projectId":"p"',
        '\ufeff{"currency":"usd","addresses":[],"projectId":"p"}',
        '',
        'null',
        '"string"',
        '1e999',
      ),
    },
    { weight: 1, arbitrary: text },
    { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 30_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)) },
    { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 30_000 }).map((n) => '{"a":'.repeat(n)) },
    { weight: 1, arbitrary: fc.integer({ min: DEFAULT_MAX_BODY_BYTES - 64, max: 3 * DEFAULT_MAX_BODY_BYTES }).map((n) => ' '.repeat(n)) },
  )
  const contentType = fc.oneof(
    { weight: 5, arbitrary: fc.constant('application/json') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'APPLICATION/JSON; charset=utf-8',
        'application/json; charset=utf-16',
        'text/plain',
        '',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
        'application/jsonx',
      ),
    },
    { weight: 1, arbitrary: headerValue },
  )

  it(
    'POST /v1/fungible/price',
    async () => {
      await fc.assert(
        fc.asyncProperty(priceBody, contentType, fc.boolean(), async (body, type, chunked) => {
          const bytes = new TextEncoder().encode(body)
          const init: RequestInit & { duplex?: 'half' } = chunked
            ? {
                method: 'POST',
                headers: { 'content-type': type },
                duplex: 'half',
                body: new ReadableStream<Uint8Array>({
                  start(controller) {
                    for (let i = 0; i < bytes.length; i += 16_384) controller.enqueue(bytes.slice(i, i + 16_384))
                    controller.close()
                  },
                }),
              }
            : { method: 'POST', headers: { 'content-type': type, 'content-length': String(bytes.length) }, body: bytes }
          const res = await request('/v1/fungible/price', init)
          if (bytes.length > DEFAULT_MAX_BODY_BYTES) expect(res.status).toBe(413)
          await check(res, { schema: priceResponseSchema }, `POST ${body.slice(0, 80)} (${type})`)
        }),
        params('price', RUNS.price),
      )
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted')
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'POST /v1/json-rpc (the exchange JSON-RPC)',
    async () => {
      let rpcResults = 0
      const field = fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: jsonish })
      const assets = fc.oneof(
        {
          weight: 4,
          arbitrary: fc.constantFrom(
            'eip155:31337/slip44:60',
            `eip155:31337/erc20:${EXCHANGE_USDC}`,
            `eip155:31337/erc20:${EXCHANGE_USDC.toLowerCase()}`,
            `${SOLANA.caipNetworkId}/slip44:501`,
            `${SOLANA.caipNetworkId}/token:${EXCHANGE_SOLANA_USDC}`,
            `${SOLANA.caipNetworkId}/token:${EXCHANGE_SOLANA_USDC.toLowerCase()}`,
            'eip155:1/slip44:60',
            'eip155:8453/erc20:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
            'cosmos:cosmoshub-4/slip44:118',
            'eip155:31337',
            'eip155:31337/slip44:60/extra',
          ),
        },
        { weight: 1, arbitrary: field },
      )
      const recipients = fc.oneof(
        { weight: 3, arbitrary: evmAddress.map((a) => `eip155:31337:${a.startsWith('0x') ? a : `0x${a}`}`) },
        { weight: 2, arbitrary: solanaAddress.map((a) => `${SOLANA.caipNetworkId}:${a}`) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.constantFrom('eip155:1', 'eip155:31338', 'solana:x', 'cosmos:hub'), fc.oneof(evmAddress, base58))
            .map(([c, a]) => `${c}:${a}`),
        },
        { weight: 1, arbitrary: field },
      )
      const amounts = fc.oneof(
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            1,
            0.5,
            25,
            0,
            -1,
            1e-9,
            0.123456789,
            1e21,
            Number.MAX_VALUE,
            '1',
            '0.000000001',
            '1.5',
            '1e5',
            '',
            ' 1',
            '9'.repeat(30),
          ),
        },
        { weight: 2, arbitrary: fc.double({ noNaN: true }) },
        { weight: 1, arbitrary: hugeNumber },
        { weight: 1, arbitrary: jsonish },
      )
      // Well-formed params of each method (so the sandbox answers, and pay URLs are really opened).
      const wellFormed = fc.oneof(
        fc.record({
          projectId: fc.constant('p1'),
          page: fc.constantFrom(0, 1),
          asset: fc.constantFrom('eip155:31337/slip44:60', `${SOLANA.caipNetworkId}/token:${EXCHANGE_SOLANA_USDC}`),
          amount: fc.double({ min: 1e-8, max: 1e6, noNaN: true }),
        }),
        fc.record({
          projectId: fc.constant('p1'),
          exchangeId: fc.constantFrom('harbor', 'lantern'),
          asset: fc.constant(`eip155:31337/erc20:${EXCHANGE_USDC}`),
          amount: fc.constantFrom('1', '0.123456789', 2.5),
          recipient: evmAddress.map((a) => `eip155:31337:${a.startsWith('0x') ? a : `0x${a}`}`),
        }),
        fc.record({
          projectId: fc.constant('p1'),
          exchangeId: fc.constantFrom('harbor', 'lantern'),
          sessionId: fc.stringMatching(/^[A-Za-z0-9_-]{24}$/),
        }),
      )
      const rpcParams = fc.oneof(
        { weight: 3, arbitrary: wellFormed },
        {
          weight: 5,
          arbitrary: fc.record(
            {
              projectId: fc.oneof(fc.constant('p1'), field),
              page: fc.oneof(fc.constantFrom(0, 1, -1, 0.5, 1001, 2 ** 53), jsonish),
              asset: assets,
              amount: amounts,
              exchangeId: fc.oneof(fc.constantFrom('harbor', 'lantern', 'nope', '__proto__', 'constructor'), field),
              recipient: recipients,
              sessionId: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{24}$/), field),
            },
            { requiredKeys: [] },
          ),
        },
        { weight: 1, arbitrary: jsonish },
      )
      const envelope = fc
        .record(
          {
            jsonrpc: fc.oneof({ weight: 5, arbitrary: fc.constant('2.0') }, { weight: 1, arbitrary: jsonish }),
            id: fc.oneof({ weight: 5, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: jsonish }),
            method: fc.oneof(
              { weight: 6, arbitrary: fc.constantFrom(...Object.values(EXCHANGE_RPC_METHODS)) },
              { weight: 1, arbitrary: fc.constantFrom('eth_chainId', '__proto__', 'toString') },
              { weight: 1, arbitrary: field },
            ),
            params: rpcParams,
          },
          { requiredKeys: [] },
        )
        .map((b) => JSON.stringify(b))
      const body = fc.oneof(
        { weight: 6, arbitrary: envelope },
        { weight: 1, arbitrary: envelope.map((b) => `[${b}]`) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '',
            'null',
            '[]',
            '1e999',
            '{"jsonrpc":"2.0","id":1,"method":"portico_getExchanges","params":{"__proto__":{"projectId":"p"}}}',
            '{"jsonrpc":"2.0","id":1,"method":"portico_getExchanges","params":{"projectId":"p","page":0,"asset":"eip155:31337/slip44:60","amount":1,"constructor":{"prototype":{"polluted":true}}}}',
            '{"jsonrpc":"2.0","id":1,"method":"portico_getExchanges"',
          ),
        },
        { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
        { weight: 1, arbitrary: text },
      )
      const rpcQuery = fc.oneof(
        { weight: 5, arbitrary: fc.constant('?projectId=p1&st=appkit&sv=html-1.0.0&source=fund-wallet') },
        { weight: 1, arbitrary: query(['source', 'projectId', 'st', 'sv'], fc.oneof(fc.constantFrom('fund-wallet', 'p1', ''), text)) },
      )
      await fc.assert(
        fc.asyncProperty(body, rpcQuery, contentType, async (b, q, type) => {
          const res = await request(`/v1/json-rpc${q}`, { method: 'POST', headers: { 'content-type': type }, body: b })
          if (res.status === 200 && 'result' in ((await res.clone().json()) as object)) rpcResults += 1
          await check(
            res,
            { schema: jsonRpcResponseSchema, errorSchema: RPC_ERROR_BODY, upstream: true },
            `POST /v1/json-rpc${q.slice(0, 60)} ${b.slice(0, 160)} (${type})`,
          )
        }),
        params('exchange', RUNS.exchange),
      )
      // The fuzz reached the exchange sandbox and got answers, not only refusals.
      expect(rpcResults).toBeGreaterThan(0)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'POST /v1/ (the blockchain RPC proxy): bad JSON-RPC, refused methods, batches, junk params',
    async () => {
      let results = 0
      const field = fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: jsonish })
      const hex = fc.oneof(
        fc.stringMatching(/^0x[0-9a-f]{0,80}$/),
        fc.constantFrom(
          '0x',
          '0x0',
          '0x1',
          '0xffffffffffffffff',
          `0x${'f'.repeat(64)}`,
          'latest',
          'earliest',
          'pending',
          'safe',
          'finalized',
        ),
      )
      const methods = fc.oneof(
        {
          weight: 4,
          arbitrary: fc.constantFrom(
            'eth_chainId',
            'eth_blockNumber',
            'eth_getBalance',
            'eth_call',
            'eth_estimateGas',
            'eth_getLogs',
            'eth_getBlockByNumber',
            'eth_getBlockByHash',
            'eth_getTransactionReceipt',
            'eth_sendRawTransaction',
            'eth_feeHistory',
            'net_version',
            'getBalance',
            'getGenesisHash',
            'sendTransaction',
          ),
        },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            'eth_sign',
            'personal_sign',
            'eth_accounts',
            'eth_sendTransaction',
            'admin_peers',
            'debug_traceCall',
            'anvil_setBalance',
            'evm_revert',
            'eth_newFilter',
            '__proto__',
            'constructor',
            'toString',
            '',
          ),
        },
        { weight: 1, arbitrary: field },
      )
      const param = fc.oneof(
        hex,
        evmAddress,
        fc.boolean(),
        jsonish,
        fc.record(
          { fromBlock: hex, toBlock: hex, blockHash: hex, address: evmAddress, to: evmAddress, data: hex, from: evmAddress },
          { requiredKeys: [] },
        ),
      )
      const call = fc.record(
        {
          jsonrpc: fc.oneof({ weight: 6, arbitrary: fc.constant('2.0') }, { weight: 1, arbitrary: jsonish }),
          id: fc.oneof({ weight: 5, arbitrary: fc.nat() }, { weight: 1, arbitrary: jsonish }),
          method: methods,
          params: fc.oneof({ weight: 5, arbitrary: fc.array(param, { maxLength: 4 }) }, { weight: 1, arbitrary: jsonish }),
        },
        { requiredKeys: ['method'] },
      )
      const body = fc.oneof(
        { weight: 6, arbitrary: call.map((c) => JSON.stringify(c)) },
        {
          weight: 2,
          arbitrary: fc
            .array(fc.oneof({ weight: 4, arbitrary: call }, { weight: 1, arbitrary: jsonish }), { maxLength: 12 })
            .map((b) => JSON.stringify(b)),
        },
        {
          weight: 1,
          arbitrary: fc
            .integer({ min: 95, max: 130 })
            .map((n) => JSON.stringify(Array.from({ length: n }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })))),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '',
            'null',
            '[]',
            '[[]]',
            '1e999',
            '"eth_chainId"',
            '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"',
            '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":{"__proto__":{"polluted":true}}}',
            '{"jsonrpc":"2.0","id":1,"method":"eth_getLogs","params":[{"fromBlock":"earliest","toBlock":"0xffffffffffffffff"}]}',
            '{"jsonrpc":"2.0","method":"eth_chainId"}',
            `{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByHash","params":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
          ),
        },
        { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
        { weight: 1, arbitrary: text },
      )
      const chainIds = fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('eip155:31337', 'eip155:31338', SOLANA.caipNetworkId) },
        { weight: 1, arbitrary: fc.constantFrom('eip155:1', 'eip155:', 'cosmos:cosmoshub-4', '31337', '', '__proto__') },
        { weight: 1, arbitrary: text },
      )
      const rpcQuery = fc.oneof(
        { weight: 5, arbitrary: fc.tuple(chainIds, fc.constantFrom('p1', 'p2')).map(([c, p]) => `?chainId=${encode(c)}&projectId=${p}`) },
        { weight: 1, arbitrary: query(['chainId', 'projectId'], fc.oneof(fc.constantFrom('eip155:31337', 'p1', ''), text)) },
      )
      const replySchema = z
        .strictObject({
          jsonrpc: z.literal('2.0'),
          id: z.union([z.number(), z.string(), z.null()]),
          result: z.unknown().optional(),
          error: z.strictObject({ code: z.number().int(), message: z.string().min(1), data: z.unknown().optional() }).optional(),
        })
        .refine((r) => 'result' in r !== 'error' in r)
      await fc.assert(
        fc.asyncProperty(body, rpcQuery, fc.constantFrom('/v1/', '/v1'), contentType, async (b, q, path, type) => {
          const res = await request(`${path}${q}`, { method: 'POST', headers: { 'content-type': type }, body: b })
          if (res.status === 204) {
            requests += 1
            expect(await res.text()).toBe('')
            return
          }
          if (res.status === 200) {
            const json = (await res.clone().json()) as unknown
            if ([json].flat().some((r) => typeof r === 'object' && r !== null && 'result' in r)) results += 1
          }
          await check(
            res,
            { schema: z.union([replySchema, z.array(replySchema).min(1)]), errorSchema: RPC_ERROR_BODY, upstream: true },
            `POST ${path}${q.slice(0, 60)} ${b.slice(0, 160)} (${type})`,
          )
        }),
        params('rpcProxy', RUNS.rpcProxy),
      )
      // The fuzz reached anvil through the proxy and got answers, not only refusals.
      expect(results).toBeGreaterThan(0)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'POST /v1/convert/build-transaction',
    async () => {
      const field = fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: jsonish })
      const body = fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .record(
              {
                amount: fc.oneof({ weight: 4, arbitrary: convertAmounts }, { weight: 1, arbitrary: jsonish }),
                eip155: fc.oneof(
                  {
                    weight: 4,
                    arbitrary: fc.record(
                      { slippage: fc.oneof(fc.constantFrom('1', '0.5', '0', '100', '-1', '99.999', '1e-3', 'abc'), field) },
                      { requiredKeys: [] },
                    ),
                  },
                  { weight: 1, arbitrary: jsonish },
                ),
                from: fc.oneof({ weight: 4, arbitrary: convertTokenIds }, { weight: 1, arbitrary: jsonish }),
                to: fc.oneof({ weight: 4, arbitrary: convertTokenIds }, { weight: 1, arbitrary: jsonish }),
                userAddress: fc.oneof({ weight: 4, arbitrary: convertUsers }, { weight: 1, arbitrary: jsonish }),
                disableEstimate: fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: jsonish }),
              },
              { requiredKeys: [] },
            )
            .map((b) => JSON.stringify(b)),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '{"__proto__":{"amount":"1"},"eip155":{"slippage":"1"}}',
            '{"amount":"1","eip155":{"slippage":"1","__proto__":{"polluted":true}},"from":"eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee","to":"eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3","userAddress":"0x5FbDB2315678afecb367f032d93F642f64180aa3"}',
            '{"constructor":{"prototype":{"polluted":true}}}',
            '',
            'null',
            '[]',
            '1e999',
          ),
        },
        { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
        { weight: 1, arbitrary: text },
      )
      await fc.assert(
        fc.asyncProperty(body, contentType, async (b, type) => {
          const res = await request('/v1/convert/build-transaction', { method: 'POST', headers: { 'content-type': type }, body: b })
          await check(
            res,
            { schema: convertBuildTransactionResponseSchema, upstream: true },
            `POST /v1/convert/build-transaction ${b.slice(0, 120)} (${type})`,
          )
        }),
        params('convert', RUNS.convert),
      )
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'the on-ramp: POST /v1/onramp/quote and /v1/generators/onrampurl, bodies of every shape',
    async () => {
      const field = fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: jsonish })
      const network = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('portico-devnet', 'solana', 'ethereum', 'PORTICO-DEVNET', '__proto__') },
        { weight: 1, arbitrary: field },
      )
      const asset = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('USDC', 'usdc', 'ETH', 'SOL', 'PTK', 'constructor') },
        { weight: 1, arbitrary: field },
      )
      const fiat = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('USD', 'eur', 'JPY', 'toString') }, { weight: 1, arbitrary: field })
      const provider = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('sandpay', 'testramp', 'coinbase', '__proto__') },
        { weight: 1, arbitrary: field },
      )
      const amount = fc.oneof(
        {
          weight: 4,
          arbitrary: fc.constantFrom(
            '100',
            '15',
            '20.00',
            '5000.00',
            '5000.01',
            '100.001',
            '0',
            '0.01',
            '-1',
            '1e3',
            ' 100',
            '9'.repeat(30),
            '',
          ),
        },
        { weight: 1, arbitrary: hugeNumber },
        { weight: 1, arbitrary: field },
      )
      const preset = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(100, 15, 0, -1, 0.001, 1e-9, 1e20, 5000.005) },
        { weight: 1, arbitrary: fc.double() },
        { weight: 1, arbitrary: jsonish },
      )
      const wallet = fc.record(
        {
          address: fc.oneof(evmAddress, solanaAddress, field),
          blockchains: fc.oneof(fc.array(network, { maxLength: 4 }), jsonish),
          assets: fc.oneof(fc.array(asset, { maxLength: 4 }), jsonish),
        },
        { requiredKeys: [] },
      )
      const junk = fc.constantFrom(
        '{"__proto__":{"amount":"100"}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '',
        'null',
        '[]',
        '1e999',
        '{"destinationWallets":{"length":1,"0":{"address":"x"}}}',
      )
      const bodies = (shape: Record<string, fc.Arbitrary<unknown>>, valid: readonly object[]) =>
        fc.oneof(
          { weight: 5, arbitrary: fc.record(shape, { requiredKeys: [] }).map((b) => JSON.stringify(b)) },
          { weight: 2, arbitrary: fc.constantFrom(...valid.map((b) => JSON.stringify(b))) },
          { weight: 1, arbitrary: junk },
          { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
          { weight: 1, arbitrary: text },
        )
      const requests = fc.oneof(
        bodies(
          {
            purchaseCurrency: asset,
            paymentCurrency: fiat,
            amount,
            network,
            provider,
            paymentMethod: fc.oneof(fc.constantFrom('card', 'ach_bank_account', 'sepa_bank_account'), field),
          },
          [
            { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'portico-devnet' },
            { purchaseCurrency: 'SOL', paymentCurrency: 'EUR', amount: '25.5', network: 'solana', provider: 'testramp' },
          ],
        ).map((body) => ({
          path: '/v1/onramp/quote',
          body,
          schema: onrampQuoteResponseSchema,
        })),
        bodies(
          {
            destinationWallets: fc.oneof({ weight: 4, arbitrary: fc.array(wallet, { maxLength: 3 }) }, { weight: 1, arbitrary: jsonish }),
            defaultNetwork: network,
            partnerUserId: field,
            presetFiatAmount: preset,
            presetCryptoAmount: preset,
            provider,
            defaultAsset: asset,
            fiatCurrency: fiat,
          },
          [
            {
              destinationWallets: [{ address: `0x${'ab'.repeat(20)}` }],
              defaultNetwork: 'portico-devnet',
              partnerUserId: 'u',
              presetFiatAmount: 50,
            },
            {
              destinationWallets: [{ address: 'So11111111111111111111111111111111111111112', blockchains: ['solana'] }],
              partnerUserId: 'u',
              presetCryptoAmount: 0.5,
            },
          ],
        ).map((body) => ({ path: '/v1/generators/onrampurl', body, schema: onrampUrlResponseSchema })),
      )
      let ok = 0
      await fc.assert(
        fc.asyncProperty(requests, contentType, async (req, type) => {
          const res = await request(req.path, { method: 'POST', headers: { 'content-type': type }, body: req.body })
          if (res.status === 200) ok += 1
          await check(res, { schema: req.schema }, `POST ${req.path} ${req.body.slice(0, 120)} (${type})`)
        }),
        params('onramp', RUNS.onramp),
      )
      // Some fuzzed requests are well-formed enough to be quoted or to open a checkout.
      expect(ok).toBeGreaterThan(0)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'POST /v1/profile/account',
    async () => {
      // Real signatures of fresh messages sometimes, so the deeper checks (zone, replay, signer) run too.
      const signer = privateKeyToAccount(`0x${'5e'.repeat(32)}`)
      const COIN_TYPE = 0x80000000 + 31337
      const field = fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: jsonish })
      const message = fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .record(
              {
                name: fc.oneof({ weight: 3, arbitrary: names }, { weight: 1, arbitrary: field }),
                attributes: fc.oneof(
                  fc.dictionary(fc.oneof(text, fc.constantFrom('avatar', '__proto__')), fc.oneof(text, jsonish), { maxKeys: 25 }),
                  jsonish,
                ),
                timestamp: fc.oneof(
                  { weight: 3, arbitrary: fc.constant(Math.floor(Date.now() / 1000)) },
                  { weight: 1, arbitrary: fc.integer({ min: -1_000, max: 1_000 }).map((d) => Math.floor(Date.now() / 1000) + d) },
                  { weight: 1, arbitrary: jsonish },
                ),
              },
              { requiredKeys: ['name', 'timestamp'] },
            )
            .map((m) => JSON.stringify(m)),
        },
        { weight: 1, arbitrary: field },
      )
      const body = fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .record(
              {
                coin_type: fc.oneof(
                  { weight: 4, arbitrary: fc.constant(COIN_TYPE) },
                  { weight: 1, arbitrary: fc.constantFrom(0x80000000 + 31338, 0x80000000 + 1, 4294967296, 60, 2 ** 53) },
                  { weight: 1, arbitrary: jsonish },
                ),
                address: fc.oneof(
                  { weight: 4, arbitrary: fc.constant(signer.address) },
                  { weight: 1, arbitrary: evmAddress },
                  { weight: 1, arbitrary: field },
                ),
                message,
                signature: fc.oneof(
                  fc.uint8Array({ minLength: 1, maxLength: 200 }).map((b) => `0x${Buffer.from(b).toString('hex')}`),
                  field,
                ),
                sign: fc.boolean(),
              },
              { requiredKeys: ['coin_type', 'address', 'message', 'sign'] },
            )
            .map(async ({ sign, ...b }) => {
              const out: Record<string, unknown> = { ...b }
              if (sign && typeof b.message === 'string') out.signature = await signer.signMessage({ message: b.message })
              return JSON.stringify(out)
            }),
        },
        {
          // Well-formed and signed: registered, or refused as taken, replayed or breaking a name rule.
          weight: 2,
          arbitrary: fc.tuple(names, fc.integer({ min: -2, max: 2 })).map(async ([name, skew]) => {
            const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) + skew })
            return JSON.stringify({
              coin_type: COIN_TYPE,
              address: signer.address,
              message,
              signature: await signer.signMessage({ message }),
            })
          }),
        },
        { weight: 1, arbitrary: fc.json({ maxDepth: 3 }).map(async (b) => b) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(
              '',
              'null',
              '[]',
              '{"__proto__":{"coin_type":1}}',
              '{"coin_type":2147514985,"constructor":{"prototype":{"polluted":true}}}',
            )
            .map(async (b) => b),
        },
      )
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: contentType }),
          async (pending, type) => {
            const raw = await pending
            const res = await request('/v1/profile/account', { method: 'POST', headers: { 'content-type': type }, body: raw })
            // Refusals carry their reasons; a 413 or a 502 (the chain's RPC is a closed port) is the plain `{ error }`.
            await check(
              res,
              { schema: nameRegisterResponseSchema, errorSchema: z.union([errorBodySchema, nameRefusalSchema]), upstream: true },
              `POST /v1/profile/account ${raw.slice(0, 120)} (${type})`,
            )
          },
        ),
        params('profile', RUNS.profile),
      )
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'the SIWX routes: sign-in bodies and Bearer tokens of every shape',
    async () => {
      // Real nonces and signatures sometimes, so the deep checks (domain, chain, nonce, signature, time) run too.
      const signer = privateKeyToAccount(`0x${'5f'.repeat(32)}`)
      const field = fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: jsonish })
      const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()
      /** Absent three times in four. */
      const sometimes = <T>(arb: fc.Arbitrary<T>) =>
        fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb })
      const chainIds = fc.oneof(
        { weight: 4, arbitrary: fc.constant('eip155:31337') },
        { weight: 1, arbitrary: fc.constantFrom('eip155:31338', 'eip155:1', SOLANA.caipNetworkId, 'solana:x', 'cosmos:hub-4') },
      )
      const signedBody = fc
        .record({
          domain: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom('localhost:5173', '127.0.0.1:8080', 'evil.example', 'localhost') },
            { weight: 1, arbitrary: text },
          ),
          statement: sometimes(fc.oneof({ weight: 3, arbitrary: fc.constant('Sign in') }, { weight: 1, arbitrary: text })),
          uri: fc.oneof({ weight: 4, arbitrary: fc.constant('http://localhost:5173/') }, { weight: 1, arbitrary: text }),
          chainId: chainIds,
          requestChainId: sometimes(chainIds),
          nonce: fc.oneof(
            { weight: 8, arbitrary: fc.constant('fresh') },
            { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{8,40}$/) },
            { weight: 1, arbitrary: text },
          ),
          expirationTime: sometimes(fc.integer({ min: -60_000, max: 86_400_000 }).map(iso)),
          notBefore: sometimes(fc.integer({ min: -60_000, max: 60_000 }).map(iso)),
          signature: fc.oneof(
            { weight: 4, arbitrary: fc.constant('sign') },
            { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 100 }).map((b) => `0x${Buffer.from(b).toString('hex')}`) },
            { weight: 1, arbitrary: field },
          ),
          address: fc.oneof(
            { weight: 4, arbitrary: fc.constant(signer.address) },
            { weight: 1, arbitrary: evmAddress },
            { weight: 1, arbitrary: solanaAddress },
            { weight: 1, arbitrary: field },
          ),
          tamper: sometimes(fc.constantFrom('\n', ' ', 'x', '\r\n', '\u0000')),
        })
        .map(async (f) => {
          let nonce = f.nonce
          if (nonce === 'fresh') nonce = ((await (await request('/v1/siwx/nonce', { method: 'POST' })).json()) as { nonce: string }).nonce
          let message: string
          try {
            message = formatSiwxMessage({
              domain: String(f.domain),
              address: signer.address,
              ...(f.statement === undefined ? {} : { statement: String(f.statement) }),
              uri: String(f.uri),
              version: '1',
              chainId: f.chainId,
              nonce: String(nonce),
              issuedAt: iso(0),
              ...(f.expirationTime === undefined ? {} : { expirationTime: f.expirationTime }),
              ...(f.notBefore === undefined ? {} : { notBefore: f.notBefore }),
            })
          } catch {
            message = `${String(f.domain)} wants you to sign in with your Ethereum account:\n${signer.address}\n\nURI: ${String(f.uri)}\nNonce: ${String(nonce)}`
          }
          const signature = f.signature === 'sign' ? await signer.signMessage({ message }) : f.signature
          if (f.tamper !== undefined) message = `${message}${f.tamper}`
          return JSON.stringify({ message, signature, chainId: f.requestChainId ?? f.chainId, address: f.address })
        })
      // The namespaces verified offline (bip122, polkadot, cosmos, sui, stacks): the WalletConnect dev
      // wallet's accounts and signatures, on their networks or others, sometimes crossed or mangled.
      const wcAccounts = await deriveWcWalletAccounts()
      const wcKeys = deriveWcWalletKeys()
      type WcNamespace = keyof typeof WC_WALLET_CHAINS
      const wcNamespaces = Object.keys(WC_WALLET_CHAINS) as WcNamespace[]
      const wcSign = (ns: WcNamespace, address: string, message: string): string => {
        if (ns === 'polkadot') return polkadotSignMessage(wcKeys.polkadot, `0x${Buffer.from(message).toString('hex')}`)
        if (ns === 'sui') return suiSignPersonalMessage(wcKeys.sui, new TextEncoder().encode(message)).signature
        if (ns === 'bip122') return bitcoinSignMessage(wcKeys.bip122, message)
        if (ns === 'stacks') return stacksSignMessage(wcKeys.stacks, message).signature
        const data = Buffer.from(message).toString('base64')
        return cosmosSign(
          wcKeys.cosmos,
          aminoSignBytes({
            chain_id: '',
            account_number: '0',
            sequence: '0',
            fee: { gas: '0', amount: [] },
            msgs: [{ type: 'sign/MsgSignData', value: { signer: address, data } }],
            memo: '',
          }),
        ).signature
      }
      const namespaceBody = fc
        .record({
          ns: fc.constantFrom(...wcNamespaces),
          signAs: sometimes(fc.constantFrom(...wcNamespaces)),
          chainId: sometimes(
            fc.constantFrom(
              'bip122:000000000933ea01ad0ee984209779ba',
              'bip122:mainnet',
              'polkadot:b0a8d493285c2df73290dfb7e61f870f',
              'cosmos:osmosis-1',
              'sui:testnet',
              'sui:moon',
              'stacks:2147483648',
              'stacks:x',
            ),
          ),
          domain: fc.oneof({ weight: 4, arbitrary: fc.constant('localhost:5173') }, { weight: 1, arbitrary: fc.constant('evil.example') }),
          mangle: sometimes(
            fc.oneof(
              fc.tuple(fc.constant('flip' as const), fc.nat(200)),
              fc.tuple(fc.constant('cut' as const), fc.nat(200)),
              fc.tuple(fc.constant('bytes' as const), fc.uint8Array({ minLength: 1, maxLength: 120 })),
              fc.tuple(fc.constant('text' as const), text),
            ),
          ),
          tamper: sometimes(fc.constantFrom('\n', ' ', 'x')),
        })
        .map(async (f) => {
          const chainId = f.chainId ?? WC_WALLET_CHAINS[f.ns]
          const nonce = ((await (await request('/v1/siwx/nonce', { method: 'POST' })).json()) as { nonce: string }).nonce
          let message = formatSiwxMessage({
            domain: f.domain,
            address: wcAccounts[f.ns],
            uri: 'http://localhost:5173/',
            version: '1',
            chainId,
            nonce,
            issuedAt: iso(0),
          })
          let signature = wcSign(f.signAs ?? f.ns, wcAccounts[f.signAs ?? f.ns], message)
          if (f.mangle?.[0] === 'flip') {
            const i = f.mangle[1] % signature.length
            signature = `${signature.slice(0, i)}${signature[i] === 'A' ? 'B' : 'A'}${signature.slice(i + 1)}`
          } else if (f.mangle?.[0] === 'cut') signature = signature.slice(0, f.mangle[1] % signature.length) || 'x'
          else if (f.mangle?.[0] === 'bytes')
            signature =
              f.ns === 'polkadot' || f.ns === 'stacks'
                ? `0x${Buffer.from(f.mangle[1]).toString('hex')}`
                : Buffer.from(f.mangle[1]).toString('base64')
          else if (f.mangle?.[0] === 'text') signature = String(f.mangle[1])
          if (f.tamper !== undefined) message = `${message}${f.tamper}`
          return JSON.stringify({ message, signature, chainId, address: wcAccounts[f.ns] })
        })
      const sessionBody = fc.oneof(
        { weight: 4, arbitrary: signedBody },
        { weight: 3, arbitrary: namespaceBody },
        {
          weight: 1,
          arbitrary: fc
            .record({ message: field, signature: field, chainId: fc.oneof(chainIds, field), address: field }, { requiredKeys: [] })
            .map(async (b) => JSON.stringify(b)),
        },
        { weight: 1, arbitrary: fc.json({ maxDepth: 3 }).map(async (b) => b) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('', 'null', '[]', '{"__proto__":{"message":"x"}}', '{"constructor":{"prototype":{"polluted":true}}}')
            .map(async (b) => b),
        },
      )
      /** A token of a real session, sometimes, then mangled or not. */
      const realToken = async (): Promise<string> => {
        const message = formatSiwxMessage({
          domain: 'localhost:5173',
          address: signer.address,
          uri: 'http://localhost:5173/',
          version: '1',
          chainId: 'eip155:31337',
          nonce: ((await (await request('/v1/siwx/nonce', { method: 'POST' })).json()) as { nonce: string }).nonce,
          issuedAt: iso(0),
        })
        const res = await request('/v1/siwx/sessions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            message,
            signature: await signer.signMessage({ message }),
            chainId: 'eip155:31337',
            address: signer.address,
          }),
        })
        return ((await res.json()) as { token: string }).token
      }
      const authorization = fc.oneof(
        {
          weight: 2,
          arbitrary: fc.tuple(fc.constantFrom('none', 'flip', 'cut', 'swap'), fc.nat(400)).map(async ([how, at]) => {
            const token = await realToken()
            if (how === 'none') return `Bearer ${token}`
            if (how === 'cut') return `Bearer ${token.slice(0, at % token.length)}`
            if (how === 'swap') return `Bearer ${token.split('.').reverse().join('.')}`
            const i = at % token.length
            return `Bearer ${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`
          }),
        },
        { weight: 2, arbitrary: text.map(async (t) => `Bearer ${t}`) },
        { weight: 1, arbitrary: text.map(async (t) => t) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('Bearer', 'Bearer ', 'bearer abc', 'Basic YTpi', 'Bearer a.b.c', `Bearer ${'a'.repeat(9000)}`)
            .map(async (t) => t),
        },
      )
      const calls = fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .tuple(sessionBody, fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: contentType }))
            .map(([b, type]) => ({ kind: 'create' as const, b, type })),
        },
        { weight: 2, arbitrary: authorization.map((a) => ({ kind: 'session' as const, a })) },
        { weight: 1, arbitrary: authorization.map((a) => ({ kind: 'revoke' as const, a })) },
        { weight: 1, arbitrary: fc.constant({ kind: 'nonce' as const }) },
        { weight: 1, arbitrary: fc.constant({ kind: 'jwks' as const }) },
      )
      await fc.assert(
        fc.asyncProperty(calls, async (call) => {
          if (call.kind === 'create') {
            const raw = await call.b
            const res = await request('/v1/siwx/sessions', { method: 'POST', headers: { 'content-type': call.type }, body: raw })
            await check(
              res,
              { schema: siwxCreateSessionResponseSchema, upstream: true },
              `POST /v1/siwx/sessions ${raw.slice(0, 160)} (${call.type})`,
            )
          } else if (call.kind === 'session' || call.kind === 'revoke') {
            const value = await call.a
            const path = call.kind === 'session' ? '/v1/siwx/session' : '/v1/siwx/session/revoke'
            const res = await request(path, { method: call.kind === 'session' ? 'GET' : 'POST', headers: { authorization: value } })
            await check(
              res,
              { schema: call.kind === 'session' ? siwxSessionResponseSchema : siwxRevokeResponseSchema },
              `${path} ${value.slice(0, 120)}`,
            )
          } else if (call.kind === 'nonce') {
            await check(await request('/v1/siwx/nonce', { method: 'POST' }), { schema: siwxNonceResponseSchema }, 'POST /v1/siwx/nonce')
          } else {
            await check(
              await request('/.well-known/jwks.json'),
              { schema: z.object({ keys: z.array(z.object({ kty: z.literal('EC'), kid: z.string() })).min(1) }) },
              'GET /.well-known/jwks.json',
            )
          }
        }),
        params('siwx', RUNS.siwx),
      )
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'POST /batch, POST /e and POST /v1/email-capture (text/plain and JSON bodies of every shape)',
    async () => {
      const accepted = new Set<string>()
      const projectIds = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('p1', 'capture-on', 'capture-off') },
        { weight: 1, arbitrary: text },
      )
      const eventArb = fc.record(
        {
          eventId: fc.oneof(fc.uuid(), text),
          timestamp: fc.oneof(fc.integer({ min: 0, max: 2 ** 45 }), hugeNumber.map(Number), fc.double()),
          type: fc.oneof(fc.constant('track'), text),
          event: fc.oneof(fc.constantFrom('MODAL_OPEN', 'SWAP_ERROR', ''), text),
          properties: fc.oneof(fc.dictionary(text, jsonish, { maxKeys: 4 }), fc.jsonValue({ maxDepth: 12 }), jsonish),
        },
        { requiredKeys: [] },
      )
      const batchBody = fc.array(eventArb, { maxLength: 5 }).map((events) => JSON.stringify({ events }))
      const reportBody = fc
        .record(
          {
            type: fc.oneof({ weight: 4, arbitrary: fc.constant('error') }, { weight: 1, arbitrary: text }),
            timestamp: fc.oneof(
              { weight: 4, arbitrary: fc.integer({ min: 0, max: 2 ** 45 }) },
              { weight: 1, arbitrary: hugeNumber.map(Number) },
            ),
            name: text,
            message: text,
            stack: text,
            properties: fc.oneof({ weight: 3, arbitrary: fc.dictionary(text, jsonish, { maxKeys: 4 }) }, { weight: 1, arbitrary: jsonish }),
          },
          { requiredKeys: ['type', 'timestamp', 'name', 'message'] },
        )
        .map((b) => JSON.stringify(b))
      const captureBody = fc
        .record(
          {
            email: fc.oneof(
              { weight: 2, arbitrary: fc.constantFrom('a@example.com', ' B@Example.org ', `${'x'.repeat(250)}@e.co`) },
              { weight: 2, arbitrary: fc.emailAddress() },
              { weight: 1, arbitrary: text },
            ),
            account: fc.oneof(
              { weight: 2, arbitrary: fc.constantFrom(`eip155:1:0x${'1'.repeat(40)}`, `eip155:31337:0x${'2'.repeat(40)}`) },
              { weight: 1, arbitrary: caip10 },
            ),
          },
          { requiredKeys: [] },
        )
        .map((b) => JSON.stringify(b))
      const routes = fc.oneof(
        { weight: 3, arbitrary: fc.tuple(fc.constant('/batch'), batchBody) },
        { weight: 3, arbitrary: fc.tuple(fc.constant('/e'), reportBody) },
        { weight: 3, arbitrary: fc.tuple(fc.constant('/v1/email-capture'), captureBody) },
        {
          weight: 2,
          arbitrary: fc.tuple(
            fc.constantFrom('/batch', '/e', '/v1/email-capture'),
            fc.oneof(batchBody, reportBody, captureBody, priceBody),
          ),
        },
      )
      await fc.assert(
        fc.asyncProperty(routes, projectIds, contentType, async ([path, body], projectId, type) => {
          const res = await request(`${path}?projectId=${encode(projectId)}&st=portico&sv=0.1.0`, {
            method: 'POST',
            headers: { 'content-type': type },
            body,
          })
          if (res.status === 204 || res.status === 200) accepted.add(path)
          await check(
            res,
            path === '/v1/email-capture' ? { schema: emailCaptureResponseSchema } : {},
            `POST ${path}?projectId=${projectId.slice(0, 40)} ${body.slice(0, 80)}`,
          )
        }),
        params('analytics', RUNS.analytics),
      )
      // The well-formed share got past validation into the database (so storage was fuzzed, not only the parsers).
      expect([...accepted].sort()).toEqual(['/batch', '/e', '/v1/email-capture'])
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'every route under a method it does not serve',
    async () => {
      const paths = fc.constantFrom(
        '/v1/supported-chains',
        `/v1/identity/0x${'1'.repeat(40)}`,
        `/v1/account/0x${'1'.repeat(40)}/balance`,
        `/v1/account/0x${'1'.repeat(40)}/history`,
        '/v1/fungible/price',
        '/getWallets',
        `/wallet-images/${catalogue[0]?.image_id}`,
        '/token-images/ETH',
        '/network-images/ethereum',
        '/appkit/v1/config',
        '/projects/v1/origins',
        '/getAnalyticsConfig',
        '/batch',
        '/e',
        '/v1/email-capture',
        '/v1/email-capture/confirm',
        '/v1/profile/account',
        '/v1/profile/account/alice',
        `/v1/profile/reverse/0x${'1'.repeat(40)}`,
        '/v1/profile/suggestions/alice',
        '/v1/auth/email/connect',
        '/v1/auth/email/otp',
        '/v1/auth/user',
        '/v1/auth/rpc',
        '/v1/sessions/abcdefghijklmnopqrstuvwxyz',
        '/v1/sessions/abcdefghijklmnopqrstuvwxyz/revoke',
        '/v1/permissions/execute',
        '/v1/onramp/options',
        '/v1/onramp/quote',
        '/v1/generators/onrampurl',
        '/v1/siwx/nonce',
        '/v1/siwx/sessions',
        '/v1/siwx/session',
        '/v1/siwx/session/revoke',
        '/.well-known/jwks.json',
      )
      const methods = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND', 'X-CUSTOM')
      await fc.assert(
        fc.asyncProperty(paths, methods, fc.option(text), headers, async (path, method, body, hdrs) => {
          const init: RequestInit = { method, headers: hdrs }
          if (body !== null && method !== 'GET' && method !== 'HEAD') init.body = body
          const res = await request(path, init)
          if (method === 'HEAD') {
            requests += 1
            expect(res.status, `${method} ${path}`).not.toBe(500)
            return
          }
          await check(
            res,
            {
              upstream: true,
              ...(path === '/v1/profile/account' ? { errorSchema: z.union([errorBodySchema, nameRefusalSchema]) } : {}),
              ...(path === '/v1/email-capture/confirm' && method === 'GET'
                ? { negotiated: true, schema: emailCaptureConfirmResponseSchema }
                : {}),
            },
            `${method} ${path}`,
          )
        }),
        // Regression rows: found by fresh seeds (issue 21), run first in every run.
        params('methods', RUNS.methods, [
          ['/v1/email-capture/confirm', 'GET', null, {}],
          ['/v1/email-capture/confirm', 'GET', null, { Accept: 'application/json' }],
          ['/v1/email-capture/confirm', 'POST', '{}', { Accept: 'text/html' }],
        ] as [string, string, string | null, Record<string, string>][]),
      )
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'the auth routes: bodies, stamps and tokens of every shape',
    async () => {
      const email = fc.oneof(
        fc.constantFrom('a@example.com', 'A@EXAMPLE.COM', `${'x'.repeat(250)}@e.co`, 'a@b', '@', 'a@example.com\r\nBcc: b@example.com'),
        fc.emailAddress(),
        text,
      )
      const deviceId = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/), text)
      const field = fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: jsonish })
      const otp = fc.oneof(fc.stringMatching(/^\d{6}$/), field)
      const b64url = fc.oneof(
        fc.uint8Array({ maxLength: 128 }).map((b) => Buffer.from(b).toString('base64url')),
        field,
      )
      const sessionId = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{32}$/), text)
      const body = (shape: Record<string, fc.Arbitrary<unknown>>) =>
        fc.oneof(
          { weight: 4, arbitrary: fc.record(shape, { requiredKeys: [] }).map((b) => JSON.stringify(b)) },
          { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
          { weight: 1, arbitrary: text },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              '',
              'null',
              '[]',
              '{"__proto__":{"email":"a@example.com"}}',
              '{"email":"a@example.com","deviceId":"aaaaaaaaaaaaaaaa","constructor":{"prototype":{"polluted":true}}}',
            ),
          },
        )
      const rpcBody = body({
        namespace: fc.oneof(fc.constantFrom('eip155', 'solana'), field),
        chainId: fc.oneof(fc.constantFrom(31337, 'eip155:31337', '0x7a69', SOLANA.caipNetworkId), jsonish),
        method: fc.oneof(
          fc.constantFrom(
            'personal_sign',
            'eth_signTypedData_v4',
            'eth_sendTransaction',
            'solana_signMessage',
            'solana_signTransaction',
            'eth_sign',
            '__proto__',
          ),
          field,
        ),
        params: fc.oneof(fc.array(jsonish, { maxLength: 4 }), jsonish),
      })
      const stampHeaders = fc.record(
        {
          'x-portico-session': fc.oneof(sessionId, headerValue),
          'x-portico-timestamp': fc.oneof(fc.constant(String(Date.now())), fc.integer().map(String), headerValue),
          'x-portico-stamp': fc.oneof(
            fc.uint8Array({ minLength: 64, maxLength: 64 }).map((b) => Buffer.from(b).toString('base64url')),
            headerValue,
          ),
        },
        { requiredKeys: [] },
      )
      /** A login start's hash of the frame's session key (issue 22 §3), and a login finish's stamp headers. */
      const sessionKeyHash = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), field)
      const loginStamp = fc.record(
        {
          'x-portico-timestamp': fc.oneof(fc.constant(String(Date.now())), fc.integer().map(String), headerValue),
          'x-portico-stamp': fc.oneof(
            fc.uint8Array({ minLength: 64, maxLength: 64 }).map((b) => Buffer.from(b).toString('base64url')),
            headerValue,
          ),
        },
        { requiredKeys: [] },
      )
      type Req = { method: string; path: string; body?: string; headers: Record<string, string>; expect: Expect }
      const requests: fc.Arbitrary<Req>[] = [
        body({ email, deviceId, sessionKeyHash }).map((b) => ({
          method: 'POST',
          path: '/v1/auth/email/connect',
          body: b,
          headers: {},
          expect: { schema: emailConnectResponseSchema },
        })),
        body({ email, deviceId, sessionKeyHash }).map((b) => ({
          method: 'POST',
          path: '/v1/auth/email/device',
          body: b,
          headers: {},
          expect: { schema: deviceResponseSchema },
        })),
        fc.tuple(body({ email, deviceId, otp, sessionPublicKey: b64url }), loginStamp).map(([b, h]) => ({
          method: 'POST',
          path: '/v1/auth/email/otp',
          body: b,
          headers: h,
          expect: { schema: otpResponseSchema },
        })),
        query(['token']).map((q) => ({ method: 'GET', path: `/v1/auth/device/approve${q}`, headers: {}, expect: { html: true } })),
        body({
          provider: fc.oneof(fc.constantFrom('google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster', '__proto__'), field),
          hostOrigin: fc.oneof(
            fc.constantFrom('http://127.0.0.1:5173', 'http://localhost', '*', 'https://evil.example', 'null', 'http://127.0.0.1:5173/x'),
            field,
          ),
          deviceId,
          sessionKeyHash,
        }).map((b) => ({
          method: 'POST',
          path: '/v1/auth/social/start',
          body: b,
          headers: { origin: FRAME_ORIGIN },
          expect: { schema: socialStartResponseSchema },
        })),
        query(['state', 'code', 'error']).map((q) => ({
          method: 'GET',
          path: `/v1/auth/social/callback${q}`,
          headers: {},
          expect: { html: true },
        })),
        fc
          .tuple(query(['state', 'code', 'error']), fc.constantFrom('application/x-www-form-urlencoded', 'text/plain'))
          .map(([q, type]) => ({
            method: 'POST',
            path: '/v1/auth/social/callback',
            body: q.slice(1),
            headers: { 'content-type': type },
            expect: { html: true },
          })),
        fc
          .tuple(
            body({
              resultUri: fc.oneof(
                fc.constantFrom(
                  `http://127.0.0.1:7777/v1/auth/social/callback?state=${'A'.repeat(43)}&code=x`,
                  'http://127.0.0.1:7777/v1/auth/social/callback',
                  'javascript:alert(1)',
                  '',
                ),
                fc.webUrl({ withQueryParameters: true }),
                field,
              ),
              deviceId,
              sessionPublicKey: b64url,
            }),
            loginStamp,
          )
          .map(([b, h]) => ({
            method: 'POST',
            path: '/v1/auth/social/finish',
            body: b,
            headers: h,
            expect: { schema: otpResponseSchema },
          })),
        body({ deviceId, sessionKeyHash }).map((b) => ({
          method: 'POST',
          path: '/v1/auth/farcaster/start',
          body: b,
          headers: {},
          expect: { schema: farcasterStartResponseSchema },
        })),
        fc
          .tuple(
            body({
              channelToken: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{16,128}$/), field),
              deviceId,
              sessionPublicKey: b64url,
            }),
            loginStamp,
          )
          .map(([b, h]) => ({
            method: 'POST',
            path: '/v1/auth/farcaster/status',
            body: b,
            headers: h,
            expect: { schema: farcasterStatusResponseSchema },
          })),
        // Passkeys (issue 22 §2): the login starts (from the frame's origin) and finishes (login-stamped).
        fc.tuple(fc.constantFrom('sign-up', 'sign-in'), body({ deviceId, sessionKeyHash, name: field })).map(([mode, b]) => ({
          method: 'POST',
          path: `/v1/auth/passkey/${mode}/options`,
          body: b,
          headers: { origin: FRAME_ORIGIN },
          expect: { schema: passkeyOptionsResponseSchema },
        })),
        fc
          .tuple(
            fc.constantFrom('sign-up', 'sign-in'),
            body({
              deviceId,
              sessionPublicKey: b64url,
              response: fc.oneof(
                jsonish,
                fc.record(
                  {
                    id: b64url,
                    rawId: b64url,
                    type: fc.oneof(fc.constant('public-key'), field),
                    response: fc.record(
                      {
                        clientDataJSON: fc.oneof(
                          b64url,
                          fc
                            .record({
                              type: field,
                              challenge: field,
                              origin: fc.constant(FRAME_ORIGIN),
                              crossOrigin: jsonish,
                              topOrigin: field,
                            })
                            .map((d) => Buffer.from(JSON.stringify(d)).toString('base64url')),
                        ),
                        attestationObject: b64url,
                        authenticatorData: b64url,
                        signature: b64url,
                        userHandle: b64url,
                      },
                      { requiredKeys: [] },
                    ),
                    clientExtensionResults: jsonish,
                  },
                  { requiredKeys: [] },
                ),
              ),
            }),
            loginStamp,
          )
          .map(([mode, b, h]) => ({
            method: 'POST',
            path: `/v1/auth/passkey/${mode}`,
            body: b,
            headers: h,
            expect: { schema: otpResponseSchema },
          })),
        fc.tuple(segment(fc.oneof(sessionId, text)), body({ pci: sessionId, signature: b64url })).map(([id, b]) => ({
          method: 'POST',
          path: `/v1/sessions/${id}/revoke`,
          body: b,
          headers: {},
          expect: { schema: sessionInfoSchema },
        })),
        fc
          .tuple(segment(fc.oneof(sessionId, text)), stampHeaders)
          .map(([id, h]) => ({ method: 'GET', path: `/v1/sessions/${id}`, headers: h, expect: {} })),
        body({
          context: fc.oneof(fc.stringMatching(/^0x[0-9a-f]{64}$/), field),
          chainId: fc.oneof(fc.constantFrom(31337, 1, 0, -1, 1.5, 2 ** 53, Number.MAX_VALUE), jsonish),
          calls: fc.oneof(
            fc.array(
              fc.record(
                {
                  to: fc.oneof(fc.stringMatching(/^0x[0-9a-fA-F]{40}$/), field),
                  value: fc.oneof(fc.constantFrom('0x1', '1', `0x${'f'.repeat(64)}`), field),
                  data: fc.oneof(fc.stringMatching(/^0x([0-9a-f]{2}){0,8}$/), field),
                },
                { requiredKeys: [] },
              ),
              { maxLength: 3 },
            ),
            jsonish,
          ),
          nonce: fc.oneof(fc.stringMatching(/^0x[0-9a-f]{64}$/), field),
          signature: fc.oneof(fc.stringMatching(/^0x[0-9a-f]{130}$/), field),
        }).map((b) => ({
          method: 'POST',
          path: '/v1/permissions/execute',
          body: b,
          headers: {},
          expect: { schema: z.object({ id: z.string() }) },
        })),
        fc
          .tuple(fc.constantFrom('/v1/auth/user', '/v1/auth/sessions', '/v1/auth/passkeys', '/v1/auth/keys', '/v1/auth/2fa'), stampHeaders)
          .map(([path, h]) => ({ method: 'GET', path, headers: h, expect: {} })),
        fc
          .tuple(
            fc.constantFrom(
              '/v1/auth/sign-out',
              '/v1/auth/rpc',
              '/v1/auth/preferred-account',
              '/v1/auth/email/update',
              '/v1/auth/email/update/primary',
              '/v1/auth/email/update/secondary',
              '/v1/auth/passkeys/options',
              '/v1/auth/passkeys',
              '/v1/auth/passkeys/remove',
              '/v1/auth/keys',
              '/v1/auth/keys/share',
              '/v1/auth/keys/legacy',
              '/v1/auth/keys/recovery',
              '/v1/auth/keys/escrow',
              '/v1/auth/keys/devices',
              '/v1/auth/relay',
              '/v1/auth/2fa/totp/enroll',
              '/v1/auth/2fa/totp/verify',
              '/v1/auth/2fa/passkey/options',
              '/v1/auth/2fa/passkey/verify',
              '/v1/auth/policy/spend',
            ),
            rpcBody,
            stampHeaders,
          )
          .map(([path, b, h]) => ({ method: 'POST', path, body: b, headers: h, expect: {} })),
      ]
      await fc.assert(
        fc.asyncProperty(fc.oneof(...requests), contentType, async (req, type) => {
          const init: RequestInit = {
            method: req.method,
            headers: { ...req.headers, ...(req.body === undefined ? {} : { 'content-type': type }) },
          }
          if (req.body !== undefined) init.body = req.body
          const res = await request(req.path, init)
          // No stamp, no access: a stamped route answers 401 (or 400/404 for a path it refuses) to a fuzzed stamp.
          if (/^\/v1\/auth\/(user|sessions|sign-out|rpc|preferred-account|email\/update|passkeys|keys|relay|2fa|policy)/.test(req.path))
            expect(res.status, req.path).not.toBe(200)
          await check(res, req.expect, `${req.method} ${req.path} ${req.body?.slice(0, 80) ?? ''}`)
        }),
        params('auth', RUNS.auth),
      )
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'paths that match no route, or climb out of one',
    async () => {
      const path = fc
        .array(
          fc.oneof(
            fc.constantFrom('..', '.', '%2e%2e', '%2F', 'v1', 'account', 'identity', 'balance', 'wallet-images', 'network-images', ''),
            segment(text),
          ),
          {
            minLength: 1,
            maxLength: 6,
          },
        )
        .map((parts) => `/${parts.join('/')}`)
      await fc.assert(
        fc.asyncProperty(path, headers, async (p, hdrs) => {
          await check(await request(p, { headers: hdrs }), { upstream: true }, p)
        }),
        params('paths', RUNS.paths),
      )
    },
    TEST_TIMEOUT_MS,
  )
})

describe('fuzz over a real listening server (127.0.0.1)', () => {
  let server: RunningServer | undefined
  afterAll(async () => {
    await server?.stop()
  })

  /** The request goes on the wire as given: raw path, any header values Node's client lets through. */
  function raw(port: number, method: string, path: string, hdrs: Record<string, string>, body?: Uint8Array) {
    return new Promise<Response>((resolve, reject) => {
      let req: http.ClientRequest
      try {
        req = http.request({ host: '127.0.0.1', port, method, path, headers: hdrs, agent: false }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => {
            const out = new Headers()
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out.set(k, v)
            const status = res.statusCode ?? 0
            resolve(new Response(status === 304 ? null : Buffer.concat(chunks), { status, headers: out }))
          })
        })
      } catch {
        // Node's client refuses the path or a header: no client can send it.
        fc.pre(false)
        return
      }
      req.on('error', reject)
      req.end(body)
    })
  }

  it(
    'answers every route without a 500',
    async () => {
      appLogLines = log.length
      server = await startServer({
        chains: TEST_CHAINS,
        solana: SOLANA,
        rpcTimeoutMs: 2_000,
        errorLog: LOG_CLOCK,
        auth: AUTH,
        onramp: onrampConfig(),
      })
      const port = server.port
      const routes = fc.oneof(
        ...GET_ROUTES.map((r) =>
          fc.record({ method: fc.constant('GET'), path: r.path, expect: fc.constant(r.expect), body: fc.constant(undefined) }),
        ),
        fc.record({
          method: fc.constant('POST'),
          path: fc.constantFrom(
            '/v1/auth/email/connect',
            '/v1/auth/email/otp',
            '/v1/auth/rpc',
            '/v1/sessions/abcdefghijklmnopqrstuvwxyz/revoke',
            '/v1/onramp/quote',
            '/v1/generators/onrampurl',
          ),
          expect: fc.constant<Expect>({}),
          body: fc.oneof(text, fc.json({ maxDepth: 2 })).map((b) => new TextEncoder().encode(b)),
        }),
        fc.record({
          method: fc.constant('POST'),
          path: fc.constant('/v1/json-rpc?projectId=p1&st=appkit&sv=html-1.0.0&source=fund-wallet'),
          expect: fc.constant<Expect>({ schema: jsonRpcResponseSchema, errorSchema: RPC_ERROR_BODY }),
          body: fc
            .oneof(
              text,
              fc.json({ maxDepth: 2 }),
              fc.constantFrom(...Object.values(EXCHANGE_RPC_METHODS)).map((method) =>
                JSON.stringify({
                  jsonrpc: '2.0',
                  id: 1,
                  method,
                  params: { projectId: 'p1', page: 0, asset: 'eip155:31337/slip44:60', amount: 1 },
                }),
              ),
            )
            .map((b) => new TextEncoder().encode(b)),
        }),
        fc.record({
          method: fc.constant('POST'),
          path: fc.constantFrom('/v1/?chainId=eip155:31337&projectId=p1', '/v1/?chainId=eip155:1&projectId=p1', '/v1/?projectId=p1'),
          expect: fc.constant<Expect>({ errorSchema: RPC_ERROR_BODY }),
          body: fc
            .oneof(
              text,
              fc.json({ maxDepth: 2 }),
              fc
                .constantFrom('eth_chainId', 'eth_sign', 'getBalance')
                .map((method) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] })),
            )
            .map((b) => new TextEncoder().encode(b)),
        }),
        fc.record({
          method: fc.constant('POST'),
          path: fc.constant('/v1/fungible/price'),
          expect: fc.constant<Expect>({ schema: priceResponseSchema }),
          body: fc.oneof(text, fc.json({ maxDepth: 2 })).map((b) => new TextEncoder().encode(b)),
        }),
      )
      await fc.assert(
        fc.asyncProperty(routes, headers, async (route, hdrs) => {
          const sendable = { ...hdrs }
          // Node's client sets Host itself unless given; an empty one is not valid HTTP/1.1.
          if (sendable.Host === '') delete sendable.Host
          if (route.body) sendable['content-type'] ??= 'application/json'
          const path = route.path.replace(/[^\x21-\x7e]/gu, (ch) => encode(ch))
          const res = await raw(port, route.method, path, sendable, route.body)
          // Node itself answers a request it cannot parse (400) or whose head is over its 16 KiB
          // limit (431) with an empty body, before the app sees it.
          if ((res.status === 400 || res.status === 431) && res.headers.get('content-type') === null) {
            nodeAnswered += 1
            requests += 1
            return
          }
          await check(res, { ...route.expect, upstream: true }, `${route.method} ${path}`)
        }),
        params('server', RUNS.server),
      )
    },
    TEST_TIMEOUT_MS,
  )
})

describe('after the fuzz run', () => {
  it('sent hundreds of requests, answered none with a 500, and kept the log bounded', () => {
    expect(requests).toBeGreaterThanOrEqual(1_000)
    expect(statuses.get(500)).toBeUndefined()
    expect(statuses.get(400)).toBeGreaterThan(requests / 4)
    expect(nodeAnswered).toBeLessThan(RUNS.server)
    // Upstream failures (closed RPC ports) are logged once per kind per minute; bad input never. The
    // real server's history indexer polls the same closed ports and shares that log and its limit.
    // One window of each reporter (LOG_CLOCK): the in-memory app's lines, then the real server's.
    expect(appLogLines, log.slice(0, appLogLines).join('\n')).toBeLessThanOrEqual(LOG_BOUND.lines)
    expect(log.length - appLogLines, log.slice(appLogLines).join('\n')).toBeLessThanOrEqual(LOG_BOUND.lines)
    expect(log.slice(0, appLogLines).join('\n').length).toBeLessThan(LOG_BOUND.chars)
    expect(log.slice(appLogLines).join('\n').length).toBeLessThan(LOG_BOUND.chars)
    for (const line of log) {
      expect(line).toMatch(
        /^\[portico-server\] 502 ((?:GET \/v1\/(?:account|identity|profile\/account)\/.+|GET \/v1\/convert\/[-a-z]+|POST \/v1\/(?:profile\/account|convert\/build-transaction|siwx\/sessions)|POST \/v1\/?)|INDEXER eip155:3133[78]): RPC request to (eip155:3133[78]|solana:\w+) failed/,
      )
    }
  })
})
