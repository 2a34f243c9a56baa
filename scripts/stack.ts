// The whole local product in one call: two anvil chains with token fixtures, a local Solana chain
// (litesvm), a WalletConnect relay, the Portico API on them, and the demo app (Vite dev server, or a
// production build served by `vite preview`).
// Used by `npm start` (scripts/start.mjs) and by the e2e journeys. Everything binds 127.0.0.1.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startFrameHost } from '@portico/embedded/frame-host'
import { DEFAULT_DEVNET_CHAINS, type Devnet, devnetCaipNetworks, type Mailbox, startDevnet, startMailbox } from '@portico/devnet'
import { deployIdRegistry, type FarcasterRelay, startFarcasterRelay } from '@portico/devnet'
import { seedDevnetEnsNames } from '@portico/devnet'
import { getFreePort, startOidcProvider } from '@portico/devnet'
import { type ExchangeSandbox, type SandboxExchange, startExchangeSandbox } from '@portico/devnet/exchange'
import { type OnrampSandbox, startOnrampSandbox } from '@portico/devnet'
import { type Relay, startRelay } from '@portico/devnet/relay'
import { SOLANA_USDC, type SolanaDevnet, startSolanaDevnet } from '@portico/devnet/solana'
import { type AuthConfig, generateKek, loadOrCreateKek, openDatabase, startServer } from '@portico/server'
import { createServer, type Plugin, preview } from 'vite'
import { buildFrame } from '../packages/embedded/scripts/build-frame.mjs'
import { buildDemo, type StackBuilds } from './stack-builds.ts'
import { toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

export type { StackBuilds }

const root = path.resolve(import.meta.dirname, '..')
const demoRoot = path.join(root, 'apps/demo')

/** What the demo page receives as `window.__PORTICO_DEMO__` (see apps/demo/src/config.ts). */
export interface DemoConfig {
  projectId: string
  apiUrl: string
  networks: ReturnType<typeof devnetCaipNetworks>
  wallet: { mnemonic: string; chains: { chainId: number; name: string; rpcUrl: string }[] }
  /** The local WalletConnect relay (ws://127.0.0.1:PORT). */
  relayUrl: string
  /** The local Solana chain. */
  solana: { rpcUrl: string; wsUrl: string; caipNetworkId: string; genesisHash: string; usdcMint: string }
  /** The embedded wallet's secure frame, on its own origin. */
  frameUrl: string
}

export interface StackOptions {
  /** 'dev': Vite dev server (npm start); 'preview': production build + vite preview (e2e). */
  mode: 'dev' | 'preview'
  /** @default 0 (a free port); npm start asks for 5173 and takes the next free one if it is busy. */
  demoPort?: number
  /** @default 0 (a free port) */
  apiPort?: number
  /** Ports of the two anvil chains (31337, 31338), in that order. @default [0, 0] (free ports) */
  evmPorts?: readonly number[]
  /** Port of the local Solana RPC (HTTP and websocket). @default 0 (a free port) */
  solanaPort?: number
  /** Port of the WalletConnect relay. @default 0 (a free port) */
  relayPort?: number
  /** Port of the embedded wallet's frame (its own origin). @default 0 (a free port) */
  framePort?: number
  /**
   * Name the frame `http://localhost:<port>/` instead of `http://127.0.0.1:<port>/` (it still listens
   * on 127.0.0.1): a passkey's relying party id is a domain, never an IP address, so passkey login
   * needs the frame on a host name. @default false
   */
  frameOnLocalhost?: boolean
  /** Ports of the dev mailbox: its SMTP server and its page. @default 0, 0 (free ports) */
  mailPorts?: { smtp?: number; http?: number }
  /** Port of the dev OIDC provider that stands in for every social provider. @default 0 (a free port) */
  oidcPort?: number
  /** Port of the dev Farcaster relay and its approver page. @default 0 (a free port) */
  farcasterPort?: number
  /** Port of the exchange sandbox (pay with exchange: its API and pay pages). @default 0 (a free port) */
  exchangePort?: number
  /**
   * The sandbox's exchanges, e.g. `[...DEFAULT_SANDBOX_EXCHANGES, lowBalanceExchange()]` for a journey
   * whose exchange cannot pay. @default DEFAULT_SANDBOX_EXCHANGES (Harbor and Lantern)
   */
  exchanges?: readonly SandboxExchange[]
  /** Port of the on-ramp provider sandbox (its API and checkout pages). @default 0 (a free port) */
  onrampPort?: number
  /**
   * The API's PGlite data directory: the database outlives the process. `npm start` uses
   * <repo>/.data/api. @default undefined (in memory: every start is a fresh database, as e2e wants)
   */
  dataDir?: string
  /** Where the production build goes in 'preview' mode. @default <repo>/dist/demo-e2e */
  outDir?: string
  /**
   * Builds made once for many stacks (the e2e project's global setup, `buildStackApps`): 'preview'
   * serves `demoDir` instead of building the demo, and the frame host serves `frameDir` instead of
   * building the frame. Neither build depends on a stack's ports: the demo's config is put into its
   * pages when they are served. @default undefined (each stack builds its own)
   */
  prebuilt?: StackBuilds
  /** The API's self-hosted analytics (GET /getAnalyticsConfig, POST /batch, /e). @default off */
  analytics?: { enabled?: boolean; retentionDays?: number }
  /** IANA time zones whose visitors get no swaps, on-ramp or pay with exchange (SPEC §6; the API's option). @default none */
  restrictedTimezones?: string[]
  /**
   * The auth service's mail limits, over the stack's (which lifts the per-IP cap: everyone here is 127.0.0.1),
   * e.g. a shorter resend cooldown for a journey that sends several codes. @default the service's
   */
  authLimits?: NonNullable<AuthConfig['limits']>
  /** How long one device-approval ask of the auth service waits before it answers pending. @default the service's (20 s) */
  deviceAskMs?: number
}

/**
 * Serves a preview's pages with this stack's config in them (`window.__PORTICO_DEMO__`, as the demo's
 * own plugin puts it in for `npm start`), so one build serves every stack.
 */
function demoConfigPages(outDir: string, config: unknown): Plugin {
  // JSON inside <script>: escape '<' so no value can close the tag.
  const script = `<script>window.__PORTICO_DEMO__ = ${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`
  return {
    name: 'portico-stack-config-pages',
    configurePreviewServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
        const file = pathname === '/' ? 'index.html' : pathname.endsWith('.html') ? pathname.slice(1) : undefined
        if (!file || file.includes('..') || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
        let html: string
        try {
          html = await readFile(path.join(outDir, file), 'utf8')
        } catch {
          return next()
        }
        res.setHeader('content-type', 'text/html; charset=utf-8')
        res.setHeader('cache-control', 'no-store')
        res.end(req.method === 'HEAD' ? undefined : html.replace('<head>', `<head>${script}`))
      })
    },
  }
}

export interface Stack {
  devnet: Devnet
  solana: SolanaDevnet
  relay: Relay
  /** The dev SMTP server the API sends login codes through, and its mailbox page. */
  mailbox: Mailbox
  /** The dev Farcaster relay (Sign In With Farcaster) and its approver page (`approverUrl`). */
  farcaster: FarcasterRelay
  /**
   * The exchange sandbox behind pay with exchange (`exchange.url`; its pay pages at
   * `exchange.payUrl(sessionId)`; `confirm`/`cancel`/`close` do what the page's buttons do).
   */
  exchange: ExchangeSandbox
  /**
   * The on-ramp provider sandbox (SandPay and TestRamp): checkout pages that send the purchase from
   * its treasury on the local chains. The API's `onramp` providers point at it.
   */
  onramp: OnrampSandbox
  /** The issuer URL of the dev OIDC provider standing in for google, github, apple, facebook, x and discord. */
  oidc: string
  /** The embedded wallet's secure frame (its own origin). */
  frameUrl: string
  apiUrl: string
  demoUrl: string
  config: DemoConfig
  /** The API's relayer of permission executions under key shares (auth.permissions.relayerKey, funded on every chain). */
  permissionsRelayer: `0x${string}`
  /** Stops the API server only (the e2e journey "API down"). */
  stopApi(): Promise<void>
  /** Starts the API server again on the same port (with `analytics` instead of the stack's, when given). */
  startApi(overrides?: Pick<StackOptions, 'analytics'>): Promise<void>
  /** Run SQL on the running API's database (e.g. what analytics stored). */
  queryApi<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  stop(): Promise<void>
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const started: (() => Promise<void>)[] = []
  /** Once the API runs, it owns (and closes) the database opened up front. */
  let apiStarted = false
  const stopAll = async () => {
    for (const stop of started.reverse()) await stop().catch(() => undefined)
    started.length = 0
  }
  try {
    const evmPorts = options.evmPorts ?? []
    // The API's in-memory database opens while the chains and the sandboxes start (a data directory,
    // npm start's, opens with the API).
    const database =
      options.dataDir === undefined ? openDatabase({ memoryTemplateDir: path.join(root, 'node_modules/.cache/portico-db') }) : undefined
    database?.catch(() => undefined)
    started.push(async () => {
      if (!apiStarted) await (await database)?.close()
    })
    const [devnet, solana, relay, mailbox] = await Promise.all([
      startDevnet({ chains: DEFAULT_DEVNET_CHAINS.map((c, i) => ({ ...c, port: evmPorts[i] ?? 0 })) }),
      startSolanaDevnet({ port: options.solanaPort ?? 0 }),
      startRelay({ port: options.relayPort ?? 0 }),
      startMailbox({ smtpPort: options.mailPorts?.smtp ?? 0, httpPort: options.mailPorts?.http ?? 0 }),
    ])
    started.push(
      () => devnet.stop(),
      () => solana.stop(),
      () => relay.stop(),
      () => mailbox.close(),
    )
    const [registryChain] = devnet.chains
    if (!registryChain) throw new Error('The devnet started no EVM chain for the IdRegistry')
    // Three independent set-ups at once (each sends from accounts of its own, or by anvil's cheat codes), each
    // registering its stop as it starts; a failure is thrown once all have settled, so nothing starts after
    // the stack has been stopped.
    const [registryResult, exchangeResult, onrampResult] = await Promise.allSettled([
      // Sign In With Farcaster: the dev relay + approver page, and the IdRegistry on the first chain
      // (the dev users' custody addresses registered), which the API reads to verify a signature.
      (async () => {
        const farcaster = await startFarcasterRelay({ port: options.farcasterPort ?? 0 })
        started.push(() => farcaster.stop())
        const idRegistry = await deployIdRegistry({
          rpcUrl: registryChain.rpcUrl,
          chainId: registryChain.chainId,
          mnemonic: devnet.mnemonic,
        })
        return { farcaster, idRegistry }
      })(),
      (async () => {
        // ENS (the devnet's contracts, on every anvil chain): portico-dev.eth → dev account 4, which the
        // API answers in /v1/identity and resolves for Send (packages/devnet/README.md).
        await seedDevnetEnsNames(devnet)
        // Pay with exchange: two sandbox exchanges whose hot wallets (devnet mnemonic indexes 70, 71) send
        // ETH and USDC on both anvil chains and SOL and USDC on the local Solana chain. After the ENS names:
        // both send from the devnet's own accounts.
        const exchange = await startExchangeSandbox({
          port: options.exchangePort ?? 0,
          mnemonic: devnet.mnemonic,
          ...(options.exchanges ? { exchanges: options.exchanges } : {}),
          evm: devnet.chains.map((c) => ({
            chainId: c.chainId,
            name: c.name,
            rpcUrl: c.rpcUrl,
            usdc: c.tokens.find((t) => t.symbol === 'USDC')?.address,
          })),
          solana: { caipNetworkId: solana.caipNetworkId, name: 'Portico Local Solana', rpcUrl: solana.rpcUrl, usdcMint: solana.usdcMint },
        })
        started.push(() => exchange.stop())
        return exchange
      })(),
      // On-ramp: the provider sandbox sells ETH and USDC on the anvil chains, SOL and USDC on Solana,
      // from its treasury (dev account 23, funded by cheat codes); the API offers its providers.
      (async () => {
        const onramp = await startOnrampSandbox({ port: options.onrampPort ?? 0, evm: devnet.chains, solana })
        started.push(() => onramp.stop())
        return onramp
      })(),
    ])
    const { farcaster, idRegistry } = settledValue(registryResult)
    const exchange = settledValue(exchangeResult)
    const onramp = settledValue(onrampResult)
    const onrampConfig = { providers: onramp.providers.map((p) => ({ kind: 'sandbox' as const, id: p.id, baseUrl: p.baseUrl })) }

    const chains = devnet.chains.map((c) => ({
      chainId: c.chainId,
      name: c.name,
      rpcUrl: c.rpcUrl,
      nativeCurrency: c.nativeCurrency,
      tokens: c.tokens,
      ens: c.ens,
      // The devnet's AMM (router + WETH) serves /v1/convert/* on every anvil chain.
      swap: c.amm,
    }))
    const solanaChain = {
      caipNetworkId: solana.caipNetworkId,
      name: 'Portico Local Solana',
      rpcUrl: solana.rpcUrl,
      tokens: [{ mint: solana.usdcMint, symbol: SOLANA_USDC.symbol, name: SOLANA_USDC.name, decimals: SOLANA_USDC.decimals }],
    }
    const storage = {
      // In memory (the e2e journeys): started from a snapshot of the migrated database (kept in
      // node_modules/.cache, made by the first start), not migrated again on every start.
      ...(options.dataDir === undefined
        ? { memoryTemplateDir: path.join(root, 'node_modules/.cache/portico-db') }
        : { dataDir: options.dataDir }),
      ...(options.analytics ? { analytics: options.analytics } : {}),
      ...(options.restrictedTimezones ? { restrictedTimezones: options.restrictedTimezones } : {}),
      // Every client of the local stack connects straight to the API (no proxy in front).
      clientAddress: 'direct' as const,
    }
    // The API and the frame name each other (the frame calls the API; the API answers the frame's
    // origin only), so the API's port is chosen first.
    const apiPort = options.apiPort || (await getFreePort())
    // Social login: one dev OIDC provider stands in for every social provider (a client each, its
    // login page lets the user pick a test account); it sends the popup back to the API's callback.
    const apiBase = `http://127.0.0.1:${apiPort}`
    const socialIds = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
    const oidc = await startOidcProvider({
      port: options.oidcPort ?? 0,
      // Apple's stand-in takes the client secret in the form body only, as Apple does (the API's apple default).
      clients: socialIds.map((id) => ({
        clientId: `portico-${id}`,
        clientSecret: `portico-dev-${id}`,
        redirectUris: [`${apiBase}/v1/auth/social/callback`],
        ...(id === 'apple' || id === 'facebook' ? { tokenEndpointAuthMethod: 'client_secret_post' as const } : {}),
      })),
    })
    started.push(() => oidc.close())
    const endpoints = {
      authorizationEndpoint: oidc.authorizationEndpoint,
      tokenEndpoint: oidc.tokenEndpoint,
      userinfoEndpoint: oidc.userinfoEndpoint,
      scopes: ['openid', 'email', 'profile'],
    }
    let frameDir = options.prebuilt?.frameDir
    if (!frameDir) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'portico-frame-'))
      started.push(() => rm(dir, { recursive: true, force: true }))
      await buildFrame({ outDir: dir })
      frameDir = dir
    }
    const frame = await startFrameHost({
      apiUrl: `http://127.0.0.1:${apiPort}`,
      port: options.framePort ?? 0,
      dir: frameDir,
      connectSrc: [...devnet.chains.map((c) => c.rpcUrl), solana.rpcUrl],
    })
    started.push(() => frame.close())
    const permissionsRelayerKey = await fundedRelayerKey(devnet)
    const frameUrl = options.frameOnLocalhost ? frame.url.replace('//127.0.0.1:', '//localhost:') : frame.url
    const auth: AuthConfig = {
      // The key encryption key: DEV ONLY kept beside the database (npm start), new for an in-memory run.
      // portico-api itself never does this: with a persistent database it requires PORTICO_KEK.
      kek: options.dataDir === undefined ? generateKek() : loadOrCreateKek(options.dataDir),
      mail: mailbox.smtpUrl,
      mailFrom: 'Portico <login@portico.test>',
      frameOrigins: [new URL(frameUrl).origin],
      // Every e2e journey and every local user signs in from 127.0.0.1: the hourly per-IP mail limit
      // is for the open internet.
      limits: { mailsPerIpPerHour: 1000, ...options.authLimits },
      ...(options.deviceAskMs ? { deviceAskMs: options.deviceAskMs } : {}),
      social: {
        redirectBaseUrl: apiBase,
        providers: Object.fromEntries(
          socialIds.map((id) => [id, { clientId: `portico-${id}`, clientSecret: `portico-dev-${id}`, ...endpoints }]),
        ),
      },
      farcaster: {
        relayUrl: farcaster.url,
        idRegistry: { chainId: idRegistry.chainId, address: idRegistry.address },
        siweUri: `http://127.0.0.1:${apiPort}/v1/auth/farcaster`,
      },
      // The embedded wallet's smart account: EOAs delegate (EIP-7702) to the devnet's batch executor.
      smartAccount: { executors: Object.fromEntries(devnet.chains.map((c) => [c.chainId, c.batchExecutor])) },
      // Key shares (issue 22 §1, the default): the frame makes, keeps and uses the keys;
      // PORTICO_KEY_CUSTODY=server has the API make and hold them instead.
      keyCustody: process.env.PORTICO_KEY_CUSTODY === 'server' ? ('server' as const) : ('shares' as const),
      // Their permissions are enforced on chain; executions are relayed by a key of this run, funded below.
      permissions: { relayerKey: permissionsRelayerKey },
    }
    const exchanges = [{ kind: 'sandbox' as const, url: exchange.url }]
    // History names the on-ramp sandbox's treasury (the sender of every purchase); swap routers are named by the API.
    const knownAddresses = [onramp.treasury.evm, onramp.treasury.solana]
      .filter((address): address is string => address !== undefined)
      .map((address) => ({ address, name: 'On-ramp (sandbox)' }))
    let api = await startServer({
      host: '127.0.0.1',
      port: apiPort,
      chains,
      solana: solanaChain,
      auth,
      exchanges,
      onramp: onrampConfig,
      knownAddresses,
      ...storage,
      ...(database ? { database } : {}),
    })
    apiStarted = true
    let apiRunning = true
    started.push(async () => {
      if (apiRunning) await api.stop()
    })

    const config: DemoConfig = {
      projectId: 'portico-demo',
      apiUrl: api.url,
      networks: devnetCaipNetworks(devnet),
      wallet: { mnemonic: devnet.mnemonic, chains: devnet.chains.map((c) => ({ chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl })) },
      relayUrl: relay.url,
      solana: {
        rpcUrl: solana.rpcUrl,
        wsUrl: solana.wsUrl,
        caipNetworkId: solana.caipNetworkId,
        genesisHash: solana.genesisHash,
        usdcMint: solana.usdcMint,
      },
      frameUrl,
    }
    process.env.PORTICO_DEMO_CONFIG = JSON.stringify(config)
    const configFile = path.join(demoRoot, 'vite.config.ts')

    let demoUrl: string
    if (options.mode === 'dev') {
      const server = await createServer({ root: demoRoot, configFile, server: { host: '127.0.0.1', port: options.demoPort ?? 0 } })
      await server.listen()
      started.push(() => server.close())
      demoUrl = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${server.config.server.port}/`
    } else {
      const outDir = options.prebuilt?.demoDir ?? options.outDir ?? path.join(root, 'dist/demo-e2e')
      if (!options.prebuilt) await buildDemo(outDir)
      const server = await preview({
        root: demoRoot,
        configFile,
        build: { outDir },
        preview: { host: '127.0.0.1', port: options.demoPort ?? 0, open: false },
        plugins: [demoConfigPages(outDir, config)],
      })
      started.push(() => new Promise<void>((resolve) => server.httpServer.close(() => resolve())))
      demoUrl = server.resolvedUrls?.local[0] ?? ''
    }

    return {
      devnet,
      solana,
      relay,
      mailbox,
      farcaster,
      exchange,
      onramp,
      oidc: oidc.issuer,
      frameUrl,
      apiUrl: api.url,
      demoUrl,
      config,
      permissionsRelayer: privateKeyToAccount(permissionsRelayerKey).address,
      async stopApi() {
        if (!apiRunning) return
        apiRunning = false
        await api.stop()
      },
      async startApi(overrides = {}) {
        if (apiRunning) return
        api = await startServer({
          host: '127.0.0.1',
          port: apiPort,
          chains,
          solana: solanaChain,
          auth,
          exchanges,
          onramp: onrampConfig,
          knownAddresses,
          ...storage,
          ...overrides,
        })
        apiRunning = true
      },
      async queryApi<T>(sql: string, params?: unknown[]) {
        return (await api.db.query<T>(sql, params)).rows
      },
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}

/**
 * The relayer of permission executions under key shares (auth.permissions.relayerKey): a new key for
 * this run, given 1000 ETH on every devnet chain (anvil_setBalance). It only pays gas: the user's
 * account checks each execution itself.
 */
/** A settled promise's value, or its reason thrown (once every promise of the group has settled). */
function settledValue<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason
  return result.value
}

async function fundedRelayerKey(devnet: Devnet): Promise<`0x${string}`> {
  const key = generatePrivateKey()
  const address = privateKeyToAccount(key).address
  for (const chain of devnet.chains) {
    const res = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, toHex(1000n * 10n ** 18n)] }),
    })
    if (!res.ok) throw new Error(`Funding the permissions relayer on chain ${chain.chainId} failed (${res.status})`)
  }
  return key
}
