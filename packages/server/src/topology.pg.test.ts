/**
 * The API scaled out (issue 24 §2, acceptance): a real PostgreSQL 15 server (the node-pg project's
 * cluster), two API instances on one database, and HAProxy in front (round robin, `option forwardfor`).
 * Clients connect from different loopback addresses (127.0.0.x), which HAProxy appends to
 * X-Forwarded-For; the instances trust 127.0.0.1 (HAProxy) as their proxy. Every limit is counted
 * through the balancer, so each instance sees about half of the requests: the limits hold only if
 * they are shared.
 *
 * The rolling restart runs two more instances as processes of their own (main.ts: SIGTERM is a real
 * signal) behind a second HAProxy that health-checks GET /readyz every 200 ms. Its load writes analytics
 * events, sessions (email logins through the balancer, their mail through the devnet's SMTP mailbox) and
 * names (signed registrations).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import path from 'node:path'
import { type AnvilInstance, getFreePort, type Mailbox, startAnvil, startMailbox } from '@portico/devnet'
import { privateKeyToAccount } from 'viem/accounts'
import { AUTH_ERRORS } from '@portico/protocol/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveByPage, FRAME_ORIGIN, frameKey, loginPost, memoryMailbox, stampHeaders, TEST_KEK } from './auth/test-support.ts'
import { createProjectsRepository } from './db/projects.ts'
import { openPostgres } from './db/postgres.ts'
import { type Haproxy, startHaproxy } from './haproxy.ts'
import { type RunningServer, type StartServerOptions, startServer } from './index.ts'
import { TEST_POSTGRES_ENV, TEST_POSTGRES_TEMPLATE, type TestApp } from './test-support.ts'

/** A JSON request from `from` (a loopback address the client binds to). */
function send(
  url: string,
  {
    method = 'POST',
    body,
    from = '127.0.0.1',
    headers = {},
  }: { method?: string; body?: unknown; from?: string; headers?: Record<string, string> },
): Promise<{ status: number; json: unknown; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body)
    const req = httpRequest(
      url,
      { method, localAddress: from, headers: { ...(text ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        let data = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          data += chunk
        })
        res.on('end', () => {
          let json: unknown
          try {
            json = data ? JSON.parse(data) : undefined
          } catch {
            json = data
          }
          resolve({ status: res.statusCode ?? 0, json, headers: res.headers })
        })
      },
    )
    req.on('error', reject)
    if (text) req.write(text)
    req.end()
  })
}

const LIMIT = 10
/** The rolling restart's clients: one project and one address each. */
const ROLL_CLIENTS = 4
const ROLL_PROJECTS = Array.from({ length: ROLL_CLIENTS }, (_, k) => `topo-roll-${k}`)
let anvil: AnvilInstance
let instances: RunningServer[] = []
let balancer: Haproxy
const mailbox = memoryMailbox()
let databaseUrl: string

beforeAll(async () => {
  const admin = process.env[TEST_POSTGRES_ENV]
  if (!admin) throw new Error(`${TEST_POSTGRES_ENV} is not set: run this file in the node-pg project`)
  const name = `topology_${process.pid}`
  const db = await openPostgres(admin)
  try {
    await db.exec(`CREATE DATABASE ${name} TEMPLATE ${TEST_POSTGRES_TEMPLATE}`)
  } finally {
    await db.close()
  }
  databaseUrl = admin.replace(/\/postgres$/, `/${name}`)
  anvil = await startAnvil({ chainId: 31337 })
  const config = (): StartServerOptions => ({
    databaseUrl,
    chains: [{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    indexer: { enabled: false },
    clientAddress: { trustedProxies: ['127.0.0.1'] },
    // Refills too slow to matter within the test: each bucket holds LIMIT.
    rpcProxy: { rateLimit: { requestsPerSecond: 0.001, burst: LIMIT } },
    siwx: { nonceRateLimit: { requestsPerSecond: 0.001, burst: LIMIT } },
    analytics: { enabled: true, rateLimit: { requestsPerSecond: 0.001, burst: LIMIT } },
    auth: { kek: TEST_KEK, mail: mailbox, frameOrigins: [FRAME_ORIGIN], limits: { mailsPerIpPerHour: 5 } },
    onError: () => {},
  })
  instances = [await startServer(config()), await startServer(config())]
  balancer = await startHaproxy(instances.map((i) => i.url))
  const projects = createProjectsRepository(instances[0]!.db)
  for (const id of ['topo-rpc', 'topo-siwx', 'topo-analytics', 'topo-errors', ...ROLL_PROJECTS])
    await projects.setOrigins(id, ['https://app.example'])
}, 60_000)

afterAll(async () => {
  await balancer?.stop()
  await Promise.all(instances.map((i) => i.stop()))
  await anvil?.stop()
})

const statuses = (answers: { status: number }[]) => answers.map((a) => a.status)
const count = (list: number[], status: number) => list.filter((s) => s === status).length

describe('two instances behind HAProxy on one PostgreSQL', () => {
  it('the SIWX nonce limit holds across both instances: 25 requests through the balancer, exactly 10 served', async () => {
    const answers = []
    for (let i = 0; i < 25; i++) answers.push(await send(`${balancer.url}/v1/siwx/nonce?projectId=topo-siwx`, { from: '127.0.0.2' }))
    const list = statuses(answers)
    expect(count(list, 200)).toBe(LIMIT)
    expect(count(list, 429)).toBe(15)
  })

  it('the RPC proxy limit holds across both instances: 25 calls for a registered project, exactly 10 served', async () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }
    const answers = []
    for (let i = 0; i < 25; i++)
      answers.push(await send(`${balancer.url}/v1/?chainId=eip155:31337&projectId=topo-rpc`, { body: call, from: '127.0.0.3' }))
    expect(count(statuses(answers), 200)).toBe(LIMIT)
    expect(count(statuses(answers), 429)).toBe(15)
  })

  it('invented project ids get no RPC budget of their own: 25 calls under 25 made-up ids, 10 served in all', async () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }
    const answers = []
    for (let i = 0; i < 25; i++)
      answers.push(await send(`${balancer.url}/v1/?chainId=eip155:31337&projectId=made-up-${i}`, { body: call, from: '127.0.0.4' }))
    expect(count(statuses(answers), 200)).toBe(LIMIT)
    const last = answers.at(-1)?.json as { error: { message: string } }
    expect(last.error.message).toMatch(/^Rate limit exceeded for unregistered projects \(all of them together\)/)
  })

  it('the analytics batch limit holds across both instances: 25 batches through the balancer, exactly 10 stored', async () => {
    const answers = []
    for (let i = 0; i < 25; i++)
      answers.push(
        await send(`${balancer.url}/batch?projectId=topo-analytics`, {
          body: { events: [{ eventId: `topo-batch-${i}`, timestamp: Date.now(), type: 'track', event: 'MODAL_OPEN' }] },
          from: '127.0.0.7',
        }),
      )
    expect(count(statuses(answers), 204)).toBe(LIMIT)
    expect(count(statuses(answers), 429)).toBe(15)
    expect(answers.at(-1)?.json).toEqual({ error: expect.stringMatching(/^Too many analytics batches for this project: retry in \d+ s$/) })
    const { rows } = await instances[0]!.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM portico_analytics.events WHERE project_id = 'topo-analytics'",
    )
    expect(Number(rows[0]!.n)).toBe(LIMIT)
  })

  it('the error-report limit (5 a minute per project) holds across both instances: 12 reports through the balancer, exactly 5 stored', async () => {
    const answers = []
    for (let i = 0; i < 12; i++)
      answers.push(
        await send(`${balancer.url}/e?projectId=topo-errors`, {
          body: { type: 'error', timestamp: Date.now(), name: 'Error', message: `topology ${i}` },
          from: '127.0.0.8',
        }),
      )
    expect(count(statuses(answers), 204)).toBe(5)
    expect(count(statuses(answers), 429)).toBe(7)
    const { rows } = await instances[0]!.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM portico_analytics.errors WHERE project_id = 'topo-errors'",
    )
    expect(Number(rows[0]!.n)).toBe(5)
  })

  it("with the balancer trusted, one client's login mails do not lock out another client", async () => {
    const key = await frameKey()
    const start = (email: string, from: string) =>
      send(`${balancer.url}/v1/auth/email/connect`, {
        body: { email, deviceId: `device-topology-${email.length.toString().padStart(4, '0')}`, sessionKeyHash: key.keyHash },
        from,
        headers: { origin: FRAME_ORIGIN },
      })
    const flood = []
    for (let i = 0; i < 8; i++) flood.push((await start(`flood-${i}@example.com`, '127.0.0.5')).status)
    // The per-IP cap is 5 an hour: the flooding client is stopped …
    expect(flood).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
    // … and another client behind the same balancer is not.
    expect((await start('someone-else@example.com', '127.0.0.6')).status).toBe(200)
  })

  it('a login code and a session stamp are each usable once across both instances: used on one, refused on the other', async () => {
    const email = 'once@example.com'
    const deviceId = 'device-topology-once1'
    const key = await frameKey()
    const [a, b] = instances.map(
      (i) => ({ request: (path: string, init?: RequestInit) => fetch(`${i.url}${path}`, init) }) as unknown as TestApp,
    )
    const post = (app: TestApp, path: string, body: unknown) =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: FRAME_ORIGIN },
        body: JSON.stringify(body),
      })
    expect((await post(a!, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: key.keyHash })).status).toBe(200)
    // The approval link opened on the other instance.
    expect((await approveByPage(b!, mailbox.lastLink(email))).status).toBe(200)
    expect((await post(b!, '/v1/auth/email/device', { email, deviceId, sessionKeyHash: key.keyHash })).status).toBe(200)
    const finish = { email, deviceId, otp: mailbox.lastCode(email), sessionPublicKey: key.publicKey }
    const first = await loginPost(b!, '/v1/auth/email/otp', finish, key, { origin: FRAME_ORIGIN })
    expect(first.status).toBe(200)
    const replay = await loginPost(a!, '/v1/auth/email/otp', finish, key, { origin: FRAME_ORIGIN })
    expect(replay.status).toBe(400)
    // A stamp of the session is usable once too, whichever instance sees it again.
    const { sessionId } = (await first.json()) as { sessionId: string }
    const headers = { ...(await stampHeaders(key, sessionId, 'GET', '/v1/auth/user', '', Date.now())), origin: FRAME_ORIGIN }
    expect((await b!.request('/v1/auth/user', { headers })).status).toBe(200)
    expect((await a!.request('/v1/auth/user', { headers })).status).toBe(401)
    expect((await b!.request('/v1/auth/user', { headers })).status).toBe(401)
  })
})

/** An API instance in a process of its own (main.ts), so that SIGTERM is a real signal. */
type Child = { proc: ChildProcess; exited: Promise<number | null>; output(): string }

async function startChild(port: number, chainsJson: string, smtpUrl: string): Promise<Child> {
  const proc = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, 'main.ts'),
      '--port',
      String(port),
      '--client-address',
      '127.0.0.1',
      '--analytics',
      'on',
      // Long enough for HAProxy's 200 ms checks to see the 503 and stop sending first.
      '--shutdown-delay',
      '1000',
      '--shutdown-timeout',
      '10000',
      // The auth service (email login), on the in-process instances' database and KEK.
      '--frame-origins',
      FRAME_ORIGIN,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORTICO_CHAINS: chainsJson,
        PORTICO_INDEXER: 'off',
        PORTICO_LOG_LEVEL: 'warn',
        PORTICO_KEK: TEST_KEK,
        SMTP_URL: smtpUrl,
        // Every login of the run comes from one of a few addresses.
        PORTICO_AUTH_MAILS_PER_IP: '100000',
      },
    },
  )
  let out = ''
  // 'close': the process has exited and its output is all read.
  const exited = new Promise<number | null>((resolve) => proc.once('close', (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('listening on')) resolve()
    })
    proc.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    proc.once('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${out}`)))
  })
  return { proc, exited, output: () => out }
}

/** The rolling restart's name registrations are signed by this account (a fixed key, no funds needed). */
const NAMER = privateKeyToAccount(`0x${'d4'.repeat(32)}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('rolling restart under load', () => {
  it('one of two instances stopped with SIGTERM and started again during a load run: every batch, session and name acknowledged is stored', async () => {
    const chainsJson = JSON.stringify([
      { chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    ])
    const smtp: Mailbox = await startMailbox()
    const ports = [await getFreePort(), await getFreePort()]
    const children: Child[] = await Promise.all(ports.map((port) => startChild(port, chainsJson, smtp.smtpUrl)))
    const lb = await startHaproxy(
      ports.map((port) => `http://127.0.0.1:${port}`),
      { healthCheck: { path: '/readyz', intervalMs: 200 } },
    )
    /** The balancer as the auth test helpers' `app` (paths are relative to it). */
    const viaLb = { request: (input: string | URL | Request, init?: RequestInit) => fetch(new URL(String(input), lb.url), init) } as TestApp
    try {
      // The load: ROLL_CLIENTS clients, each its own address and project, posting batches of 5 events
      // (ids fixed by the request number); one client logging in by email, again and again (each login
      // a new address and device: connect, the mailed link's page, device, the mailed code); one
      // registering names. A 5xx or a cut connection is retried (analytics: the same ids, stored once),
      // at most 5 times; anything else is a failure.
      const acked: string[] = []
      const sessions: string[] = []
      const names: string[] = []
      const retried: { request: string; status: number }[] = []
      const unrecovered: { request: string; status: number }[] = []
      const servedBy = new Map<string, number>()
      let restarted = false
      let servedByRestarted = 0
      let sent = 0
      const deadline = Date.now() + 30_000
      // Bounded: 3 000 batches or 30 s at most, whichever comes first (the run ends far sooner).
      const done = () =>
        (restarted && sent >= 300 && servedByRestarted >= 10 && sessions.length >= 3 && names.length >= 10) ||
        sent >= 3000 ||
        Date.now() > deadline
      /** One request of the load, retried after a 5xx or a cut connection: its last answer (status 0: no answer). */
      const withRetries = async <T extends { status: number }>(request: string, attempt: () => Promise<T>): Promise<T | { status: 0 }> => {
        for (let n = 1; ; n++) {
          const answer = await attempt().catch(() => ({ status: 0 as const }))
          if ((answer.status !== 0 && answer.status < 500) || n === 5) return answer
          retried.push({ request, status: answer.status })
          await sleep(100)
        }
      }
      const client = async (k: number) => {
        while (!done()) {
          const request = sent++
          const events = Array.from({ length: 5 }, (_, j) => ({
            eventId: `roll-${request}-${j}`,
            timestamp: Date.now(),
            type: 'track',
            event: 'CONNECT_SUCCESS',
          }))
          const answer = await withRetries(`batch ${request}`, () =>
            send(`${lb.url}/batch?projectId=${ROLL_PROJECTS[k]}`, { body: { events }, from: `127.0.1.${k + 1}` }),
          )
          if (answer.status === 204 && 'headers' in answer) {
            acked.push(...events.map((e) => e.eventId))
            const backend = String(answer.headers['x-portico-backend'])
            servedBy.set(backend, (servedBy.get(backend) ?? 0) + 1)
            if (restarted && backend === 'api0') servedByRestarted += 1
          } else unrecovered.push({ request: `batch ${request}`, status: answer.status })
          // A steady load rather than a flood: at most about 100 batches a second per client.
          await sleep(10)
        }
      }
      /** Email logins, one after another: each acknowledged session id is kept. */
      const logins = async () => {
        for (let n = 0; !done(); n++) {
          const email = `roll-${n}@example.com`
          const deviceId = `device-roll-${String(n).padStart(8, '0')}`
          const key = await frameKey()
          const body = { email, deviceId, sessionKeyHash: key.keyHash }
          const headers = { origin: FRAME_ORIGIN }
          const from = '127.0.2.1'
          const failed = (step: string, status: number) => void unrecovered.push({ request: `login ${n} ${step}`, status })
          const connect = await withRetries(`login ${n} connect`, () => send(`${lb.url}/v1/auth/email/connect`, { body, from, headers }))
          if (connect.status !== 200) {
            failed('connect', connect.status)
            continue
          }
          const approval = await smtp.waitFor({ to: email, subject: /Approve your new device/ }, 10_000)
          const link = /https?:\/\/\S+\/v1\/auth\/device\/approve\?token=[\w-]+/.exec(approval.text)?.[0] ?? ''
          const approved = await withRetries(`login ${n} approve`, () => approveByPage(viaLb, link))
          if (approved.status !== 200) {
            failed('approve', approved.status)
            continue
          }
          const device = await withRetries(`login ${n} device`, () => send(`${lb.url}/v1/auth/email/device`, { body, from, headers }))
          if (device.status !== 200) {
            failed('device', device.status)
            continue
          }
          const mail = await smtp.waitFor({ to: email, subject: /Your Portico code/ }, 10_000)
          const otp = /(\d{6})/.exec(mail.subject)?.[1] ?? ''
          const finish = await withRetries(`login ${n} otp`, () =>
            loginPost(viaLb, '/v1/auth/email/otp', { email, deviceId, otp, sessionPublicKey: key.publicKey }, key, headers),
          )
          if (finish.status === 200 && 'json' in finish) sessions.push(((await finish.json()) as { sessionId: string }).sessionId)
          else failed('otp', finish.status)
        }
      }
      /** Name registrations, one after another: each acknowledged name is kept. */
      const registrations = async () => {
        for (let n = 0; !done(); n++) {
          const message = JSON.stringify({ name: `roll-name-${n}`, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
          const body = { coin_type: 0x80000000 + 31337, address: NAMER.address, message, signature: await NAMER.signMessage({ message }) }
          const answer = await withRetries(`name ${n}`, () => send(`${lb.url}/v1/profile/account`, { body, from: '127.0.2.2' }))
          if (answer.status === 200 && 'json' in answer) names.push((answer.json as { name: string }).name)
          else unrecovered.push({ request: `name ${n}`, status: answer.status })
          await sleep(10)
        }
      }
      /** Retries by kind of request and status: `{ "batch 503": 4, … }`. */
      const tally = (list: { request: string; status: number }[]) =>
        list.reduce<Record<string, number>>((counts, { request, status }) => {
          const key = `${request.split(' ')[0]}${request.includes('login') ? ` ${request.split(' ')[2]}` : ''} ${status}`
          counts[key] = (counts[key] ?? 0) + 1
          return counts
        }, {})
      const load = Promise.all([...Array.from({ length: ROLL_CLIENTS }, (_, k) => client(k)), logins(), registrations()])
      // Once the load runs, instance 0 is stopped with SIGTERM and started again on its port.
      while (sent < 40 && !done()) await sleep(20)
      // A login waiting for its device's approval holds an ask on instance 0 (20 s at most) when it
      // stops: the ask ends with 503 and Retry-After: 1 (no cut); asked again as the frame does (after
      // the Retry-After, on 202 at once, through the balancer) it completes once the link is approved.
      const waiter = await frameKey()
      const waitBody = { email: 'roll-waiting@example.com', deviceId: 'device-roll-waiting1', sessionKeyHash: waiter.keyHash }
      const direct = `http://127.0.0.1:${ports[0]}`
      const waitHeaders = { origin: FRAME_ORIGIN }
      expect((await send(`${direct}/v1/auth/email/connect`, { body: waitBody, from: '127.0.2.3', headers: waitHeaders })).status).toBe(200)
      const asks: { status: number; json: unknown }[] = []
      const held = send(`${direct}/v1/auth/email/device`, { body: waitBody, from: '127.0.2.3', headers: waitHeaders })
      const asking = (async () => {
        let answer: { status: number; json?: unknown; headers?: Record<string, string | string[] | undefined> } = await held
        for (;;) {
          asks.push({ status: answer.status, json: answer.json })
          if (answer.status === 503) await sleep(Number(answer.headers?.['retry-after']) * 1000)
          else if (answer.status !== 202) return
          answer = await send(`${lb.url}/v1/auth/email/device`, { body: waitBody, from: '127.0.2.3', headers: waitHeaders }).catch(() => ({
            status: 0,
          }))
        }
      })()
      await sleep(300)
      const stopping = children[0]!
      stopping.proc.kill('SIGTERM')
      expect(await stopping.exited).toBe(0)
      const stopped = /Stopped: (\d+) requests finished while stopping, 0 cut/.exec(stopping.output())
      expect(stopped).not.toBeNull()
      const sentWhileDown = sent
      children[0] = await startChild(ports[0]!, chainsJson, smtp.smtpUrl)
      restarted = true
      const waitApproval = await smtp.waitFor({ to: waitBody.email, subject: /Approve your new device/ }, 10_000)
      const waitLink = /https?:\/\/\S+\/v1\/auth\/device\/approve\?token=[\w-]+/.exec(waitApproval.text)?.[0] ?? ''
      expect((await approveByPage(viaLb, waitLink)).status).toBe(200)
      await asking
      await load
      console.info(
        `rolling restart: the stopped instance finished ${stopped?.[1]} requests while stopping; ${sent} batches (${acked.length} events), ${sessions.length} logins, ${names.length} names; the waiting login's asks ${asks.map((a) => a.status).join(' ')}; ${retried.length} retried after a 5xx or a cut connection (${JSON.stringify(tally(retried))}), batches served by ${JSON.stringify(Object.fromEntries(servedBy))}`,
      )
      expect(unrecovered).toEqual([])
      expect(sent).toBeGreaterThanOrEqual(300)
      expect(sentWhileDown).toBeGreaterThan(40)
      // The restarted instance was back in the balancer before the run ended.
      expect(servedByRestarted).toBeGreaterThanOrEqual(10)
      expect(acked).toHaveLength(sent * 5)
      expect(sessions.length).toBeGreaterThanOrEqual(3)
      expect(names.length).toBeGreaterThanOrEqual(10)
      const db = instances[0]!.db
      const events = await db.query<{ event_id: string }>("SELECT event_id FROM portico_analytics.events WHERE event_id LIKE 'roll-%'")
      expect(new Set(events.rows.map((r) => r.event_id))).toEqual(new Set(acked))
      const stored = await db.query<{ id: string }>('SELECT id FROM portico_auth.sessions WHERE id = ANY($1::text[])', [sessions])
      expect(new Set(stored.rows.map((r) => r.id))).toEqual(new Set(sessions))
      const registered = await db.query<{ name: string }>("SELECT name FROM names WHERE name LIKE 'roll-name-%'")
      expect(new Set(registered.rows.map((r) => r.name))).toEqual(new Set(names))
      expect(names).toContain('roll-name-0.portico.id')
      // The waiting login: its held ask ended with the shutdown (503, Retry-After: 1), the next ones
      // were pending or refused the same way, the last one sent the code.
      expect(asks[0]).toEqual({ status: 503, json: { error: AUTH_ERRORS.restarting } })
      expect(asks.at(-1)).toEqual({ status: 200, json: { action: 'VERIFY_OTP' } })
      expect(asks.filter((a) => a.status !== 202 && a.status !== 503 && a.status !== 200)).toEqual([])
      expect((await smtp.waitFor({ to: waitBody.email, subject: /Your Portico code/ }, 10_000)).subject).toMatch(/\d{6}/)
    } finally {
      await lb.stop()
      for (const child of children) if (child.proc.exitCode === null) child.proc.kill('SIGKILL')
      await Promise.all(children.map((child) => child.exited))
      await smtp.close()
    }
  }, 90_000)
})
