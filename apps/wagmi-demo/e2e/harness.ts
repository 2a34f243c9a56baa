// The wagmi app's stack: the devnet's two anvil chains, the Portico API on them (the modal's wallet
// list, balances), a production build of apps/wagmi-demo served by `vite preview`, and Debian's
// Chromium with the loopback guard of apps/demo/e2e/harness.ts. The page gets the stack's addresses
// through an init script (window.__PORTICO_WAGMI_DEMO__), so one build serves any ports.
import path from 'node:path'
import { type Devnet, devnetCaipNetworks, startDevnet } from '@portico/devnet'
import { startServer } from '@portico/server'
import { type Browser, chromium, type Page } from 'playwright-core'
import { build, preview } from 'vite'
import { chromiumLaunchOptions } from '../../../chromium.config.ts'
import type { WagmiDemoConfig } from '../src/config.ts'

const appRoot = path.resolve(import.meta.dirname, '..')
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

export interface WagmiHarness {
  devnet: Devnet
  page: Page
  url: string
  /** Requests to anything but loopback (they were aborted). */
  offLoopback: string[]
  /** Uncaught page errors. */
  pageErrors: string[]
  close(): Promise<void>
}

/**
 * `wagmi`: the major the demo is built on — '3' (the app's own install) or '2' (tests/wagmi2's,
 * through PORTICO_WAGMI=2 in vite.config.ts).
 */
export async function startWagmiHarness({ wagmi = '3' }: { wagmi?: '2' | '3' } = {}): Promise<WagmiHarness> {
  const stops: (() => Promise<unknown>)[] = []
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined)
  }
  try {
    const outDir = path.resolve(appRoot, `../../dist/wagmi-demo-e2e-${wagmi}`)
    const configFile = path.join(appRoot, 'vite.config.ts')
    // The build does not depend on the stack: run both at once.
    const nodeEnv = process.env.NODE_ENV
    const wagmiEnv = process.env.PORTICO_WAGMI
    process.env.NODE_ENV = 'production'
    process.env.PORTICO_WAGMI = wagmi
    const building = build({
      root: appRoot,
      configFile,
      logLevel: 'warn',
      mode: 'production',
      build: { outDir, emptyOutDir: true },
    }).finally(() => {
      if (nodeEnv === undefined) delete process.env.NODE_ENV
      else process.env.NODE_ENV = nodeEnv
      if (wagmiEnv === undefined) delete process.env.PORTICO_WAGMI
      else process.env.PORTICO_WAGMI = wagmiEnv
    })
    const devnet = await startDevnet()
    stops.push(() => devnet.stop())
    const chains = devnet.chains.map((c) => ({
      chainId: c.chainId,
      name: c.name,
      rpcUrl: c.rpcUrl,
      nativeCurrency: c.nativeCurrency,
      tokens: c.tokens,
    }))
    const api = await startServer({ host: '127.0.0.1', port: 0, chains })
    stops.push(() => api.stop())
    await building
    const server = await preview({ root: appRoot, configFile, build: { outDir }, preview: { host: '127.0.0.1', port: 0, open: false } })
    stops.push(() => new Promise<void>((resolve) => server.httpServer.close(() => resolve())))
    const url = server.resolvedUrls?.local[0] ?? ''

    const config: WagmiDemoConfig = {
      projectId: 'portico-wagmi-demo',
      apiUrl: api.url,
      networks: devnetCaipNetworks(devnet) as WagmiDemoConfig['networks'],
      wallet: { mnemonic: devnet.mnemonic, chains: devnet.chains.map((c) => ({ chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl })) },
    }
    const browser: Browser = await chromium.launch(chromiumLaunchOptions)
    stops.push(() => browser.close())
    const context = await browser.newContext({ viewport: { width: 1100, height: 820 } })
    const offLoopback: string[] = []
    const pageErrors: string[] = []
    await context.route('**/*', async (route) => {
      const target = new URL(route.request().url())
      if (LOOPBACK.has(target.hostname)) return route.continue()
      offLoopback.push(target.href)
      return route.abort()
    })
    await context.addInitScript((c) => {
      ;(window as { __PORTICO_WAGMI_DEMO__?: unknown }).__PORTICO_WAGMI_DEMO__ = c
    }, config)
    const page = await context.newPage()
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await page.goto(url)
    return { devnet, page, url, offLoopback, pageErrors, close: stopAll }
  } catch (error) {
    await stopAll()
    throw error
  }
}
