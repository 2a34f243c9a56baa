// A local WalletConnect relay (v2 "irn" protocol) on `ws`, enough for @walletconnect/sign-client 2.25
// to pair, approve sessions and exchange requests without leaving 127.0.0.1.
// Protocol notes: /work/shared/notes/local-stack.md §3 (observed at a relay during real client runs).
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { type RawData, WebSocket, WebSocketServer } from 'ws'

export interface StartRelayOptions {
  /** TCP port on 127.0.0.1. 0 or undefined picks a free port. */
  port?: number
  /** Interval of the WS pings that keep clients from reconnecting (the client drops after 35 s of silence). @default 15000 */
  pingIntervalMs?: number
  /** Messages kept per topic for subscribers that have not received them yet. @default 1000 */
  maxStoredPerTopic?: number
  /** Clock used for publishedAt and ttl expiry (tests). @default Date.now */
  now?: () => number
}

export interface RelayStats {
  /** Open client sockets. */
  connections: number
  /** Topics with at least one subscriber. */
  topics: number
  /** (socket, topic) subscriptions, explicit and implicit. */
  subscriptions: number
  /** Messages still stored (not expired). */
  storedMessages: number
  /** Messages sent to subscribers as irn_subscription. */
  delivered: number
  /** Count of requests per JSON-RPC method, e.g. { irn_publish: 8, wc_proposeSession: 1 }. */
  methods: Record<string, number>
  /** Frames that were not valid JSON-RPC requests. */
  malformed: number
}

export interface Relay {
  /** `ws://127.0.0.1:<port>` — pass as `relayUrl` to SignClient.init. */
  url: string
  port: number
  stats(): RelayStats
  /** Closes every client socket and the server. Safe to call more than once. */
  stop(): Promise<void>
}

/** Tags of the messages the relay itself publishes for the session methods (WalletConnect's values). */
export const RELAY_TAGS = {
  sessionProposeRequest: 1100,
  sessionProposeResponse: 1101,
  sessionSettleRequest: 1102,
} as const

const DEFAULT_TTL_SECONDS = 300
const MAX_TTL_SECONDS = 30 * 24 * 3600

interface StoredMessage {
  topic: string
  message: string
  publishedAt: number
  tag: number
  attestation: string
  expiresAt: number
  /** Client id of the publisher (never delivered back to it). */
  publisher: string
  /** Client ids that already received it. */
  deliveredTo: Set<string>
}

interface Client {
  socket: WebSocket
  /** The `iss` of the client's relay JWT (its did:key), or a random id when absent/unreadable. */
  clientId: string
  /** topic → subscription id */
  subscriptions: Map<string, string>
}

type JsonRpcId = number | string | null

class RpcError extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function requireString(params: Record<string, unknown>, key: string): string {
  const v = params[key]
  if (typeof v !== 'string' || v.length === 0) throw new RpcError(-32602, `Invalid params: ${key} must be a non-empty string`)
  return v
}

function requireStringArray(params: Record<string, unknown>, key: string): string[] {
  const v = params[key]
  if (!Array.isArray(v) || !v.every((t) => typeof t === 'string' && t.length > 0)) {
    throw new RpcError(-32602, `Invalid params: ${key} must be an array of non-empty strings`)
  }
  return v as string[]
}

function ttlSeconds(v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) return DEFAULT_TTL_SECONDS
  return Math.min(v, MAX_TTL_SECONDS)
}

/** Reads the `iss` claim of the client's relay auth JWT without validating it (a local relay trusts loopback). */
function clientIdFromRequest(req: IncomingMessage): string {
  try {
    const auth = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('auth')
    const payload = auth?.split('.')[1]
    if (payload) {
      const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
      if (isRecord(claims) && typeof claims.iss === 'string' && claims.iss) return claims.iss
    }
  } catch {
    // fall through to a random id
  }
  return `anonymous:${randomBytes(16).toString('hex')}`
}

let lastPayloadId = 0
/** Unique, increasing numeric ids for the relay's own requests (like WalletConnect's payloadId). */
function nextPayloadId(): number {
  const id = Date.now() * 1000 + Math.floor(Math.random() * 1000)
  lastPayloadId = id > lastPayloadId ? id : lastPayloadId + 1
  return lastPayloadId
}

/**
 * Starts a WalletConnect relay on 127.0.0.1. Resolves once it listens.
 *
 * Methods: irn_subscribe, irn_batchSubscribe, irn_unsubscribe, irn_batchUnsubscribe, irn_publish,
 * irn_batchPublish, irn_batchFetchMessages, wc_proposeSession, wc_approveSession. Anything else gets
 * JSON-RPC error -32601. Messages go to every other subscriber of the topic as irn_subscription
 * (with `attestation: ""` when the publisher sent none, which keeps wallets off verify.walletconnect.org),
 * are stored until their ttl ends and are flushed to later subscribers.
 */
export async function startRelay(options: StartRelayOptions = {}): Promise<Relay> {
  const maxStored = options.maxStoredPerTopic ?? 1000
  const now = options.now ?? Date.now
  const clients = new Set<Client>()
  const subscribers = new Map<string, Set<Client>>()
  const store = new Map<string, StoredMessage[]>()
  const stats = { delivered: 0, malformed: 0, methods: {} as Record<string, number> }

  const wss = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0, maxPayload: 4 * 1024 * 1024 })
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', () => resolve())
    wss.once('error', reject)
  })
  const address = wss.address()
  const port = typeof address === 'object' && address ? address.port : 0

  const send = (client: Client, payload: unknown): void => {
    if (client.socket.readyState === WebSocket.OPEN) client.socket.send(JSON.stringify(payload))
  }

  const pruneExpired = (topic: string): StoredMessage[] => {
    const t = now()
    const list = (store.get(topic) ?? []).filter((m) => m.expiresAt > t)
    if (list.length) store.set(topic, list)
    else store.delete(topic)
    return list
  }

  const deliver = (client: Client, msg: StoredMessage): void => {
    const subscriptionId = client.subscriptions.get(msg.topic)
    if (!subscriptionId || msg.publisher === client.clientId || msg.deliveredTo.has(client.clientId)) return
    if (client.socket.readyState !== WebSocket.OPEN) return
    msg.deliveredTo.add(client.clientId)
    stats.delivered++
    send(client, {
      id: nextPayloadId(),
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId,
        data: {
          topic: msg.topic,
          message: msg.message,
          publishedAt: msg.publishedAt,
          tag: msg.tag,
          attestation: msg.attestation,
        },
      },
    })
  }

  const subscribe = (client: Client, topic: string): string => {
    let id = client.subscriptions.get(topic)
    if (!id) {
      id = randomBytes(32).toString('hex')
      client.subscriptions.set(topic, id)
      let set = subscribers.get(topic)
      if (!set) subscribers.set(topic, (set = new Set()))
      set.add(client)
    }
    return id
  }

  // Flush after the subscribe result has been sent, so the client knows the subscription id.
  const flush = (client: Client, topic: string): void => {
    for (const msg of pruneExpired(topic)) deliver(client, msg)
  }

  const unsubscribe = (client: Client, topic: string): void => {
    client.subscriptions.delete(topic)
    const set = subscribers.get(topic)
    set?.delete(client)
    if (set && set.size === 0) subscribers.delete(topic)
  }

  const publish = (
    publisher: Client,
    topic: string,
    message: string,
    ttl: number,
    tag: number,
    attestation: string,
  ): void => {
    const t = now()
    const msg: StoredMessage = {
      topic,
      message,
      publishedAt: t,
      tag,
      attestation,
      expiresAt: t + ttl * 1000,
      publisher: publisher.clientId,
      deliveredTo: new Set(),
    }
    const list = pruneExpired(topic)
    // A re-published message (a client retry) is stored and delivered once.
    const stored = list.find((m) => m.message === message)
    if (!stored) {
      list.push(msg)
      while (list.length > maxStored) list.shift()
      store.set(topic, list)
    }
    for (const client of subscribers.get(topic) ?? []) deliver(client, stored ?? msg)
  }

  const publishParams = (publisher: Client, p: unknown): (() => void) => {
    if (!isRecord(p)) throw new RpcError(-32602, 'Invalid params: expected an object')
    const topic = requireString(p, 'topic')
    const message = requireString(p, 'message')
    const tag = typeof p.tag === 'number' && Number.isInteger(p.tag) ? p.tag : 0
    const attestation = typeof p.attestation === 'string' ? p.attestation : ''
    const ttl = ttlSeconds(p.ttl)
    return () => publish(publisher, topic, message, ttl, tag, attestation)
  }

  /** Returns the result and, optionally, work to run after the result is sent. */
  const handle = (client: Client, method: string, params: unknown): { result: unknown; after?: () => void } => {
    const p = isRecord(params) ? params : undefined
    const needParams = (): Record<string, unknown> => {
      if (!p) throw new RpcError(-32602, 'Invalid params: expected an object')
      return p
    }
    switch (method) {
      case 'irn_subscribe': {
        const topic = requireString(needParams(), 'topic')
        return { result: subscribe(client, topic), after: () => flush(client, topic) }
      }
      case 'irn_batchSubscribe': {
        const topics = requireStringArray(needParams(), 'topics')
        const ids = topics.map((t) => subscribe(client, t))
        return { result: ids, after: () => topics.forEach((t) => flush(client, t)) }
      }
      case 'irn_unsubscribe': {
        unsubscribe(client, requireString(needParams(), 'topic'))
        return { result: true }
      }
      case 'irn_batchUnsubscribe': {
        const subs = needParams().subscriptions
        if (!Array.isArray(subs) || !subs.every((s) => isRecord(s) && typeof s.topic === 'string')) {
          throw new RpcError(-32602, 'Invalid params: subscriptions must be an array of { id, topic }')
        }
        for (const s of subs as { topic: string }[]) unsubscribe(client, s.topic)
        return { result: true }
      }
      case 'irn_publish':
        return { result: true, after: publishParams(client, params) }
      case 'irn_batchPublish': {
        const messages = needParams().messages
        if (!Array.isArray(messages)) throw new RpcError(-32602, 'Invalid params: messages must be an array')
        const jobs = messages.map((m) => publishParams(client, m))
        return { result: true, after: () => jobs.forEach((j) => j()) }
      }
      case 'irn_batchFetchMessages': {
        const topics = requireStringArray(needParams(), 'topics')
        const messages: { topic: string; message: string; publishedAt: number; tag: number; attestation: string }[] = []
        for (const topic of topics) {
          for (const m of pruneExpired(topic)) {
            if (m.publisher === client.clientId || m.deliveredTo.has(client.clientId)) continue
            m.deliveredTo.add(client.clientId)
            messages.push({ topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag, attestation: m.attestation })
          }
        }
        return { result: { messages, hasMore: false } }
      }
      case 'wc_proposeSession': {
        const q = needParams()
        const pairingTopic = requireString(q, 'pairingTopic')
        const sessionProposal = requireString(q, 'sessionProposal')
        const tag = typeof q.tag === 'number' ? q.tag : RELAY_TAGS.sessionProposeRequest
        const attestation = typeof q.attestation === 'string' ? q.attestation : ''
        const ttl = ttlSeconds(q.ttl)
        // The dapp never subscribes to its pairing topic itself: the relay does it for it.
        subscribe(client, pairingTopic)
        return { result: true, after: () => publish(client, pairingTopic, sessionProposal, ttl, tag, attestation) }
      }
      case 'wc_approveSession': {
        const q = needParams()
        const pairingTopic = requireString(q, 'pairingTopic')
        const sessionTopic = requireString(q, 'sessionTopic')
        const response = requireString(q, 'sessionProposalResponse')
        const settle = requireString(q, 'sessionSettlementRequest')
        const attestation = typeof q.attestation === 'string' ? q.attestation : ''
        const ttl = ttlSeconds(q.ttl)
        subscribe(client, sessionTopic)
        return {
          result: true,
          after: () => {
            publish(client, pairingTopic, response, ttl, RELAY_TAGS.sessionProposeResponse, attestation)
            publish(client, sessionTopic, settle, ttl, RELAY_TAGS.sessionSettleRequest, attestation)
          },
        }
      }
      default:
        throw new RpcError(-32601, `Method not found: ${method}`)
    }
  }

  const onFrame = (client: Client, data: RawData): void => {
    let frame: unknown
    try {
      frame = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8'))
    } catch {
      stats.malformed++
      send(client, { id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } })
      return
    }
    if (!isRecord(frame)) {
      stats.malformed++
      send(client, { id: null, jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } })
      return
    }
    const rawId = frame.id
    const id: JsonRpcId = typeof rawId === 'number' || typeof rawId === 'string' ? rawId : null
    if (typeof frame.method !== 'string') {
      // Acknowledgements of our irn_subscription requests ({ id, result }) need no answer.
      if ('result' in frame || 'error' in frame) return
      stats.malformed++
      send(client, { id, jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } })
      return
    }
    const method = frame.method
    stats.methods[method] = (stats.methods[method] ?? 0) + 1
    try {
      const { result, after } = handle(client, method, frame.params)
      send(client, { id, jsonrpc: '2.0', result })
      after?.()
    } catch (e) {
      const code = e instanceof RpcError ? e.code : -32603
      const message = e instanceof Error ? e.message : 'Internal error'
      if (!(e instanceof RpcError)) stats.malformed++
      send(client, { id, jsonrpc: '2.0', error: { code, message } })
    }
  }

  wss.on('connection', (socket, req) => {
    const client: Client = { socket, clientId: clientIdFromRequest(req), subscriptions: new Map() }
    clients.add(client)
    socket.on('message', (data) => {
      try {
        onFrame(client, data)
      } catch {
        stats.malformed++
      }
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      clients.delete(client)
      for (const topic of [...client.subscriptions.keys()]) unsubscribe(client, topic)
    })
  })
  wss.on('error', () => {})

  const pingTimer = setInterval(() => {
    for (const c of clients) {
      if (c.socket.readyState === WebSocket.OPEN) c.socket.ping()
    }
  }, options.pingIntervalMs ?? 15_000)
  pingTimer.unref()

  let stopped: Promise<void> | undefined
  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    stats: () => {
      let subscriptions = 0
      for (const c of clients) subscriptions += c.subscriptions.size
      let storedMessages = 0
      for (const topic of [...store.keys()]) storedMessages += pruneExpired(topic).length
      return {
        connections: clients.size,
        topics: subscribers.size,
        subscriptions,
        storedMessages,
        delivered: stats.delivered,
        methods: { ...stats.methods },
        malformed: stats.malformed,
      }
    },
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        clearInterval(pingTimer)
        for (const c of clients) c.socket.terminate()
        wss.close(() => resolve())
      })
      return stopped
    },
  }
}
