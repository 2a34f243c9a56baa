/**
 * The operator's view of real traffic (observe.ts, metrics.ts): an email login with the mailed code,
 * a stamped signing request, a sign-in with the wallet and RPC proxy calls against an anvil chain,
 * through an app whose pino logger writes to memory and whose metrics are scraped as Prometheus
 * would. No line may hold the email, the code, the approval token, a session id, a stamp, a SIWX
 * token or signature.
 */
import { startAnvil, type AnvilInstance } from '@portico/devnet'
import { STAMP_HEADERS } from '@portico/protocol/auth'
import { formatSiwxMessage, siwxCreateSessionResponseSchema, siwxNonceResponseSchema } from '@portico/protocol/siwx'
import { pino } from 'pino'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_ORIGIN, login, memoryMailbox, stampHeaders, TEST_KEK } from './auth/test-support.ts'
import { createErrorReporter, pinoErrorSink } from './log.ts'
import { createMetrics, metricsApp } from './metrics.ts'
import { openTestApp, postJson, requestJson, type TestApp } from './test-support.ts'

type Line = Record<string, unknown>

/** A pino logger at debug level whose lines land in `lines` (parsed) and `text` (as written). */
function memoryLogger() {
  const raw: string[] = []
  const logger = pino({ level: 'debug' }, { write: (chunk: string) => raw.push(chunk) })
  return { logger, raw, lines: () => raw.map((line) => JSON.parse(line) as Line) }
}

/** One sample of a scrape: `name{labels} value`, labels in the order prom-client writes them. */
function sample(scrape: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',')
  const line = scrape.split('\n').find((l) => l.startsWith(`${name}{${wanted}} `))
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}

const alice = privateKeyToAccount(`0x${'a1'.repeat(32)}`)
const DOMAIN = 'localhost:5173'
const EMAIL = 'operator-view@example.com'

let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

async function openApp(extra: Parameters<typeof openTestApp>[0] = {}) {
  const mailbox = memoryMailbox()
  const test = await openTestApp({
    chains: [{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    auth: { keyCustody: 'server', kek: TEST_KEK, mail: mailbox, frameOrigins: [FRAME_ORIGIN] },
    ...extra,
  })
  return { ...test, mailbox }
}

async function siwxSignIn(app: TestApp, projectId: string) {
  const nonce = await requestJson(app, `/v1/siwx/nonce?projectId=${projectId}`, siwxNonceResponseSchema, { method: 'POST' })
  expect(nonce.status).toBe(200)
  const message = formatSiwxMessage({
    domain: DOMAIN,
    address: alice.address,
    statement: 'Sign in to the log test',
    uri: `http://${DOMAIN}/`,
    version: '1',
    chainId: 'eip155:31337',
    nonce: nonce.body.nonce,
    issuedAt: new Date().toISOString(),
  })
  const signature = await alice.signMessage({ message })
  const res = await postJson(app, `/v1/siwx/sessions?projectId=${projectId}`, {
    message,
    signature,
    chainId: 'eip155:31337',
    address: alice.address,
  })
  expect(res.status).toBe(200)
  const { token } = siwxCreateSessionResponseSchema.parse(await res.json())
  const session = await app.request('/v1/siwx/session', { headers: { authorization: `Bearer ${token}` } })
  expect(session.status).toBe(200)
  return { nonce: nonce.body.nonce, signature, token }
}

describe('request logs', () => {
  it('a login, a signing request, a wallet sign-in and RPC calls log one line each, with no secret in any', async () => {
    const log = memoryLogger()
    const { app, mailbox, close } = await openApp({ logger: log.logger })
    try {
      const ua = { 'user-agent': 'log-test/1.0' }
      const session = await login(app, mailbox, EMAIL, 'device-log-test-0001', ua)
      const code = mailbox.lastCode(EMAIL)
      const link = mailbox.sent.map((mail) => /\/v1\/auth\/device\/approve\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]).find(Boolean)
      const approvalToken = link as string

      // A stamped signing request, and a stamped read of the session by its id (the id is in the path).
      const body = JSON.stringify({
        namespace: 'eip155',
        chainId: 31337,
        method: 'personal_sign',
        params: ['hello', session.user.evmAddress],
      })
      const signHeaders = await stampHeaders(session.key, session.sessionId, 'POST', '/v1/auth/rpc', body, Date.now())
      const signed = await app.request('/v1/auth/rpc', { method: 'POST', headers: signHeaders, body })
      expect(signed.status).toBe(200)
      const signature = JSON.stringify(await signed.json())
      const readHeaders = await stampHeaders(session.key, session.sessionId, 'GET', `/v1/sessions/${session.sessionId}`, '', Date.now() + 1)
      expect((await app.request(`/v1/sessions/${session.sessionId}`, { headers: readHeaders })).status).toBe(200)

      const siwx = await siwxSignIn(app, 'log-test-project')

      const rpc = await postJson(app, '/v1/?chainId=eip155:31337&projectId=log-test-project', {
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getBalance',
        params: [alice.address, 'latest'],
      })
      expect(rpc.status).toBe(200)

      // A request id a client gives is kept; one that is not a plain token is replaced.
      const kept = await app.request('/v1/supported-chains', { headers: { 'x-request-id': 'lb-7f3a.42_x' } })
      expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42_x')
      const replaced = await app.request('/v1/supported-chains', { headers: { 'x-request-id': `bad id ${EMAIL}` } })
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      // Not found, with an email in the path and the query.
      expect((await app.request(`/v1/nothing/${EMAIL}?email=${EMAIL}&projectId=${EMAIL}`)).status).toBe(404)

      const secrets = {
        email: EMAIL,
        emailEncoded: encodeURIComponent(EMAIL),
        code,
        approvalToken,
        sessionId: session.sessionId,
        sessionPublicKey: session.key.publicKey,
        stamp: signHeaders[STAMP_HEADERS.stamp],
        readStamp: readHeaders[STAMP_HEADERS.stamp],
        siwxNonce: siwx.nonce,
        siwxSignature: siwx.signature,
        siwxToken: siwx.token,
        siwxTokenSignature: siwx.token.split('.')[2],
        signedMessage: signature.slice(20, 60),
      }
      const text = log.raw.join('')
      for (const [name, secret] of Object.entries(secrets)) {
        expect(secret, name).toBeTruthy()
        expect(text.includes(secret as string), `${name} is in the log`).toBe(false)
      }

      const lines = log.lines()
      for (const line of lines) {
        expect(line.msg).toBe('request')
        expect(typeof line.requestId).toBe('string')
        expect(typeof line.route).toBe('string')
        expect(typeof line.status).toBe('number')
        expect(typeof line.ms).toBe('number')
        expect(Object.keys(line).sort()).toEqual(
          expect.arrayContaining(['hostname', 'level', 'method', 'ms', 'msg', 'pid', 'requestId', 'route', 'status', 'time']),
        )
        for (const key of Object.keys(line))
          expect([
            'hostname',
            'level',
            'method',
            'ms',
            'msg',
            'pid',
            'requestId',
            'route',
            'status',
            'time',
            'projectId',
            'userAgent',
          ]).toContain(key)
      }
      const routes = lines.map((line) => `${line.method} ${line.route} ${line.status}`)
      expect(routes).toEqual([
        'POST /v1/auth/email/connect 200',
        'GET /v1/auth/device/approve 200',
        'POST /v1/auth/device/approve 200',
        'POST /v1/auth/email/device 200',
        'POST /v1/auth/email/otp 200',
        'POST /v1/auth/rpc 200',
        'GET /v1/sessions/:id 200',
        'POST /v1/siwx/nonce 200',
        'POST /v1/siwx/sessions 200',
        'GET /v1/siwx/session 200',
        'POST /v1/ 200',
        'GET /v1/supported-chains 200',
        'GET /v1/supported-chains 200',
        'GET (not found) 404',
      ])
      expect(lines[0]).toMatchObject({ userAgent: 'log-test/1.0' })
      expect(lines.filter((line) => line.projectId !== undefined).map((line) => line.projectId)).toEqual([
        'log-test-project',
        'log-test-project',
        'log-test-project',
        '(invalid)',
      ])
      expect(lines[11]).toMatchObject({ requestId: 'lb-7f3a.42_x' })
      expect(lines[12]?.requestId).toBe(replaced.headers.get('x-request-id'))
      expect(new Set(lines.map((line) => line.requestId)).size).toBe(lines.length)
    } finally {
      await close()
    }
  }, 60_000)

  it('the probes log at debug level only, and the error reports go through the logger with emails blanked', async () => {
    const log = memoryLogger()
    const { app, close } = await openApp({ logger: log.logger })
    try {
      expect((await app.request('/healthz')).status).toBe(200)
      expect(log.lines().map((line) => [line.level, line.route])).toEqual([[20, '/healthz']])
    } finally {
      await close()
    }
    const errors = memoryLogger()
    const report = createErrorReporter(pinoErrorSink(errors.logger))
    report(new Error(`550 mailbox unavailable: <${EMAIL}>`), { method: 'POST', path: '/v1/auth/email/connect', status: 500 })
    report(new Error('sessions table is gone'), {
      method: 'GET',
      path: '/v1/sessions/0b5c-secret-id',
      route: '/v1/sessions/:id',
      requestId: 'r-1',
      status: 500,
    })
    expect(errors.raw.join('').includes(EMAIL)).toBe(false)
    expect(errors.raw.join('').includes('0b5c-secret-id')).toBe(false)
    const [first, second] = errors.lines()
    expect(first).toMatchObject({
      level: 50,
      msg: 'unexpected error',
      error: { type: 'Error', message: '550 mailbox unavailable: <[email]>' },
    })
    expect(second).toMatchObject({ route: '/v1/sessions/:id', requestId: 'r-1', error: { message: 'sessions table is gone' } })
    expect(second?.path).toBeUndefined()
  })
})

describe('metrics', () => {
  it('counts requests by route pattern and status, rate-limit refusals by limit and bucket, and mails sent', async () => {
    const metrics = createMetrics()
    const { app, mailbox, close } = await openApp({
      metrics,
      siwx: { nonceRateLimit: { requestsPerSecond: 0.001, burst: 2 } },
      rpcProxy: { rateLimit: { requestsPerSecond: 0.001, burst: 3 } },
    })
    try {
      await login(app, mailbox, EMAIL, 'device-metrics-0001')
      for (let i = 0; i < 4; i++) await app.request('/v1/siwx/nonce?projectId=metrics-project', { method: 'POST' })
      const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }
      for (let i = 0; i < 5; i++) await postJson(app, '/v1/?chainId=eip155:31337&projectId=metrics-project', call)
      for (const id of ['a', 'b', 'c']) await app.request(`/v1/sessions/${id}`)
      await app.request('/readyz')
      await app.request('/v1/supported-chains', { method: 'PROPFIND' })
      await app.request('/v1/siwx/nonce', {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' },
      })
      await app.request('/v1/siwx/sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(100_000) })

      const scrape = await metricsApp(metrics).request('/metrics')
      expect(scrape.status).toBe(200)
      expect(scrape.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
      const text = await scrape.text()
      const requests = (method: string, route: string, status: string) =>
        sample(text, 'portico_http_requests_total', { method, route, status })
      expect(requests('POST', '/v1/siwx/nonce', '200')).toBe(2)
      expect(requests('POST', '/v1/siwx/nonce', '429')).toBe(2)
      expect(requests('POST', '/v1/', '200')).toBe(3)
      expect(requests('POST', '/v1/', '429')).toBe(2)
      expect(requests('POST', '/v1/auth/email/otp', '200')).toBe(1)
      // The three session ids share one label: the pattern.
      expect(requests('GET', '/v1/sessions/:id', '401')).toBe(3)
      expect(requests('GET', '/readyz', '200')).toBe(1)
      // A CORS preflight is answered by the middleware; a body too large is counted under the route it was for.
      expect(requests('OPTIONS', '(middleware)', '204')).toBe(1)
      // A method outside the usual ones is OTHER: the labels stay a bounded set.
      expect(requests('OTHER', '(not found)', '404')).toBe(1)
      expect(requests('POST', '/v1/siwx/sessions', '413')).toBe(1)
      expect(text).not.toContain('/v1/sessions/a"')
      expect(sample(text, 'portico_http_request_duration_seconds_count', { method: 'POST', route: '/v1/', status: '200' })).toBe(3)
      expect(
        sample(text, 'portico_http_request_duration_seconds_bucket', { le: '+Inf', method: 'POST', route: '/v1/', status: '200' }),
      ).toBe(3)
      // Project ids that are not registered share the 'unregistered' bucket.
      expect(sample(text, 'portico_rate_limit_refusals_total', { limit: 'siwx-nonce', bucket: 'unregistered' })).toBe(2)
      expect(sample(text, 'portico_rate_limit_refusals_total', { limit: 'rpc', bucket: 'unregistered' })).toBe(2)
      // A login of a new device mails the approval link, the code and the new-session notice.
      expect(mailbox.sent.map((mail) => mail.subject.replace(/\d{6}$/, '<code>'))).toEqual([
        'Approve your new device for Portico',
        'Your Portico code: <code>',
        'New sign-in to your Portico wallet',
      ])
      expect(sample(text, 'portico_mail_sends_total', { outcome: 'sent' })).toBe(3)
      expect(text).not.toContain('portico_mail_sends_total{outcome="failed"}')
      // No process metrics unless asked (startServer asks), and no other app's counts: the registry is this app's.
      expect(text).not.toContain('process_cpu_seconds_total')
      const other = createMetrics()
      expect(await other.registry.getSingleMetricAsString('portico_http_requests_total')).not.toContain('route=')
    } finally {
      await close()
    }
  }, 60_000)

  it('counts failing database statements by error code', async () => {
    const metrics = createMetrics()
    const { app, db, close } = await openApp({ metrics })
    await db.close()
    expect((await app.request('/readyz')).status).toBe(503)
    const text = await metrics.registry.metrics()
    const errors = text.split('\n').filter((line) => line.startsWith('portico_db_errors_total{'))
    expect(errors.length).toBe(1)
    expect(Number(errors[0]?.split(' ').at(-1))).toBe(1)
    await close().catch(() => undefined)
  })
})
