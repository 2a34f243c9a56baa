// A local WalletConnect relay (v2 "irn" protocol) on `ws`, enough for @walletconnect/sign-client 2.25
// to pair, approve sessions and exchange requests without leaving 127.0.0.1.
// Protocol notes: /work/shared/notes/local-stack.md §3 (observed at a relay during real client runs).
// Like the real relay it authenticates clients (a signed did:key JWT, ./auth.ts) and bounds what a
// client can make it hold: stored messages, subscriptions per socket, bytes queued per socket.
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import { verifyRelayJwt } from './auth.ts'

export interface StartRelayOptions {
  /** TCP port on 127.0.0.1. 0 or undefined picks a free port. */
  port?: number
  /** Interval of the WS pings that keep clients from reconnecting (the client drops after 35 s of silence). @default 15000 */
  pingIntervalMs?: number
  /** Messages kept per topic for subscribers that have not received them yet; the oldest go first. @default 1000 */
  maxStoredPerTopic?: number
  /** Messages kept over all topics; past it the oldest stored message (any topic) is dropped. @default 10000 */
  maxStoredMessages?: number
  /** Bytes of stored messages over all topics (topic + message + attestation); oldest dropped first. @default 64 MiB */
  maxStoredBytes?: number
  /** Topics one socket may be subscribed to (explicit and implicit); more → JSON-RPC -32000 'Subscriber limit exceeded'. @default 1000 */
  maxSubscriptionsPerSocket?: number
  /** Bytes queued for sending on one socket (`ws.bufferedAmount`); a reader that falls further behind is disconnected. @default 16 MiB */
  maxBufferedBytesPerSocket?: number
  /** Largest frame a client may send (ws maxPayload); bigger frames close the socket with 1009. @default 4 MiB */
  maxPayloadBytes?: number
  /**
   * `aud` claims accepted besides this relay's own URL. A JWT's `aud` must name this relay:
   * `ws://` or `wss://` with host 127.0.0.1, localhost or [::1] and this relay's port, or one of these.
   */
  audiences?: string[]
  /** Clock used for publishedAt, ttl expiry and the JWT's exp/iat (tests). @default Date.now */
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
  /** Bytes of the stored messages (topic + message + attestation). */
  storedBytes: number
  /** Messages sent to subscribers as irn_subscription. */
  delivered: number
  /** Count of requests per JSON-RPC method, e.g. { irn_publish: 8, wc_proposeSession: 1 } (at most 256 names, then 'other'). */
  methods: Record<string, number>
  /** Frames that were not valid JSON-RPC requests. */
  malformed: number
  /** Connections refused at the handshake (missing, malformed, expired or forged JWT). */
  rejectedConnections: number
  /** Sockets closed because their unsent data passed maxBufferedBytesPerSocket. */
  droppedSlowClients: number
  /** Stored messages dropped by a cap before their ttl (maxStoredPerTopic, maxStoredMessages, maxStoredBytes). */
  evictedMessages: number
  /** Bytes queued for sending over all open sockets right now. */
  bufferedBytes: number
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

/** Topics (or subscriptions, or publishes) in one batch request, as on the WalletConnect relay. */
export const RELAY_MAX_BATCH_SIZE = 500

const DEFAULT_TTL_SECONDS = 300
const MAX_TTL_SECONDS = 30 * 24 * 3600
const MAX_METHOD_NAMES = 256

interface StoredMessage {
  topic: string
  message: string
  publishedAt: number
  tag: number
  attestation: string
  expiresAt: number
  bytes: number
  /** Client id of the publisher (never delivered back to it). */
  publisher: string
  /** Client ids that already received it. */
  deliveredTo: Set<string>
}

interface Client {
  socket: WebSocket
  /** The verified `iss` of the client's relay JWT (its did:key). */
  clientId: string
  /** topic → subscription id */
  subscriptions: Map<string, string>
}

type JsonRpcId = number | string | null

/** A JSON-RPC error with the WalletConnect relay's codes (and `data` tags where it has them). */
class RpcError extends Error {
  readonly code: number
  readonly data: string | undefined
  constructor(code: number, message: string, data?: string) {
    super(message)
    this.code = code
    this.data = data
  }
}

const batchTooLarge = () => new RpcError(-32600, 'Invalid payload: The batch contains too many items', 'BatchLimitExceeded')
const subscriberLimit = () => new RpcError(-32000, 'Request handler error: Subscriber limit exceeded', 'SubscriberLimitExceeded')

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
  if (v.length > RELAY_MAX_BATCH_SIZE) throw batchTooLarge()
  return v as string[]
}

function ttlSeconds(v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) return DEFAULT_TTL_SECONDS
  return Math.min(v, MAX_TTL_SECONDS)
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** The relay JWT of a handshake: `?auth=` (browsers) or `Authorization: Bearer` (the spec allows both). */
function jwtOfRequest(req: IncomingMessage): string | undefined {
  const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('auth')
  if (query) return query
  const header = req.headers.authorization
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined
}

let lastPayloadId = 0
/** Unique, increasing numeric ids for the relay's own requests (like WalletConnect's payloadId). */
function nextPayloadId(): number {
  const id = Date.now() * 1000 + Math.floor(Math.random() * 1000)
  lastPayloadId = id > lastPayloadId ? id : lastPayloadId + 1
  return lastPayloadId
}

type Handler = (client: Client, params: unknown) => { result: unknown; after?: () => void }

/**
 * Starts a WalletConnect relay on 127.0.0.1. Resolves once it listens.
 *
 * Clients must present a relay auth JWT (`?auth=` or `Authorization: Bearer`) signed by the ed25519
 * key of its `iss` did:key, not expired, for this relay (`aud`); others get HTTP 401 at the handshake.
 * Methods: irn_subscribe, irn_batchSubscribe, irn_unsubscribe, irn_batchUnsubscribe, irn_publish,
 * irn_batchPublish, irn_batchFetchMessages, wc_proposeSession, wc_approveSession. Anything else gets
 * JSON-RPC error -32601. Messages go to every other subscriber of the topic as irn_subscription
 * (with `attestation: ""` when the publisher sent none, which keeps wallets off verify.walletconnect.org),
 * are stored until their ttl ends (within the caps of the options) and are flushed to later subscribers.
 */
export async function startRelay(options: StartRelayOptions = {}): Promise<Relay> {
  const maxStoredPerTopic = options.maxStoredPerTopic ?? 1000
  const maxStoredMessages = options.maxStoredMessages ?? 10_000
  const maxStoredBytes = options.maxStoredBytes ?? 64 * 1024 * 1024
  const maxSubscriptions = options.maxSubscriptionsPerSocket ?? 1000
  const maxBuffered = options.maxBufferedBytesPerSocket ?? 16 * 1024 * 1024
  const now = options.now ?? Date.now
  const extraAudiences = new Set(options.audiences ?? [])
  const clients = new Set<Client>()
  const subscribers = new Map<string, Set<Client>>()
  const store = new Map<string, StoredMessage[]>()
  /** Every stored message, oldest first (a Set keeps insertion order), for the overall caps. */
  const storedOrder = new Set<StoredMessage>()
  let storedBytes = 0
  const methodCounts = new Map<string, number>()
  const stats = { delivered: 0, malformed: 0, rejectedConnections: 0, droppedSlowClients: 0, evictedMessages: 0 }

  /** Client id of each accepted handshake, from verifyClient to 'connection'. */
  const authenticated = new WeakMap<IncomingMessage, string>()
  let port = 0
  const acceptsAudience = (aud: string): boolean => {
    if (extraAudiences.has(aud)) return true
    try {
      const url = new URL(aud)
      return (url.protocol === 'ws:' || url.protocol === 'wss:') && LOOPBACK_HOSTS.has(url.hostname) && url.port === String(port)
    } catch {
      return false
    }
  }

  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: options.port ?? 0,
    maxPayload: options.maxPayloadBytes ?? 4 * 1024 * 1024,
    verifyClient: (info, done) => {
      const auth = verifyRelayJwt(jwtOfRequest(info.req), { now: now(), audience: acceptsAudience })
      if (auth.ok) {
        authenticated.set(info.req, auth.clientId)
        done(true)
      } else {
        stats.rejectedConnections++
        done(false, 401, `Auth error: ${auth.error} (${auth.reason})`)
      }
    },
  })
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', () => resolve())
    wss.once('error', reject)
  })
  const address = wss.address()
  port = typeof address === 'object' && address ? address.port : 0

  /** Sends one frame; a socket whose queue would pass maxBuffered is terminated instead. */
  const send = (client: Client, payload: unknown): boolean => {
    const { socket } = client
    if (socket.readyState !== WebSocket.OPEN) return false
    const text = JSON.stringify(payload)
    if (socket.bufferedAmount + Buffer.byteLength(text) > maxBuffered) {
      stats.droppedSlowClients++
      // terminate() frees the queue now; close() would wait behind it.
      socket.terminate()
      return false
    }
    socket.send(text)
    return true
  }

  const removeStored = (msg: StoredMessage, list?: StoredMessage[]): void => {
    if (!storedOrder.delete(msg)) return
    storedBytes -= msg.bytes
    const topicList = list ?? store.get(msg.topic)
    const i = topicList ? topicList.indexOf(msg) : -1
    if (topicList && i >= 0) topicList.splice(i, 1)
    if (topicList && topicList.length === 0) store.delete(msg.topic)
  }

  const pruneExpired = (topic: string): StoredMessage[] => {
    const list = store.get(topic)
    if (!list) return []
    const t = now()
    for (const m of list.filter((x) => x.expiresAt <= t)) removeStored(m, list)
    return store.get(topic) ?? []
  }

  const addStored = (msg: StoredMessage): void => {
    let list = store.get(msg.topic)
    if (!list) {
      list = []
      store.set(msg.topic, list)
    }
    list.push(msg)
    storedOrder.add(msg)
    storedBytes += msg.bytes
    while (list.length > maxStoredPerTopic) {
      const first = list[0]
      if (!first) break
      stats.evictedMessages++
      removeStored(first, list)
    }
    while (storedOrder.size > maxStoredMessages || storedBytes > maxStoredBytes) {
      const oldest = storedOrder.values().next().value
      if (!oldest) break
      stats.evictedMessages++
      removeStored(oldest)
    }
  }

  const deliver = (client: Client, msg: StoredMessage): void => {
    const subscriptionId = client.subscriptions.get(msg.topic)
    if (!subscriptionId || msg.publisher === client.clientId || msg.deliveredTo.has(client.clientId)) return
    const sent = send(client, {
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
    if (!sent) return
    msg.deliveredTo.add(client.clientId)
    stats.delivered++
  }

  /** Subscribes to every topic or to none: a batch that would pass the socket's cap is refused whole. */
  const subscribeAll = (client: Client, topics: string[]): string[] => {
    const fresh = new Set(topics.filter((t) => !client.subscriptions.has(t)))
    if (client.subscriptions.size + fresh.size > maxSubscriptions) throw subscriberLimit()
    return topics.map((topic) => {
      let id = client.subscriptions.get(topic)
      if (!id) {
        id = randomBytes(32).toString('hex')
        client.subscriptions.set(topic, id)
        let set = subscribers.get(topic)
        if (!set) {
          set = new Set()
          subscribers.set(topic, set)
        }
        set.add(client)
      }
      return id
    })
  }
  const subscribe = (client: Client, topic: string): string => {
    const [id] = subscribeAll(client, [topic])
    if (id === undefined) throw new Error('subscribeAll returned no subscription id for the topic')
    return id
  }

  // Flush after the subscribe result has been sent, so the client knows the subscription id.
  const flush = (client: Client, topic: string): void => {
    for (const msg of [...pruneExpired(topic)]) deliver(client, msg)
  }

  const unsubscribe = (client: Client, topic: string): void => {
    client.subscriptions.delete(topic)
    const set = subscribers.get(topic)
    set?.delete(client)
    if (set && set.size === 0) subscribers.delete(topic)
  }

  const publish = (publisher: Client, topic: string, message: string, ttl: number, tag: number, attestation: string): void => {
    const t = now()
    const list = pruneExpired(topic)
    // A re-published message (a client retry) is stored and delivered once.
    let msg = list.find((m) => m.message === message)
    if (!msg) {
      msg = {
        topic,
        message,
        publishedAt: t,
        tag,
        attestation,
        expiresAt: t + ttl * 1000,
        bytes: topic.length + message.length + attestation.length,
        publisher: publisher.clientId,
        deliveredTo: new Set(),
      }
      addStored(msg)
    }
    for (const client of [...(subscribers.get(topic) ?? [])]) deliver(client, msg)
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

  const needParams = (params: unknown): Record<string, unknown> => {
    if (!isRecord(params)) throw new RpcError(-32602, 'Invalid params: expected an object')
    return params
  }

  /** The relay's methods. A Map, so names such as 'toString' or '__proto__' are simply unknown. */
  const methods = new Map<string, Handler>([
    [
      'irn_subscribe',
      (client, params) => {
        const topic = requireString(needParams(params), 'topic')
        return { result: subscribe(client, topic), after: () => flush(client, topic) }
      },
    ],
    [
      'irn_batchSubscribe',
      (client, params) => {
        const topics = requireStringArray(needParams(params), 'topics')
        const ids = subscribeAll(client, topics)
        return {
          result: ids,
          after: () => {
            for (const t of topics) flush(client, t)
          },
        }
      },
    ],
    [
      'irn_unsubscribe',
      (client, params) => {
        unsubscribe(client, requireString(needParams(params), 'topic'))
        return { result: true }
      },
    ],
    [
      'irn_batchUnsubscribe',
      (client, params) => {
        const subs = needParams(params).subscriptions
        if (!Array.isArray(subs) || !subs.every((s) => isRecord(s) && typeof s.topic === 'string')) {
          throw new RpcError(-32602, 'Invalid params: subscriptions must be an array of { id, topic }')
        }
        if (subs.length > RELAY_MAX_BATCH_SIZE) throw batchTooLarge()
        for (const s of subs as { topic: string }[]) unsubscribe(client, s.topic)
        return { result: true }
      },
    ],
    ['irn_publish', (client, params) => ({ result: true, after: publishParams(client, params) })],
    [
      'irn_batchPublish',
      (client, params) => {
        const messages = needParams(params).messages
        if (!Array.isArray(messages)) throw new RpcError(-32602, 'Invalid params: messages must be an array')
        if (messages.length > RELAY_MAX_BATCH_SIZE) throw batchTooLarge()
        const jobs = messages.map((m) => publishParams(client, m))
        return {
          result: true,
          after: () => {
            for (const job of jobs) job()
          },
        }
      },
    ],
    [
      'irn_batchFetchMessages',
      (client, params) => {
        const topics = requireStringArray(needParams(params), 'topics')
        const messages: { topic: string; message: string; publishedAt: number; tag: number; attestation: string }[] = []
        for (const topic of topics) {
          for (const m of pruneExpired(topic)) {
            if (m.publisher === client.clientId || m.deliveredTo.has(client.clientId)) continue
            m.deliveredTo.add(client.clientId)
            messages.push({ topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag, attestation: m.attestation })
          }
        }
        return { result: { messages, hasMore: false } }
      },
    ],
    [
      'wc_proposeSession',
      (client, params) => {
        const q = needParams(params)
        const pairingTopic = requireString(q, 'pairingTopic')
        const sessionProposal = requireString(q, 'sessionProposal')
        const tag = typeof q.tag === 'number' ? q.tag : RELAY_TAGS.sessionProposeRequest
        const attestation = typeof q.attestation === 'string' ? q.attestation : ''
        const ttl = ttlSeconds(q.ttl)
        // The dapp never subscribes to its pairing topic itself: the relay does it for it.
        subscribe(client, pairingTopic)
        return { result: true, after: () => publish(client, pairingTopic, sessionProposal, ttl, tag, attestation) }
      },
    ],
    [
      'wc_approveSession',
      (client, params) => {
        const q = needParams(params)
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
      },
    ],
  ])

  const countMethod = (method: string): void => {
    const key = methodCounts.has(method) || methodCounts.size < MAX_METHOD_NAMES ? method : 'other'
    methodCounts.set(key, (methodCounts.get(key) ?? 0) + 1)
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
    countMethod(method)
    try {
      const handler = methods.get(method)
      if (!handler) throw new RpcError(-32601, `Method not found: ${method}`)
      const { result, after } = handler(client, frame.params)
      if (send(client, { id, jsonrpc: '2.0', result })) after?.()
    } catch (e) {
      const code = e instanceof RpcError ? e.code : -32603
      const message = e instanceof Error ? e.message : 'Internal error'
      if (!(e instanceof RpcError)) stats.malformed++
      const data = e instanceof RpcError && e.data !== undefined ? { data: e.data } : {}
      send(client, { id, jsonrpc: '2.0', error: { code, message, ...data } })
    }
  }

  wss.on('connection', (socket, req) => {
    const clientId = authenticated.get(req)
    if (!clientId) {
      socket.terminate()
      return
    }
    const client: Client = { socket, clientId, subscriptions: new Map() }
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
      let bufferedBytes = 0
      for (const c of clients) {
        subscriptions += c.subscriptions.size
        bufferedBytes += c.socket.bufferedAmount
      }
      for (const topic of [...store.keys()]) pruneExpired(topic)
      return {
        connections: clients.size,
        topics: subscribers.size,
        subscriptions,
        storedMessages: storedOrder.size,
        storedBytes,
        delivered: stats.delivered,
        methods: Object.fromEntries(methodCounts),
        malformed: stats.malformed,
        rejectedConnections: stats.rejectedConnections,
        droppedSlowClients: stats.droppedSlowClients,
        evictedMessages: stats.evictedMessages,
        bufferedBytes,
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
