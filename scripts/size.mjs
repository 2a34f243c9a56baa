// Size budgets (part of `npm test`). Each entry of scripts/size/ is bundled the way an app build
// would bundle the published packages: Vite, minified, react and react-dom external, lazy chunks
// split off, and @portico/* resolved through their package.json exports to the built dist/ (JS and
// the compiled CSS its modules import), without the workspace's '@portico/source' condition and
// without the vanilla-extract plugin, exactly as an app that installed them. Run `npm run build` first
// (`npm run size` and `npm test` do); a module read from a package's src/ fails the run.
// The default modal's locales (ar, de, es, fr, ja, pt-BR, zh-CN) are each a chunk of their own, in neither
// the initial load nor the modal's chunk.
// The initial load of an entry is its chunk, every chunk it imports statically, and their CSS; those
// files go to dist/size/<entry>/initial-files.json and size-limit checks them against .size-limit.js.
// Modules that must load lazily fail the run if found in an initial load: sign-client, @solana/kit,
// and the flows only some apps use (send, swap, on-ramp, exchange, names, activity, embedded auth,
// the EIP-1193 provider), with their API clients and wire schemas: an app that uses only
// ConnectButton contains none of them.
// Network presets tree-shake: the `app-mainnet` entry imports `mainnet` from @portico/headless/networks,
// and no other preset's module (packages/headless/dist/networks/<name>.js) or CAIP id may be in its build.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const root = path.resolve(import.meta.dirname, '..')
const ENTRIES = ['app', 'headless-all', 'app-all-adapters', 'app-mainnet', 'app-embedded']
const LAZY_FLOWS = ['send', 'swap', 'onramp', 'exchange', 'names', 'activity', 'auth', 'project', 'capture', 'siwx', 'preview']
/** The default modal's views that load the first time one shows (their entries in packages/ui/src/Modal/routes.tsx name their chunk). */
const LAZY_VIEWS = [
  'Swap',
  'SwapSelectToken',
  'SwapPreview',
  'OnRampProviders',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'PayWithExchange',
  'PayWithExchangeSelectAsset',
  'OriginNotAllowed',
  'EmailCapture',
  'SIWXSignMessage',
  'RequestPreview',
]
/** The default modal's locales besides English (packages/ui/src/messages/locales/<locale>.ts): each a chunk of its own, loaded when shown. */
const LOCALE_FILES = ['ar', 'de', 'es', 'fr', 'ja', 'pt-BR', 'zh-CN']
const LAZY_CONCERNS = ['convert', 'profile', 'onramp', 'exchange', 'analytics', 'capture', 'siwx']
const LAZY_ONLY = [
  /node_modules\/@walletconnect\//,
  /node_modules\/@solana\/kit\//,
  /node_modules\/@solana\/(transactions|rpc|codecs)/,
  new RegExp(`packages/headless/dist/core/(${LAZY_FLOWS.join('|')})/`),
  new RegExp(`packages/headless/dist/api/(${LAZY_CONCERNS.join('|')})\\.js$`),
  new RegExp(`packages/protocol/dist/(${LAZY_CONCERNS.join('|')})\\.js$`),
  // the EIP-1193 provider's code and wiring (its shell in core/provider/shell.js is part of createPortico)
  /packages\/headless\/dist\/core\/provider\/(provider|wire)\.js$/,
  // @portico/embedded: all but the adapter's shell (it registers the connector, and opens the social
  // sign-in popup in the visitor's click — a window opened after an await is blocked); the frame
  // client and the engine load when the visitor picks email or a social login.
  /packages\/embedded\/dist\/(?!(index|adapter|options|storage|popup)\.js$)/,
]
/** Entries whose later chunks must hold these modules (they are lazy, not missing). */
const LAZY_EXPECTED = { 'app-embedded': [/packages\/embedded\/dist\/engine\.js$/, /packages\/embedded\/dist\/client\/client\.js$/] }
/** Entries that import presets → the presets they import; every other preset must be absent from their build. */
const PRESET_ENTRIES = { 'app-mainnet': ['mainnet'] }
const PRESETS_DIR = path.join(root, 'packages/headless/src/networks')
/** Each preset module's CAIP-2 id, read from its source (`caipNetworkId: '…'`). */
const PRESET_IDS = new Map(
  readdirSync(PRESETS_DIR)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'))
    .map((f) => [f.replace(/\.ts$/, ''), /caipNetworkId: '([^']+)'/.exec(readFileSync(path.join(PRESETS_DIR, f), 'utf8'))?.[1]]),
)
const kib = (n) => `${(n / 1024).toFixed(2)} KiB`
let failed = false

const MEASURED = ['headless', 'ui', 'evm', 'solana', 'walletconnect', 'protocol', 'embedded']
const unbuilt = MEASURED.filter((p) => !existsSync(path.join(root, 'packages', p, 'dist/index.js')))
if (unbuilt.length) {
  console.error(`size: ${unbuilt.map((p) => `@portico/${p}`).join(', ')} not built; run \`npm run build\` first`)
  process.exit(1)
}

for (const name of ENTRIES) {
  const outDir = path.join(root, 'dist/size', name)
  rmSync(outDir, { recursive: true, force: true })
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    // A React app's Vite setup: the React plugin (it also keeps quiet about the packages' "use client"
    // directives) and no vanilla-extract plugin: the packages' CSS is plain .css files.
    plugins: [react()],
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      cssCodeSplit: true,
      rollupOptions: {
        input: path.join(root, `scripts/size/${name}.ts`),
        preserveEntrySignatures: 'exports-only',
        external: (id) => /^react(-dom)?($|\/)/.test(id),
        output: {
          entryFileNames: 'initial.js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          assetFileNames: 'assets/[name]-[hash][extname]',
        },
      },
    },
  })
  const chunks = (Array.isArray(result) ? result[0] : result).output.filter((o) => o.type === 'chunk')
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const initial = new Set()
  const visit = (chunk) => {
    if (!chunk || initial.has(chunk)) return
    initial.add(chunk)
    for (const dep of chunk.imports) visit(byFile.get(dep))
  }
  visit(chunks.find((c) => c.isEntry))
  const files = [...initial].flatMap((c) => [c.fileName, ...(c.viteMetadata?.importedCss ?? [])])
  writeFileSync(path.join(outDir, 'initial-files.json'), JSON.stringify(files.map((f) => path.join('dist/size', name, f))))

  console.log(`\n${name} (gzip; * = initial load)`)
  const all = chunks.flatMap((c) => [c.fileName, ...(c.viteMetadata?.importedCss ?? [])])
  for (const f of [...new Set(all)].sort()) {
    const buf = readFileSync(path.join(outDir, f))
    console.log(`  ${files.includes(f) ? '*' : ' '} ${f.padEnd(46)} ${kib(gzipSync(buf).length).padStart(10)}`)
  }
  // Built output only: a module from a package's src/ means the entry did not resolve to dist/.
  const fromSource = [...new Set(chunks.flatMap((c) => c.moduleIds).filter((id) => /\/packages\/[^/]+\/src\//.test(id)))]
  if (fromSource.length) {
    failed = true
    console.log(
      `  ✗ bundled from source instead of the built packages: ${fromSource
        .slice(0, 4)
        .map((id) => id.replace(`${root}/`, ''))
        .join(', ')}`,
    )
  }
  const eager = [...initial].flatMap((c) => c.moduleIds).filter((id) => LAZY_ONLY.some((re) => re.test(id)))
  if (eager.length) {
    failed = true
    const names = [...new Set(eager.map((id) => id.replace(/.*node_modules\//, '').replace(`${root}/`, '')))]
    console.log(`  ✗ must load lazily but is in the initial load: ${names.slice(0, 8).join(', ')}`)
  } else
    console.log(
      `  ✓ none of sign-client, @solana/kit or the lazy flows (${LAZY_FLOWS.join(', ')}), the EIP-1193 provider's code or their clients in the initial load`,
    )
  // The lazy flows that exist must really be split off (a chunk of their own), not dropped.
  const modules = chunks.flatMap((c) => c.moduleIds)
  const split = LAZY_FLOWS.filter((f) => modules.some((id) => id.includes(`packages/headless/dist/core/${f}/`)))
  if (split.length) console.log(`  lazy flows in later chunks: ${split.join(', ')}`)
  // The views that load on first use (the swap views): in a chunk of their own — neither in the
  // initial load nor in the modal's chunk that every open waits for.
  const modalChunk = chunks.find((c) => c.moduleIds.some((id) => /packages\/ui\/dist\/Modal\/ModalRoot\.js$/.test(id)))
  if (modalChunk) {
    const lazyView = (id) => LAZY_VIEWS.some((v) => id.includes(`packages/ui/dist/views/${v}/`))
    const inModal = [...initial, modalChunk].flatMap((c) => c.moduleIds).filter(lazyView)
    const own = chunks.filter((c) => c !== modalChunk && !initial.has(c) && c.moduleIds.some(lazyView))
    if (inModal.length || own.length === 0) {
      failed = true
      console.log(
        `  ✗ the views ${LAZY_VIEWS.join(', ')} must be a chunk of their own: ${inModal.length ? `found in the initial load or the modal's chunk (${inModal.length} modules)` : 'not found in any chunk'}`,
      )
    } else
      console.log(
        `  ✓ views in a chunk of their own, loaded on first use: ${LAZY_VIEWS.join(', ')} (${own.map((c) => c.fileName).join(', ')})`,
      )
  }
  // The locales' strings: each locale a chunk of its own (one import() each), in neither the initial
  // load nor the modal's chunk, and no two locales in one chunk.
  if (modalChunk) {
    const localeOf = (id) => /packages\/ui\/dist\/messages\/locales\/([\w-]+)\.js$/.exec(id)?.[1]
    const inModal = [...initial, modalChunk].flatMap((c) => c.moduleIds).filter(localeOf)
    const owners = LOCALE_FILES.map((l) => chunks.filter((c) => c.moduleIds.some((id) => localeOf(id) === l)))
    const shared = chunks.filter((c) => new Set(c.moduleIds.map(localeOf).filter(Boolean)).size > 1)
    if (inModal.length || shared.length || owners.some((o) => o.length !== 1)) {
      failed = true
      console.log(
        `  ✗ locales ${LOCALE_FILES.join(', ')} must each be a chunk of their own: ${inModal.length ? `in the initial load or the modal's chunk: ${inModal.map(localeOf).join(', ')}; ` : ''}${shared.length ? `sharing a chunk: ${shared.map((c) => c.fileName).join(', ')}; ` : ''}missing: ${LOCALE_FILES.filter((_, i) => owners[i].length === 0).join(', ') || 'none'}`,
      )
    } else
      console.log(
        `  ✓ locales in chunks of their own, loaded when shown: ${LOCALE_FILES.map((l, i) => `${l} ${kib(gzipSync(owners[i][0].code).length)}`).join(', ')}`,
      )
  }
  const expected = LAZY_EXPECTED[name]
  if (expected) {
    const later = [...chunks].filter((c) => !initial.has(c)).flatMap((c) => c.moduleIds)
    const absent = expected.filter((re) => !later.some((id) => re.test(id)))
    if (absent.length) {
      failed = true
      console.log(`  ✗ expected in a later chunk, not found there: ${absent.map(String).join(', ')}`)
    } else
      console.log(
        `  ✓ in later chunks as expected: ${expected
          .map((re) =>
            re.source
              .replace(/\\/g, '')
              .replace(/.*dist\//, '')
              .replace(/\$$/, ''),
          )
          .join(', ')}`,
      )
  }
  const wanted = PRESET_ENTRIES[name]
  if (wanted) {
    // Every chunk counts (not only the initial load): an unused preset must be gone, not deferred.
    const presetModules = [
      ...new Set(modules.map((id) => /packages\/headless\/dist\/networks\/(\w+)\.js$/.exec(id)?.[1]).filter((m) => m && m !== 'index')),
    ]
    const text = chunks.map((c) => c.code).join('\n')
    const quoted = (id) => new RegExp(`["'\`]${id}["'\`]`).test(text)
    const strays = [...PRESET_IDS].filter(([preset, id]) => !wanted.includes(preset) && (presetModules.includes(preset) || quoted(id)))
    const missing = wanted.filter((preset) => !presetModules.includes(preset) || !quoted(PRESET_IDS.get(preset)))
    if (strays.length || missing.length || PRESET_IDS.size < 2) {
      failed = true
      console.log(
        `  ✗ presets: expected only ${wanted.join(', ')}; other presets in the build: ${strays.map(([p]) => p).join(', ') || 'none'}; missing: ${missing.join(', ') || 'none'}`,
      )
    } else
      console.log(
        `  ✓ presets tree-shaken: ${wanted.join(', ')} in, none of the other ${PRESET_IDS.size - wanted.length} presets (modules or CAIP ids) in any chunk`,
      )
  }
}

const r = spawnSync('npx', ['size-limit'], { cwd: root, stdio: 'inherit' })
process.exit(failed || r.status !== 0 ? 1 : 0)
