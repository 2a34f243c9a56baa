/**
 * The API scaled out (issue 24 §2, acceptance): a real PostgreSQL 15 server (the node-pg project's
 * cluster), two API instances on one database, and HAProxy in front (round robin, `option forwardfor`).
 * Clients connect from different loopback addresses (127.0.0.x), which HAProxy appends to
 * X-Forwarded-For; the instances trust 127.0.0.1 (HAProxy) as their proxy. Every limit is counted
 * through the balancer, so each instance sees about half of the requests: the limits hold only if
 * they are shared.
 */
import { request as httpRequest } from 'node:http'
import { type AnvilInstance, startAnvil } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveByPage, FRAME_ORIGIN, frameKey, loginPost, memoryMailbox, TEST_KEK } from './auth/test-support.ts'
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
    auth: { kek: TEST_KEK, mail: mailbox, frameOrigins: [FRAME_ORIGIN], limits: { mailsPerIpPerHour: 5 } },
    onError: () => {},
  })
  instances = [await startServer(config()), await startServer(config())]
  balancer = await startHaproxy(instances.map((i) => i.url))
  const projects = createProjectsRepository(instances[0]!.db)
  for (const id of ['topo-rpc', 'topo-siwx']) await projects.setOrigins(id, ['https://app.example'])
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

  it('a login code is usable once across both instances: finished on one, refused on the other', async () => {
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
  })
})
