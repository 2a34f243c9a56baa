import { spawn } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { createServer as createNetServer } from 'node:net'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULT_REMOTE_FEATURES } from '@portico/protocol/common'
import { DEFAULT_CLI_CHAINS, parseCli, parseProjectCli } from './cli.ts'
import { listenUrl, startServer } from './index.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'portico-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const chainsFile = path.join(dir, 'chains.json')
const chain = {
  chainId: 31338,
  name: 'Second',
  rpcUrl: 'http://127.0.0.1:8546',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  tokens: [{ address: `0x${'a'.repeat(40)}`, symbol: 'PTK', name: 'Portico Token', decimals: 18 }],
}
writeFileSync(chainsFile, JSON.stringify([chain]))

describe('parseCli', () => {
  it('defaults to port 8787, one local anvil chain, in-memory PGlite', () => {
    expect(parseCli([], {})).toEqual({ port: 8787, chains: DEFAULT_CLI_CHAINS })
  })

  it('reads arguments, and arguments win over the environment', () => {
    expect(
      parseCli(
        ['--port', '0', '--chains', chainsFile, '--data-dir', '/tmp/x', '--allowed-origins', 'https://a.example, http://localhost:*'],
        {
          PORT: '9999',
          PORTICO_DATA_DIR: '/tmp/y',
          DATABASE_URL: 'postgres://u@127.0.0.1/db',
        },
      ),
    ).toEqual({
      port: 0,
      chains: [chain],
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@127.0.0.1/db',
      allowedOrigins: ['https://a.example', 'http://localhost:*'],
    })
  })

  it('reads the body limit from --max-body-bytes or PORTICO_MAX_BODY_BYTES; the argument wins', () => {
    expect(parseCli(['--max-body-bytes', '1024'], { PORTICO_MAX_BODY_BYTES: '2048' })).toEqual({
      port: 8787,
      chains: DEFAULT_CLI_CHAINS,
      maxBodyBytes: 1024,
    })
    expect(parseCli([], { PORTICO_MAX_BODY_BYTES: '2048' })).toEqual({ port: 8787, chains: DEFAULT_CLI_CHAINS, maxBodyBytes: 2048 })
  })

  it('listens on 127.0.0.1 unless --host or PORTICO_HOST names an address (the argument wins)', () => {
    expect(parseCli([], {})).not.toHaveProperty('host')
    expect(parseCli(['--host', '0.0.0.0'], { PORTICO_HOST: '::' })).toEqual({ port: 8787, host: '0.0.0.0', chains: DEFAULT_CLI_CHAINS })
    expect(parseCli([], { PORTICO_HOST: '::' })).toEqual({ port: 8787, host: '::', chains: DEFAULT_CLI_CHAINS })
    expect(parseCli(['--host', 'localhost'], {})).toEqual({ port: 8787, host: 'localhost', chains: DEFAULT_CLI_CHAINS })
  })

  it.each([
    ['127.0.0.1', 8787, 'http://127.0.0.1:8787'],
    ['0.0.0.0', 8787, 'http://127.0.0.1:8787'],
    ['::', 80, 'http://[::1]:80'],
    ['::1', 8080, 'http://[::1]:8080'],
    ['10.1.2.3', 1, 'http://10.1.2.3:1'],
    ['localhost', 9, 'http://localhost:9'],
  ])('a server on %s:%i is reached at %s', (host, port, url) => {
    expect(listenUrl(host, port)).toBe(url)
  })

  it('reads social providers from PORTICO_SOCIAL_<PROVIDER>_CLIENT_ID / _CLIENT_SECRET (a stand-in also gives its endpoints)', () => {
    const base = {
      PORTICO_FRAME_ORIGINS: 'http://127.0.0.1:5174',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PORTICO_KEK: Buffer.alloc(32, 1).toString('base64'),
    }
    const socialOf = (options: ReturnType<typeof parseCli>) => (options === 'help' ? undefined : options.auth?.social)
    expect(socialOf(parseCli([], base))).toBeUndefined()
    const social = socialOf(
      parseCli([], {
        ...base,
        PORTICO_SOCIAL_GOOGLE_CLIENT_ID: 'g-id',
        PORTICO_SOCIAL_GOOGLE_CLIENT_SECRET: 'g-secret',
        PORTICO_SOCIAL_DISCORD_CLIENT_ID: 'portico-discord',
        PORTICO_SOCIAL_DISCORD_CLIENT_SECRET: 'd-secret',
        PORTICO_SOCIAL_DISCORD_AUTHORIZATION_ENDPOINT: 'http://127.0.0.1:9000/auth',
        PORTICO_SOCIAL_DISCORD_TOKEN_ENDPOINT: 'http://127.0.0.1:9000/token',
        PORTICO_SOCIAL_DISCORD_USERINFO_ENDPOINT: 'http://127.0.0.1:9000/me',
        PORTICO_SOCIAL_DISCORD_SCOPES: 'openid email  profile',
        PORTICO_SOCIAL_REDIRECT_BASE_URL: 'https://api.example',
      }),
    )
    expect(social).toEqual({
      redirectBaseUrl: 'https://api.example',
      providers: {
        google: { clientId: 'g-id', clientSecret: 'g-secret' },
        discord: {
          clientId: 'portico-discord',
          clientSecret: 'd-secret',
          authorizationEndpoint: 'http://127.0.0.1:9000/auth',
          tokenEndpoint: 'http://127.0.0.1:9000/token',
          userinfoEndpoint: 'http://127.0.0.1:9000/me',
          scopes: ['openid', 'email', 'profile'],
        },
      },
    })
    expect(() => parseCli([], { ...base, PORTICO_SOCIAL_X_CLIENT_ID: 'x-id' })).toThrow(
      'PORTICO_SOCIAL_X_CLIENT_ID and _CLIENT_SECRET go together',
    )
  })

  it("reads GitHub's emails endpoint, and Apple's signing key (PEM text or a file) instead of a static secret; a bad key stops it", () => {
    const base = {
      PORTICO_FRAME_ORIGINS: 'http://127.0.0.1:5174',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PORTICO_KEK: Buffer.alloc(32, 1).toString('base64'),
    }
    const socialOf = (env: Record<string, string>) => {
      const options = parseCli([], { ...base, ...env })
      return options === 'help' ? undefined : options.auth?.social?.providers
    }
    expect(
      socialOf({
        PORTICO_SOCIAL_GITHUB_CLIENT_ID: 'gh',
        PORTICO_SOCIAL_GITHUB_CLIENT_SECRET: 's',
        PORTICO_SOCIAL_GITHUB_EMAILS_ENDPOINT: 'http://127.0.0.1:9000/user/emails',
      }),
    ).toEqual({
      github: { clientId: 'gh', clientSecret: 's', emailsEndpoint: 'http://127.0.0.1:9000/user/emails' },
    })
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    const apple = {
      PORTICO_SOCIAL_APPLE_CLIENT_ID: 'com.example.signin',
      PORTICO_SOCIAL_APPLE_TEAM_ID: 'TEAM123456',
      PORTICO_SOCIAL_APPLE_KEY_ID: 'KEY7654321',
    }
    const signingKey = { teamId: 'TEAM123456', keyId: 'KEY7654321', privateKey: pem }
    expect(socialOf({ ...apple, PORTICO_SOCIAL_APPLE_PRIVATE_KEY: pem })).toEqual({ apple: { clientId: 'com.example.signin', signingKey } })
    {
      const file = path.join(dir, 'AuthKey_KEY7654321.p8')
      writeFileSync(file, pem)
      expect(socialOf({ ...apple, PORTICO_SOCIAL_APPLE_PRIVATE_KEY_FILE: file })).toEqual({
        apple: { clientId: 'com.example.signin', signingKey },
      })
      expect(() => socialOf({ ...apple, PORTICO_SOCIAL_APPLE_PRIVATE_KEY_FILE: path.join(dir, 'missing.p8') })).toThrow(
        /PORTICO_SOCIAL_APPLE_PRIVATE_KEY_FILE: cannot read .*missing\.p8 \(ENOENT\)/,
      )
      writeFileSync(file, 'not a key')
      expect(() => socialOf({ ...apple, PORTICO_SOCIAL_APPLE_PRIVATE_KEY_FILE: file })).toThrow(
        /PORTICO_SOCIAL_APPLE_PRIVATE_KEY_FILE \(.*AuthKey_KEY7654321\.p8\) must be the PEM text of the \.p8 key file/,
      )
    }
    // A static secret still works.
    expect(socialOf({ PORTICO_SOCIAL_APPLE_CLIENT_ID: 'com.example.signin', PORTICO_SOCIAL_APPLE_CLIENT_SECRET: 'eyJ.static' })).toEqual({
      apple: { clientId: 'com.example.signin', clientSecret: 'eyJ.static' },
    })
    expect(() =>
      socialOf({ ...apple, PORTICO_SOCIAL_APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' }),
    ).toThrow('PORTICO_SOCIAL_APPLE_PRIVATE_KEY is not a readable PEM private key')
    expect(() => socialOf({ ...apple, PORTICO_SOCIAL_APPLE_TEAM_ID: 'nope', PORTICO_SOCIAL_APPLE_PRIVATE_KEY: pem })).toThrow(
      'PORTICO_SOCIAL_APPLE_TEAM_ID must be the 10-character Team ID',
    )
    expect(() => socialOf({ ...apple })).toThrow(
      'PORTICO_SOCIAL_APPLE_TEAM_ID, PORTICO_SOCIAL_APPLE_KEY_ID and PORTICO_SOCIAL_APPLE_PRIVATE_KEY (or PORTICO_SOCIAL_APPLE_PRIVATE_KEY_FILE) go together',
    )
    expect(() => socialOf({ ...apple, PORTICO_SOCIAL_APPLE_PRIVATE_KEY: pem, PORTICO_SOCIAL_APPLE_CLIENT_SECRET: 'eyJ.static' })).toThrow(
      'PORTICO_SOCIAL_APPLE_CLIENT_SECRET or the Apple signing key',
    )
    const { PORTICO_SOCIAL_APPLE_CLIENT_ID: _, ...noClient } = apple
    expect(() => socialOf({ ...noClient, PORTICO_SOCIAL_APPLE_PRIVATE_KEY: pem })).toThrow(
      'PORTICO_SOCIAL_APPLE_CLIENT_ID (the Services ID) goes with the Apple signing key',
    )
  })

  it("--frame-port: the frame is served on that port and its origin is the auth service's frame origin", () => {
    const env = { SMTP_URL: 'smtp://127.0.0.1:2525', PORTICO_KEK: Buffer.alloc(32, 1).toString('base64') }
    const local = parseCli(['--frame-port', '8788'], env)
    expect(local !== 'help' && [local.frame, local.auth?.frameOrigins]).toEqual([{ port: 8788 }, ['http://127.0.0.1:8788']])
    const proxied = parseCli(['--frame-port', '8788', '--frame-public-url', 'https://frame.example.com'], env)
    expect(proxied !== 'help' && proxied.auth?.frameOrigins).toEqual(['https://frame.example.com'])
    const explicit = parseCli(['--frame-port', '8788', '--frame-origins', 'https://a.example'], env)
    expect(explicit !== 'help' && explicit.auth?.frameOrigins).toEqual(['https://a.example'])
    expect(() => parseCli(['--frame-port', '0'], env)).toThrow('frame port must be an integer between 1 and 65535')
    expect(() => parseCli(['--frame-public-url', 'https://frame.example.com'], env)).toThrow('--frame-public-url needs --frame-port')
    expect(() => parseCli(['--frame-port', '8788', '--frame-public-url', 'https://frame.example.com/path'], env)).toThrow(
      'must be an origin',
    )
    expect(() => parseCli(['--frame-port', '8788'], {})).toThrow('needs SMTP_URL')
  })

  it('reads chains from PORTICO_CHAINS as JSON', () => {
    const parsed = parseCli([], { PORTICO_CHAINS: JSON.stringify([chain]), PORT: '1234' })
    expect(parsed).toEqual({ port: 1234, chains: [chain] })
  })

  it('reads the exchange providers from --exchanges (file) or PORTICO_EXCHANGES (JSON); a bad entry is refused', () => {
    const file = path.join(dir, 'exchanges.json')
    writeFileSync(file, JSON.stringify([{ kind: 'sandbox', url: 'http://127.0.0.1:4400' }]))
    expect(parseCli(['--exchanges', file], { PORTICO_EXCHANGES: '[]' })).toEqual({
      port: 8787,
      chains: DEFAULT_CLI_CHAINS,
      exchanges: [{ kind: 'sandbox', url: 'http://127.0.0.1:4400' }],
    })
    expect(parseCli([], { PORTICO_EXCHANGES: '[{"kind":"sandbox","url":"http://127.0.0.1:4401","timeoutMs":5000}]' })).toEqual({
      port: 8787,
      chains: DEFAULT_CLI_CHAINS,
      exchanges: [{ kind: 'sandbox', url: 'http://127.0.0.1:4401', timeoutMs: 5000 }],
    })
    expect(() => parseCli([], { PORTICO_EXCHANGES: '[{"kind":"coinbase","url":"http://127.0.0.1:1"}]' })).toThrow(
      'Invalid exchanges config at 0.kind',
    )
    expect(() => parseCli([], { PORTICO_EXCHANGES: '[{"kind":"sandbox","url":"ftp://x"}]' })).toThrow(
      'Invalid exchanges config at 0.url: exchanges[].url must be an absolute http(s) URL',
    )
  })

  it('reads a Solana chain from --solana (file) or PORTICO_SOLANA (JSON); the file wins', () => {
    const solana = {
      caipNetworkId: 'solana:CdTVLPWPbyfapDkhQ9VtSSLdbrLSEuyS',
      name: 'Portico Local Solana',
      rpcUrl: 'http://127.0.0.1:8899',
      tokens: [{ mint: 'GYUbjc8XZSbz8K21zBasax5SFH2bsy1Z1eBJeSE8Zhce', symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
    }
    const solanaFile = path.join(dir, 'solana.json')
    writeFileSync(solanaFile, JSON.stringify(solana))
    expect(parseCli([], { PORTICO_SOLANA: JSON.stringify({ ...solana, tokens: undefined }) })).toEqual({
      port: 8787,
      chains: DEFAULT_CLI_CHAINS,
      solana: { ...solana, tokens: [] },
    })
    expect(parseCli(['--solana', solanaFile], { PORTICO_SOLANA: '{}' })).toEqual({ port: 8787, chains: DEFAULT_CLI_CHAINS, solana })
  })

  it('reads the on-ramp providers from --onramp (file) or PORTICO_ONRAMP (JSON); the file wins', () => {
    const onramp = { providers: [{ kind: 'sandbox', id: 'sandpay', baseUrl: 'http://127.0.0.1:4100/sandpay' }], timeoutMs: 5000 }
    const onrampFile = path.join(dir, 'onramp.json')
    writeFileSync(onrampFile, JSON.stringify(onramp))
    expect(parseCli([], { PORTICO_ONRAMP: JSON.stringify({ providers: [] }) })).toEqual({
      port: 8787,
      chains: DEFAULT_CLI_CHAINS,
      onramp: { providers: [] },
    })
    expect(parseCli(['--onramp', onrampFile], { PORTICO_ONRAMP: '{}' })).toEqual({ port: 8787, chains: DEFAULT_CLI_CHAINS, onramp })
  })

  it('reads the RPC proxy settings from --rpc-proxy (file) or PORTICO_RPC_PROXY (JSON); the file wins', () => {
    const rpcProxy = {
      rateLimit: { requestsPerSecond: 20, burst: 40 },
      cacheSize: 500,
      upstreams: { 'eip155:1': ['https://a.example/rpc', 'https://b.example/rpc'] },
    }
    const file = path.join(dir, 'rpc-proxy.json')
    writeFileSync(file, JSON.stringify(rpcProxy))
    expect(parseCli([], { PORTICO_RPC_PROXY: '{"rateLimit":false}' })).toEqual({
      port: 8787,
      chains: DEFAULT_CLI_CHAINS,
      rpcProxy: { rateLimit: false },
    })
    expect(parseCli(['--rpc-proxy', file], { PORTICO_RPC_PROXY: '{}' })).toEqual({ port: 8787, chains: DEFAULT_CLI_CHAINS, rpcProxy })
  })

  it.each([
    [
      [],
      { PORTICO_RPC_PROXY: '{"upstreams":{"eip155:1":["ws://x"]}}' },
      'Invalid rpc-proxy config at upstreams.eip155:1.0: rpcProxy.upstreams URLs must be absolute http(s) URLs',
    ],
    [[], { PORTICO_RPC_PROXY: '{"upstreams":{"cosmos:hub":["http://x"]}}' }, 'Invalid rpc-proxy config at upstreams.cosmos:hub'],
    [[], { PORTICO_RPC_PROXY: '{"rateLimit":{"requestsPerSecond":0}}' }, 'Invalid rpc-proxy config at rateLimit'],
    [
      [],
      { PORTICO_SOLANA: '{"caipNetworkId":"eip155:1","name":"x","rpcUrl":"http://127.0.0.1:1"}' },
      'Invalid solana config at caipNetworkId',
    ],
    [
      [],
      { PORTICO_ONRAMP: '{"providers":[{"kind":"sandbox","id":"a","baseUrl":"ftp://x"}]}' },
      'Invalid onramp config at providers.0.baseUrl: onramp provider baseUrl must be an absolute http(s) URL',
    ],
    [['--port', '70000'], {}, 'port must be an integer between 0 and 65535'],
    [['--host', 'api.example.com'], {}, 'host must be an IP address (0.0.0.0 in a container, 127.0.0.1 by default) or localhost'],
    [[], { PORTICO_HOST: '0.0.0.0:8787' }, 'host must be an IP address (0.0.0.0 in a container, 127.0.0.1 by default) or localhost'],
    [['--max-body-bytes', '0'], {}, 'max-body-bytes must be a positive integer'],
    [[], { PORTICO_MAX_BODY_BYTES: '1.5' }, 'max-body-bytes must be a positive integer'],
    [[], { PORTICO_MAX_BODY_BYTES: 'lots' }, 'max-body-bytes must be a positive integer'],
    [[], { PORTICO_CHAINS: '[{"chainId":1}]' }, 'Invalid chains config at 0.name'],
    [['--bogus'], {}, "Unknown option '--bogus'"],
  ])('rejects %j %j with %j', (argv, env, message) => {
    expect(() => parseCli(argv, env)).toThrow(message)
  })
})

describe('main.ts', () => {
  it('runs under plain Node (type stripping) and serves on the given port', async () => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'main.ts'), '--port', '0', '--chains', chainsFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = ''
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
          if (match) resolve(match[1] as string)
        })
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
        child.once('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${out}`)))
      })
      const res = await fetch(`${url}/v1/supported-chains`)
      expect(await res.json()).toEqual({ http: ['eip155:31338'], ws: [] })
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    }
  })

  it('with --frame-port also serves the embedded wallet frame on its own origin, which the auth routes answer', async () => {
    const framePort = await new Promise<number>((resolve) => {
      const probe = createNetServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => resolve(port))
      })
    })
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, 'main.ts'), '--port', '0', '--chains', chainsFile, '--frame-port', String(framePort)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, SMTP_URL: 'smtp://127.0.0.1:9', PORTICO_KEK: Buffer.alloc(32, 7).toString('base64') },
      },
    )
    try {
      const [api, frame] = await new Promise<[string, string]>((resolve, reject) => {
        let out = ''
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          const a = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1]
          const f = /frame on (http:\/\/127\.0\.0\.1:\d+\/?)/.exec(out)?.[1]
          if (a && f) resolve([a, f])
        })
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
        child.once('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${out}`)))
      })
      expect(new URL(frame).port).toBe(String(framePort))
      const page = await fetch(frame)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(`<meta name="portico-api" content="${api}"`)
      expect(page.headers.get('content-security-policy')).toContain('frame-ancestors')
      // The frame's origin is the one the auth routes answer (CORS); another origin is not.
      const preflight = (origin: string) =>
        fetch(`${api}/v1/auth/email/connect`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        })
      expect((await preflight(`http://127.0.0.1:${framePort}`)).headers.get('access-control-allow-origin')).toBe(
        `http://127.0.0.1:${framePort}`,
      )
      expect((await preflight('http://127.0.0.1:1')).headers.get('access-control-allow-origin')).toBeNull()
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    }
  })
})

describe('portico-api project …', () => {
  /** Run main.ts with `args` (plain Node, as the bin runs), resolving with its exit code and output. */
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(import.meta.dirname, 'main.ts'), ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, DATABASE_URL: '', ...env },
      })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      child.once('exit', (code) => resolve({ code, stdout, stderr }))
    })

  it('set-origins, set-features, set-policy and show write the PGlite data dir; a server started on it then serves them', async () => {
    const dataDir = path.join(dir, 'projects-db')
    const origins = await run([
      'project',
      'set-origins',
      'shop-1',
      'https://shop.example',
      'https://*.preview.shop.example',
      '--data-dir',
      dataDir,
    ])
    expect(origins, origins.stderr).toMatchObject({ code: 0 })
    const policy = '{"auto":{"methods":["eth_sendTransaction"],"chains":{"eip155:31337":{"perTx":"10000000000000000"}}}}'
    const set = await run(['project', 'set-policy', 'shop-1', policy, '--data-dir', dataDir])
    expect(set, set.stderr).toMatchObject({ code: 0 })
    expect(JSON.parse(set.stdout).confirmPolicy).toEqual(JSON.parse(policy))
    expect(JSON.parse(origins.stdout)).toMatchObject({
      projectId: 'shop-1',
      allowedOrigins: ['https://shop.example', 'https://*.preview.shop.example'],
      features: {},
    })

    const features = await run(['project', 'set-features', 'shop-1', 'swaps=false', 'emailCapture=true', 'socials=google,github'], {
      PORTICO_DATA_DIR: dataDir,
    })
    expect(features, features.stderr).toMatchObject({ code: 0 })
    const more = await run(['project', 'set-features', 'shop-1', 'socials=false', '--data-dir', dataDir])
    expect(JSON.parse(more.stdout).features).toEqual({ swaps: false, emailCapture: true, socials: false })

    const shown = await run(['project', 'show', 'shop-1', '--data-dir', dataDir])
    expect(JSON.parse(shown.stdout)).toMatchObject({
      projectId: 'shop-1',
      allowedOrigins: ['https://shop.example', 'https://*.preview.shop.example'],
      features: { swaps: false, emailCapture: true, socials: false },
    })
    expect(JSON.parse((await run(['project', 'show', 'nobody', '--data-dir', dataDir])).stdout)).toEqual({
      projectId: 'nobody',
      allowedOrigins: null,
      features: {},
      confirmPolicy: null,
      updatedAt: null,
    })

    const server = await startServer({ chains: [], dataDir, indexer: { enabled: false } })
    try {
      const config = await (await fetch(`${server.url}/appkit/v1/config?projectId=shop-1&st=portico&sv=0.1.0`)).json()
      expect(config).toEqual({ features: { ...DEFAULT_REMOTE_FEATURES, swaps: false, emailCapture: true, socials: false } })
      const served = await (await fetch(`${server.url}/projects/v1/origins?projectId=shop-1&st=portico&sv=0.1.0`)).json()
      expect(served).toEqual({ allowedOrigins: ['https://shop.example', 'https://*.preview.shop.example'] })
      const confirmPolicy = await (await fetch(`${server.url}/projects/v1/confirm-policy?projectId=shop-1`)).json()
      expect(confirmPolicy).toEqual({ policy: JSON.parse(policy) })
    } finally {
      await server.stop()
    }
  }, 60_000)

  it.each([
    [['project', 'set-features', 'p', 'swaps=maybe'], 'swaps must be true or false, got "maybe"'],
    [['project', 'set-features', 'p', 'colour=red'], 'Unknown feature "colour"'],
    [['project', 'set-features', 'p', 'socials=google,myspace'], 'socials: unknown provider "myspace"'],
    [['project', 'set-origins', 'p', 'javascript:alert(1)'], 'is not an origin rule'],
    [['project', 'set-origins', 'p'], 'set-origins needs at least one origin'],
    [['project', 'show', 'bad id!'], 'projectId must be 1-128 letters'],
    [['project', 'drop', 'p'], 'Unknown project command "drop"'],
    [['project', 'set-policy', 'p'], 'set-policy takes one argument'],
    [['project', 'set-policy', 'p', '{stepUp'], 'set-policy: the policy is not JSON'],
    [['project', 'set-policy', 'p', '{"stepUp":{"eip155:1":"-5"}}'], 'Invalid policy at stepUp.eip155:1: an amount is a whole number'],
    [['project', 'set-policy', 'p', '{"auto":{"methods":["wallet_grantPermissions"]}}'], 'Invalid policy at auto.methods.0'],
    [['project', 'set-policy', 'p', '{"auto":{"methods":[]},"widen":true}'], 'Invalid policy'],
    [['project', 'show', 'p'], 'give --data-dir (PGlite) or DATABASE_URL (Postgres)'],
  ])('%j is refused (exit 2) with "%s"', (argv, message) => {
    const dataDir = argv[1] === 'show' && argv[2] === 'p' ? [] : ['--data-dir', path.join(dir, 'unused-db')]
    expect(() => parseProjectCli([...argv.slice(1), ...dataDir], {})).toThrow(message)
  })
})

describe('parseCli: region restrictions and analytics', () => {
  it('reads --restricted-timezones, --analytics and --analytics-retention-days (or their env)', () => {
    expect(
      parseCli(['--restricted-timezones', 'Asia/Pyongyang, America/Havana', '--analytics', 'on', '--analytics-retention-days', '7'], {}),
    ).toMatchObject({
      restrictedTimezones: ['Asia/Pyongyang', 'America/Havana'],
      analytics: { enabled: true, retentionDays: 7 },
    })
    expect(parseCli([], { PORTICO_RESTRICTED_TIMEZONES: 'Europe/Minsk', PORTICO_ANALYTICS: 'off' })).toMatchObject({
      restrictedTimezones: ['Europe/Minsk'],
      analytics: { enabled: false },
    })
    expect(() => parseCli(['--analytics', 'maybe'], {})).toThrow('analytics must be on or off')
    expect(() => parseCli(['--analytics-retention-days', '0'], {})).toThrow('analytics retention days must be a positive integer')
  })
})

describe('parseCli: logs and metrics', () => {
  it('--log-level / PORTICO_LOG_LEVEL, argument over environment; not given: left to main.ts (info)', () => {
    expect(parseCli(['--log-level', 'debug'], { PORTICO_LOG_LEVEL: 'warn' })).toEqual({
      port: 8787,
      chains: DEFAULT_CLI_CHAINS,
      logLevel: 'debug',
    })
    expect(parseCli([], { PORTICO_LOG_LEVEL: 'WARN' })).toEqual({ port: 8787, chains: DEFAULT_CLI_CHAINS, logLevel: 'warn' })
    expect(() => parseCli(['--log-level', 'verbose'], {})).toThrow(
      'log level must be one of fatal, error, warn, info, debug, trace, silent',
    )
  })

  it('--metrics-port / PORTICO_METRICS_PORT, --metrics-host / PORTICO_METRICS_HOST', () => {
    expect(parseCli(['--metrics-port', '9464'], { PORTICO_METRICS_PORT: '1' })).toEqual({
      port: 8787,
      chains: DEFAULT_CLI_CHAINS,
      metrics: { port: 9464 },
    })
    expect(parseCli([], { PORTICO_METRICS_PORT: '9464', PORTICO_METRICS_HOST: '0.0.0.0' })).toEqual({
      port: 8787,
      chains: DEFAULT_CLI_CHAINS,
      metrics: { port: 9464, host: '0.0.0.0' },
    })
    expect(() => parseCli(['--metrics-port', 'many'], {})).toThrow('metrics port: port must be an integer between 0 and 65535')
    expect(() => parseCli(['--metrics-port', '9464', '--metrics-host', 'metrics.local'], {})).toThrow('metrics host: host must be an IP')
    expect(() => parseCli(['--metrics-host', '127.0.0.1'], {})).toThrow('--metrics-host needs --metrics-port')
  })

  it('main.ts logs a JSON line per request on stdout and serves the metrics on their own port', async () => {
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, 'main.ts'), '--port', '0', '--chains', chainsFile, '--metrics-port', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PORTICO_INDEXER: 'off', PORTICO_LOG_LEVEL: 'info' } },
    )
    let out = ''
    try {
      const [url, metricsUrl] = await new Promise<[string, string]>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          const api = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
          const metrics = /Prometheus metrics on (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(out)
          if (api && metrics) resolve([api[1] as string, metrics[1] as string])
        })
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
        child.once('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${out}`)))
      })
      const res = await fetch(`${url}/v1/supported-chains?projectId=cli-project`, { headers: { 'x-request-id': 'cli-test-1' } })
      expect(res.headers.get('x-request-id')).toBe('cli-test-1')
      const scrape = await (await fetch(metricsUrl)).text()
      expect(scrape).toContain('portico_http_requests_total{method="GET",route="/v1/supported-chains",status="200"} 1')
      await expect.poll(() => out.includes('"requestId":"cli-test-1"')).toBe(true)
      const line = JSON.parse(out.split('\n').find((l) => l.includes('"requestId":"cli-test-1"')) as string)
      expect(line).toMatchObject({
        level: 30,
        msg: 'request',
        method: 'GET',
        route: '/v1/supported-chains',
        status: 200,
        projectId: 'cli-project',
      })
      expect(typeof line.ms).toBe('number')
      expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    }
  })
})
