// Shared set-up of the e2e journeys: the whole local stack (anvil chains, Portico API, a production
// build of the demo), Debian's Chromium, and a guard that aborts and records any request that is not
// to loopback — the journeys then assert that list is empty.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { chromiumLaunchOptions } from '../../../chromium.config.ts'
import { type Stack, type StackOptions, startStack } from '../../../scripts/stack.ts'

export interface Harness {
  stack: Stack
  browser: Browser
  context: BrowserContext
  page: Page
  /** Requests to anything but loopback (they were aborted). */
  offLoopback: string[]
  /** Uncaught page errors. */
  pageErrors: string[]
  close(): Promise<void>
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

export interface HarnessOptions {
  beforeGoto?: (page: Page) => Promise<void>
  /** Scripts run in every page before its own scripts (test-only shims, e.g. for sign-client). */
  initScripts?: (() => void)[]
  /** The demo page to open, relative to the demo's URL. @default '' (index.html, the default modal) */
  path?: string
  /**
   * Where the demo's production build goes, were it built here. @default the stack's: the journeys
   * serve the run's one build (tests/setup/e2e-builds.ts), so this is unused under vitest.
   */
  outDir?: string
  /** The API's analytics (the stack's option). @default off */
  analytics?: StackOptions['analytics']
  /** The API's restricted time zones (the stack's option). @default none */
  restrictedTimezones?: StackOptions['restrictedTimezones']
  /** The auth service's mail limits (the stack's option). @default the stack's */
  authLimits?: StackOptions['authLimits']
  /** One device-approval ask's bound (the stack's option). @default the service's */
  deviceAskMs?: StackOptions['deviceAskMs']
  /** The browser's time zone (Playwright emulates it: Intl reads it). @default the machine's */
  timezoneId?: string
  /** The frame on `localhost` (the stack's option; passkeys need a host name). @default false */
  frameOnLocalhost?: boolean
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const stack = await startStack({
    mode: 'preview',
    // The demo and the frame, built once for the whole run (tests/setup/e2e-builds.ts).
    prebuilt: inject('porticoStackBuilds'),
    ...(options.outDir ? { outDir: options.outDir } : {}),
    ...(options.analytics ? { analytics: options.analytics } : {}),
    ...(options.restrictedTimezones ? { restrictedTimezones: options.restrictedTimezones } : {}),
    ...(options.frameOnLocalhost ? { frameOnLocalhost: true } : {}),
    ...(options.authLimits ? { authLimits: options.authLimits } : {}),
    ...(options.deviceAskMs ? { deviceAskMs: options.deviceAskMs } : {}),
  })
  let browser: Browser | undefined
  try {
    browser = await chromium.launch(chromiumLaunchOptions)
    const context = await browser.newContext({
      viewport: { width: 1100, height: 820 },
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    })
    const offLoopback: string[] = []
    const pageErrors: string[] = []
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url())
      if (LOOPBACK.has(url.hostname)) return route.continue()
      offLoopback.push(url.href)
      return route.abort()
    })
    for (const script of options.initScripts ?? []) await context.addInitScript(script)
    const page = await context.newPage()
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await options.beforeGoto?.(page)
    await page.goto(new URL(options.path ?? '', stack.demoUrl).href)
    const b = browser
    return {
      stack,
      browser: b,
      context,
      page,
      offLoopback,
      pageErrors,
      async close() {
        await b.close().catch(() => undefined)
        await stack.stop()
      },
    }
  } catch (error) {
    await browser?.close().catch(() => undefined)
    await stack.stop()
    throw error
  }
}

/** anvil_setBalance on one chain (wei). */
export async function setNativeBalance(rpcUrl: string, address: string, wei: bigint): Promise<void> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, `0x${wei.toString(16)}`] }),
  })
  const body = (await res.json()) as { error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
}
