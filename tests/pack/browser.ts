// Opens a scratch app in Debian's Chromium (playwright-core), with every request off 127.0.0.1
// refused and recorded, and drives it to the Connect view.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { chromiumLaunchOptions } from '../../chromium.config.ts'

export const launchChromium = (): Promise<Browser> => chromium.launch(chromiumLaunchOptions)

export interface Visit {
  page: Page
  context: BrowserContext
  /** HTTP status of the page itself. */
  status: number | undefined
  /** Every request the page made (http, https, ws, wss), in order. */
  requests: string[]
  /** Requests to any host but 127.0.0.1; each was aborted. */
  offLoopback: string[]
  /** `type: text (url)` of every console message. */
  console: string[]
  /** Uncaught errors (React reports recoverable hydration errors this way too). */
  pageErrors: string[]
  close(): Promise<void>
}

const loopback = (url: string) => {
  try {
    return new URL(url).hostname === '127.0.0.1'
  } catch {
    return false
  }
}

export async function visit(
  browser: Browser,
  url: string,
  options: { colorScheme?: 'light' | 'dark' /** Runs in the page before its own scripts (a browser wallet). */; initScript?: string } = {},
): Promise<Visit> {
  const context = await browser.newContext({ colorScheme: options.colorScheme ?? 'light', viewport: { width: 1280, height: 800 } })
  if (options.initScript) await context.addInitScript({ content: options.initScript })
  const requests: string[] = []
  const offLoopback: string[] = []
  const consoleMessages: string[] = []
  const pageErrors: string[] = []
  await context.route('**/*', (route) => {
    const u = route.request().url()
    requests.push(u)
    if (loopback(u)) return route.continue()
    offLoopback.push(u)
    return route.abort('blockedbyclient')
  })
  await context.routeWebSocket(/.*/, (ws) => {
    requests.push(ws.url())
    if (loopback(ws.url())) ws.connectToServer()
    else {
      offLoopback.push(ws.url())
      void ws.close()
    }
  })
  const page = await context.newPage()
  page.on('console', (m) => consoleMessages.push(`${m.type()}: ${m.text()}${m.location().url ? ` (${m.location().url})` : ''}`))
  page.on('pageerror', (e) => pageErrors.push(String(e.stack ?? e.message)))
  const response = await page.goto(url, { waitUntil: 'load' })
  return {
    page,
    context,
    status: response?.status(),
    requests,
    offLoopback,
    console: consoleMessages,
    pageErrors,
    close: () => context.close(),
  }
}

/**
 * Clicks the ConnectButton until the modal is up: a click that lands before the page has hydrated
 * does nothing, so it is repeated (at most once per 1.5 s) until the dialog shows.
 */
export async function openModal(page: Page, timeoutMs = 20_000): Promise<void> {
  const button = page.getByTestId('portico-connect-button')
  const modal = page.getByTestId('portico-modal')
  await button.waitFor({ state: 'visible', timeout: timeoutMs })
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    await button.click()
    try {
      await modal.waitFor({ state: 'visible', timeout: 1500 })
      return
    } catch {
      /* not hydrated yet */
    }
  }
  throw new Error('the modal did not open after clicking the ConnectButton')
}

/** Console lines and page errors that speak of hydration (dev warnings and React's production error codes). */
export const hydrationProblems = (v: Pick<Visit, 'console' | 'pageErrors'>) =>
  [...v.console, ...v.pageErrors].filter((m) =>
    /hydrat|did not match|didn't match|server rendered (html|text)|Minified React error #(418|419|421|422|423|425)\b/i.test(m),
  )

/** A console message cut to its first line and React's diff lines (`+ client` / `- server`). */
export function brief(message: string, max = 900): string {
  const lines = message.split('\n')
  const diff = lines.filter((l) => /^\s*[+-]\s/.test(l)).map((l) => l.trim())
  return [lines[0] ?? '', ...diff].join(' | ').slice(0, max)
}
