// A tiny static server for the open-time bench: serves a built page from 127.0.0.1 with gzip (as a
// CDN would), plus a stub of the Portico API's explorer under /api so the Connect view can fill in.
// Every response is counted, so the bench can tell API requests from static ones.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg'])

/** Eight explorer wallets without images (the bench measures the modal, not image loading). */
const WALLETS = Array.from({ length: 8 }, (_, i) => ({
  id: `bench-wallet-${i + 1}`,
  name: `Bench Wallet ${i + 1}`,
  rdns: `io.bench.wallet${i + 1}`,
  order: i + 1,
}))

/** Answers of the explorer stub, by path under /api. */
const API = {
  '/getWallets': () => ({ count: WALLETS.length, data: WALLETS }),
  '/appkit/v1/config': () => ({ features: {} }),
  '/projects/v1/origins': () => ({ allowedOrigins: [] }),
  '/getAnalyticsConfig': () => ({ isAnalyticsEnabled: false }),
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) walk(file, out)
    else out.push(file)
  }
  return out
}

/**
 * Serves `root` on 127.0.0.1 (port 0 = any free one). Files are read and gzipped once at start.
 * Resolves to { url, close, counts } where counts tallies requests by kind ('static', 'api', 'other').
 */
export async function serve(root, { port = 0 } = {}) {
  const files = new Map()
  for (const file of walk(root)) {
    const ext = path.extname(file)
    const body = readFileSync(file)
    const urlPath = `/${path.relative(root, file).split(path.sep).join('/')}`
    files.set(urlPath, {
      type: TYPES[ext] ?? 'application/octet-stream',
      body,
      gz: COMPRESSIBLE.has(ext) ? gzipSync(body, { level: 9 }) : null,
    })
  }
  const counts = { static: 0, api: 0, other: 0 }
  const send = (req, res, status, type, body, gz) => {
    const useGzip = gz && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
    const headers = {
      'content-type': type,
      'cache-control': 'no-cache',
      ...(useGzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    }
    const data = useGzip ? gz : body
    res.writeHead(status, { ...headers, 'content-length': data.length })
    res.end(req.method === 'HEAD' ? undefined : data)
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname.startsWith('/api/')) {
      counts.api++
      const answer = API[url.pathname.slice(4)]
      const body = Buffer.from(JSON.stringify(answer ? answer() : { message: 'Not found' }))
      send(req, res, answer ? 200 : 404, 'application/json', body, gzipSync(body))
      return
    }
    const file = files.get(url.pathname === '/' ? '/index.html' : url.pathname)
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      counts.other++
      send(req, res, 404, 'text/plain', Buffer.from('Not found'), null)
      return
    }
    counts.static++
    send(req, res, 200, file.type, file.body, file.gz)
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const { port: bound } = server.address()
  return {
    url: `http://127.0.0.1:${bound}/`,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
