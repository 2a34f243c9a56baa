// The Solana devnet's transport: JSON-RPC over HTTP POST (single and batch requests, agave's limits
// on body size and content type, CORS for loopback and allowed origins) and the websocket's
// subscriptions (signature and slot notifications, as agave's pubsub), on one port of 127.0.0.1.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { WebSocket, WebSocketServer } from 'ws'
import { z } from 'zod'
import { stringifyJson } from './encoding.ts'
import type { Ledger, TxRecord } from './ledger.ts'
import { isRecord, none, type RpcMethods } from './methods.ts'
import { invalidParams, parseParams, RpcError, signature as signatureText, u64 } from './params.ts'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** http(s) on a loopback host, any port. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname) && url.origin === origin
  } catch {
    return false
  }
}

export interface TransportOptions {
  /** TCP port on 127.0.0.1 for HTTP and websocket. 0 or undefined picks a free port. */
  port?: number
  /** Browser origins allowed besides loopback ones (CORS, websocket handshakes). */
  allowedOrigins?: string[]
  /** Largest HTTP body and websocket frame, in bytes. @default 51200 */
  maxRequestBytes?: number
  /** Active websocket subscriptions over all sockets. @default 10000 */
  maxSubscriptions?: number
  /** Bytes queued on one websocket before the slow reader is disconnected. @default 16 MiB */
  maxBufferedBytesPerSocket?: number
}

/** Serves `rpc` over HTTP and `ledger`'s notifications over websocket; resolves once listening. */
export async function startTransport(
  ledger: Ledger,
  rpc: RpcMethods,
  options: TransportOptions = {},
): Promise<{ port: number; stop(): Promise<void> }> {
  const { records } = ledger
  const { call, countMethod, errorOut } = rpc
  // ---- websocket subscriptions -------------------------------------------------------------
  const maxSubscriptions = options.maxSubscriptions ?? 10_000
  const maxBuffered = options.maxBufferedBytesPerSocket ?? 16 * 1024 * 1024
  interface Subscription {
    id: number
    socket: WebSocket
    kind: 'signature' | 'slot'
    signature?: string
  }
  /** Active subscriptions by id; a signature subscription ends with its one notification, as on agave. */
  const subscriptions = new Map<number, Subscription>()
  /** Ids of the signature subscriptions waiting for each signature. */
  const bySignature = new Map<string, Set<number>>()
  /** Every id handed to a socket, with its kind (an auto-ended signature subscription may still be unsubscribed). */
  const issued = new WeakMap<WebSocket, Map<number, Subscription['kind']>>()
  let nextSubId = 1
  /** Sends one frame; a socket whose unsent data would pass maxBuffered is terminated instead. */
  const wsSend = (socket: WebSocket, payload: unknown) => {
    if (socket.readyState !== WebSocket.OPEN) return
    const text = stringifyJson(payload)
    if (socket.bufferedAmount + Buffer.byteLength(text) > maxBuffered) {
      socket.terminate()
      return
    }
    socket.send(text)
  }
  const notifySignature = (sub: Subscription, rec: TxRecord) =>
    wsSend(sub.socket, {
      jsonrpc: '2.0',
      method: 'signatureNotification',
      params: { result: { context: { slot: rec.slot }, value: { err: rec.err } }, subscription: sub.id },
    })
  const endSubscription = (id: number) => {
    const sub = subscriptions.get(id)
    if (!sub) return
    subscriptions.delete(id)
    if (sub.signature) {
      const ids = bySignature.get(sub.signature)
      ids?.delete(id)
      if (ids?.size === 0) bySignature.delete(sub.signature)
    }
  }

  ledger.onTransaction((rec: TxRecord) => {
    for (const id of [...(bySignature.get(rec.signature) ?? [])]) {
      const sub = subscriptions.get(id)
      endSubscription(id)
      if (sub) notifySignature(sub, rec)
    }
    for (const sub of [...subscriptions.values()]) {
      if (sub.kind !== 'slot') continue
      wsSend(sub.socket, {
        jsonrpc: '2.0',
        method: 'slotNotification',
        params: { result: { parent: rec.slot, root: rec.slot, slot: rec.slot + 1n }, subscription: sub.id },
      })
    }
  })

  // ---- HTTP ---------------------------------------------------------------------------------
  const maxRequestBytes = options.maxRequestBytes ?? 50 * 1024
  const extraOrigins = new Set(options.allowedOrigins ?? [])
  /** No Origin (a Node client) or an allowed one; browsers elsewhere get no CORS headers and 403. */
  const originAllowed = (origin: string | undefined) => origin === undefined || isLoopbackOrigin(origin) || extraOrigins.has(origin)

  const cors = (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin
    res.setHeader('vary', 'Origin')
    if (origin === undefined || !originAllowed(origin)) return
    res.setHeader('access-control-allow-origin', origin)
    res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS')
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type, solana-client')
    res.setHeader('access-control-max-age', '86400')
  }
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(stringifyJson(body))
  }

  const server = createServer((req, res) => {
    cors(req, res)
    if (!originAllowed(req.headers.origin)) {
      res.writeHead(403, { 'content-type': 'text/plain', connection: 'close' }).end('Origin not allowed')
      req.resume()
      return
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    if (req.method === 'GET') {
      res.writeHead(req.url === '/health' ? 200 : 405, { 'content-type': 'text/plain' }).end(req.url === '/health' ? 'ok' : 'Use POST')
      return
    }
    if (req.method !== 'POST') {
      res.writeHead(405).end()
      return
    }
    // Like agave's HTTP server: JSON only (which also keeps cross-site form posts off the faucet).
    const type = ((req.headers['content-type'] ?? '').split(';')[0] ?? '').trim().toLowerCase()
    if (type !== 'application/json') {
      res.writeHead(415, { 'content-type': 'text/plain', connection: 'close' })
      res.end('Supplied content type is not allowed. Content-Type: application/json is required\n')
      req.resume()
      return
    }
    const tooLarge = () => {
      json(res, 413, { jsonrpc: '2.0', id: null, error: { code: -32600, message: `Request body too large; max ${maxRequestBytes} bytes` } })
    }
    if (Number(req.headers['content-length'] ?? 0) > maxRequestBytes) {
      res.setHeader('connection', 'close')
      tooLarge()
      req.resume()
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let refused = false
    req.on('data', (c: Buffer) => {
      size += c.length
      if (refused) {
        // Read on (and drop) so the client can read the 413; a sender that never stops is cut off.
        if (size > 16 * maxRequestBytes) req.destroy()
        return
      }
      if (size > maxRequestBytes) {
        refused = true
        chunks.length = 0
        res.setHeader('connection', 'close')
        tooLarge()
        return
      }
      chunks.push(c)
    })
    req.on('end', () => {
      if (refused) return
      void (async () => {
        let body: unknown
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        } catch {
          json(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
          return
        }
        let out: unknown
        if (Array.isArray(body)) {
          if (body.length === 0) out = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } }
          else {
            const list: unknown[] = []
            for (const r of body) {
              list.push(await call(r))
              // Let other requests in between the entries of a batch.
              await new Promise<void>((resolve) => setImmediate(resolve))
            }
            out = list
          }
        } else out = await call(body)
        json(res, 200, out)
      })().catch(() => {
        if (!res.headersSent) json(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error' } })
      })
    })
  })

  // ---- websocket ------------------------------------------------------------------------------
  const subscriptionRefused = () => new RpcError(-32603, 'Internal Error: Subscription refused. Node subscription limit reached')
  const invalidSubscription = () => new RpcError(-32602, 'Invalid subscription id.')
  type WsHandler = (socket: WebSocket, params: unknown[]) => unknown
  const issue = (socket: WebSocket, kind: Subscription['kind'], signature?: string): Subscription => {
    if (subscriptions.size >= maxSubscriptions) throw subscriptionRefused()
    const sub: Subscription = { id: nextSubId++, socket, kind, ...(signature ? { signature } : {}) }
    let mine = issued.get(socket)
    if (!mine) {
      mine = new Map()
      issued.set(socket, mine)
    }
    mine.set(sub.id, kind)
    return sub
  }
  const unsubscribe =
    (kind: Subscription['kind']): WsHandler =>
    (socket, params) => {
      const [id] = parseParams(z.tuple([u64]), params)
      if (issued.get(socket)?.get(id) !== kind) throw invalidSubscription()
      issued.get(socket)?.delete(id)
      endSubscription(id)
      return true
    }
  /** The websocket methods (agave's pubsub has only subscriptions); anything else is -32601. */
  const wsMethods = new Map<string, WsHandler>([
    [
      'signatureSubscribe',
      (socket, params) => {
        const [sig] = parseParams(
          z.tuple([
            signatureText,
            z.object({ commitment: z.string().optional(), enableReceivedNotification: z.boolean().optional() }).nullish(),
          ]),
          params,
        )
        const sub = issue(socket, 'signature', sig)
        const rec = records.get(sig)
        if (rec) {
          // Already landed: notified at once (after the subscribe answer) and ended, as on agave.
          return { result: sub.id, after: () => notifySignature(sub, rec) }
        }
        subscriptions.set(sub.id, sub)
        let ids = bySignature.get(sig)
        if (!ids) {
          ids = new Set()
          bySignature.set(sig, ids)
        }
        ids.add(sub.id)
        return { result: sub.id }
      },
    ],
    ['signatureUnsubscribe', unsubscribe('signature')],
    [
      'slotSubscribe',
      (socket, params) => {
        parseParams(none, params)
        const sub = issue(socket, 'slot')
        subscriptions.set(sub.id, sub)
        return { result: sub.id }
      },
    ],
    ['slotUnsubscribe', unsubscribe('slot')],
  ])

  const wss = new WebSocketServer({
    server,
    maxPayload: maxRequestBytes,
    verifyClient: (info, done) => (originAllowed(info.req.headers.origin) ? done(true) : done(false, 403, 'Origin not allowed')),
  })
  wss.on('error', () => {})
  wss.on('connection', (socket) => {
    socket.on('error', () => {})
    socket.on('close', () => {
      for (const [id, sub] of [...subscriptions]) if (sub.socket === socket) endSubscription(id)
    })
    socket.on('message', (data) => {
      let req: unknown
      try {
        req = JSON.parse(data.toString())
      } catch {
        wsSend(socket, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
        return
      }
      if (!isRecord(req) || typeof req.method !== 'string') {
        wsSend(socket, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } })
        return
      }
      const id = typeof req.id === 'number' || typeof req.id === 'string' ? req.id : null
      if (id === null) return // notifications (e.g. kit's keep-alive pings) get no answer
      countMethod(req.method)
      try {
        const run = wsMethods.get(req.method)
        if (!run) throw new RpcError(-32601, 'Method not found')
        if (req.params !== undefined && !Array.isArray(req.params)) throw invalidParams('params must be an array')
        const out = run(socket, req.params ?? []) as { result: unknown; after?: () => void } | boolean
        if (typeof out === 'boolean') wsSend(socket, { jsonrpc: '2.0', id, result: out })
        else {
          wsSend(socket, { jsonrpc: '2.0', id, result: out.result })
          out.after?.()
        }
      } catch (e) {
        wsSend(socket, errorOut(id, e))
      }
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const addr = server.address()
  const port = typeof addr === 'object' && addr ? addr.port : 0

  let stopped: Promise<void> | undefined
  return {
    port,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate()
        wss.close()
        server.closeAllConnections()
        server.close(() => resolve())
      })
      return stopped
    },
  }
}
