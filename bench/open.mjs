// Benchmark (not a test): how long the default modal takes to show its Connect view after a click,
// in a production build served like an app's. Run with `npm run bench:open` (see bench/README.md).
//
//   node bench/open.mjs [--n 15] [--warmup 1] [--paths plain,hover,cold] [--hover-ms 150]
//                       [--after-ms 5000] [--json FILE] [--out DIR] [--no-build]
//
// 1. Builds bench/open (Vite, production; React, createPortico with one EVM network and the EVM
//    adapter, ConnectButton + a plain button calling useModal().open) into --out.
// 2. Serves it from 127.0.0.1 with gzip (bench/open/server.mjs, with a stub of the explorer API).
// 3. For each path, over --n fresh browser contexts (cold HTTP cache, empty storage) in Chromium with
//    the project's launch flags (every host but loopback fails to resolve): load the page, wait until
//    the network has been quiet for 1 s, move the mouse onto the button, wait --hover-ms (a user's
//    pointer rests on a button before pressing it), click with real input events, and record in the page
//    - the trusted click event's timeStamp (the start of every figure),
//    - when the click's handlers were done (Event Timing) and the Connect view's list entered the
//      DOM (MutationObserver),
//    - the first animation frame in which it is laid out on screen, and the first in which it is
//      also visible (opacity, multiplied through its ancestors, above 0), each taken when that
//      frame's requestAnimationFrame callbacks run (also its rAF timestamp, and the first task after it);
//    and, in Node, every request and the gzipped bytes of every script, before the click and in the
//    --after-ms after it.
// Paths: plain = the app's own button (no preload handlers), idle preload on (the default);
//        hover = ConnectButton, idle preload off: only its pointer-enter preload runs, --hover-ms ahead;
//        cold  = the app's own button, idle preload off: nothing of the modal is loaded at the click.
import os from 'node:os'
import path from 'node:path'
import { writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from '../chromium.config.ts'
import { serve } from './open/server.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const PAGE = path.join(import.meta.dirname, 'open')
const VIEW = '[data-testid="portico-connect-wallets"]'
export const PATHS = {
  plain: { query: '', click: '[data-testid="portico-bench-open"]', label: "app's button, idle preload on" },
  hover: { query: '?idle=0', click: '[data-testid="portico-connect-button"]', label: 'ConnectButton, idle preload off: hover preloads' },
  cold: { query: '?idle=0', click: '[data-testid="portico-bench-open"]', label: "app's button, idle preload off: nothing preloaded" },
}

function parseArgs(argv) {
  const o = {
    n: 15,
    warmup: 1,
    paths: 'plain,hover,cold',
    'hover-ms': 150,
    'after-ms': 5000,
    'quiet-ms': 1000,
    json: null,
    out: path.join(ROOT, 'dist/bench-open'),
    build: true,
  }
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]?.replace(/^--/, '') ?? ''
    if (key === 'no-build') o.build = false
    else if (key in o && key !== 'build') {
      const value = argv[++i]
      if (value === undefined) throw new Error(`--${key} needs a value`)
      o[key] = typeof o[key] === 'number' ? Number(value) : value
    } else throw new Error(`unknown option ${argv[i]}`)
  }
  o.paths = o.paths.split(',').map((p) => p.trim())
  for (const p of o.paths) if (!PATHS[p]) throw new Error(`unknown path ${p} (known: ${Object.keys(PATHS).join(', ')})`)
  return o
}

export async function buildPage(outDir) {
  // A production build whatever the caller's environment says (vitest sets NODE_ENV=test, which makes
  // the React plugin emit the development JSX runtime).
  process.env.NODE_ENV = 'production'
  const [{ build }, { default: react }, { vanillaExtractPlugin }, { workspaceSource }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
    import('@vanilla-extract/vite-plugin'),
    import('../scripts/source-condition.ts'),
  ])
  await build({
    root: PAGE,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    // On the packages' source, as before dist/ existed (the bench measures the modal, not the build).
    plugins: [workspaceSource(), react(), vanillaExtractPlugin()],
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { outDir, emptyOutDir: true },
  })
}

// ------------------------------------------------------------------ in the page
// Installed just before the click: a capture click listener, a MutationObserver for the view and a
// requestAnimationFrame loop that checks, every frame after the click, whether the view is on screen.
function arm(selector) {
  const s = { click: null, handlerEnd: null, dom: null, present: null, visible: null, visibleFrameTs: null, painted: null, done: false }
  window.__openBench = s
  addEventListener(
    'click',
    (e) => {
      if (e.isTrusted && s.click === null) s.click = e.timeStamp
    },
    { capture: true },
  )
  // Event Timing: when the click's handlers (and React's synchronous render of the open) finished.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'click' && s.handlerEnd === null) s.handlerEnd = e.processingEnd
  }).observe({ type: 'event', durationThreshold: 16 })
  const seen = () => {
    if (s.dom === null && document.querySelector(selector)) s.dom = performance.now()
  }
  new MutationObserver(seen).observe(document.body, { childList: true, subtree: true })
  const opacity = (el) => {
    let o = 1
    for (let n = el; n; n = n.parentElement) o *= Number(getComputedStyle(n).opacity)
    return o
  }
  // A frame's rAF timestamp is when the frame began, which is before the click's own task when the
  // main thread was busy; the time the frame's callbacks run (performance.now()) is when its rendering
  // really starts, so that is what counts. The first task after the frame bounds its paint.
  const frame = (ts) => {
    const at = performance.now()
    const el = s.click === null ? null : document.querySelector(selector)
    if (el) {
      const r = el.getBoundingClientRect()
      const onScreen =
        r.width > 0 &&
        r.height > 0 &&
        r.bottom > 0 &&
        r.right > 0 &&
        r.top < innerHeight &&
        r.left < innerWidth &&
        el.checkVisibility({ visibilityProperty: true })
      if (onScreen) {
        if (s.present === null) s.present = at
        if (opacity(el) > 0) {
          s.visible = at
          s.visibleFrameTs = ts
          const channel = new MessageChannel()
          channel.port1.onmessage = () => {
            s.painted = performance.now()
            s.done = true
          }
          channel.port2.postMessage(null)
          return
        }
      }
    }
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

function waitDone(timeoutMs) {
  return new Promise((resolve) => {
    const start = performance.now()
    const poll = () =>
      window.__openBench.done || performance.now() - start > timeoutMs ? resolve({ ...window.__openBench }) : setTimeout(poll, 10)
    poll()
  })
}

// ------------------------------------------------------------------ one measured open
const now = () => performance.timeOrigin + performance.now()
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

function kindOf(url) {
  const u = new URL(url)
  if (u.hostname !== '127.0.0.1') return 'external'
  return u.pathname.startsWith('/api/') || u.pathname.startsWith('/rpc') ? 'api' : 'static'
}

export async function measureOnce(browser, base, spec, opts) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 })
  const page = await context.newPage()
  const requests = []
  const pending = []
  const errors = []
  let inflight = 0
  let lastActivity = now()
  context.on('request', (req) => {
    requests.push({ req, url: req.url(), type: req.resourceType(), at: now(), kind: kindOf(req.url()), status: null, gz: 0 })
    inflight++
    lastActivity = now()
  })
  const settle = (req, finished) => {
    inflight--
    lastActivity = now()
    const rec = requests.find((r) => r.req === req)
    if (!rec || !finished) return
    pending.push(
      (async () => {
        rec.status = (await req.response())?.status() ?? null
        if (rec.type === 'script') rec.gz = (await req.sizes()).responseBodySize
      })().catch(() => undefined),
    )
  }
  context.on('requestfinished', (req) => settle(req, true))
  context.on('requestfailed', (req) => settle(req, false))
  page.on('pageerror', (e) => errors.push(String(e.message).slice(0, 200)))
  page.on(
    'console',
    (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(`console: ${m.text().slice(0, 200)}`),
  )
  page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()} ${r.url()}`))

  await page.goto(base + spec.query, { waitUntil: 'load' })
  const target = page.locator(spec.click)
  await target.waitFor({ state: 'visible', timeout: 20_000 }).catch((error) => {
    throw new Error(
      `${spec.click} never showed${errors.length ? `; page errors: ${errors.join(' | ')}` : ''} (${String(error).split('\n')[0]})`,
    )
  })
  const readyBy = now() + 20_000
  while (!(inflight <= 0 && now() - lastActivity >= opts['quiet-ms']) && now() < readyBy) await sleep(25)
  const box = await target.boundingBox()
  if (!box) throw new Error(`${spec.click} has no box`)
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  // As a user's pointer does: it arrives on the button, rests there, then clicks.
  await page.mouse.move(x, y)
  await sleep(opts['hover-ms'])
  await page.evaluate(arm, VIEW)
  const clickAt = now()
  await page.mouse.click(x, y)
  const s = await page.evaluate(waitDone, 10_000)
  const windowEnd = clickAt + opts['after-ms']
  while (now() < windowEnd) await sleep(25)
  await Promise.all(pending)
  await context.close()

  const before = requests.filter((r) => r.at < clickAt)
  const after = requests.filter((r) => r.at >= clickAt && r.at <= windowEnd)
  const count = (list, kind) => list.filter((r) => !kind || r.kind === kind).length
  const gz = (list) => list.reduce((sum, r) => sum + r.gz, 0)
  const tally = (list) => {
    const t = {}
    for (const r of list) t[`${r.kind}:${r.type}`] = (t[`${r.kind}:${r.type}`] ?? 0) + 1
    return t
  }
  const since = (t) => (s.click === null || t === null ? null : t - s.click)
  return {
    handlerMs: since(s.handlerEnd),
    domMs: since(s.dom),
    presentMs: since(s.present),
    visibleMs: since(s.visible),
    visibleFrameTsMs: since(s.visibleFrameTs),
    paintedMs: since(s.painted),
    requests: {
      before: count(before),
      apiBefore: count(before, 'api'),
      after: count(after),
      apiAfter: count(after, 'api'),
      externalAttempts: count(requests, 'external'),
      externalAnswered: requests.filter((r) => r.kind === 'external' && r.status !== null).length,
    },
    byType: { before: tally(before), after: tally(after) },
    jsGzBytes: { before: gz(before), after: gz(after) },
    jsFiles: { before: before.filter((r) => r.type === 'script').length, after: after.filter((r) => r.type === 'script').length },
    pageErrors: errors,
  }
}

// ------------------------------------------------------------------ report
function stats(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b)
  if (v.length === 0) return null
  const mid = v.length >> 1
  return { n: v.length, min: v[0], median: v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2, max: v[v.length - 1] }
}

export function summarise(runs) {
  return {
    visibleMs: stats(runs.map((r) => r.visibleMs)),
    presentMs: stats(runs.map((r) => r.presentMs)),
    visibleFrameTsMs: stats(runs.map((r) => r.visibleFrameTsMs)),
    paintedMs: stats(runs.map((r) => r.paintedMs)),
    domMs: stats(runs.map((r) => r.domMs)),
    handlerMs: stats(runs.map((r) => r.handlerMs)),
    requestsBefore: stats(runs.map((r) => r.requests.before)),
    apiRequestsBefore: stats(runs.map((r) => r.requests.apiBefore)),
    requestsAfter: stats(runs.map((r) => r.requests.after)),
    apiRequestsAfter: stats(runs.map((r) => r.requests.apiAfter)),
    jsGzBytesBefore: stats(runs.map((r) => r.jsGzBytes.before)),
    jsGzBytesAfter: stats(runs.map((r) => r.jsGzBytes.after)),
    failed: runs.filter((r) => r.visibleMs === null).length,
  }
}

const ms = (x) => (x === null || x === undefined ? '—' : x.toFixed(1))
const kib = (x) => (x / 1024).toFixed(1)

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  if (opts.build) await buildPage(opts.out)
  const server = await serve(opts.out)
  const browser = await chromium.launch(chromiumLaunchOptions)
  const meta = {
    date: new Date().toISOString(),
    chromium: browser.version(),
    node: process.version,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
    n: opts.n,
    warmup: opts.warmup,
    hoverMs: opts['hover-ms'],
    afterMs: opts['after-ms'],
  }
  console.log(`# bench:open  Chromium ${meta.chromium}  Node ${meta.node}  ${meta.cpus}  load ${meta.loadAverage.join(' ')}`)
  console.log(`# ${opts.n} fresh contexts per path (+${opts.warmup} warm-up), click → first frame with ${VIEW} on screen at opacity > 0`)
  console.log('path   iter handler    dom  laid-out  visible | requests before (api)  after (api) | JS gz KiB before / after')
  const runs = Object.fromEntries(opts.paths.map((p) => [p, []]))
  let failures = 0
  try {
    // Paths interleaved, so a change in machine load touches all of them alike.
    for (let i = -opts.warmup; i < opts.n; i++) {
      for (const name of opts.paths) {
        const r = await measureOnce(browser, server.url, PATHS[name], opts)
        if (i >= 0) runs[name].push(r)
        const bad = [
          r.visibleMs === null && 'NOT-VISIBLE',
          r.requests.externalAnswered && 'EXTERNAL-ANSWERED',
          r.pageErrors.length && `errors: ${r.pageErrors.join(' | ')}`,
        ].filter(Boolean)
        if (i >= 0 && bad.length) failures++
        console.log(
          `${name.padEnd(6)} ${(i < 0 ? 'warm' : String(i)).padStart(4)} ${ms(r.handlerMs).padStart(7)} ${ms(r.domMs).padStart(6)} ${ms(r.presentMs).padStart(9)} ${ms(r.visibleMs).padStart(8)} |` +
            ` ${String(r.requests.before).padStart(15)} (${r.requests.apiBefore}) ${String(r.requests.after).padStart(6)} (${r.requests.apiAfter}) |` +
            ` ${kib(r.jsGzBytes.before).padStart(6)} / ${kib(r.jsGzBytes.after)} ${bad.join(' ')}`,
        )
      }
    }
  } finally {
    await browser.close()
    await server.close()
  }

  const summary = Object.fromEntries(opts.paths.map((p) => [p, summarise(runs[p])]))
  const row = (label, s, fmt = ms) =>
    console.log(
      `  ${label.padEnd(40)} ${s ? `${fmt(s.min).padStart(8)} ${fmt(s.median).padStart(8)} ${fmt(s.max).padStart(8)}` : '       —'}`,
    )
  for (const name of opts.paths) {
    const s = summary[name]
    console.log(`\n${name}: ${PATHS[name].label} (${opts.n - s.failed}/${opts.n} opened)      min   median      max`)
    row('click → Connect view visible, ms', s.visibleMs)
    row("  same, by the frame's rAF timestamp", s.visibleFrameTsMs)
    row('  first task after that frame, ms', s.paintedMs)
    row('click → laid out (any opacity), ms', s.presentMs)
    row('click → in the DOM, ms', s.domMs)
    row('click → click handlers done, ms', s.handlerMs)
    row('requests before the click', s.requestsBefore, String)
    row('  of which API', s.apiRequestsBefore, String)
    row(`requests in the ${opts['after-ms']} ms after`, s.requestsAfter, String)
    row('  of which API', s.apiRequestsAfter, String)
    row('JS gzip KiB before the click', s.jsGzBytesBefore, kib)
    row(`JS gzip KiB in the ${opts['after-ms']} ms after`, s.jsGzBytesAfter, kib)
  }
  if (opts.json) writeFileSync(opts.json, JSON.stringify({ meta, summary, runs }, null, 1))
  if (failures) {
    console.error(`\n${failures} measured opens failed (not visible, an external host answered, or page errors)`)
    process.exitCode = 1
  }
}

if (import.meta.main) await main()
