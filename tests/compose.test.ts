// compose.yaml and deploy/haproxy.cfg (docs/self-hosting.md, "Production topology"), checked without
// Docker (no images can be pulled here): the file parses, names the services the guide describes,
// mounts every secret it reads, gives the API only variables it knows, and that configuration is
// one the API's own parser accepts; HAProxy accepts the balancer's config (`haproxy -c`).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { CLI_USAGE, parseCli } from '../packages/server/src/cli.ts'
import { SECRET_ENV, withSecretFiles } from '../packages/server/src/cli-secrets.ts'
import { HAPROXY_BIN } from '../packages/server/src/haproxy.ts'

const root = path.resolve(import.meta.dirname, '..')
type Service = {
  image?: string
  build?: { context: string; dockerfile: string }
  environment?: Record<string, string>
  secrets?: string[]
  volumes?: string[]
  ports?: string[]
  stop_grace_period?: string
  networks?: string[] | Record<string, { ipv4_address?: string }>
}
const compose = parse(readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>
  secrets: Record<string, { file: string }>
  volumes: Record<string, unknown>
}
const haproxyCfg = readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8')
const apis = ['api-1', 'api-2'] as const
const scratch = mkdtempSync(path.join(tmpdir(), 'portico-compose-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** `${NAME:?message}` as `docker compose` would fill it from an operator's environment. */
const EXAMPLE_VALUES: Record<string, string> = {
  PORTICO_PUBLIC_URL: 'https://portico-api.example.com',
  PORTICO_ALLOWED_ORIGINS: 'https://my.app',
  PORTICO_FRAME_ORIGINS: 'https://frame.portico.example.com',
  PORTICO_MAIL_FROM: 'login@my.app',
}
const interpolate = (value: string) =>
  value.replace(/\$\{([A-Z_]+):\?[^}]*\}/g, (_, name: string) => {
    const example = EXAMPLE_VALUES[name]
    if (example === undefined) throw new Error(`no example value for ${name}`)
    return example
  })

describe('compose.yaml', () => {
  it('names the services of the production topology: db, api-1, api-2, lb', () => {
    expect(Object.keys(compose.services)).toEqual(['db', 'api-1', 'api-2', 'lb'])
    expect(compose.services.db?.image).toBe('postgres:15')
    expect(compose.services.lb?.image).toBe('haproxy:2.6')
    for (const api of apis) expect(compose.services[api]?.build).toEqual({ context: 'packages/server', dockerfile: 'Dockerfile' })
    // Only the balancer is published.
    expect(Object.entries(compose.services).flatMap(([name, s]) => (s.ports ? [name] : []))).toEqual(['lb'])
  })

  it('mounts every secret a service reads from /run/secrets, and each is a file under ./secrets/', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const read = Object.entries(service.environment ?? {})
        .filter(([key]) => key.endsWith('_FILE') && key !== 'PORTICO_CHAINS_FILE')
        .map(([, value]) => value)
      for (const file of read) {
        const secret = /^\/run\/secrets\/([a-z_]+)$/.exec(file)?.[1]
        expect(secret, `${name}: ${file}`).toBeDefined()
        expect(service.secrets, name).toContain(secret)
      }
      for (const secret of service.secrets ?? []) expect(compose.secrets[secret]?.file).toBe(`./secrets/${secret}`)
    }
    expect(compose.services.db?.environment?.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password')
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8').split('\n')).toContain('/secrets/')
  })

  it("gives the API only variables it knows (CLI_USAGE or a secret's _FILE), and no secret in plain text", () => {
    for (const api of apis) {
      for (const key of Object.keys(compose.services[api]?.environment ?? {})) {
        const secretFile = key.endsWith('_FILE') && (SECRET_ENV as readonly string[]).includes(key.slice(0, -5))
        expect(secretFile || new RegExp(`\\b${key}\\b`).test(CLI_USAGE), `${api}: ${key}`).toBe(true)
        expect((SECRET_ENV as readonly string[]).includes(key), `${api}: ${key} in plain text`).toBe(false)
      }
    }
  })

  it('is a configuration the API accepts: Postgres, the auth service, HAProxy as the trusted proxy, the shutdown bounds, metrics', () => {
    const file = (name: string, text: string) => {
      writeFileSync(path.join(scratch, name), text)
      return path.join(scratch, name)
    }
    // The secrets as the comment at the top of compose.yaml makes them, and the mounts as Docker makes them.
    const mounted: Record<string, string> = {
      '/run/secrets/database_url': file('database_url', 'postgres://portico:pw@db:5432/portico'),
      '/run/secrets/portico_kek': file('portico_kek', `${Buffer.alloc(32, 9).toString('base64')}\n`),
      '/run/secrets/smtp_url': file('smtp_url', 'smtps://user:password@smtp.example.com:465'),
    }
    for (const volume of compose.services['api-1']?.volumes ?? []) {
      const [from, to] = volume.split(':') as [string, string]
      mounted[to] = path.join(root, from)
    }
    for (const api of apis) {
      const env = Object.fromEntries(
        Object.entries(compose.services[api]?.environment ?? {}).map(([key, value]) => [key, mounted[value] ?? interpolate(value)]),
      )
      const options = parseCli([], withSecretFiles(env))
      if (options === 'help') throw new Error('help')
      expect(options).toMatchObject({
        port: 8787,
        host: '0.0.0.0',
        databaseUrl: 'postgres://portico:pw@db:5432/portico',
        publicUrl: 'https://portico-api.example.com',
        allowedOrigins: ['https://my.app'],
        clientAddress: { trustedProxies: ['172.28.0.10'] },
        shutdownDelayMs: 3000,
        shutdownTimeoutMs: 15_000,
        metrics: { port: 9464, host: '0.0.0.0' },
        chains: [expect.objectContaining({ chainId: 1, name: 'Ethereum' })],
      })
      expect(options).not.toHaveProperty('dataDir')
      expect(options.auth?.frameOrigins).toEqual(['https://frame.portico.example.com'])
      expect(options.indexer?.enabled).toBe(api === 'api-1')
    }
  })

  it("trusts the balancer's fixed address, and gives Docker more time than the shutdown takes", () => {
    const lb = compose.services.lb?.networks as Record<string, { ipv4_address?: string }>
    for (const api of apis) {
      const service = compose.services[api] as Service
      expect(service.environment?.PORTICO_CLIENT_ADDRESS).toBe(lb.backend?.ipv4_address)
      const grace = Number(/^(\d+)s$/.exec(service.stop_grace_period ?? '')?.[1]) * 1000
      const shutdown = Number(service.environment?.PORTICO_SHUTDOWN_DELAY_MS) + Number(service.environment?.PORTICO_SHUTDOWN_TIMEOUT_MS)
      expect(grace).toBeGreaterThan(shutdown)
    }
  })
})

describe('deploy/haproxy.cfg', () => {
  it('balances over api-1 and api-2 on their port, checking GET /readyz; the lb service mounts it', () => {
    expect([...haproxyCfg.matchAll(/^\s*server (\S+) (\S+) check$/gm)].map((m) => [m[1], m[2]])).toEqual(
      apis.map((api) => [api, `${api}:${compose.services[api]?.environment?.PORT}`]),
    )
    expect(haproxyCfg).toMatch(/^\s*http-check send meth GET uri \/readyz$/m)
    expect(haproxyCfg).toMatch(/^\s*option forwardfor$/m)
    expect(compose.services.lb?.volumes).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro')
  })

  it('is accepted by HAProxy (haproxy -c)', () => {
    // Exits 0 (valid) or throws; the names api-1 and api-2 resolve only on the compose network.
    const out = execFileSync(HAPROXY_BIN, ['-c', '-f', path.join(root, 'deploy/haproxy.cfg')], { encoding: 'utf8', stdio: 'pipe' })
    expect(out).toContain('Configuration file is valid')
  })
})

describe('docs/self-hosting.md, Production topology', () => {
  it('describes each service of compose.yaml', () => {
    const doc = readFileSync(path.join(root, 'docs/self-hosting.md'), 'utf8')
    const section = doc.slice(doc.indexOf('### Production topology'), doc.indexOf('## Probes, logs and metrics'))
    for (const service of Object.keys(compose.services)) expect(section).toContain(`\`${service}\``)
  })
})
