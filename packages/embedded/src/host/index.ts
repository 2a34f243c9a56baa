/**
 * @portico/embedded/frame-host (Node only): serves the built frame app (dist/frame/) on its own
 * origin, with the API URL injected as `<meta name="portico-api">` and headers that pin where the
 * frame may be embedded (CSP frame-ancestors) and whom it may talk to (CSP connect-src).
 *
 * `startFrameHost` listens on its own port (the local stack); `createFrameResponder` answers a path
 * with a web Response, for a server that mounts the frame itself (e.g. a Hono route).
 */
import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export interface FrameResponderOptions {
  /** The Portico API base URL the frame calls (put in the page, and allowed by connect-src). */
  apiUrl: string
  /** The built frame files. @default this package's dist/frame/ (built by scripts/build-frame.mjs) */
  dir?: string
  /** Origins (CSP source expressions) that may embed the frame. @default ['http://127.0.0.1:*', 'http://localhost:*'] */
  ancestors?: readonly string[]
  /** Further origins the frame may fetch from: the chains' RPC URLs for safe reads. @default [] */
  connectSrc?: readonly string[]
}

export interface FrameHostOptions extends FrameResponderOptions {
  /** @default '127.0.0.1' */
  host?: string
  /** @default 0 (a free port) */
  port?: number
  /**
   * In the repository: build the frame first (scripts/build-frame.mjs) when `dir` has no index.html.
   * A published package ships dist/frame/ already. @default false
   */
  buildIfMissing?: boolean
}

export interface FrameHost {
  /** The frame URL ('http://127.0.0.1:PORT/'): give it to embeddedAdapter({ frameUrl }). */
  url: string
  close(): Promise<void>
}

export const DEFAULT_FRAME_ANCESTORS = ['http://127.0.0.1:*', 'http://localhost:*'] as const

const HTML_TYPE = 'text/html; charset=utf-8'
const TYPES: Record<string, string> = {
  '.html': HTML_TYPE,
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
}

/** dist/frame/ of this package, from src/host/ (workspace) or dist/host/ (published). */
export function defaultFrameDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const fromSrc = path.resolve(here, '../../dist/frame')
  const fromDist = path.resolve(here, '../frame')
  return here.split(path.sep).includes('src') ? fromSrc : existsSync(fromDist) ? fromDist : fromSrc
}

const originOf = (url: string): string => {
  const u = new URL(url)
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`Not an http(s) URL: ${url}`)
  return u.origin
}

/** A CSP source list must not carry spaces, quotes, semicolons or commas. */
const cspSource = (value: string): string => {
  if (!/^[A-Za-z0-9.:/*[\]-]+$/.test(value)) throw new Error(`Not a CSP source: ${value}`)
  return value
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function frameCsp(options: FrameResponderOptions): string {
  const ancestors = (options.ancestors ?? DEFAULT_FRAME_ANCESTORS).map(cspSource)
  const connect = [...new Set([originOf(options.apiUrl), ...(options.connectSrc ?? []).map(originOf)])].map(cspSource)
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src ${connect.join(' ')}`,
    `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
}

/** Answers a request path with the frame's files (index.html with the API meta tag). */
export function createFrameResponder(options: FrameResponderOptions): (pathname: string) => Promise<Response> {
  const dir = path.resolve(options.dir ?? defaultFrameDir())
  const apiUrl = new URL(options.apiUrl).toString().replace(/\/+$/, '')
  const csp = frameCsp(options)
  const common = { 'content-security-policy': csp, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' }
  let index: Promise<string> | undefined
  const readIndex = () =>
    (index ??= readFile(path.join(dir, 'index.html'), 'utf8')
      .then((html) => html.replace(/<head>/i, `<head>\n    <meta name="portico-api" content="${escapeAttribute(apiUrl)}" />`))
      .catch((error: unknown) => {
        index = undefined
        throw error
      }))

  return async (pathname) => {
    let rel: string
    try {
      rel = decodeURIComponent(pathname)
    } catch {
      return new Response('Bad request', { status: 400, headers: common })
    }
    if (rel === '' || rel === '/' || rel === '/index.html') {
      try {
        return new Response(await readIndex(), {
          status: 200,
          headers: { ...common, 'content-type': HTML_TYPE, 'cache-control': 'no-store' },
        })
      } catch {
        return new Response('The frame is not built (node packages/embedded/scripts/build-frame.mjs)', { status: 500, headers: common })
      }
    }
    const file = path.resolve(dir, `.${path.posix.normalize(rel)}`)
    if (!file.startsWith(dir + path.sep) || rel.includes('\0')) return new Response('Not found', { status: 404, headers: common })
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a file')
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream'
      const hashed = /\/assets\//.test(rel)
      return new Response(await readFile(file), {
        status: 200,
        headers: { ...common, 'content-type': type, 'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache' },
      })
    } catch {
      return new Response('Not found', { status: 404, headers: common })
    }
  }
}

/** Serve the frame on its own origin: `{ url, close }`. */
export async function startFrameHost(options: FrameHostOptions): Promise<FrameHost> {
  const dir = path.resolve(options.dir ?? defaultFrameDir())
  if (options.buildIfMissing && !existsSync(path.join(dir, 'index.html'))) {
    const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/build-frame.mjs')
    const { buildFrame } = (await import(/* @vite-ignore */ pathToFileURL(script).href)) as {
      buildFrame(o: { outDir: string }): Promise<string>
    }
    await buildFrame({ outDir: dir })
  }
  const respond = createFrameResponder({ ...options, dir })
  const host = options.host ?? '127.0.0.1'
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    const pathname = new URL(req.url ?? '/', 'http://frame.invalid').pathname
    void respond(pathname).then(
      async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers))
        res.end(req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()))
      },
      () => res.writeHead(500).end(),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('The frame host did not get a port')
  const shown = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shown}:${address.port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
