// A dev Farcaster relay on 127.0.0.1, modelled on the Farcaster Connect relay protocol:
//   POST /v1/channel { siweUri, domain, nonce, notBefore?, expirationTime? }
//        → 201 { channelToken, url, nonce }   (url: https://warpcast.com/~/siwf?channelToken=…)
//   GET  /v1/channel/status   Authorization: Bearer <channelToken>
//        → 202 { state: 'pending', nonce }
//        → 200 { state: 'completed', nonce, message, signature, fid, username, displayName, pfpUrl, custody }
//        → 401 { error } for an unknown, expired or rejected channel
// and an approver page standing in for the Farcaster app: GET /approve?channelToken=… lists the dev
// users; approving builds the channel's EIP-4361 (SIWE) message and signs it with the user's custody
// key. Nothing here fetches warpcast.com: the URL only carries the channel token to the approver.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { LocalAccount } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { z } from 'zod'
import { DEVNET_MNEMONIC } from '../anvil.ts'
import { escapeHtml } from '../mail/page.ts'
import { FARCASTER_DEV_USERS, farcasterCustodyAccount, type FarcasterDevUser } from './users.ts'

/** The deep link the Farcaster app opens; the channel token is its only meaningful part here. */
export const FARCASTER_CONNECT_URL = 'https://warpcast.com/~/siwf'
/** The chain id Sign In With Farcaster messages carry (Optimism, where the real IdRegistry lives). */
export const SIWF_CHAIN_ID = 10
export const SIWF_STATEMENT = 'Farcaster Auth'
/** A channel without an expirationTime lives this long. */
export const FARCASTER_CHANNEL_TTL_MS = 10 * 60_000
const MAX_CHANNELS = 1000
const MAX_BODY = 8 * 1024
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/

const channelRequestSchema = z.object({
  siweUri: z.url().max(512),
  domain: z
    .string()
    .max(253)
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/),
  nonce: z.string().regex(/^[A-Za-z0-9]{8,96}$/),
  notBefore: z.iso.datetime({ offset: true }).optional(),
  expirationTime: z.iso.datetime({ offset: true }).optional(),
})
export type FarcasterChannelRequest = z.infer<typeof channelRequestSchema>

export type FarcasterChannelStatus =
  | { state: 'pending'; nonce: string }
  | {
      state: 'completed'
      nonce: string
      message: string
      signature: `0x${string}`
      fid: number
      username: string
      displayName: string
      pfpUrl: string
      custody: `0x${string}`
    }

interface Channel {
  request: FarcasterChannelRequest
  createdAt: number
  expiresAt: number
  rejected: boolean
  status: FarcasterChannelStatus
}

export interface ApproveOptions {
  /** Sign with this account instead of the fid's custody key (tests: a non-custody signature). */
  signer?: LocalAccount
  /** Put this nonce in the message instead of the channel's (tests: a wrong nonce). */
  nonce?: string
  /** Put this domain in the message instead of the channel's. */
  domain?: string
}

export interface StartFarcasterRelayOptions {
  /** @default 0 (a free port) */
  port?: number
  /** Only 127.0.0.1. */
  host?: string
  /** The custody keys' mnemonic. @default DEVNET_MNEMONIC */
  mnemonic?: string
  users?: readonly FarcasterDevUser[]
  now?: () => number
}

export interface FarcasterRelay {
  /** http://127.0.0.1:<port> */
  url: string
  port: number
  users: readonly FarcasterDevUser[]
  /** The approver page for a channel: a channel token or the channel's URL. */
  approverUrl(channelTokenOrUrl: string): string
  /** Approve a channel as `fid` (what the approver page's button does). */
  approve(channelToken: string, fid: number, options?: ApproveOptions): Promise<FarcasterChannelStatus>
  /** Reject a channel: its status answers 401 from then on. */
  reject(channelToken: string): void
  /** Number of live channels. */
  channelCount(): number
  stop(): Promise<void>
}

/** The channel token carried by a channel URL (or the token itself). */
export function farcasterChannelToken(channelTokenOrUrl: string): string | undefined {
  if (TOKEN.test(channelTokenOrUrl)) return channelTokenOrUrl
  try {
    const token = new URL(channelTokenOrUrl).searchParams.get('channelToken')
    return token !== null && TOKEN.test(token) ? token : undefined
  } catch {
    return undefined
  }
}

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
}

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px">` +
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}</body></html>`
  )
}

export async function startFarcasterRelay(options: StartFarcasterRelayOptions = {}): Promise<FarcasterRelay> {
  const host = options.host ?? '127.0.0.1'
  if (host !== '127.0.0.1') throw new RangeError(`startFarcasterRelay: host must be 127.0.0.1, got ${String(host)}`)
  const mnemonic = options.mnemonic ?? DEVNET_MNEMONIC
  const users = options.users ?? FARCASTER_DEV_USERS
  const now = options.now ?? Date.now
  const channels = new Map<string, Channel>()
  let baseUrl = ''

  const prune = () => {
    const t = now()
    for (const [token, channel] of channels) if (channel.expiresAt <= t) channels.delete(token)
  }
  const live = (token: string | undefined): Channel | undefined => {
    if (token === undefined) return undefined
    const channel = channels.get(token)
    if (!channel) return undefined
    if (channel.expiresAt <= now()) {
      channels.delete(token)
      return undefined
    }
    return channel.rejected ? undefined : channel
  }

  async function approve(channelToken: string, fid: number, opts: ApproveOptions = {}): Promise<FarcasterChannelStatus> {
    const channel = live(channelToken)
    if (!channel) throw new Error('Unknown, expired or rejected channel')
    if (channel.status.state === 'completed') throw new Error('The channel is already completed')
    const user = users.find((u) => u.fid === fid)
    if (!user) throw new Error(`Unknown fid ${fid}`)
    const custody = farcasterCustodyAccount(fid, mnemonic)
    const signer = opts.signer ?? custody
    const { request } = channel
    const message = createSiweMessage({
      domain: opts.domain ?? request.domain,
      address: custody.address,
      statement: SIWF_STATEMENT,
      uri: request.siweUri,
      version: '1',
      chainId: SIWF_CHAIN_ID,
      nonce: opts.nonce ?? request.nonce,
      issuedAt: new Date(now()),
      ...(request.notBefore ? { notBefore: new Date(request.notBefore) } : {}),
      expirationTime: new Date(request.expirationTime ?? channel.expiresAt),
      resources: [`farcaster://fid/${fid}`],
    })
    const signature = await signer.signMessage({ message })
    channel.status = {
      state: 'completed',
      nonce: request.nonce,
      message,
      signature,
      fid,
      username: user.username,
      displayName: user.displayName,
      pfpUrl: user.pfpUrl,
      custody: custody.address,
    }
    return channel.status
  }

  function reject(channelToken: string) {
    const channel = channels.get(channelToken)
    if (channel) channel.rejected = true
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    res.end(JSON.stringify(body))
  }
  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, HTML_HEADERS)
    res.end(body)
  }

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let size = 0
      const parts: Buffer[] = []
      req.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_BODY) {
          reject(new Error('too large'))
          req.destroy()
        } else parts.push(chunk)
      })
      req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')))
      req.on('error', reject)
    })

  function approverPage(token: string, channel: Channel): string {
    if (channel.status.state === 'completed') {
      return page(
        'Signed in',
        `<p data-testid="portico-farcaster-approved">Signed in as ${escapeHtml(channel.status.username)}. You can close this tab.</p>`,
      )
    }
    const rows = users
      .map(
        (u) =>
          `<li style="margin:8px 0"><button type="submit" name="fid" value="${u.fid}" data-testid="portico-farcaster-approve-${u.fid}" style="font:inherit;padding:8px 12px;width:100%;text-align:left">` +
          `${escapeHtml(u.displayName)} <span style="color:#666">@${escapeHtml(u.username)} · fid ${u.fid}</span></button></li>`,
      )
      .join('')
    return page(
      'Sign in with Farcaster',
      `<p><strong>${escapeHtml(channel.request.domain)}</strong> asks you to sign in. Pick a dev Farcaster account:</p>` +
        `<form method="post" action="/approve"><input type="hidden" name="channelToken" value="${escapeHtml(token)}"><ul style="list-style:none;padding:0">${rows}</ul></form>` +
        `<form method="post" action="/reject"><input type="hidden" name="channelToken" value="${escapeHtml(token)}">` +
        `<button type="submit" data-testid="portico-farcaster-reject" style="font:inherit;padding:8px 12px">Reject</button></form>`,
    )
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname
    if (req.method === 'POST' && path === '/v1/channel') {
      let body: unknown
      try {
        body = JSON.parse(await readBody(req))
      } catch {
        return json(res, 400, { error: 'The body must be JSON' })
      }
      const parsed = channelRequestSchema.safeParse(body)
      if (!parsed.success) return json(res, 400, { error: 'Invalid channel request' })
      prune()
      if (channels.size >= MAX_CHANNELS) return json(res, 429, { error: 'Too many channels' })
      const token = randomBytes(24).toString('base64url')
      const t = now()
      const expiresAt = parsed.data.expirationTime
        ? Math.min(Date.parse(parsed.data.expirationTime), t + FARCASTER_CHANNEL_TTL_MS)
        : t + FARCASTER_CHANNEL_TTL_MS
      channels.set(token, {
        request: parsed.data,
        createdAt: t,
        expiresAt,
        rejected: false,
        status: { state: 'pending', nonce: parsed.data.nonce },
      })
      return json(res, 201, { channelToken: token, url: `${FARCASTER_CONNECT_URL}?channelToken=${token}`, nonce: parsed.data.nonce })
    }
    if (req.method === 'GET' && path === '/v1/channel/status') {
      const auth = /^Bearer ([A-Za-z0-9_-]{20,64})$/.exec(req.headers.authorization ?? '')
      const channel = live(auth?.[1])
      if (!channel) return json(res, 401, { error: 'Unknown, expired or rejected channel' })
      return json(res, channel.status.state === 'completed' ? 200 : 202, channel.status)
    }
    if (path === '/approve' || path === '/reject') {
      let token: string | null
      let fid: number | undefined
      if (req.method === 'GET' && path === '/approve') {
        token = url.searchParams.get('channelToken')
        // Without a token: the open sign-in requests, newest first (the page `npm start` prints).
        if (token === null) {
          prune()
          const open = [...channels].filter(([, c]) => !c.rejected && c.status.state === 'pending').reverse()
          const items = open
            .map(
              ([t, c]) =>
                `<li style="margin:8px 0"><a href="/approve?channelToken=${encodeURIComponent(t)}" data-testid="portico-farcaster-channel">${escapeHtml(c.request.domain)} · ${new Date(c.createdAt).toLocaleTimeString('en-GB')}</a></li>`,
            )
            .join('')
          return html(
            res,
            200,
            page(
              'Farcaster sign-in requests',
              open.length
                ? `<ul style="padding-left:18px">${items}</ul>`
                : '<p>No open sign-in request. Pick Farcaster in the Portico modal, then reload this page.</p>',
            ),
          )
        }
      } else if (req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req))
        token = form.get('channelToken')
        fid = Number(form.get('fid'))
      } else return html(res, 405, page('Method not allowed', ''))
      const channel = token !== null && TOKEN.test(token) ? live(token) : undefined
      if (!channel || token === null)
        return html(
          res,
          404,
          page(
            'This sign-in request is gone',
            '<p data-testid="portico-farcaster-gone">It was rejected, has expired or never existed.</p>',
          ),
        )
      if (req.method === 'POST' && path === '/reject') {
        reject(token)
        return html(
          res,
          200,
          page(
            'Sign-in rejected',
            '<p data-testid="portico-farcaster-rejected">You rejected the sign-in request. You can close this tab.</p>',
          ),
        )
      }
      if (req.method === 'POST' && channel.status.state === 'pending') {
        if (!users.some((u) => u.fid === fid)) return html(res, 400, page('Unknown account', ''))
        await approve(token, fid as number)
      }
      return html(res, 200, approverPage(token, channel))
    }
    if (req.method === 'GET' && path === '/')
      return html(
        res,
        200,
        page('Dev Farcaster relay', `<p>${users.length} dev users. Open a channel's approver page at /approve?channelToken=…</p>`),
      )
    return json(res, 404, { error: 'Not found' })
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { error: 'Internal error' })
      else res.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) =>
      reject(new Error(`startFarcasterRelay: could not listen on ${host}:${options.port ?? 0}: ${error.message}`, { cause: error }))
    server.once('error', onError)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  baseUrl = `http://${host}:${port}`

  return {
    url: baseUrl,
    port,
    users,
    approverUrl(channelTokenOrUrl) {
      const token = farcasterChannelToken(channelTokenOrUrl) ?? ''
      return `${baseUrl}/approve?channelToken=${encodeURIComponent(token)}`
    },
    approve,
    reject,
    channelCount: () => {
      prune()
      return channels.size
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
