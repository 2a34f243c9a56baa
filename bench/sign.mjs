// Benchmark (not a test): a signature through the embedded wallet's frame, logged in, under the API's
// old custody (keyCustody 'server': the API holds the sealed key and signs) and under key shares
// ('shares': the frame fetches the auth share sealed to its session, combines it with the device share
// from IndexedDB, signs, and the API relays). Run with `npm run bench:sign` (see bench/README.md).
//
//   node --conditions=@portico/source bench/sign.mjs [--n 20] [--warmup 2] [--modes server,shares]
//        [--ops sign,send] [--json FILE] [--trace DIR] [--out DIR] [--no-build] [--max-minutes 20]
//
// 1. Builds the demo and the frame once (scripts/stack-builds.ts) into --out.
// 2. Starts one local stack per custody mode (scripts/stack.ts: anvil, the API, the frame, the SMTP
//    sink…, all on 127.0.0.1; PORTICO_KEY_CUSTODY picks the mode), both running at once.
// 3. In Chromium (playwright-core, the project's flags), one browser context per mode opens the demo
//    and signs a new user in by email (apps/demo/e2e/email-login.ts: the mailed link and code); the
//    user's EVM account gets 10 ETH on anvil.
// 4. Rounds of `personal_sign` (wallet.signMessage) and `eth_sendTransaction` of 1 gwei to a devnet
//    account (wallet.sendTransaction: request → hash), modes interleaved so a change of machine load
//    hits both alike. Each request waits for the frame's confirmation window (issue 23), which is
//    answered at once by a click on its Confirm button (apps/demo/e2e/confirm-window.ts).
// Per request, in the browser's clocks (performance.timeOrigin + now, one machine):
//    total          the page's call → its result,
//    to confirm     the call → the trusted click on Confirm (window opened, loaded, request shown, clicked),
//    after confirm  that click → the result: the part the custody changes,
// and, from the frame's Resource Timing, each request it made after the click (API route or chain RPC),
// which splits "after confirm" into: until its first request, requests in flight, none in flight
// between them, and last response → result.
// 5. Under key shares, the frame's local steps alone, in its document: the device share's IndexedDB
//    read and AES-GCM unwrap, the auth share's ECDH open, and (bench/sign-steps.ts, bundled) Shamir
//    combine, the address check and viem's signing. --trace DIR: one more personal_sign per mode under
//    a Chromium trace, written to DIR.
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { answerConfirmations } from '../apps/demo/e2e/confirm-window.ts'
import { emailLogin } from '../apps/demo/e2e/email-login.ts'
import { chromiumLaunchOptions } from '../chromium.config.ts'
import { startStack } from '../scripts/stack.ts'
import { buildStackApps } from '../scripts/stack-builds.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
export const MODES = ['server', 'shares']
export const OPS = { sign: 'personal_sign', send: 'eth_sendTransaction' }
/** Devnet account 1: the transfers' recipient. */
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SAMPLE_TIMEOUT_MS = 60_000
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])
const TRACE_CATEGORIES = [
  '__metadata',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'IndexedDB',
  'v8.execute',
]

function parseArgs(argv) {
  const o = { n: 20, warmup: 2, modes: MODES.join(','), ops: Object.keys(OPS).join(','), json: null, trace: null, out: null, build: true }
  o['max-minutes'] = 20
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]?.replace(/^--/, '') ?? ''
    if (key === 'no-build') o.build = false
    else if (key in o && key !== 'build') {
      const value = argv[++i]
      if (value === undefined) throw new Error(`--${key} needs a value`)
      o[key] = typeof o[key] === 'number' ? Number(value) : value
    } else throw new Error(`unknown option ${argv[i]}`)
  }
  for (const k of ['n', 'warmup', 'max-minutes']) {
    const min = k === 'warmup' ? 0 : 1
    if (!Number.isInteger(o[k]) || o[k] < min || o[k] > 1000) throw new Error(`--${k} must be a whole number, ${min}–1000`)
  }
  o.modes = o.modes.split(',').map((m) => m.trim())
  o.ops = o.ops.split(',').map((m) => m.trim())
  for (const m of o.modes) if (!MODES.includes(m)) throw new Error(`unknown mode ${m} (known: ${MODES.join(', ')})`)
  for (const p of o.ops) if (!OPS[p]) throw new Error(`unknown op ${p} (known: ${Object.keys(OPS).join(', ')})`)
  o.out ??= path.join(ROOT, 'dist/bench-sign')
  return o
}

async function rpc(url, method, params) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await res.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

const withTimeout = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms).unref())])

// ------------------------------------------------------------------ one mode: stack, browser context, login
async function openMode(mode, browser, builds) {
  // scripts/stack.ts reads PORTICO_KEY_CUSTODY while it starts (the stacks start one after the other).
  process.env.PORTICO_KEY_CUSTODY = mode
  const stack = await startStack({ mode: 'preview', prebuilt: builds })
  const m = { mode, stack, context: null, page: null, confirms: [], pageErrors: [], offLoopback: [], address: '', answers: null }
  try {
    m.context = await browser.newContext({ viewport: { width: 1100, height: 820 } })
    await m.context.route('**/*', (route) => {
      const url = new URL(route.request().url())
      if (LOOPBACK.has(url.hostname)) return route.continue()
      m.offLoopback.push(url.href)
      return route.abort()
    })
    // The trusted click on Confirm, in the confirmation window (the frame's origin), as an absolute time.
    await m.context.exposeFunction('__benchConfirmed', (at) => void m.confirms.push(at))
    await m.context.addInitScript(() => {
      if (!location.search.includes('portico-confirm=request')) return
      addEventListener(
        'click',
        (e) => {
          if (e.isTrusted) window.__benchConfirmed?.(performance.timeOrigin + e.timeStamp)
        },
        { capture: true },
      )
    })
    m.page = await m.context.newPage()
    m.page.on('pageerror', (e) => m.pageErrors.push(e.message))
    await m.page.goto(stack.demoUrl)
    await emailLogin({ stack, context: m.context, page: m.page }, `bench-sign-${mode}@portico.test`)
    m.address = await m.page.evaluate(() => window.__portico?.chain.$chains.get().eip155?.accountState.address)
    if (!/^0x[0-9a-fA-F]{40}$/.test(m.address ?? '')) throw new Error(`${mode}: no EVM account after the login`)
    for (const chain of stack.devnet.chains) await rpc(chain.rpcUrl, 'anvil_setBalance', [m.address, `0x${(10n ** 19n).toString(16)}`])
    await m.page.keyboard.press('Escape')
    m.answers = answerConfirmations(m.context)
    return m
  } catch (error) {
    await closeMode(m)
    throw error
  }
}

async function closeMode(m) {
  m.answers?.stop()
  await m.context?.close().catch(() => undefined)
  await m.stack.stop()
}

/** The embedded wallet's frame in the demo page (not the confirmation window: that is a page of its own). */
function walletFrame(m) {
  const frame = m.page.frames().find((f) => f.url().startsWith(m.stack.frameUrl))
  if (!frame) throw new Error(`${m.mode}: no wallet frame in the page`)
  return frame
}

// ------------------------------------------------------------------ one measured request
async function measureOnce(m, op) {
  const frame = walletFrame(m)
  await frame.evaluate(() => performance.clearResourceTimings())
  const confirmsBefore = m.confirms.length
  const message = `bench:sign ${m.mode} ${Date.now()}`
  const r = await withTimeout(
    m.page.evaluate(
      async ({ op, message, to }) => {
        const wallet = window.__portico?.wallet
        if (!wallet) throw new Error('no window.__portico')
        const at = () => performance.timeOrigin + performance.now()
        const start = at()
        try {
          const result = op === 'sign' ? await wallet.signMessage(message) : await wallet.sendTransaction({ to, value: 1_000_000_000n })
          return { start, end: at(), result, error: null }
        } catch (error) {
          return { start, end: at(), result: null, error: String(error?.message ?? error) }
        }
      },
      { op, message, to: TO },
    ),
    SAMPLE_TIMEOUT_MS,
    `${m.mode} ${OPS[op]}`,
  )
  const confirmedAt = m.confirms.slice(confirmsBefore).findLast((t) => t >= r.start && t <= r.end) ?? null
  const apiOrigin = new URL(m.stack.apiUrl).origin
  const chainOrigins = new Set(m.stack.devnet.chains.map((c) => new URL(c.rpcUrl).origin))
  const entries = await frame.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => ({ name: e.name, start: performance.timeOrigin + e.startTime, end: performance.timeOrigin + e.responseEnd })),
  )
  const from = confirmedAt ?? r.start
  const after = entries.filter((e) => e.start >= from - 0.5 && e.start <= r.end)
  const requests = after.map((e) => {
    const u = new URL(e.name)
    const kind = u.origin === apiOrigin ? `API ${u.pathname}` : chainOrigins.has(u.origin) ? 'chain RPC' : `other ${u.origin}`
    return { kind, start: e.start - from, ms: e.end - e.start }
  })
  // After the click: until the frame's first request, requests in flight, none in flight between
  // them, and from the last response to the result in the page.
  const sorted = [...after].sort((a, b) => a.start - b.start)
  let busy = 0
  let edge = from
  for (const e of sorted) {
    const s = Math.max(e.start, edge)
    const end = Math.min(e.end, r.end)
    if (end > s) busy += end - s
    edge = Math.max(edge, end)
  }
  const confirmed = confirmedAt !== null
  const afterConfirmMs = confirmed ? r.end - confirmedAt : null
  const firstStart = sorted[0]?.start ?? r.end
  const lastEnd = sorted.length ? Math.max(...sorted.map((e) => e.end)) : r.end
  return {
    mode: m.mode,
    op,
    totalMs: r.end - r.start,
    toConfirmMs: confirmed ? confirmedAt - r.start : null,
    afterConfirmMs,
    beforeRequestMs: confirmed ? firstStart - from : null,
    networkMs: confirmed ? busy : null,
    betweenMs: confirmed ? lastEnd - firstStart - busy : null,
    afterResponseMs: confirmed ? r.end - lastEnd : null,
    requests,
    result: r.result,
    error: r.error,
    message: op === 'sign' ? message : undefined,
  }
}

/** A signature recovers to the account; a transaction hash is mined on anvil, successfully. */
async function check(m, sample) {
  if (sample.error) return sample.error
  if (sample.op === 'sign') {
    const signer = await recoverMessageAddress({ message: sample.message, signature: sample.result })
    return signer.toLowerCase() === m.address.toLowerCase() ? null : `signed by ${signer}, not ${m.address}`
  }
  const receipt = await rpc(m.stack.devnet.chains[0].rpcUrl, 'eth_getTransactionReceipt', [sample.result])
  return receipt?.status === '0x1' ? null : `transaction ${sample.result}: ${receipt ? `status ${receipt.status}` : 'not mined'}`
}

/**
 * Under key shares, the frame's local steps before a signature, timed one by one in the wallet frame's
 * document (its origin, its IndexedDB, Chromium's WebCrypto), `rounds` times each:
 *  - idb:    open the device shares' database, read the EVM record, close it (as device-store.ts does),
 *  - unwrap: AES-256-GCM decrypt of that record with its non-extractable key (as device.ts does),
 *  - open:   the auth share's envelope opened as transit.ts does (P-256 import, ECDH, HKDF, AES-GCM),
 *            over an envelope sealed here to a new P-256 key pair (the session's is not readable).
 */
async function localSteps(m, rounds) {
  return walletFrame(m).evaluate(async (rounds) => {
    const STORE = 'device-shares'
    const read = (query) =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('portico-frame-shares', 1)
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const db = request.result
          const tx = db.transaction(STORE, 'readonly')
          const q = query(tx.objectStore(STORE))
          tx.oncomplete = () => {
            db.close()
            resolve(q.result)
          }
          tx.onerror = () => {
            db.close()
            reject(tx.error)
          }
        }
      })
    const id = (await read((s) => s.getAllKeys())).find((k) => String(k).endsWith(':evm'))
    if (!id) throw new Error('no EVM device share in this frame')
    const utf8 = (text) => new TextEncoder().encode(text)
    const P256 = { name: 'ECDH', namedCurve: 'P-256' }
    const subtle = crypto.subtle
    const recipient = await subtle.generateKey(P256, false, ['deriveBits'])
    const recipientRaw = new Uint8Array(await subtle.exportKey('raw', recipient.publicKey))
    const info = utf8(JSON.stringify(['portico/bench', 'user', 'evm']))
    const aesKey = async (shared, salt, usage) =>
      subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt, info },
        await subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']),
        { name: 'AES-GCM', length: 256 },
        false,
        [usage],
      )
    const salt = (epk, raw) => {
      const out = new Uint8Array(epk.length + raw.length)
      out.set(epk)
      out.set(raw, epk.length)
      return out
    }
    const out = { idb: [], unwrap: [], open: [] }
    for (let i = 0; i < rounds; i++) {
      let t = performance.now()
      const record = await read((s) => s.get(id))
      out.idb.push(performance.now() - t)
      t = performance.now()
      await subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: record.iv,
          additionalData: utf8(JSON.stringify(['portico/device-share/v1', id, record.kind, record.address])),
        },
        record.wrappingKey,
        record.ct,
      )
      out.unwrap.push(performance.now() - t)
      // An envelope as the API seals the auth share (33 bytes), then opened as the frame opens it.
      const ephemeral = await subtle.generateKey(P256, false, ['deriveBits'])
      const epk = new Uint8Array(await subtle.exportKey('raw', ephemeral.publicKey))
      const sealKey = await aesKey(
        await subtle.deriveBits({ name: 'ECDH', public: recipient.publicKey }, ephemeral.privateKey, 256),
        salt(epk, recipientRaw),
        'encrypt',
      )
      const iv = crypto.getRandomValues(new Uint8Array(12))
      const ct = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: info }, sealKey, crypto.getRandomValues(new Uint8Array(33)))
      t = performance.now()
      const sender = await subtle.importKey('raw', epk, P256, true, [])
      const raw = new Uint8Array(await subtle.exportKey('raw', recipient.publicKey))
      const shared = await subtle.deriveBits({ name: 'ECDH', public: sender }, recipient.privateKey, 256)
      const key = await aesKey(shared, salt(epk, raw), 'decrypt')
      await subtle.decrypt({ name: 'AES-GCM', iv, additionalData: info }, key, ct)
      out.open.push(performance.now() - t)
    }
    return out
  }, rounds)
}

/**
 * Under key shares, the JavaScript steps of a signature (bench/sign-steps.ts: Shamir combine, the
 * address check, viem's account, signMessage, signTransaction), bundled with esbuild and run `rounds`
 * times in the wallet frame's document. Its own copy of the modules: their JIT state starts cold, as the
 * frame's did before its first signature.
 */
async function jsSteps(m, rounds) {
  const { build } = await import('esbuild')
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'sign-steps.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    conditions: ['@portico/source'],
    logLevel: 'warning',
  })
  const frame = walletFrame(m)
  // A string is evaluated as it is (DevTools protocol), not subject to the frame's CSP.
  await frame.evaluate(`${bundle.outputFiles[0].text}\n;0`)
  return frame.evaluate((rounds) => window.__benchSignSteps(rounds), rounds)
}

// ------------------------------------------------------------------ report
function stats(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b)
  if (v.length === 0) return null
  const mid = v.length >> 1
  const p90 = v[Math.min(v.length - 1, Math.ceil(0.9 * v.length) - 1)]
  return { n: v.length, min: v[0], median: v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2, p90, max: v[v.length - 1] }
}

export function summarise(samples) {
  const kinds = [...new Set(samples.flatMap((s) => s.requests.map((q) => q.kind)))].sort()
  return {
    totalMs: stats(samples.map((s) => s.totalMs)),
    toConfirmMs: stats(samples.map((s) => s.toConfirmMs)),
    afterConfirmMs: stats(samples.map((s) => s.afterConfirmMs)),
    beforeRequestMs: stats(samples.map((s) => s.beforeRequestMs)),
    networkMs: stats(samples.map((s) => s.networkMs)),
    betweenMs: stats(samples.map((s) => s.betweenMs)),
    afterResponseMs: stats(samples.map((s) => s.afterResponseMs)),
    // Per request kind: how many per signature (median) and the time of each (median over all of them).
    requests: Object.fromEntries(
      kinds.map((k) => [
        k,
        {
          perSample: stats(samples.map((s) => s.requests.filter((q) => q.kind === k).length)),
          ms: stats(samples.flatMap((s) => s.requests.filter((q) => q.kind === k).map((q) => q.ms))),
        },
      ]),
    ),
    failed: samples.filter((s) => s.error).length,
  }
}

const ms = (x) => (x === null || x === undefined ? '—' : x.toFixed(1))

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  const deadline = Date.now() + opts['max-minutes'] * 60_000
  const t0 = Date.now()
  const builds = opts.build
    ? await buildStackApps(opts.out)
    : { demoDir: path.join(opts.out, 'demo'), frameDir: path.join(opts.out, 'frame') }
  const browser = await chromium.launch(chromiumLaunchOptions)
  const modes = []
  const stop = async () => {
    for (const m of modes.splice(0)) await closeMode(m).catch(() => undefined)
    await browser.close().catch(() => undefined)
  }
  const onSignal = () => void stop().finally(() => process.exit(130))
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  const meta = {
    date: new Date().toISOString(),
    chromium: browser.version(),
    node: process.version,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
    n: opts.n,
    warmup: opts.warmup,
    modes: opts.modes,
    ops: opts.ops,
  }
  const samples = []
  let failures = 0
  try {
    for (const mode of opts.modes) modes.push(await openMode(mode, browser, builds))
    meta.setupS = Number(((Date.now() - t0) / 1000).toFixed(1))
    console.log(`# bench:sign  Chromium ${meta.chromium}  Node ${meta.node}  ${meta.cpus}  load ${meta.loadAverage.join(' ')}`)
    console.log(`# ${opts.n} requests per mode and method (+${opts.warmup} warm-up), logged in by email; stacks up in ${meta.setupS} s`)
    console.log(
      `${'mode'.padEnd(7)} ${'method'.padEnd(20)} iter ${'total'.padStart(8)} ${'to confirm'.padStart(11)} ${'after confirm'.padStart(14)} ${'before'.padStart(7)} ${'in flight'.padStart(10)} ${'between'.padStart(8)} ${'after'.padStart(6)} | requests after the click (ms)`,
    )
    // Modes interleaved (their order swapped every round), so a change in machine load touches both alike.
    for (let i = -opts.warmup; i < opts.n; i++) {
      for (const op of opts.ops) {
        const order = (i & 1) === 0 ? modes : [...modes].reverse()
        for (const m of order) {
          if (Date.now() > deadline) throw new Error(`--max-minutes ${opts['max-minutes']} reached`)
          const s = await measureOnce(m, op)
          s.iteration = i
          const bad = (await check(m, s).catch((error) => String(error))) ?? (s.afterConfirmMs === null ? 'no confirm click seen' : null)
          if (bad) s.error = bad
          if (i >= 0) {
            samples.push(s)
            if (bad) failures++
          }
          const reqs = s.requests.map((q) => `${q.kind.replace(/^API \/v1\/auth\//, '')} ${q.ms.toFixed(0)}`).join(', ')
          console.log(
            `${m.mode.padEnd(7)} ${OPS[op].padEnd(20)} ${(i < 0 ? 'warm' : String(i)).padStart(4)} ${ms(s.totalMs).padStart(8)} ${ms(s.toConfirmMs).padStart(11)} ${ms(s.afterConfirmMs).padStart(14)} ${ms(s.beforeRequestMs).padStart(7)} ${ms(s.networkMs).padStart(10)} ${ms(s.betweenMs).padStart(8)} ${ms(s.afterResponseMs).padStart(6)} | ${reqs}${bad ? `  FAILED: ${bad}` : ''}`,
          )
        }
      }
    }
    const shares = modes.find((m) => m.mode === 'shares')
    if (shares) {
      const steps = await localSteps(shares, opts.n)
      const js = await jsSteps(shares, opts.n)
      meta.localSteps = Object.fromEntries(Object.entries({ ...steps, ...js }).map(([k, v]) => [k, stats(v)]))
      meta.localStepsFirst = Object.fromEntries(Object.entries({ ...steps, ...js }).map(([k, v]) => [k, v[0]]))
    }
    // One more personal_sign per mode under a Chromium trace (open it in https://ui.perfetto.dev or chrome://tracing).
    if (opts.trace) {
      mkdirSync(opts.trace, { recursive: true })
      for (const m of modes) {
        await browser.startTracing(undefined, { categories: TRACE_CATEGORIES })
        await measureOnce(m, 'sign').finally(async () => {
          const file = path.join(opts.trace, `trace-${m.mode}-sign.json`)
          writeFileSync(file, await browser.stopTracing())
          console.log(`# trace of one ${m.mode} personal_sign: ${file}`)
        })
      }
    }
    for (const m of modes) {
      if (m.pageErrors.length) throw new Error(`${m.mode}: page errors: ${m.pageErrors.join(' | ')}`)
      if (m.offLoopback.length) throw new Error(`${m.mode}: requests off loopback: ${m.offLoopback.join(' ')}`)
    }
  } finally {
    meta.loadAverageEnd = os.loadavg().map((l) => Number(l.toFixed(2)))
    meta.durationS = Number(((Date.now() - t0) / 1000).toFixed(1))
    await stop()
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }

  const summary = {}
  for (const op of opts.ops) {
    summary[op] = {}
    for (const mode of opts.modes) summary[op][mode] = summarise(samples.filter((s) => s.op === op && s.mode === mode))
  }
  const row = (label, s) =>
    console.log(`  ${label.padEnd(40)} ${s ? [s.min, s.median, s.p90, s.max].map((x) => ms(x).padStart(8)).join(' ') : '       —'}`)
  for (const op of opts.ops) {
    for (const mode of opts.modes) {
      const s = summary[op][mode]
      console.log(`\n${mode} ${OPS[op]} (${opts.n - s.failed}/${opts.n} ok)             min   median      p90      max  (ms)`)
      row('total: request → result', s.totalMs)
      row('  request → Confirm clicked', s.toConfirmMs)
      row('  Confirm clicked → result', s.afterConfirmMs)
      row("    until the frame's first request", s.beforeRequestMs)
      row('    its requests in flight', s.networkMs)
      row('    none in flight, between them', s.betweenMs)
      row('    last response → result', s.afterResponseMs)
      for (const [kind, r] of Object.entries(s.requests)) row(`    ${kind} ×${r.perSample?.median ?? 0}`, r.ms)
    }
  }
  if (meta.localSteps) {
    console.log(`\nshares: the frame's local steps alone, in its document (${opts.n} each)     min   median      p90      max  (ms)`)
    row('IndexedDB: open, read the device share', meta.localSteps.idb)
    row('WebCrypto: unwrap it (AES-GCM)', meta.localSteps.unwrap)
    row('WebCrypto: open the auth share (ECDH)', meta.localSteps.open)
    row('Shamir: combine the two shares', meta.localSteps.combine)
    row("check the key's address (secp256k1)", meta.localSteps.check)
    row('viem: privateKeyToAccount', meta.localSteps.account)
    row('viem: signMessage', meta.localSteps.signMessage)
    row('viem: signTransaction (EIP-1559)', meta.localSteps.signTransaction)
    console.log(
      `  (first round: ${Object.entries(meta.localStepsFirst)
        .map(([k, v]) => `${k} ${ms(v)}`)
        .join(', ')})`,
    )
  }
  console.log(`\nload average ${meta.loadAverage.join(' ')} at the start, ${meta.loadAverageEnd.join(' ')} at the end; ${meta.durationS} s`)
  if (opts.json) writeFileSync(opts.json, JSON.stringify({ meta, summary, samples }, null, 1))
  if (failures) {
    console.error(`\n${failures} measured requests failed`)
    process.exitCode = 1
  }
}

if (import.meta.main) await main()
