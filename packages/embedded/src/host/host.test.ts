import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frameCsp, startFrameHost, type FrameHost } from './index'

describe('frame host', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-frame-'))
  let host: FrameHost
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'assets'))
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>f</title></head><body></body></html>')
    writeFileSync(path.join(dir, 'assets/main-abc123.js'), 'console.log(1)')
    writeFileSync(path.join(path.dirname(dir), 'outside.txt'), 'secret')
    host = await startFrameHost({ apiUrl: 'http://127.0.0.1:4000/', dir, port: 0, connectSrc: ['http://127.0.0.1:8545/'] })
  })
  afterAll(async () => {
    await host.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('listens on 127.0.0.1 on a port of its own', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
  })

  it('index.html: the API meta tag, no-store, HTML type, the CSP', async () => {
    const response = await fetch(host.url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src http://127.0.0.1:4000 http://127.0.0.1:8545; frame-ancestors http://127.0.0.1:* http://localhost:*; base-uri 'none'; form-action 'none'",
    )
    expect(await response.text()).toContain('<head>\n    <meta name="portico-api" content="http://127.0.0.1:4000" />')
  })

  it('assets: their content type, long cache', async () => {
    const response = await fetch(new URL('assets/main-abc123.js', host.url))
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('cache-control')).toContain('immutable')
    expect(await response.text()).toBe('console.log(1)')
  })

  it.each(['/../outside.txt', '/%2e%2e/outside.txt', '/assets/../../outside.txt', '/missing.js', '/assets'])(
    '%s is not served',
    async (p) => {
      const response = await fetch(host.url.replace(/\/$/, '') + p)
      expect(response.status).toBe(404)
    },
  )

  it('refuses methods other than GET and HEAD', async () => {
    expect((await fetch(host.url, { method: 'POST' })).status).toBe(405)
  })

  it('frame-ancestors follows the option', () => {
    expect(frameCsp({ apiUrl: 'https://api.example', ancestors: ['https://app.example'] })).toContain(
      'frame-ancestors https://app.example;',
    )
    expect(() => frameCsp({ apiUrl: 'https://api.example', ancestors: ['https://a.example; script-src *'] })).toThrow('Not a CSP source')
  })
})
