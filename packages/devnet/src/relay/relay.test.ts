import { createHash } from 'node:crypto'
import { connect as netConnect, type Socket } from 'node:net'
import { ed25519 } from '@noble/curves/ed25519'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { didKeyFromPublicKey } from './auth.ts'
import { RELAY_MAX_BATCH_SIZE, type Relay, startRelay } from './relay.ts'

// biome-ignore lint/suspicious/noExplicitAny: JSON-RPC frames read off the wire; each expect() checks the fields it reads.
type WireJson = any

interface Frame {
  id?: number | string | null
  jsonrpc?: string
  method?: string
  params?: WireJson
  result?: WireJson
  error?: { code: number; message: string; data?: string }
}

/** Each test identity is an ed25519 key from sha256(label); its client id is the key's did:key. */
const seedOf = (label: string) => new Uint8Array(createHash('sha256').update(label).digest())
const didOf = (label: string) => didKeyFromPublicKey(ed25519.getPublicKey(seedOf(label)))
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')

/** A relay auth JWT in @walletconnect/relay-auth's format, signed by `signer`'s key (default: the iss's). */
function relayJwt(o: { iss: string; aud: string; nowMs: number; signer?: string; ttl?: number }): string {
  const iat = Math.floor(o.nowMs / 1000)
  const data = `${b64({ alg: 'EdDSA', typ: 'JWT' })}.${b64({ iss: didOf(o.iss), sub: 'test', aud: o.aud, iat, exp: iat + (o.ttl ?? 86400) })}`
  return `${data}.${Buffer.from(ed25519.sign(Buffer.from(data), seedOf(o.signer ?? o.iss))).toString('base64url')}`
}

/** The HTTP status and body of a refused handshake, or 'open'. */
function handshake(url: string, headers: Record<string, string> = {}): Promise<'open' | { status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers })
    socket.once('open', () => {
      socket.close()
      resolve('open')
    })
    socket.once('unexpected-response', (_req, res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    socket.once('error', reject)
  })
}

/** A raw relay client: sends JSON-RPC, records every frame it receives. */
class RawClient {
  readonly frames: Frame[] = []
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = []
  private nextId = 1000
  private constructor(
    readonly socket: WebSocket,
    /** The TCP socket under the websocket (pause it to stop reading). */
    readonly tcp: Socket,
  ) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame
      this.frames.push(frame)
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(frame)) return true
        w.resolve(frame)
        return false
      })
    })
  }

  /** Connects as `label` with a JWT signed by its own key, iat/exp from `nowMs` (the relay's clock). */
  static async connect(url: string, label: string, nowMs = Date.now()): Promise<RawClient> {
    const auth = relayJwt({ iss: label, aud: url, nowMs })
    let tcp: Socket | undefined
    // ws hands its connect options (host, port, and the URL path as `path`) to createConnection.
    const createConnection = (options: { host?: string; port?: number }) => {
      tcp = netConnect({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 })
      return tcp
    }
    const socket = new WebSocket(`${url}/?auth=${auth}&projectId=p&ua=test`, {
      createConnection: createConnection as unknown as typeof netConnect,
    })
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    return new RawClient(socket, tcp!)
  }

  waitFor(match: (f: Frame) => boolean): Promise<Frame> {
    const found = this.frames.find(match)
    if (found) return Promise.resolve(found)
    return new Promise((resolve) => this.waiters.push({ match, resolve }))
  }

  async request(method: string, params?: unknown): Promise<Frame> {
    const id = this.nextId++
    this.socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    return this.waitFor((f) => f.id === id && f.method === undefined)
  }

  async sendRaw(text: string): Promise<void> {
    this.socket.send(text)
  }

  deliveries(): { id: string; data: { topic: string; message: string; tag: number; attestation: string } }[] {
    return this.frames.filter((f) => f.method === 'irn_subscription').map((f) => f.params)
  }

  close(): void {
    this.socket.close()
  }
}

/** Waits (up to 5 s) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
  expect(check()).toBe(true)
}

/** A round trip through the relay: once it answers, every earlier frame has been processed. */
const settle = (c: RawClient) => c.request('irn_batchFetchMessages', { topics: [] })

describe('startRelay (raw protocol)', () => {
  let relay: Relay
  let clock = 1_000_000
  const open: RawClient[] = []
  const client = async (label: string) => {
    const c = await RawClient.connect(relay.url, label, clock)
    open.push(c)
    return c
  }

  beforeAll(async () => {
    relay = await startRelay({ now: () => clock })
  })
  afterEach(() => {
    for (const c of open.splice(0)) c.close()
  })
  afterAll(async () => {
    await relay.stop()
  })

  it('listens on a loopback ws url with a free port', () => {
    expect(relay.url).toBe(`ws://127.0.0.1:${relay.port}`)
    expect(relay.port).toBeGreaterThan(0)
  })

  it('answers subscribe/unsubscribe and batch variants with ids and true', async () => {
    const c = await client('a1')
    const sub = await c.request('irn_subscribe', { topic: 't-sub' })
    expect(sub.result).toMatch(/^[0-9a-f]{64}$/)
    // Subscribing again keeps the same id.
    expect((await c.request('irn_subscribe', { topic: 't-sub' })).result).toBe(sub.result)
    const batch = await c.request('irn_batchSubscribe', { topics: ['t-b1', 't-b2'] })
    expect(batch.result).toHaveLength(2)
    expect(new Set(batch.result).size).toBe(2)
    expect((await c.request('irn_unsubscribe', { id: sub.result, topic: 't-sub' })).result).toBe(true)
    const unsub = await c.request('irn_batchUnsubscribe', {
      subscriptions: [
        { id: batch.result[0], topic: 't-b1' },
        { id: batch.result[1], topic: 't-b2' },
      ],
    })
    expect(unsub.result).toBe(true)
  })

  it('delivers a publish to every other subscriber, never to the publisher, with attestation ""', async () => {
    const a = await client('pub-a')
    const b = await client('pub-b')
    const c = await client('pub-c')
    const subA = (await a.request('irn_subscribe', { topic: 'room' })).result
    const subB = (await b.request('irn_subscribe', { topic: 'room' })).result
    const subC = (await c.request('irn_subscribe', { topic: 'room' })).result
    expect((await a.request('irn_publish', { topic: 'room', message: 'hello', ttl: 300, tag: 1108 })).result).toBe(true)
    const gotB = await b.waitFor((f) => f.method === 'irn_subscription')
    const gotC = await c.waitFor((f) => f.method === 'irn_subscription')
    expect(gotB.params).toEqual({
      id: subB,
      data: { topic: 'room', message: 'hello', publishedAt: clock, tag: 1108, attestation: '' },
    })
    expect(gotC.params.id).toBe(subC)
    expect(typeof gotB.id).toBe('number')
    await settle(a)
    expect(a.deliveries()).toEqual([])
    expect(subA).not.toBe(subB)
    // The publisher's attestation is passed through.
    await b.request('irn_publish', { topic: 'room', message: 'signed', ttl: 300, tag: 1, attestation: 'jwt-x' })
    const att = await a.waitFor((f) => f.method === 'irn_subscription')
    expect(att.params.data.attestation).toBe('jwt-x')
  })

  it('stores undelivered messages for later subscribers, once per client, and drops them after their ttl', async () => {
    const a = await client('store-a')
    await a.request('irn_publish', { topic: 'mailbox', message: 'm1', ttl: 60, tag: 1 })
    await a.request('irn_batchPublish', {
      messages: [
        { topic: 'mailbox', message: 'm2', ttl: 600, tag: 2 },
        { topic: 'other', message: 'o1', ttl: 600, tag: 3 },
      ],
    })
    const b = await client('store-b')
    await b.request('irn_subscribe', { topic: 'mailbox' })
    await settle(b)
    expect(b.deliveries().map((d) => [d.data.message, d.data.tag])).toEqual([
      ['m1', 1],
      ['m2', 2],
    ])
    // The same client (same JWT iss) reconnecting does not get them again.
    const b2 = await client('store-b')
    await b2.request('irn_batchSubscribe', { topics: ['mailbox'] })
    await settle(b2)
    expect(b2.deliveries()).toEqual([])
    // 61 s later m1 (ttl 60) has expired for a new client; m2 (ttl 600) has not.
    clock += 61_000
    const c = await client('store-c')
    await c.request('irn_subscribe', { topic: 'mailbox' })
    await settle(c)
    expect(c.deliveries().map((d) => d.data.message)).toEqual(['m2'])
    // irn_batchFetchMessages returns what this client has not received yet.
    const d = await client('store-d')
    const fetched = await d.request('irn_batchFetchMessages', { topics: ['mailbox', 'other'] })
    expect(fetched.result.hasMore).toBe(false)
    expect(fetched.result.messages.map((m: WireJson) => [m.topic, m.message, m.attestation])).toEqual([
      ['mailbox', 'm2', ''],
      ['other', 'o1', ''],
    ])
    expect((await d.request('irn_batchFetchMessages', { topics: ['mailbox'] })).result.messages).toEqual([])
  })

  it('wc_proposeSession subscribes the dapp to the pairing topic and stores the proposal (tag 1100)', async () => {
    const dapp = await client('dapp')
    const res = await dapp.request('wc_proposeSession', {
      pairingTopic: 'pairing-1',
      sessionProposal: 'proposal-envelope',
      ttl: 300,
      tag: 1100,
      correlationId: 7,
    })
    expect(res.result).toBe(true)
    const wallet = await client('wallet')
    const walletSub = (await wallet.request('irn_subscribe', { topic: 'pairing-1' })).result
    const proposal = await wallet.waitFor((f) => f.method === 'irn_subscription')
    expect(proposal.params).toMatchObject({
      id: walletSub,
      data: { topic: 'pairing-1', message: 'proposal-envelope', tag: 1100, attestation: '' },
    })

    const approve = await wallet.request('wc_approveSession', {
      pairingTopic: 'pairing-1',
      sessionTopic: 'session-1',
      sessionProposalResponse: 'response-envelope',
      sessionSettlementRequest: 'settle-envelope',
    })
    expect(approve.result).toBe(true)
    // The dapp gets the response on the pairing topic through its implicit subscription.
    const response = await dapp.waitFor((f) => f.method === 'irn_subscription')
    expect(response.params.data).toMatchObject({ topic: 'pairing-1', message: 'response-envelope', tag: 1101 })
    // The settle request waits on the session topic until the dapp subscribes.
    await dapp.request('irn_subscribe', { topic: 'session-1' })
    const settleMsg = await dapp.waitFor((f) => f.method === 'irn_subscription' && f.params.data.topic === 'session-1')
    expect(settleMsg.params.data).toMatchObject({ message: 'settle-envelope', tag: 1102 })
    // The wallet is subscribed to the session topic: a dapp request on it reaches the wallet.
    await dapp.request('irn_publish', { topic: 'session-1', message: 'req', ttl: 300, tag: 1108 })
    const req = await wallet.waitFor((f) => f.method === 'irn_subscription' && f.params.data.topic === 'session-1')
    expect(req.params.data.message).toBe('req')
    await settle(wallet)
    expect(wallet.deliveries().map((d) => d.data.message)).toEqual(['proposal-envelope', 'req'])
  })

  it('answers bad input with JSON-RPC errors and keeps serving', async () => {
    const c = await client('bad-input')
    const cases: [string, number][] = [
      ['not json', -32700],
      ['[1,2]', -32600],
      ['42', -32600],
      [JSON.stringify({ id: 5, jsonrpc: '2.0' }), -32600],
    ]
    for (const [text, code] of cases) {
      const before = c.frames.length
      await c.sendRaw(text)
      const f = await c.waitFor((x) => c.frames.indexOf(x) >= before && x.error !== undefined)
      expect(f.error?.code).toBe(code)
    }
    const table: [string, unknown, number][] = [
      ['irn_nope', {}, -32601],
      ['eth_chainId', [], -32601],
      ['irn_subscribe', {}, -32602],
      ['irn_subscribe', null, -32602],
      ['irn_publish', { topic: 't' }, -32602],
      ['irn_batchSubscribe', { topics: 'x' }, -32602],
      ['irn_batchPublish', { messages: [{ topic: 1 }] }, -32602],
      ['wc_approveSession', { pairingTopic: 'p' }, -32602],
    ]
    for (const [method, params, code] of table) {
      const res = await c.request(method, params)
      expect([method, res.error?.code]).toEqual([method, code])
    }
    // Acknowledgements ({ id, result }) are accepted silently.
    await c.sendRaw(JSON.stringify({ id: 99, jsonrpc: '2.0', result: true }))
    expect((await c.request('irn_subscribe', { topic: 'still-alive' })).result).toMatch(/^[0-9a-f]{64}$/)
    const s = relay.stats()
    expect(s.malformed).toBeGreaterThanOrEqual(4)
    expect(s.methods.irn_nope).toBe(1)
  })

  it('knows only its own methods: Object.prototype names get -32601 too', async () => {
    const c = await client('proto-names')
    for (const method of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      const res = await c.request(method, { topic: 't' })
      expect(res.error).toEqual({ code: -32601, message: `Method not found: ${method}` })
    }
    const s = relay.stats()
    // Counted as plain entries; the stats object's prototype is untouched.
    expect(Object.getPrototypeOf(s.methods)).toBe(Object.prototype)
    expect(Object.hasOwn(s.methods, '__proto__')).toBe(true)
    expect(s.methods.constructor).toBe(1)
    expect((await c.request('irn_subscribe', { topic: 'after-proto' })).result).toMatch(/^[0-9a-f]{64}$/)
  })

  it(`refuses batches of more than ${RELAY_MAX_BATCH_SIZE} items with the relay's BatchLimitExceeded error`, async () => {
    const c = await client('batches')
    const topics = Array.from({ length: RELAY_MAX_BATCH_SIZE + 1 }, (_, i) => `batch-${i}`)
    const tooMany = { code: -32600, message: 'Invalid payload: The batch contains too many items', data: 'BatchLimitExceeded' }
    await until(() => relay.stats().connections === 1)
    const before = relay.stats()
    expect((await c.request('irn_batchSubscribe', { topics })).error).toEqual(tooMany)
    expect((await c.request('irn_batchFetchMessages', { topics })).error).toEqual(tooMany)
    expect((await c.request('irn_batchUnsubscribe', { subscriptions: topics.map((topic) => ({ id: 'x', topic })) })).error).toEqual(tooMany)
    const messages = topics.map((topic) => ({ topic, message: 'm', ttl: 300, tag: 1 }))
    expect((await c.request('irn_batchPublish', { messages })).error).toEqual(tooMany)
    // Nothing of the refused batches happened; a batch of exactly the limit works.
    expect(relay.stats()).toMatchObject({ subscriptions: before.subscriptions, storedMessages: before.storedMessages })
    expect((await c.request('irn_batchSubscribe', { topics: topics.slice(0, RELAY_MAX_BATCH_SIZE) })).result).toHaveLength(
      RELAY_MAX_BATCH_SIZE,
    )
    expect(relay.stats().subscriptions).toBe(before.subscriptions + RELAY_MAX_BATCH_SIZE)
  })

  it('reports stats', async () => {
    const a = await client('stats-a')
    await a.request('irn_subscribe', { topic: 'stats-topic' })
    const s = relay.stats()
    expect(s.connections).toBeGreaterThanOrEqual(1)
    expect(s.subscriptions).toBeGreaterThanOrEqual(1)
    expect(s.topics).toBeGreaterThanOrEqual(1)
    expect(s.methods.irn_subscribe).toBeGreaterThan(0)
    expect(s.delivered).toBeGreaterThan(0)
  })
})

describe('startRelay lifecycle', () => {
  it('sends ws pings to clients and closes them on stop', async () => {
    const relay = await startRelay({ pingIntervalMs: 20 })
    const c = await RawClient.connect(relay.url, 'lifecycle')
    await new Promise<void>((resolve) => c.socket.once('ping', () => resolve()))
    const closed = new Promise<void>((resolve) => c.socket.once('close', () => resolve()))
    await relay.stop()
    await closed
    await relay.stop()
    expect(relay.stats().connections).toBe(0)
  })
})

describe('startRelay client authentication', () => {
  let relay: Relay
  beforeAll(async () => {
    relay = await startRelay()
  })
  afterAll(async () => {
    await relay.stop()
  })

  it('refuses handshakes without a valid JWT with HTTP 401 and the reason', async () => {
    const now = Date.now()
    const url = (auth: string) => `${relay.url}/?auth=${auth}&projectId=p`
    const cases: [string, string, string][] = [
      ['missing', `${relay.url}/?projectId=p`, 'Auth error: Missing JWT (no auth query parameter or bearer token)'],
      ['malformed', url('not-a-jwt'), 'Auth error: Invalid JWT (expected header.payload.signature)'],
      ['expired', url(relayJwt({ iss: 'eve', aud: relay.url, nowMs: now - 2 * 86400_000 })), 'Auth error: Invalid JWT (expired)'],
      [
        'for another relay',
        url(relayJwt({ iss: 'eve', aud: 'wss://relay.walletconnect.org', nowMs: now })),
        'Auth error: Invalid JWT (aud is not this relay)',
      ],
      [
        'for another port',
        url(relayJwt({ iss: 'eve', aud: `ws://127.0.0.1:${relay.port + 1}`, nowMs: now })),
        'Auth error: Invalid JWT (aud is not this relay)',
      ],
      [
        'forged',
        url(relayJwt({ iss: 'alice', signer: 'mallory', aud: relay.url, nowMs: now })),
        'Auth error: Invalid JWT (signature does not verify with the key of iss)',
      ],
    ]
    const before = relay.stats().rejectedConnections
    for (const [name, target, body] of cases) {
      expect([name, await handshake(target)]).toEqual([name, { status: 401, body }])
    }
    expect(relay.stats().rejectedConnections).toBe(before + cases.length)
    expect(relay.stats().connections).toBe(0)
  })

  it('accepts the JWT as ?auth= or as an Authorization bearer token, for 127.0.0.1, localhost or [::1]', async () => {
    const now = Date.now()
    expect(await handshake(`${relay.url}/?auth=${relayJwt({ iss: 'alice', aud: relay.url, nowMs: now })}`)).toBe('open')
    expect(await handshake(relay.url, { authorization: `Bearer ${relayJwt({ iss: 'alice', aud: `${relay.url}/`, nowMs: now })}` })).toBe(
      'open',
    )
    const localhost = relayJwt({ iss: 'alice', aud: `ws://localhost:${relay.port}`, nowMs: now })
    expect(await handshake(`${relay.url}/?auth=${localhost}`)).toBe('open')
    const ipv6 = relayJwt({ iss: 'alice', aud: `ws://[::1]:${relay.port}`, nowMs: now })
    expect(await handshake(`${relay.url}/?auth=${ipv6}`)).toBe('open')
  })

  it("keeps a client's mailbox from a forger: the forged JWT is refused, the real client gets its message", async () => {
    const publisher = await RawClient.connect(relay.url, 'bob')
    await publisher.request('irn_publish', { topic: 'alice-inbox', message: 'for-alice', ttl: 300, tag: 1108 })
    // Mallory presents alice's did:key but can only sign with her own key.
    const forged = relayJwt({ iss: 'alice', signer: 'mallory', aud: relay.url, nowMs: Date.now() })
    expect(await handshake(`${relay.url}/?auth=${forged}`)).toEqual({
      status: 401,
      body: 'Auth error: Invalid JWT (signature does not verify with the key of iss)',
    })
    const alice = await RawClient.connect(relay.url, 'alice')
    await alice.request('irn_subscribe', { topic: 'alice-inbox' })
    await settle(alice)
    expect(alice.deliveries().map((d) => d.data.message)).toEqual(['for-alice'])
    alice.close()
    publisher.close()
  })
})

describe('startRelay caps', () => {
  const open: RawClient[] = []
  const started: Relay[] = []
  const relayWith = async (options: Parameters<typeof startRelay>[0]) => {
    const relay = await startRelay(options)
    started.push(relay)
    return relay
  }
  const client = async (relay: Relay, label: string) => {
    const c = await RawClient.connect(relay.url, label)
    open.push(c)
    return c
  }
  afterEach(async () => {
    for (const c of open.splice(0)) c.close()
    for (const r of started.splice(0)) await r.stop()
  })

  it('bounds the stored messages over all topics: past maxStoredMessages the oldest of any topic go', async () => {
    const relay = await relayWith({ maxStoredMessages: 5 })
    const pub = await client(relay, 'cap-pub')
    for (const topic of ['A', 'B', 'C']) {
      for (let i = 1; i <= 4; i++) await pub.request('irn_publish', { topic, message: `${topic}${i}`, ttl: 300, tag: 1 })
    }
    expect(relay.stats()).toMatchObject({ storedMessages: 5, evictedMessages: 7 })
    const sub = await client(relay, 'cap-sub')
    const fetched = await sub.request('irn_batchFetchMessages', { topics: ['A', 'B', 'C'] })
    expect(fetched.result.messages.map((m: { message: string }) => m.message)).toEqual(['B4', 'C1', 'C2', 'C3', 'C4'])
  })

  it('bounds the stored bytes over all topics (maxStoredBytes)', async () => {
    const relay = await relayWith({ maxStoredBytes: 1000 })
    const pub = await client(relay, 'bytes-pub')
    // Each message stores 1 (topic) + 300 (message) bytes: three fit in 1000, the fourth evicts the first.
    for (let i = 0; i < 4; i++) await pub.request('irn_publish', { topic: `${i}`, message: `${i}`.repeat(300), ttl: 300, tag: 1 })
    expect(relay.stats()).toMatchObject({ storedMessages: 3, storedBytes: 903, evictedMessages: 1 })
    const sub = await client(relay, 'bytes-sub')
    const fetched = await sub.request('irn_batchFetchMessages', { topics: ['0', '1', '2', '3'] })
    expect(fetched.result.messages.map((m: { topic: string }) => m.topic)).toEqual(['1', '2', '3'])
  })

  it('bounds the subscriptions of one socket (maxSubscriptionsPerSocket), explicit and implicit', async () => {
    const relay = await relayWith({ maxSubscriptionsPerSocket: 3 })
    const c = await client(relay, 'subs')
    const limit = { code: -32000, message: 'Request handler error: Subscriber limit exceeded', data: 'SubscriberLimitExceeded' }
    const t1 = (await c.request('irn_subscribe', { topic: 't1' })).result
    expect((await c.request('irn_batchSubscribe', { topics: ['t2', 't3'] })).result).toHaveLength(2)
    expect((await c.request('irn_subscribe', { topic: 't4' })).error).toEqual(limit)
    // Topics it already has do not count again; a batch that would pass the cap is refused whole.
    expect((await c.request('irn_subscribe', { topic: 't1' })).result).toBe(t1)
    expect((await c.request('irn_batchSubscribe', { topics: ['t1', 't5'] })).error).toEqual(limit)
    expect((await c.request('wc_proposeSession', { pairingTopic: 'p1', sessionProposal: 'x', ttl: 300 })).error).toEqual(limit)
    expect(
      (
        await c.request('wc_approveSession', {
          pairingTopic: 't1',
          sessionTopic: 's1',
          sessionProposalResponse: 'r',
          sessionSettlementRequest: 's',
        })
      ).error,
    ).toEqual(limit)
    expect(relay.stats()).toMatchObject({ subscriptions: 3, topics: 3, storedMessages: 0 })
    // Another socket has its own budget; unsubscribing frees a slot.
    const other = await client(relay, 'subs-other')
    expect((await other.request('irn_subscribe', { topic: 't4' })).result).toMatch(/^[0-9a-f]{64}$/)
    await c.request('irn_unsubscribe', { id: t1, topic: 't1' })
    expect((await c.request('irn_subscribe', { topic: 't4' })).result).toMatch(/^[0-9a-f]{64}$/)
  })

  it('disconnects a reader that stops reading once its queue passes maxBufferedBytesPerSocket; memory stays flat', async () => {
    const cap = 256 * 1024
    const relay = await relayWith({ maxBufferedBytesPerSocket: cap, maxStoredMessages: 20 })
    const slow = await client(relay, 'slow')
    const fast = await client(relay, 'fast')
    const pub = await client(relay, 'firehose')
    await slow.request('irn_subscribe', { topic: 'firehose' })
    await fast.request('irn_subscribe', { topic: 'firehose' })
    const slowClosed = new Promise<void>((resolve) => slow.socket.once('close', () => resolve()))
    slow.tcp.pause()
    // 32 KiB messages; the kernel's loopback buffers take a few MiB before the relay has to queue.
    const body = 'x'.repeat(32 * 1024)
    let sent = 0
    let maxBuffered = 0
    while (relay.stats().droppedSlowClients === 0 && sent < 1000) {
      await pub.request('irn_publish', { topic: 'firehose', message: `${sent}:${body}`, ttl: 300, tag: 1 })
      sent++
      maxBuffered = Math.max(maxBuffered, relay.stats().bufferedBytes)
    }
    expect(relay.stats().droppedSlowClients).toBe(1)
    expect(sent).toBeLessThan(1000)
    // Never more queued than the cap (a frame that would pass it is not queued: the socket is dropped).
    expect(maxBuffered).toBeLessThanOrEqual(cap)
    await until(() => relay.stats().connections === 2)
    expect(relay.stats()).toMatchObject({ connections: 2, subscriptions: 1 })
    // Publishing goes on without the dropped reader: nothing piles up, the store stays within its cap.
    for (let i = 0; i < 50; i++) await pub.request('irn_publish', { topic: 'firehose', message: `after-${i}:${body}`, ttl: 300, tag: 1 })
    const after = relay.stats()
    expect(after.droppedSlowClients).toBe(1)
    expect(after.storedMessages).toBe(20)
    expect(after.storedBytes).toBeLessThanOrEqual(20 * ('firehose'.length + 'after-49:'.length + body.length))
    // The healthy reader got everything, in order.
    await fast.waitFor((f) => f.method === 'irn_subscription' && f.params.data.message.startsWith('after-49:'))
    expect(fast.deliveries()).toHaveLength(sent + 50)
    expect(relay.stats().droppedSlowClients).toBe(1)
    slow.tcp.resume()
    await slowClosed
  }, 60_000)
})
