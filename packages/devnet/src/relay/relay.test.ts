import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type Relay, startRelay } from './relay.ts'

interface Frame {
  id?: number | string | null
  jsonrpc?: string
  method?: string
  params?: any
  result?: any
  error?: { code: number; message: string }
}

/** A raw relay client: sends JSON-RPC, records every frame it receives. */
class RawClient {
  readonly frames: Frame[] = []
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = []
  private nextId = 1000
  private constructor(readonly socket: WebSocket) {
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

  static async connect(url: string, iss?: string): Promise<RawClient> {
    const claims = Buffer.from(JSON.stringify({ iss, aud: url })).toString('base64url')
    const auth = iss ? `?auth=e30.${claims}.sig&projectId=p&ua=test` : ''
    const socket = new WebSocket(`${url}/${auth}`)
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    return new RawClient(socket)
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

/** A round trip through the relay: once it answers, every earlier frame has been processed. */
const settle = (c: RawClient) => c.request('irn_batchFetchMessages', { topics: [] })

describe('startRelay (raw protocol)', () => {
  let relay: Relay
  let clock = 1_000_000
  const open: RawClient[] = []
  const client = async (iss?: string) => {
    const c = await RawClient.connect(relay.url, iss)
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
    const c = await client('did:key:a1')
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
    const a = await client('did:key:pub-a')
    const b = await client('did:key:pub-b')
    const c = await client('did:key:pub-c')
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
    const a = await client('did:key:store-a')
    await a.request('irn_publish', { topic: 'mailbox', message: 'm1', ttl: 60, tag: 1 })
    await a.request('irn_batchPublish', {
      messages: [
        { topic: 'mailbox', message: 'm2', ttl: 600, tag: 2 },
        { topic: 'other', message: 'o1', ttl: 600, tag: 3 },
      ],
    })
    const b = await client('did:key:store-b')
    await b.request('irn_subscribe', { topic: 'mailbox' })
    await settle(b)
    expect(b.deliveries().map((d) => [d.data.message, d.data.tag])).toEqual([
      ['m1', 1],
      ['m2', 2],
    ])
    // The same client (same JWT iss) reconnecting does not get them again.
    const b2 = await client('did:key:store-b')
    await b2.request('irn_batchSubscribe', { topics: ['mailbox'] })
    await settle(b2)
    expect(b2.deliveries()).toEqual([])
    // 61 s later m1 (ttl 60) has expired for a new client; m2 (ttl 600) has not.
    clock += 61_000
    const c = await client('did:key:store-c')
    await c.request('irn_subscribe', { topic: 'mailbox' })
    await settle(c)
    expect(c.deliveries().map((d) => d.data.message)).toEqual(['m2'])
    // irn_batchFetchMessages returns what this client has not received yet.
    const d = await client('did:key:store-d')
    const fetched = await d.request('irn_batchFetchMessages', { topics: ['mailbox', 'other'] })
    expect(fetched.result.hasMore).toBe(false)
    expect(fetched.result.messages.map((m: any) => [m.topic, m.message, m.attestation])).toEqual([
      ['mailbox', 'm2', ''],
      ['other', 'o1', ''],
    ])
    expect((await d.request('irn_batchFetchMessages', { topics: ['mailbox'] })).result.messages).toEqual([])
  })

  it('wc_proposeSession subscribes the dapp to the pairing topic and stores the proposal (tag 1100)', async () => {
    const dapp = await client('did:key:dapp')
    const res = await dapp.request('wc_proposeSession', {
      pairingTopic: 'pairing-1',
      sessionProposal: 'proposal-envelope',
      ttl: 300,
      tag: 1100,
      correlationId: 7,
    })
    expect(res.result).toBe(true)
    const wallet = await client('did:key:wallet')
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
    const c = await client()
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

  it('reports stats', async () => {
    const a = await client('did:key:stats-a')
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
    const c = await RawClient.connect(relay.url)
    await new Promise<void>((resolve) => c.socket.once('ping', () => resolve()))
    const closed = new Promise<void>((resolve) => c.socket.once('close', () => resolve()))
    await relay.stop()
    await closed
    await relay.stop()
    expect(relay.stats().connections).toBe(0)
  })
})
