// `npm run build`: builds every workspace package that declares a "build" script to its dist/,
// in dependency order (a package's .d.ts are emitted against the built .d.ts of the packages it
// imports, exactly as an app's TypeScript sees them).
//
//   node scripts/build.mjs                 every package with a build script
//   node scripts/build.mjs @portico/ui …   those packages only (their dependencies must be built)
//   (a package's own `npm run build` calls this with its name)
//
// Per package:
// 1. JavaScript: Vite library mode, ES modules, one output file per source module
//    (preserveModules), so `import()` stays a separate file the app's bundler splits on, and an app's
//    tree-shaking sees the same module graph as the source. Every bare import (dependencies, peers,
//    node:) stays external. Not minified (the app minifies); source maps with the sources inlined.
//    Entries are the `@portico/source` targets of package.json "exports" (and "bin"). A package
//    with engines.node (the API) gets Vite's SSR build instead of library mode (same output shape).
// 2. CSS (packages that use vanilla-extract): each .css.ts module is compiled to a plain .css file
//    and a JS module named .styles.js (Button.styles.js starts with `import "./Button.css"`), so an
//    app's bundler loads a lazy view's CSS with the view.
//    Entries whose imports reach React start with "use client" (React Server Components may import them).
// 3. Files under src/ that are not code (SQL migrations, JSON data read at run time) are copied.
// 4. Declarations: tsc (TypeScript 7 emits .d.ts) with the package's entries as roots, written beside
//    the JS (dist/index.d.ts …); every relative specifier is rewritten to the .js file it means.
// 5. Checks: every "exports" target exists, "types" and "default" sit where the build put them.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { SOURCE_CONDITION } from './source-condition.ts'

const root = path.resolve(import.meta.dirname, '..')
const packagesDir = path.join(root, 'packages')

/** Workspace packages that declare a build script, keyed by name. */
export function buildablePackages() {
  const found = new Map()
  for (const dir of readdirSync(packagesDir)) {
    const file = path.join(packagesDir, dir, 'package.json')
    if (!existsSync(file)) continue
    const pkg = JSON.parse(readFileSync(file, 'utf8'))
    if (pkg.scripts?.build) found.set(pkg.name, { name: pkg.name, dir: path.join(packagesDir, dir), pkg })
  }
  return found
}

/** `names` (or all) in an order where each package comes after the workspace packages it depends on. */
export function buildOrder(all, names = [...all.keys()]) {
  const order = []
  const state = new Map()
  const visit = (name, trail) => {
    if (state.get(name) === 'done') return
    if (state.get(name) === 'visiting') throw new Error(`dependency cycle: ${[...trail, name].join(' → ')}`)
    state.set(name, 'visiting')
    const { pkg } = all.get(name)
    const deps = { ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies }
    for (const dep of Object.keys(deps)) if (all.has(dep)) visit(dep, [...trail, name])
    state.set(name, 'done')
    if (names.includes(name)) order.push(all.get(name))
  }
  for (const name of names) {
    if (!all.has(name)) throw new Error(`${name} is not a workspace package with a build script`)
    visit(name, [])
  }
  return order
}

const JS_EXT = /\.(ts|tsx|mts)$/
/** src/foo/bar.tsx → dist/foo/bar.js (and .d.ts). */
const distOf = (src, ext) => `./dist/${path.posix.relative('src', path.posix.normalize(src)).replace(JS_EXT, ext)}`

/** The entries of a package: export subpath → { src, types, js }, from its "exports" and "bin". */
export function packageEntries(pkg) {
  const entries = []
  const problems = []
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    if (typeof target === 'string') {
      if (target.startsWith('./src/')) problems.push(`exports["${subpath}"] points at source without a built alternative: ${target}`)
      continue // e.g. "./package.json"
    }
    const src = target[SOURCE_CONDITION]
    if (!src) {
      problems.push(`exports["${subpath}"] has no "${SOURCE_CONDITION}" condition`)
      continue
    }
    const keys = Object.keys(target)
    if (keys[0] !== SOURCE_CONDITION) problems.push(`exports["${subpath}"]: "${SOURCE_CONDITION}" must come first`)
    if (keys.indexOf('types') > keys.indexOf('default')) problems.push(`exports["${subpath}"]: "types" must come before "default"`)
    const js = distOf(src, '.js')
    const types = distOf(src, '.d.ts')
    if (target.default !== js) problems.push(`exports["${subpath}"].default should be ${js}, is ${target.default}`)
    if (target.types !== types) problems.push(`exports["${subpath}"].types should be ${types}, is ${target.types}`)
    entries.push({ subpath, src, js, types })
  }
  const bins = typeof pkg.bin === 'string' ? { [pkg.name]: pkg.bin } : (pkg.bin ?? {})
  for (const [name, file] of Object.entries(bins)) {
    const src = `./src/${path.posix.relative('dist', path.posix.normalize(file)).replace(/\.js$/, '.ts')}`
    entries.push({ bin: name, src, js: distOf(src, '.js'), types: null })
  }
  return { entries, problems }
}

const isBare = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:[\\/]/.test(id)

/**
 * Vite's library mode writes each module's CSS to a file of its own but leaves the JS without a
 * reference to it (a `/* empty css *\/` comment where the CSS module's import was). Put the import
 * back, on the comment's line so the source map keeps its lines, and name the file after its module
 * (Button.css.ts → Button.css).
 */
function cssImports() {
  return {
    name: 'portico-css-imports',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const css = [...(chunk.viteMetadata?.importedCss ?? [])]
        if (!css.length) continue
        const from = path.posix.dirname(chunk.fileName)
        const statements = css.map((file) => {
          const rel = path.posix.relative(from, file)
          return `import ${JSON.stringify(rel.startsWith('.') ? rel : `./${rel}`)};`
        })
        let first = true
        const code = chunk.code.replace(/\/\* empty css\s*\*\//g, () => {
          if (!first) return ''
          first = false
          return statements.join(' ')
        })
        if (first) throw new Error(`${chunk.fileName}: imports CSS (${css.join(', ')}) but has no place marked for it`)
        chunk.code = code
      }
    },
  }
}

const cssAssetName = (name) => name.replace(/\.css\.ts\.vanilla\.css$/, '.css')
/**
 * A compiled style module (Button.css.ts) is written as Button.styles.js, not Button.css.js: an app
 * that uses vanilla-extract itself runs its plugin on every file named *.css.js, also in
 * node_modules, and that plugin refuses our compiled modules ("Invalid exports").
 */
const styleModuleName = (name) => name.replace(/\.css$/, '.styles')

/**
 * A matcher for the package's own "sideEffects" field: which of its files run code that matters when
 * imported. Patterns are of the form "**\/*.css" (what package.json files here use).
 */
function sideEffectsMatcher(pkg) {
  if (pkg.sideEffects === undefined || pkg.sideEffects === true) return () => true
  const suffixes = (pkg.sideEffects === false ? [] : pkg.sideEffects).map((glob) => {
    if (!/^\*\*\/\*[\w.-]+$/.test(glob)) throw new Error(`sideEffects pattern not understood by the build: ${glob}`)
    return glob.slice(4) // "**/*.css" → ".css"
  })
  return (file) => suffixes.some((suffix) => file.endsWith(suffix))
}

/**
 * With preserveModules the bundler keeps a bare `import "./failures.js"` where a module re-exported
 * names that no module of the package uses (here: client.ts re-exporting the HTTP failure classes).
 * The module has no side effects (package.json says so), but an app's bundler then counts the edge
 * when it splits chunks and gave the module a chunk of its own. Drop such imports (the line stays,
 * empty, so the source map keeps its lines).
 */
function dropInertImports(pkg) {
  const hasSideEffects = sideEffectsMatcher(pkg)
  return {
    name: 'portico-drop-inert-imports',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const from = path.posix.dirname(chunk.fileName)
        chunk.code = chunk.code.replace(/^import\s*["'](\.{1,2}\/[^"']+)["'];?[ \t]*$/gm, (line, spec) => {
          const target = path.posix.join(from, spec)
          return bundle[target]?.type === 'chunk' && !hasSideEffects(target) ? '' : line
        })
      }
    },
  }
}

/**
 * A chunking rule for an app's bundler (the size budgets depend on it). @portico/ui's lazy view
 * chunks (views/swapViews.js …, each loaded with import() from the modal's route table) get a bare
 * import of the modal's root, so the modal's module graph is part of each chunk's. An app's bundler
 * (Rolldown, Rollup) groups modules by the set of entries that reach them: with the modal in every
 * lazy chunk's graph, what those views share with the first load reaches the same entries as what the
 * modal shares with it, and stays in the same chunks. Without it the first load splits into more, and
 * smaller, chunks and grows by 1.2 kB gzip (scripts/size.mjs). The root is loaded before any of these
 * chunks (it imports them), so the import costs nothing at run time; the sources carry no such
 * import (no import circle between the modal and its views).
 */
const LAZY_CHUNK_ANCHORS = { '@portico/ui': { chunks: /^views\/\w+Views\.js$/, anchor: 'Modal/ModalRoot.js' } }

function lazyChunkAnchors(pkg) {
  const rule = LAZY_CHUNK_ANCHORS[pkg.name]
  return {
    name: 'portico-lazy-chunk-anchors',
    enforce: 'post',
    generateBundle(_options, bundle) {
      if (!rule) return
      if (bundle[rule.anchor]?.type !== 'chunk') throw new Error(`${pkg.name}: lazy chunk anchor ${rule.anchor} not built`)
      const anchored = Object.values(bundle).filter((chunk) => chunk.type === 'chunk' && rule.chunks.test(chunk.fileName))
      if (!anchored.length) throw new Error(`${pkg.name}: no lazy chunk matches ${rule.chunks}`)
      for (const chunk of anchored) {
        const spec = path.posix.relative(path.posix.dirname(chunk.fileName), rule.anchor)
        // Appended after the last line: the source map's lines stay right.
        chunk.code = `${chunk.code.replace(/\n?$/, '\n')}import ${JSON.stringify(spec.startsWith('.') ? spec : `./${spec}`)};\n`
      }
    },
  }
}

const REACT = /^react(-dom)?(\/|$)/

/**
 * Marks the entries that render React as client modules: `"use client"` on top of dist/index.js of
 * @portico/ui (and /modal, and @portico/headless/react), so a React Server Component (Next.js App
 * Router) can import `ConnectButton` and render it, instead of failing on createContext. An entry is
 * one when its static import graph reaches react or react-dom; the others (createPortico, presets,
 * adapters, the API) stay usable on the server. Done with the output banner, so source maps stay right.
 */
function clientEntries(entryFiles, marked) {
  return {
    name: 'portico-client-entries',
    renderStart() {
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id)
        if (!info?.isEntry || !entryFiles.has(id)) continue
        const seen = new Set()
        const reachesReact = (mod) => {
          if (REACT.test(mod)) return true // externals are known by their specifier
          if (seen.has(mod)) return false
          seen.add(mod)
          return this.getModuleInfo(mod)?.importedIds.some(reachesReact) ?? false
        }
        if (reachesReact(id)) marked.add(id)
      }
    },
  }
}

async function buildJs({ dir, pkg }, entries) {
  const usesVanillaExtract = Boolean(pkg.dependencies?.['@vanilla-extract/css'])
  const input = Object.fromEntries(entries.map((e) => [e.js.replace(/^\.\/dist\//, '').replace(/\.js$/, ''), path.join(dir, e.src)]))
  const bins = new Set(entries.filter((e) => e.bin).map((e) => e.js.replace(/^\.\/dist\//, '')))
  // A package that declares engines.node (the API) is built for Node: Vite's SSR build leaves
  // `new URL('./file', import.meta.url)` alone (it reads its copied files at run time).
  const forNode = Boolean(pkg.engines?.node)
  const entryFiles = new Set(entries.filter((e) => !e.bin).map((e) => path.join(dir, e.src)))
  const client = new Set()
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [
      react(),
      ...(usesVanillaExtract ? [vanillaExtractPlugin(), cssImports()] : []),
      dropInertImports(pkg),
      lazyChunkAnchors(pkg),
      ...(forNode ? [] : [clientEntries(entryFiles, client)]),
    ],
    build: {
      outDir: path.join(dir, 'dist'),
      emptyOutDir: false,
      minify: false,
      sourcemap: true,
      target: 'es2022',
      cssCodeSplit: true,
      copyPublicDir: false,
      reportCompressedSize: false,
      ...(forNode ? { ssr: true } : { lib: { entry: input, formats: ['es'] } }),
      rolldownOptions: {
        ...(forNode ? { input } : {}),
        external: isBare,
        output: {
          preserveModules: true,
          preserveModulesRoot: path.join(dir, 'src'),
          // with preserveModules every module is written under entryFileNames
          entryFileNames: (chunk) => `${styleModuleName(chunk.name)}.js`,
          chunkFileNames: (chunk) => `${styleModuleName(chunk.name)}.js`,
          assetFileNames: (asset) => cssAssetName(asset.names?.[0] ?? asset.name ?? '[name][extname]'),
          banner: (chunk) => {
            if (bins.has(chunk.fileName)) return '#!/usr/bin/env node'
            return chunk.isEntry && chunk.facadeModuleId && client.has(chunk.facadeModuleId) ? '"use client";' : ''
          },
        },
      },
    },
  })
}

const NOT_SHIPPED = /(^|\/)(__screenshots__|__fixtures__|fixtures)(\/|$)|\.(test|stories|bench)\.[cm]?[jt]sx?$|\.md$/
/** Files under src/ that the code reads at run time (not compiled): SQL, JSON data, … */
function copyAssets({ dir }) {
  const src = path.join(dir, 'src')
  const walk = (rel) => {
    for (const name of readdirSync(path.join(src, rel))) {
      const file = path.posix.join(rel, name)
      if (NOT_SHIPPED.test(file)) continue
      if (statSync(path.join(src, file)).isDirectory()) walk(file)
      else if (!/\.(ts|tsx|mts|cts)$/.test(name)) {
        mkdirSync(path.join(dir, 'dist', rel), { recursive: true })
        cpSync(path.join(src, file), path.join(dir, 'dist', file))
      }
    }
  }
  walk('')
}

function buildTypes({ dir, name }, entries) {
  const cacheDir = path.join(root, 'node_modules/.cache/portico-build')
  mkdirSync(cacheDir, { recursive: true })
  const config = path.join(cacheDir, `${name.replace(/[@/]/g, '_')}.tsconfig.json`)
  writeFileSync(
    config,
    JSON.stringify(
      {
        extends: path.join(root, 'tsconfig.json'),
        compilerOptions: {
          noEmit: false,
          declaration: true,
          emitDeclarationOnly: true,
          rootDir: path.join(dir, 'src'),
          outDir: path.join(dir, 'dist'),
          // Other @portico packages resolve to their built .d.ts, as in an app.
          customConditions: [],
          types: ['node'],
          tsBuildInfoFile: null,
          incremental: false,
        },
        files: [...new Set(entries.map((e) => path.join(dir, e.src)))],
        include: [],
      },
      null,
      2,
    ),
  )
  const r = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', config], { cwd: root, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`${name}: tsc failed\n${r.stdout}${r.stderr}`)
  // Declarations follow the JS: Button.css.d.ts → Button.styles.d.ts, and every relative specifier
  // names the file it means ('./theme' → './theme/index.js', './cli.ts' → './cli.js', './Button.css'
  // → './Button.styles.js'), so `moduleResolution: "nodenext"` apps resolve them too.
  const files = []
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const file = path.join(d, f)
      if (statSync(file).isDirectory()) walk(file)
      else if (f.endsWith('.d.ts')) files.push(file)
    }
  }
  walk(path.join(dir, 'dist'))
  const renamed = files.map((file) => {
    if (!file.endsWith('.css.d.ts')) return file
    const to = file.replace(/\.css\.d\.ts$/, '.styles.d.ts')
    renameSync(file, to)
    return to
  })
  const declared = new Set(renamed)
  const resolve = (from, spec) => {
    const base = path.resolve(path.dirname(from), spec.replace(/\.(d\.ts|tsx?|jsx?)$/, ''))
    for (const candidate of [base, styleModuleName(base), path.join(base, 'index')]) {
      if (declared.has(`${candidate}.d.ts`)) return candidate
    }
    return undefined
  }
  for (const file of renamed) {
    const text = readFileSync(file, 'utf8')
    const fixed = text.replace(/((?:from|import)\s*\(?\s*["'])(\.{1,2}\/[^"']*)(["'])/g, (_whole, head, spec, tail) => {
      const target = resolve(file, spec)
      if (!target) throw new Error(`${name}: ${path.relative(dir, file)} imports ${spec}, which has no declaration file`)
      const rel = path.relative(path.dirname(file), `${target}.js`).split(path.sep).join('/')
      return `${head}${rel.startsWith('.') ? rel : `./${rel}`}${tail}`
    })
    if (fixed !== text) writeFileSync(file, fixed)
  }
}

function checkOutputs({ dir, name }, entries) {
  const missing = entries.flatMap((e) => [e.js, e.types].filter(Boolean)).filter((f) => !existsSync(path.join(dir, f)))
  if (missing.length) throw new Error(`${name}: the build did not write ${missing.join(', ')}`)
  const leaked = []
  const outputNames = []
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const file = path.join(d, f)
      outputNames.push(path.relative(dir, file))
      if (statSync(file).isDirectory()) walk(file)
      else if (/\.(js|d\.ts)$/.test(f) && /(from|import)\s*\(?\s*["'][^"']*\/src\//.test(readFileSync(file, 'utf8')))
        leaked.push(path.relative(dir, file))
    }
  }
  walk(path.join(dir, 'dist'))
  if (leaked.length) throw new Error(`${name}: built files import from a src/ path: ${leaked.join(', ')}`)
  // vanilla-extract's plugins compile every file named like this, in node_modules too (see styleModuleName)
  const claimed = [...new Set(outputNames)].filter((f) => /\.css\.(c|m)?(j|t)sx?$/.test(f))
  if (claimed.length) throw new Error(`${name}: a vanilla-extract plugin in an app would compile ${claimed.join(', ')}`)
}

export async function buildPackage(target) {
  const t0 = performance.now()
  const { entries, problems } = packageEntries(target.pkg)
  if (problems.length) throw new Error(`${target.name}: package.json\n  ${problems.join('\n  ')}`)
  rmSync(path.join(target.dir, 'dist'), { recursive: true, force: true })
  await buildJs(target, entries)
  copyAssets(target)
  const typed = entries.filter((e) => e.types)
  if (typed.length) buildTypes(target, typed)
  checkOutputs(target, entries)
  console.log(`  ${target.name.padEnd(24)} dist/ in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
}

if (import.meta.main) {
  const all = buildablePackages()
  let names = process.argv.slice(2)
  if (names.length === 0) names = [...all.keys()]
  const t0 = performance.now()
  console.log(`Building ${names.length} package${names.length === 1 ? '' : 's'}`)
  try {
    for (const target of buildOrder(all, names)) await buildPackage(target)
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
  console.log(`Built in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
}
