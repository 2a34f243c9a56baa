// The exchange sandbox: stands where a centralised exchange's "pay from your exchange account" API
// would, on 127.0.0.1. The Portico API (packages/server, providers/exchange.ts) talks to its JSON API;
// the user confirms on its pay page; the exchange's hot wallet then really sends the asset on the
// local chains.
//
// JSON API (errors: { error, code } with code asset_not_supported | exchange_not_found |
// session_not_found | invalid_request | not_found):
//   GET  /api/exchanges?asset=<CAIP-19>&amount=<decimal>&page=<n>  → 200 { exchanges: [{ id, name, imageUrl }], total }
//   POST /api/sessions { exchangeId, asset, amount, recipient }     → 201 { sessionId, url }
//   GET  /api/sessions/<sessionId>?exchangeId=<id>                  → 200 { sessionId, exchangeId, status, txHash, state, reason, … }
// Pages:
//   GET  /                      the exchanges, their hot wallets and the recent sessions
//   GET  /pay/<sessionId>       the pay page (Confirm / Cancel)
//   POST /pay/<sessionId>/confirm | /cancel | /closed (beacon)   GET /pay/<sessionId>/events (the page's event stream)
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { z } from 'zod'
import { DEVNET_MNEMONIC } from '../constants.ts'
import { DEVNET_DEPLOYER_INDEX } from '../devnet.ts'
import { escapeHtml } from '../mail/page.ts'
import { SOLANA_AUTHORITY_INDEX } from '../solana/rpc.ts'
import {
  assetNetwork,
  findAsset,
  formatUnits,
  parseAmount,
  recipientAddress,
  sandboxAssets,
  type SandboxAsset,
  type SandboxEvmChain,
  type SandboxSolanaChain,
} from './assets.ts'
import { createHotWallet, type HotWallet, type HotWalletFunding, InsufficientBalanceError } from './hot-wallet.ts'
import { logoDataUri, PAGE_HEADERS, page, PAY_SCRIPT, payPage, statusText } from './page.ts'

export interface SandboxExchange {
  /** [A-Za-z0-9._-]{1,64} */
  id: string
  name: string
  /** A data: URI (or a URL on this machine). @default a letter logo */
  imageUrl?: string
  /**
   * The hot wallet's index in the devnet mnemonic: EVM m/44'/60'/0'/0/<index>, Solana
   * m/44'/501'/<index>'/0'. Give each exchange its own, used by nothing else.
   */
  hotWalletIndex: number
  /** What the hot wallet is topped up to at startup. @default DEFAULT_HOT_WALLET_FUNDING */
  funding?: Partial<HotWalletFunding>
}

/** Address indexes of the default exchanges' hot wallets (and of the low-balance one tests add). */
export const EXCHANGE_HOT_WALLET_INDEXES = { harbor: 70, lantern: 71, lowBalance: 72 } as const

export const DEFAULT_HOT_WALLET_FUNDING: HotWalletFunding = { eth: '100', usdc: '100000', sol: '100', solanaUsdc: '100000' }

/** The two exchanges of the local stack (SPEC shows 2). */
export const DEFAULT_SANDBOX_EXCHANGES: readonly SandboxExchange[] = [
  { id: 'harbor', name: 'Harbor Exchange', imageUrl: logoDataUri('H', '#1b5cff'), hotWalletIndex: EXCHANGE_HOT_WALLET_INDEXES.harbor },
  { id: 'lantern', name: 'Lantern Exchange', imageUrl: logoDataUri('L', '#e8730c'), hotWalletIndex: EXCHANGE_HOT_WALLET_INDEXES.lantern },
]

/**
 * An exchange whose hot wallet holds almost nothing (0.001 ETH, 1 USDC, 0.01 SOL, 1 USDC on Solana):
 * a payment above that ends FAILED ('insufficient balance').
 */
export function lowBalanceExchange(overrides: Partial<SandboxExchange> = {}): SandboxExchange {
  return {
    id: 'empty-vault',
    name: 'Empty Vault Exchange',
    imageUrl: logoDataUri('E', '#7a7a7a'),
    hotWalletIndex: EXCHANGE_HOT_WALLET_INDEXES.lowBalance,
    funding: { eth: '0.001', usdc: '1', sol: '0.01', solanaUsdc: '1' },
    ...overrides,
  }
}

export interface StartExchangeSandboxOptions {
  /** @default 0 (a free port) */
  port?: number
  /** Only 127.0.0.1. */
  host?: string
  /** @default DEVNET_MNEMONIC */
  mnemonic?: string
  /** The local EVM chains (anvil) the exchanges send ETH and USDC on. */
  evm?: readonly SandboxEvmChain[]
  /** The local Solana chain the exchanges send SOL and USDC on. */
  solana?: SandboxSolanaChain
  /** @default DEFAULT_SANDBOX_EXCHANGES */
  exchanges?: readonly SandboxExchange[]
  /** The owner of the EVM USDC contracts (unlocked on anvil). @default devnet deployer (index 9) */
  evmMinter?: Address
  /** The Solana USDC mint authority's dev-account index. @default SOLANA_AUTHORITY_INDEX (9) */
  solanaMintAuthorityIndex?: number
  /**
   * Top the hot wallets up at startup. Off: the sandbox starts without touching the chains (its
   * API and pages work; payments need wallets funded some other way). @default true
   */
  fundHotWallets?: boolean
  /** An unconfirmed session fails after this long. @default 30 min */
  sessionTtlMs?: number
  now?: () => number
}

/** Where a session stands. `status` is what the exchange API reports for it. */
export type SandboxSessionState = 'awaiting' | 'sending' | 'success' | 'failed'
export type SandboxBuyStatus = 'IN_PROGRESS' | 'SUCCESS' | 'FAILED'

export interface SandboxSession {
  sessionId: string
  exchangeId: string
  asset: string
  symbol: string
  /** Whole units, as sent. */
  amount: string
  recipient: string
  state: SandboxSessionState
  status: SandboxBuyStatus
  /** Why it failed: 'cancelled by the user', 'the pay page was closed', 'insufficient balance', 'expired', or the chain's error. */
  reason: string | null
  txHash: string | null
  createdAt: number
}

export interface ExchangeSandbox {
  /** http://127.0.0.1:<port> */
  url: string
  port: number
  exchanges: readonly { id: string; name: string; imageUrl: string; evmAddress: Address; solanaAddress: string }[]
  /** The CAIP-19 ids the exchanges send. */
  assets: readonly string[]
  /** The pay page of a session. */
  payUrl(sessionId: string): string
  session(sessionId: string): SandboxSession | undefined
  /** What the pay page's Confirm does: send, and resolve with the session once it ends. */
  confirm(sessionId: string): Promise<SandboxSession>
  /** What the pay page's Cancel does. */
  cancel(sessionId: string): SandboxSession
  /** What closing the pay page does. */
  close(sessionId: string): SandboxSession
  /** A hot wallet's balance of an asset, in base units. */
  balance(exchangeId: string, asset: string): Promise<bigint>
  stop(): Promise<void>
}

interface Session {
  id: string
  exchange: ResolvedExchange
  asset: SandboxAsset
  units: bigint
  recipient: string
  to: string
  state: SandboxSessionState
  reason: string | null
  txHash: string | null
  createdAt: number
  expiresAt: number
  /** The pay pages' event streams. */
  watchers: Set<ServerResponse>
  delivery?: Promise<void>
}

interface ResolvedExchange {
  id: string
  name: string
  imageUrl: string
  wallet: HotWallet
}

const EXCHANGE_ID = /^[A-Za-z0-9._-]{1,64}$/
const SESSION_ID = /^[A-Za-z0-9_-]{20,64}$/
const MAX_BODY = 8 * 1024
const MAX_SESSIONS = 5000
const PAGE_SIZE = 20

const createSessionSchema = z.object({
  exchangeId: z.string().regex(EXCHANGE_ID),
  asset: z.string().min(1).max(200),
  amount: z.string().min(1).max(100),
  recipient: z.string().min(1).max(200),
})

/** A path segment decoded, or '' when its escapes are malformed. */
const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return ''
  }
}

const statusOf = (state: SandboxSessionState): SandboxBuyStatus =>
  state === 'success' ? 'SUCCESS' : state === 'failed' ? 'FAILED' : 'IN_PROGRESS'

class ApiError extends Error {
  readonly status: number
  readonly code: string
  constructor(status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

/** Starts the exchange sandbox: funds each exchange's hot wallet on the given chains, then listens on 127.0.0.1. */
export async function startExchangeSandbox(options: StartExchangeSandboxOptions = {}): Promise<ExchangeSandbox> {
  const host = options.host ?? '127.0.0.1'
  if (host !== '127.0.0.1') throw new RangeError(`startExchangeSandbox: host must be 127.0.0.1, got ${String(host)}`)
  const mnemonic = options.mnemonic ?? DEVNET_MNEMONIC
  const now = options.now ?? Date.now
  const ttl = options.sessionTtlMs ?? 30 * 60_000
  const evm = options.evm ?? []
  const assets = sandboxAssets(evm, options.solana)
  /** What the pay page calls each network: its configured name, else its CAIP-2 id. */
  const networkNames = new Map<string, string>([
    ...evm.flatMap((c) => (c.name ? [[`eip155:${c.chainId}`, c.name] as [string, string]] : [])),
    ...(options.solana?.name ? [[options.solana.caipNetworkId, options.solana.name] as [string, string]] : []),
  ])
  const configured = options.exchanges ?? DEFAULT_SANDBOX_EXCHANGES
  const ids = configured.map((e) => e.id)
  if (ids.some((id) => !EXCHANGE_ID.test(id)) || new Set(ids).size !== ids.length)
    throw new Error(`Exchange ids must be unique [A-Za-z0-9._-]{1,64}: ${ids.join(', ')}`)
  const indexes = configured.map((e) => e.hotWalletIndex)
  if (new Set(indexes).size !== indexes.length) throw new Error(`Each exchange needs its own hot wallet index: ${indexes.join(', ')}`)

  const evmMinter = options.evmMinter ?? mnemonicToAccount(mnemonic, { addressIndex: DEVNET_DEPLOYER_INDEX }).address
  const exchanges: ResolvedExchange[] = []
  for (const e of configured) {
    const wallet = await createHotWallet({
      index: e.hotWalletIndex,
      mnemonic,
      evm,
      solana: options.solana,
      evmMinter,
      solanaMintAuthorityIndex: options.solanaMintAuthorityIndex ?? SOLANA_AUTHORITY_INDEX,
    })
    if (options.fundHotWallets !== false) await wallet.fund({ ...DEFAULT_HOT_WALLET_FUNDING, ...e.funding })
    exchanges.push({ id: e.id, name: e.name, imageUrl: e.imageUrl ?? logoDataUri(e.name.slice(0, 1).toUpperCase() || 'X', '#444'), wallet })
  }
  const exchangeById = new Map(exchanges.map((e) => [e.id, e]))
  const sessions = new Map<string, Session>()
  let baseUrl = ''

  const view = (s: Session): SandboxSession => ({
    sessionId: s.id,
    exchangeId: s.exchange.id,
    asset: s.asset.caip19,
    symbol: s.asset.symbol,
    amount: formatUnits(s.units, s.asset.decimals),
    recipient: s.recipient,
    state: s.state,
    status: statusOf(s.state),
    reason: s.reason,
    txHash: s.txHash,
    createdAt: s.createdAt,
  })

  const notify = (s: Session) => {
    const data = JSON.stringify({ state: s.state, text: statusText({ state: s.state, reason: s.reason ?? undefined }), txHash: s.txHash })
    for (const res of s.watchers) res.write(`data: ${data}\n\n`)
  }
  /** Ends a session as FAILED: one waiting for the user (cancel, close, expiry) or, with `sending`, one being sent. */
  const fail = (s: Session, reason: string, sending = false) => {
    if (s.state !== 'awaiting' && !(sending && s.state === 'sending')) return
    s.state = 'failed'
    s.reason = reason
    notify(s)
  }
  /** The session, its expiry applied. */
  const find = (id: string): Session | undefined => {
    const s = SESSION_ID.test(id) ? sessions.get(id) : undefined
    if (s && s.state === 'awaiting' && s.expiresAt <= now()) fail(s, 'expired')
    return s
  }
  const prune = () => {
    // Ended sessions go first, oldest first, once the table is full.
    if (sessions.size < MAX_SESSIONS) return
    for (const [id, s] of sessions) {
      if (sessions.size < MAX_SESSIONS) break
      if (s.state === 'success' || s.state === 'failed' || s.expiresAt <= now()) sessions.delete(id)
    }
  }

  function confirmSession(s: Session): Promise<void> {
    if (s.state !== 'awaiting') return s.delivery ?? Promise.resolve()
    s.state = 'sending'
    notify(s)
    s.delivery = s.exchange.wallet.send(s.asset, s.to, s.units).then(
      (hash) => {
        s.txHash = hash
        s.state = 'success'
        notify(s)
      },
      (error: unknown) => {
        fail(
          s,
          error instanceof InsufficientBalanceError
            ? 'insufficient balance'
            : `the transfer failed (${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'})`,
          true,
        )
      },
    )
    return s.delivery
  }

  function createSession(body: z.infer<typeof createSessionSchema>): Session {
    const exchange = exchangeById.get(body.exchangeId)
    if (!exchange) throw new ApiError(404, 'exchange_not_found', `Exchange ${body.exchangeId} not found`)
    const asset = findAsset(assets, body.asset)
    if (!asset) throw new ApiError(400, 'asset_not_supported', `Asset ${body.asset} is not supported`)
    const units = parseAmount(body.amount, asset.decimals)
    if (units === undefined) {
      throw new ApiError(
        400,
        'invalid_request',
        `Invalid amount ${body.amount.slice(0, 40)}: a decimal of at least ${formatUnits(1n, asset.decimals)} ${asset.symbol} is needed`,
      )
    }
    const to = recipientAddress(asset, body.recipient)
    if (to === undefined)
      throw new ApiError(400, 'invalid_request', `Invalid recipient: a CAIP-10 account on ${assetNetwork(asset)} is needed`)
    prune()
    if (sessions.size >= MAX_SESSIONS) throw new ApiError(429, 'too_many_sessions', 'Too many sessions')
    const t = now()
    const s: Session = {
      id: randomBytes(18).toString('base64url'),
      exchange,
      asset,
      units,
      recipient: body.recipient,
      to,
      state: 'awaiting',
      reason: null,
      txHash: null,
      createdAt: t,
      expiresAt: t + ttl,
      watchers: new Set(),
    }
    sessions.set(s.id, s)
    return s
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    res.end(JSON.stringify(body))
  }
  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, PAGE_HEADERS)
    res.end(body)
  }
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let size = 0
      const parts: Buffer[] = []
      req.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_BODY) {
          reject(new ApiError(413, 'invalid_request', 'The body is too large'))
          req.resume()
        } else parts.push(chunk)
      })
      req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')))
      req.on('error', reject)
    })

  async function renderPay(s: Session): Promise<string> {
    let balance: string | undefined
    try {
      balance = formatUnits(await s.exchange.wallet.balance(s.asset), s.asset.decimals)
    } catch {
      balance = undefined
    }
    return payPage({
      sessionId: s.id,
      exchange: { name: s.exchange.name, imageUrl: s.exchange.imageUrl, user: `dev@${s.exchange.id}.exchange.test` },
      symbol: s.asset.symbol,
      amount: formatUnits(s.units, s.asset.decimals),
      network: networkNames.get(assetNetwork(s.asset)) ?? assetNetwork(s.asset),
      recipient: s.to,
      balance,
      state: s.state,
      ...(s.reason ? { reason: s.reason } : {}),
      ...(s.txHash ? { txHash: s.txHash } : {}),
    })
  }

  function indexPage(): string {
    const list = exchanges
      .map(
        (e) =>
          `<li style="margin:8px 0"><img src="${escapeHtml(e.imageUrl)}" alt="" width="20" height="20" style="vertical-align:middle"> <strong>${escapeHtml(e.name)}</strong> (${escapeHtml(e.id)})` +
          `<br><small>hot wallet #${e.wallet.index}: ${escapeHtml(e.wallet.evmAddress)} · ${escapeHtml(e.wallet.solanaAddress)}</small></li>`,
      )
      .join('')
    const recent = [...sessions.values()]
      .slice(-20)
      .reverse()
      .map(
        (s) =>
          `<li><a href="/pay/${encodeURIComponent(s.id)}">${escapeHtml(s.exchange.name)} · ${escapeHtml(formatUnits(s.units, s.asset.decimals))} ${escapeHtml(s.asset.symbol)}</a> · ${statusOf(s.state)}</li>`,
      )
      .join('')
    return page(
      'Exchange sandbox',
      `<h1 style="font-size:20px">Exchange sandbox</h1><ul style="padding-left:18px">${list}</ul>` +
        `<h2 style="font-size:16px">Assets</h2><ul style="padding-left:18px">${[...assets.values()].map((a) => `<li>${escapeHtml(a.symbol)} · ${escapeHtml(a.caip19)}</li>`).join('')}</ul>` +
        `<h2 style="font-size:16px">Recent payments</h2>${recent ? `<ul style="padding-left:18px">${recent}</ul>` : '<p>None yet.</p>'}`,
    )
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const path = url.pathname
    if (req.method === 'GET' && path === '/api/exchanges') {
      const asset = url.searchParams.get('asset') ?? ''
      const amount = url.searchParams.get('amount') ?? ''
      const pageText = url.searchParams.get('page') ?? '0'
      if (!/^\d{1,6}$/.test(pageText)) throw new ApiError(400, 'invalid_request', 'page must be an integer from 0')
      const found = findAsset(assets, asset)
      if (!found) throw new ApiError(400, 'asset_not_supported', `Asset ${asset.slice(0, 200)} is not supported`)
      // The amount the user means to pay (0 before one is typed): every exchange is listed whatever it is.
      if (!/^\d{1,30}(\.\d{1,60})?$/.test(amount)) throw new ApiError(400, 'invalid_request', 'amount must be a decimal')
      const start = Number(pageText) * PAGE_SIZE
      return json(res, 200, {
        exchanges: exchanges.slice(start, start + PAGE_SIZE).map((e) => ({ id: e.id, name: e.name, imageUrl: e.imageUrl })),
        total: exchanges.length,
      })
    }
    if (req.method === 'POST' && path === '/api/sessions') {
      let body: unknown
      try {
        body = JSON.parse(await readBody(req))
      } catch (error) {
        if (error instanceof ApiError) throw error
        throw new ApiError(400, 'invalid_request', 'The body must be JSON')
      }
      const parsed = createSessionSchema.safeParse(body)
      if (!parsed.success) throw new ApiError(400, 'invalid_request', 'The body must be { exchangeId, asset, amount, recipient } strings')
      const s = createSession(parsed.data)
      return json(res, 201, { sessionId: s.id, url: `${baseUrl}/pay/${s.id}` })
    }
    const match = /^\/api\/sessions\/([^/]+)$/.exec(path)
    if (req.method === 'GET' && match) {
      const s = find(decodeSegment(match[1] as string))
      const exchangeId = url.searchParams.get('exchangeId')
      if (!s || (exchangeId !== null && exchangeId !== s.exchange.id)) throw new ApiError(404, 'session_not_found', 'Session not found')
      return json(res, 200, view(s))
    }
    throw new ApiError(404, 'not_found', 'Not found')
  }

  async function handlePay(req: IncomingMessage, res: ServerResponse, path: string) {
    const match = /^\/pay\/([^/]+)(?:\/(confirm|cancel|closed|events))?$/.exec(path)
    const s = match ? find(decodeSegment(match[1] as string)) : undefined
    const action = match?.[2]
    const wantsJson = (req.headers.accept ?? '').includes('application/json')
    if (!s) {
      if (action === 'closed' || wantsJson) return json(res, 404, { error: 'Session not found', code: 'session_not_found' })
      return html(
        res,
        404,
        page('Payment not found', '<p data-testid="portico-exchange-gone">This payment does not exist or has ended.</p>'),
      )
    }
    if (req.method === 'GET' && action === undefined) return html(res, 200, await renderPay(s))
    if (req.method === 'GET' && action === 'events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
      res.write(': connected\n\n')
      s.watchers.add(res)
      notify(s)
      // The window went away while the payment waited for the user: it fails, as a closed exchange popup does.
      res.on('close', () => {
        s.watchers.delete(res)
        if (s.watchers.size === 0 && s.state === 'awaiting') fail(s, 'the pay page was closed')
      })
      return
    }
    if (req.method !== 'POST') return html(res, 405, page('Method not allowed', ''))
    await readBody(req).catch(() => '')
    if (action === 'confirm') await confirmSession(s)
    else if (action === 'cancel') fail(s, 'cancelled by the user')
    else if (action === 'closed') fail(s, 'the pay page was closed')
    if (wantsJson || action === 'closed') return json(res, 200, view(s))
    return html(res, 200, await renderPay(s))
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname
    if (path.startsWith('/api/')) return handleApi(req, res, url)
    if (path.startsWith('/pay/')) return handlePay(req, res, path)
    if (req.method === 'GET' && path === '/pay.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
      return res.end(PAY_SCRIPT)
    }
    if (req.method === 'GET' && path === '/') return html(res, 200, indexPage())
    return json(res, 404, { error: 'Not found', code: 'not_found' })
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.end()
      if (error instanceof ApiError) return json(res, error.status, { error: error.message, code: error.code })
      json(res, 500, { error: 'Internal error', code: 'internal' })
    })
  })
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) =>
      reject(new Error(`startExchangeSandbox: could not listen on ${host}:${options.port ?? 0}: ${error.message}`, { cause: error }))
    server.once('error', onError)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  baseUrl = `http://${host}:${port}`

  const must = (id: string) => {
    const s = find(id)
    if (!s) throw new Error(`Unknown session ${id}`)
    return s
  }

  return {
    url: baseUrl,
    port,
    exchanges: exchanges.map((e) => ({
      id: e.id,
      name: e.name,
      imageUrl: e.imageUrl,
      evmAddress: e.wallet.evmAddress,
      solanaAddress: e.wallet.solanaAddress,
    })),
    assets: [...assets.values()].map((a) => a.caip19),
    payUrl: (sessionId) => `${baseUrl}/pay/${encodeURIComponent(sessionId)}`,
    session: (id) => {
      const s = find(id)
      return s && view(s)
    },
    async confirm(id) {
      const s = must(id)
      await confirmSession(s)
      return view(s)
    },
    cancel(id) {
      const s = must(id)
      fail(s, 'cancelled by the user')
      return view(s)
    },
    close(id) {
      const s = must(id)
      if (s.state === 'awaiting') fail(s, 'the pay page was closed')
      return view(s)
    },
    async balance(exchangeId, asset) {
      const e = exchangeById.get(exchangeId)
      const a = findAsset(assets, asset)
      if (!e || !a) throw new Error(`Unknown exchange ${exchangeId} or asset ${asset}`)
      return e.wallet.balance(a)
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sessions.values()) for (const w of s.watchers) w.end()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
