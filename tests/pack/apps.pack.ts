// The pack test (issue 10 §2): the published packages, packed to tarballs and installed (no
// workspace links) into scratch apps outside the repository — Vite + React 19, Vite + React 18,
// Next.js App Router with server rendering — each typechecked (strict) against the published .d.ts,
// built, served from 127.0.0.1 and opened in Chromium up to the Connect view. A fourth scratch
// folder runs the API from the @portico/server tarball; the React 19 app talks to it, the other
// two get an API URL where nothing listens (the Connect view shows the list's error in place).
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brief, hydrationProblems, launchChromium, openModal, type Visit, visit } from './browser.ts'
import {
  bin,
  freePort,
  packAll,
  publishedPackages,
  type PreparedApp,
  prepareApp,
  pruneTarballs,
  repoRoot,
  run,
  type Server,
  startServer,
  type Tarball,
  tail,
} from './lib.ts'
import { devOnly, manifestTargets, shipped } from './rules.ts'
import { type AnvilInstance, startAnvil } from '../../packages/devnet/src/anvil.ts'
import { extractBlocks } from '../docs/blocks.ts'

interface AppSpec {
  name: string
  kind: 'vite' | 'next'
  /** The React version the app pins. */
  react: string
  /** The React the page runs on (the App Router renders with the React that Next vendors). */
  runtimeReact: RegExp
  /** The Portico packages the app imports; their @portico/* dependencies come along. */
  portico: string[]
  /** 'live': the API from the @portico/server tarball; 'absent': a loopback port nothing listens on. */
  api: 'live' | 'absent'
  /** The app styles itself with vanilla-extract (its plugin must leave Portico's compiled CSS alone). */
  ownVanillaExtract?: boolean
}

const PORTICO = ['@portico/headless', '@portico/ui', '@portico/evm']
const APPS: AppSpec[] = [
  {
    name: 'vite-react19',
    kind: 'vite',
    react: '19.3.1',
    runtimeReact: /^19\.3\.1$/,
    portico: [...PORTICO, '@portico/solana', '@portico/walletconnect', '@portico/wagmi'],
    api: 'live',
  },
  {
    name: 'vite-react18',
    kind: 'vite',
    react: '18.3.1',
    runtimeReact: /^18\.3\.1$/,
    portico: PORTICO,
    api: 'absent',
    ownVanillaExtract: true,
  },
  { name: 'next', kind: 'next', react: '19.3.1', runtimeReact: /^19\./, portico: PORTICO, api: 'absent' },
]
/** The scratch folder that runs `portico-api` from the server tarball. */
const API_APP = { name: 'api', portico: ['@portico/server'] }
/** A new Vite + React app with docs/quick-start.md pasted in (the packages its install line names). */
const QUICKSTART_DOC = path.join(repoRoot, 'docs/quick-start.md')
const quickstartInstall = (): string[] =>
  /^npm install ((?:@portico\/[\w-]+ ?)+)$/m.exec(readFileSync(QUICKSTART_DOC, 'utf8'))?.[1]?.trim().split(' ') ?? []
const QUICKSTART_APP = { name: 'quickstart', portico: quickstartInstall() }

const readJson = <T = Record<string, unknown>>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T

let tarballs: Tarball[] = []
let browser: Browser | undefined
/** A loopback URL where nothing listens (the 'absent' API). */
let absentApiUrl = ''
/** Where the API from the server tarball listens (the 'live' API). */
let liveApiUrl = ''
let liveApi: Promise<Server> | undefined
const installs = new Map<string, Promise<PreparedApp>>()

beforeAll(async () => {
  tarballs = await packAll()
  console.log(`[pack] packed ${tarballs.map((t) => `${t.name}@${t.version}`).join(', ')}`)
  // The installs run side by side (mostly waiting on the registry); each app's tests await theirs.
  for (const app of [...APPS, API_APP, QUICKSTART_APP]) {
    const p = prepareApp(app.name, app.portico, tarballs)
    p.catch(() => undefined)
    installs.set(app.name, p)
  }
  absentApiUrl = `http://127.0.0.1:${await freePort()}`
  liveApiUrl = `http://127.0.0.1:${await freePort()}`
  browser = await launchChromium()
}, 180_000)

afterAll(async () => {
  const settled = await Promise.allSettled(installs.values())
  if (settled.every((s) => s.status === 'fulfilled')) pruneTarballs(tarballs)
  await Promise.allSettled([liveApi?.then((s) => s.stop()), browser?.close()])
})

const apiUrlOf = (app: AppSpec) => (app.api === 'live' ? liveApiUrl : absentApiUrl)

/** `portico-api` from the server tarball, on 127.0.0.1 with PGlite in memory (started once). */
function startLiveApi(): Promise<Server> {
  liveApi ??= (async () => {
    const p = await installs.get(API_APP.name)
    if (!p) throw new Error('the API folder was not installed')
    const port = new URL(liveApiUrl).port
    return startServer(bin(p.dir, 'portico-api'), ['--port', port, '--host', '127.0.0.1'], {
      cwd: p.dir,
      url: `${liveApiUrl}/getWallets?page=1&entries=1`,
      timeoutMs: 60_000,
    })
  })()
  return liveApi
}

/** Console errors other than the expected refused connection to the absent API. */
const unexpectedErrors = (v: Visit) =>
  v.console.filter((m) => m.startsWith('error:') && !(m.includes('ERR_CONNECTION_REFUSED') && m.includes(absentApiUrl)))

/** The tarballs sit in the app's node_modules as plain folders, recorded as file: tarballs in its lockfile. */
function expectInstalledFromTarballs(p: PreparedApp) {
  const lock = readJson<{ packages: Record<string, { version?: string; resolved?: string }> }>(path.join(p.dir, 'package-lock.json'))
  for (const t of p.tarballs) {
    const at = path.join(p.dir, 'node_modules', t.name)
    expect(lstatSync(at).isSymbolicLink(), `${t.name} is a link`).toBe(false)
    expect(realpathSync(at).startsWith(repoRoot), `${t.name} resolves into the repository`).toBe(false)
    expect(readJson<{ version: string }>(path.join(at, 'package.json')).version).toBe(t.version)
    expect(lock.packages[`node_modules/${t.name}`]?.resolved).toBe(`file:../../tarballs/${path.basename(t.file)}`)
    // No Portico package carries its own React: the app's copy is the only one.
    for (const dup of ['react', 'react-dom'])
      expect(existsSync(path.join(at, 'node_modules', dup)), `${t.name} has its own ${dup}`).toBe(false)
  }
}

async function awaitInstall(name: string): Promise<PreparedApp> {
  const p = await installs.get(name)
  if (!p) throw new Error('no install started')
  console.log(`[pack] ${name}: install ${p.mode} in ${(p.ms / 1000).toFixed(1)} s (${p.dir})`)
  return p
}

/** What the published CSS and the app's themeVariables do to the page. */
const styleFacts = (v: Visit) =>
  v.page.evaluate(() => {
    const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
    const button = q('portico-connect-button')
    const overlay = q('portico-modal-overlay')
    const dialog = q('portico-modal')
    return {
      buttonBackground: button ? getComputedStyle(button).backgroundColor : null,
      overlayPosition: overlay ? getComputedStyle(overlay).position : null,
      // The layout width: offsetWidth ignores the open animation's scale (a bounding box read mid-animation gave 369).
      dialogWidth: dialog ? dialog.offsetWidth : null,
    }
  })

describe.each(publishedPackages().map((p) => p.json.name))('tarball of %s', (name) => {
  const tarball = () => {
    const t = tarballs.find((x) => x.name === name)
    if (!t) throw new Error(`${name} was not packed`)
    return t
  }

  it('points exports, types and bin only at built files in the tarball', () => {
    const { json, files } = tarball()
    const targets = manifestTargets(json)
    expect(targets.length).toBeGreaterThan(0)
    expect(targets.filter((t) => !shipped(t, files))).toEqual([])
    expect(targets.filter((t) => t.startsWith('src/') || (/\.tsx?$/.test(t) && !/\.d\.[cm]?ts$/.test(t)))).toEqual([])
    // Each subpath with conditions names its declarations first (TypeScript takes the first match).
    const entries = Object.entries((json.exports ?? {}) as Record<string, unknown>).filter(([, t]) => t && typeof t === 'object')
    expect(entries.length).toBeGreaterThan(0)
    expect(entries.filter(([, t]) => Object.keys(t as object)[0] !== 'types').map(([sub]) => sub)).toEqual([])
  })

  it('depends on other Portico packages by version range, not "*", workspace: or file:', () => {
    const { json } = tarball()
    const deps = { ...json.dependencies, ...json.peerDependencies, ...json.optionalDependencies }
    const loose = Object.entries(deps).filter(([d, r]) => (d.startsWith('@portico/') && r === '*') || /^(workspace|file|link):/.test(r))
    expect(loose).toEqual([])
  })

  it('carries no test, story, fixture or screenshot file', () => {
    expect(tarball().files.filter(devOnly)).toEqual([])
  })
})

/** The explorer's first wallet on a fresh API database (the API's seeded wallet list). */
const LIVE_FIRST_WALLET = 'Portico Dev Wallet'

describe('api: portico-api from the @portico/server tarball', () => {
  let prepared: PreparedApp | undefined

  it('installs the server tarball, not a workspace link', async () => {
    prepared = await awaitInstall(API_APP.name)
    expect(prepared.tarballs.map((t) => t.name)).toEqual(['@portico/protocol', '@portico/server'])
    expectInstalledFromTarballs(prepared)
  }, 600_000)

  it('portico-api --help prints its usage and exits 0', async () => {
    if (!prepared) throw new Error('not installed')
    const r = await run(bin(prepared.dir, 'portico-api'), ['--help'], { cwd: prepared.dir, timeoutMs: 60_000 })
    expect(r.code, tail(r.output)).toBe(0)
    expect(r.output).toContain('Usage: portico-api')
    expect(r.output).toContain('--port <n>')
    // As docs/quick-start.md runs it: npx finds the installed package, nothing asked of the registry.
    const npx = await run('npx', ['--offline', '@portico/server', '--help'], { cwd: prepared.dir, timeoutMs: 60_000 })
    expect(npx.code, tail(npx.output)).toBe(0)
    expect(npx.output).toContain('Usage: portico-api')
  }, 60_000)

  it('serves the wallet explorer and network logos on 127.0.0.1 (PGlite in memory)', async () => {
    await startLiveApi()
    const res = await fetch(`${liveApiUrl}/getWallets?page=1&entries=4`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { count: number; data: { name: string }[] }
    expect(body.count).toBeGreaterThan(4)
    expect(body.data.length).toBe(4)
    expect(body.data[0]?.name).toBe(LIVE_FIRST_WALLET)
    const logo = await fetch(`${liveApiUrl}/network-images/ethereum`)
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toContain('image/svg+xml')
    await logo.arrayBuffer()
  }, 90_000)
})

describe.each(APPS)('$name', (app) => {
  let prepared: PreparedApp | undefined
  let server: Server | undefined
  let built = false

  const need = () => {
    if (!prepared) throw new Error(`${app.name} was not installed (see the install test)`)
    return prepared
  }

  const serve = async (): Promise<Server> => {
    if (server) return server
    const { dir } = need()
    if (!built) throw new Error(`${app.name} was not built (see the build test)`)
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/`
    server =
      app.kind === 'vite'
        ? await startServer(bin(dir, 'vite'), ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: dir, url })
        : await startServer(bin(dir, 'next'), ['start', '-H', '127.0.0.1', '-p', String(port)], { cwd: dir, url })
    return server
  }

  afterAll(async () => {
    await server?.stop()
  })

  it('installs the tarballs, not workspace links', async () => {
    const p = await awaitInstall(app.name)
    prepared = p
    expect(p.tarballs.map((t) => t.name)).toEqual(expect.arrayContaining(app.portico))
    expectInstalledFromTarballs(p)
    expect(readJson<{ version: string }>(path.join(p.dir, 'node_modules/react/package.json')).version).toBe(app.react)
    expect(readJson<{ version: string }>(path.join(p.dir, 'node_modules/react-dom/package.json')).version).toBe(app.react)
  }, 600_000)

  it('typechecks in strict mode against the published .d.ts (tsc --noEmit)', async () => {
    const { dir } = need()
    const tsconfig = readJson<{ compilerOptions: { strict?: boolean; skipLibCheck?: boolean } }>(path.join(dir, 'tsconfig.json'))
    expect(tsconfig.compilerOptions.strict).toBe(true)
    expect(tsconfig.compilerOptions.skipLibCheck).toBe(false)
    const r = await run(bin(dir, 'tsc'), ['--noEmit', '-p', 'tsconfig.json', '--listFiles'], { cwd: dir, timeoutMs: 180_000 })
    const listed = r.output.split('\n').map((l) => l.trim())
    const errors = listed.filter((l) => /error TS\d+/.test(l))
    const shown = errors.slice(0, 15).join('\n') + (errors.length > 15 ? `\n… ${errors.length - 15} more` : '')
    expect(shown).toBe('')
    expect(r.code, tail(r.output)).toBe(0)
    // Portico's types come from declaration files in the tarballs, never from TypeScript sources.
    const portico = listed.filter((l) => l.includes(`${path.sep}node_modules${path.sep}@portico${path.sep}`))
    expect(portico.length).toBeGreaterThan(0)
    expect(portico.filter((l) => !/\.d\.[cm]?ts$/.test(l))).toEqual([])
  }, 240_000)

  it(`builds (${app.kind === 'vite' ? 'vite build' : 'next build'})`, async () => {
    const { dir } = need()
    const r =
      app.kind === 'vite'
        ? await run(bin(dir, 'vite'), ['build'], { cwd: dir, env: { VITE_PORTICO_API_URL: apiUrlOf(app) }, timeoutMs: 300_000 })
        : await run(bin(dir, 'next'), ['build'], { cwd: dir, env: { NEXT_PUBLIC_PORTICO_API_URL: apiUrlOf(app) }, timeoutMs: 400_000 })
    console.log(`[pack] ${app.name}: build in ${(r.ms / 1000).toFixed(1)} s`)
    expect(r.code, tail(r.output)).toBe(0)
    if (app.kind === 'vite') {
      // The published CSS went into the app's bundle.
      const assets = readdirSync(path.join(dir, 'dist', 'assets'))
      expect(assets.filter((f) => f.endsWith('.css')).length, assets.join(', ')).toBeGreaterThan(0)
    }
    built = true
  }, 420_000)

  it('opens the Connect view in Chromium from the ConnectButton, styled, with no request off 127.0.0.1', async () => {
    const s = await serve()
    if (!browser) throw new Error('Chromium did not start')
    if (app.api === 'live') await startLiveApi()
    const v = await visit(browser, s.url)
    try {
      expect(v.status).toBe(200)
      const button = v.page.getByTestId('portico-connect-button')
      await button.waitFor({ state: 'visible', timeout: 20_000 })
      expect(await button.textContent()).toBe('Connect wallet')
      expect(await v.page.getByTestId('react-version').textContent()).toMatch(app.runtimeReact)
      await openModal(v.page)
      const modal = v.page.getByTestId('portico-modal')
      await modal.getByTestId('portico-connect-wallets').waitFor({ state: 'visible', timeout: 10_000 })
      expect(await modal.getByRole('heading').first().textContent()).toBe('Connect wallet')
      if (app.api === 'absent') {
        // No API answers: the wallet list shows its error in place (after the request to the API failed).
        const listError = modal.getByTestId('portico-list-error')
        await listError.waitFor({ state: 'visible', timeout: 20_000 })
        expect(await listError.textContent()).toContain('Wallets could not be loaded')
      } else {
        // The API from the server tarball answers: its first explorer wallet is listed.
        await modal.getByText(LIVE_FIRST_WALLET).waitFor({ state: 'visible', timeout: 20_000 })
        expect(await modal.getByTestId('portico-list-error').count()).toBe(0)
      }
      expect(v.requests.filter((u) => u.startsWith(`${apiUrlOf(app)}/getWallets`)).length).toBeGreaterThan(0)
      // The published stylesheet is applied and themeVariables reach it (accent #7c3aed).
      expect(await styleFacts(v)).toEqual({ buttonBackground: 'rgb(124, 58, 237)', overlayPosition: 'fixed', dialogWidth: 370 })
      if (app.ownVanillaExtract) expect(await v.page.getByTestId('app-main').evaluate((el) => getComputedStyle(el).paddingTop)).toBe('24px')
      expect(v.offLoopback).toEqual([])
      expect(v.pageErrors.map((m) => brief(m))).toEqual([])
      expect(unexpectedErrors(v).map((m) => brief(m))).toEqual([])
      expect(hydrationProblems(v).map((m) => brief(m))).toEqual([])
    } finally {
      await v.close()
    }
  }, 120_000)

  if (app.kind === 'next') {
    it('server-renders the ConnectButton into the HTML of next start', async () => {
      const s = await serve()
      const res = await fetch(s.url)
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toMatch(/<button[^>]*data-testid="portico-connect-button"[^>]*>Connect wallet<\/button>/)
      expect(html).toMatch(/data-testid="react-version">19\./)
    }, 60_000)

    it('hydrates without warnings for a dark-mode visitor (themeMode "system")', async () => {
      const s = await serve()
      if (!browser) throw new Error('Chromium did not start')
      const v = await visit(browser, s.url, { colorScheme: 'dark' })
      try {
        await openModal(v.page)
        await v.page.getByTestId('portico-connect-wallets').waitFor({ state: 'visible', timeout: 10_000 })
        expect(hydrationProblems(v).map((m) => brief(m))).toEqual([])
        expect(v.pageErrors.map((m) => brief(m))).toEqual([])
        expect(unexpectedErrors(v)).toEqual([])
        // The hydrated button shows the visitor's scheme, not the server's guess.
        expect(await v.page.getByTestId('portico-connect-button').getAttribute('data-portico-theme')).toBe('dark')
        expect(v.offLoopback).toEqual([])
      } finally {
        await v.close()
      }
    }, 120_000)

    // React reports attribute mismatches (and prints its hydration warnings) only in development.
    it('next dev: hydrates without a hydration warning, light and dark', async () => {
      const { dir } = need()
      if (!browser) throw new Error('Chromium did not start')
      const port = await freePort()
      const url = `http://127.0.0.1:${port}/`
      const dev = await startServer(bin(dir, 'next'), ['dev', '-H', '127.0.0.1', '-p', String(port)], {
        cwd: dir,
        url,
        env: { NEXT_PUBLIC_PORTICO_API_URL: apiUrlOf(app) },
        timeoutMs: 120_000,
      })
      const found: string[] = []
      try {
        for (const colorScheme of ['light', 'dark'] as const) {
          const v = await visit(browser, url, { colorScheme })
          try {
            if (v.status !== 200) throw new Error(`HTTP ${v.status}; next dev says: ${tail(dev.output(), 12)}`)
            // The first visit waits for the dev server to compile the page and its client chunks.
            await openModal(v.page, 60_000)
            await v.page.getByTestId('portico-connect-wallets').waitFor({ state: 'visible', timeout: 10_000 })
          } catch (e) {
            found.push(`${colorScheme}: ${brief(String(e))}`, ...v.pageErrors.map((m) => `${colorScheme}: ${brief(m)}`))
            await v.close()
            break
          }
          found.push(...[...hydrationProblems(v), ...v.pageErrors].map((m) => `${colorScheme}: ${brief(m)}`))
          found.push(...v.offLoopback.map((u) => `${colorScheme}: request off loopback ${u}`))
          await v.close()
        }
      } finally {
        await dev.stop()
      }
      expect(found).toEqual([])
    }, 240_000)
  }
})

describe('quickstart: docs/quick-start.md pasted into a new Vite app, no apiUrl, a dev wallet on anvil', () => {
  let prepared: PreparedApp | undefined
  let server: Server | undefined
  let anvil: AnvilInstance | undefined
  const need = () => {
    if (!prepared) throw new Error('quickstart was not installed (see the install test)')
    return prepared
  }

  afterAll(async () => {
    await Promise.allSettled([server?.stop(), anvil?.stop()])
  })

  it("installs what the doc's npm install line names, which is every Portico package the app needs", async () => {
    prepared = await awaitInstall(QUICKSTART_APP.name)
    expect(QUICKSTART_APP.portico).toEqual(['@portico/protocol', '@portico/headless', '@portico/ui', '@portico/evm'])
    // The closure of what the app imports is the doc's list: no Portico package comes from the registry.
    expect(prepared.tarballs.map((t) => t.name).sort()).toEqual([...QUICKSTART_APP.portico].sort())
    expectInstalledFromTarballs(prepared)
  }, 600_000)

  it("pastes the doc's files, with the local chain's block as src/portico.ts; typechecks and builds", async () => {
    const { dir } = need()
    anvil = await startAnvil({ chainId: 31337 })
    const blocks = extractBlocks('docs/quick-start.md', readFileSync(QUICKSTART_DOC, 'utf8')).filter((b) => b.file)
    const files = Object.fromEntries(blocks.map((b) => [b.file as string, b.code]))
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['src/portico.ts', 'src/portico.local.ts', 'src/App.tsx', 'src/main.tsx']))
    // "Put this in src/portico.ts in place of the one above", on anvil's port.
    const local = files['src/portico.local.ts'] ?? ''
    expect(local).toContain('http://127.0.0.1:8545')
    expect(local).not.toContain('apiUrl')
    files['src/portico.ts'] = local.replaceAll('http://127.0.0.1:8545', anvil.rpcUrl)
    for (const [file, code] of Object.entries(files)) writeFileSync(path.join(dir, file), code)
    // The react-ts template's `npm run build` (tsc, then vite build), the two side by side here.
    const [tsc, build] = await Promise.all([
      run(bin(dir, 'tsc'), ['--noEmit', '-p', 'tsconfig.json'], { cwd: dir, timeoutMs: 180_000 }),
      run(bin(dir, 'vite'), ['build'], { cwd: dir, timeoutMs: 300_000 }),
    ])
    console.log(`[pack] quickstart: tsc in ${(tsc.ms / 1000).toFixed(1)} s, build in ${(build.ms / 1000).toFixed(1)} s`)
    expect(tsc.code, tail(tsc.output)).toBe(0)
    expect(build.code, tail(build.output)).toBe(0)
  }, 420_000)

  it('the modal lists the dev wallet, connects it on anvil and shows its balance; no error, no API request, one console note', async () => {
    const { dir } = need()
    if (!browser || !anvil) throw new Error('Chromium or anvil did not start')
    // The repository's browser dev wallet (EIP-6963), bundled for the page as an extension would inject it.
    const walletFile = path.join(dir, 'devwallet.js')
    rmSync(walletFile, { force: true })
    const bundle = await run(
      path.join(repoRoot, 'node_modules/.bin/esbuild'),
      [
        path.join(repoRoot, 'packages/devnet/src/wallet/index.ts'),
        '--bundle',
        '--format=iife',
        '--global-name=PorticoDevWallet',
        `--outfile=${walletFile}`,
      ],
      { cwd: repoRoot, timeoutMs: 120_000 },
    )
    expect(bundle.code, tail(bundle.output)).toBe(0)
    const chain = { chainId: 31337, name: 'Local chain', rpcUrl: anvil.rpcUrl }
    const initScript = `${readFileSync(walletFile, 'utf8')}
PorticoDevWallet.installDevWallet({ chains: [${JSON.stringify(chain)}], autoApprove: true, ui: false, storage: null })`
    const port = await freePort()
    server = await startServer(bin(dir, 'vite'), ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
      cwd: dir,
      url: `http://127.0.0.1:${port}/`,
    })
    const v = await visit(browser, server.url, { initScript })
    try {
      await openModal(v.page)
      const modal = v.page.getByTestId('portico-modal')
      const wallets = modal.getByTestId('portico-connect-wallets')
      await wallets.getByText('Portico Dev Wallet').waitFor({ state: 'visible', timeout: 10_000 })
      expect(await wallets.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/Portico Dev Wallet\s*Installed/)])
      expect(await modal.getByTestId('portico-connect-all-wallets').count()).toBe(0)
      await wallets.getByText('Portico Dev Wallet').click()
      // Connected: the Account view with anvil's first account and its 10000 ETH, read through anvil.
      await modal
        .getByTestId('portico-account-balance')
        .getByText(/^10,?000(\.0+)? ETH$/)
        .waitFor({ state: 'visible', timeout: 20_000 })
      expect(await modal.getByTestId('portico-account-address').textContent()).toBe('0xf39F…b92266')
      const origin = new URL(server.url).origin
      expect(v.requests.filter((u) => !u.startsWith(origin) && !u.startsWith(anvil?.rpcUrl ?? '-'))).toEqual([])
      expect(v.offLoopback).toEqual([])
      expect(v.pageErrors.map((m) => brief(m))).toEqual([])
      expect(v.console.filter((m) => m.startsWith('error:') || m.startsWith('warning:')).map((m) => brief(m))).toEqual([])
      expect(v.console.filter((m) => m.includes('Portico runs without its API')).map((m) => m.split(':')[0])).toEqual(['info'])
    } finally {
      await v.close()
    }
  }, 180_000)
})
