// The layer rules of DESIGN.md as data, and a checker over import specifiers.
// headless never imports React DOM, ui, an adapter, the server or the devnet; its core never imports React;
// ui reaches headless only through its public entry points; adapters use headless's public API only.
// The demo's headless page (apps/demo/src/headless-main.tsx) and every demo file it imports never import ui.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

export type Violation = { file: string; specifier: string; rule: string }

const ADAPTERS = ['@portico/evm', '@portico/solana', '@portico/walletconnect', '@portico/embedded']
const HEADLESS_PUBLIC = new Set(['@portico/headless', '@portico/headless/react'])
const startsWithAny = (s: string, list: string[]) => list.some((p) => s === p || s.startsWith(`${p}/`))

/** The entry of the demo page built on the headless hooks only (apps/demo/headless.html). */
export const HEADLESS_PAGE_ENTRY = 'apps/demo/src/headless-main.tsx'
export const HEADLESS_PAGE_RULE = 'the headless demo page must not import @portico/ui'

/**
 * Rules for one file, identified by its path relative to the repo root (posix separators).
 * `headlessPage`: the file is part of the headless demo page (its entry or a file the entry imports,
 * directly or not); the entry itself always is.
 */
export function checkImports(file: string, specifiers: string[], options: { headlessPage?: boolean } = {}): Violation[] {
  const out: Violation[] = []
  const bad = (specifier: string, rule: string) => out.push({ file, specifier, rule })
  if (options.headlessPage || file === HEADLESS_PAGE_ENTRY) {
    for (const s of specifiers) if (startsWithAny(s, ['@portico/ui'])) bad(s, HEADLESS_PAGE_RULE)
  }
  const pkg = /^packages\/([^/]+)\/src\//.exec(file)?.[1]
  if (!pkg) return out
  // Tests may drive a package against the real local peers of the devnet (chains, relay, wallets).
  const isTest = /\.test\.tsx?$/.test(file)
  for (const s of specifiers) {
    const resolvedPkg = s.startsWith('.') ? /^packages\/([^/]+)\//.exec(path.posix.normalize(path.posix.join(path.posix.dirname(file), s)))?.[1] : undefined
    if (resolvedPkg && resolvedPkg !== pkg) bad(s, `relative import reaches into packages/${resolvedPkg}`)
    if (pkg === 'protocol' && s.startsWith('@portico/')) bad(s, 'protocol is the lowest layer: it imports no @portico package')
    if (pkg === 'headless') {
      if (s === 'react-dom' || s.startsWith('react-dom/')) bad(s, 'headless must not import React DOM')
      if (startsWithAny(s, ['@portico/ui'])) bad(s, 'headless must not import ui')
      if (startsWithAny(s, ADAPTERS)) bad(s, 'headless must not import an adapter')
      if (startsWithAny(s, ['@portico/server'])) bad(s, 'headless must not import server or devnet')
      if (!isTest && startsWithAny(s, ['@portico/devnet'])) bad(s, 'headless must not import server or devnet')
      if (file.startsWith('packages/headless/src/core/') && (s === 'react' || s.startsWith('react/') || s.startsWith('@nanostores/react')))
        bad(s, 'headless core must not import React')
    }
    if (pkg === 'ui' || ADAPTERS.includes(`@portico/${pkg}`)) {
      if (s.startsWith('@portico/headless') && !HEADLESS_PUBLIC.has(s)) bad(s, `${pkg} must use only headless's public API`)
      if (startsWithAny(s, ['@portico/protocol'])) bad(s, `${pkg} must reach wire types through headless's public API`)
      if (startsWithAny(s, ['@portico/server'])) bad(s, `${pkg} must not import server or devnet`)
      if (!isTest && startsWithAny(s, ['@portico/devnet'])) bad(s, `${pkg} must not import server or devnet`)
    }
    if (ADAPTERS.includes(`@portico/${pkg}`) && startsWithAny(s, ['@portico/ui'])) bad(s, 'adapters must not import ui')
    if (pkg === 'ui' && startsWithAny(s, ADAPTERS)) bad(s, 'ui must not import an adapter')
  }
  return out
}

const IMPORT_RE = /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm

export function importSpecifiers(source: string): string[] {
  const found: string[] = []
  for (const m of source.matchAll(IMPORT_RE)) found.push((m[1] ?? m[2]) as string)
  return found
}

function walk(dir: string, acc: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '__screenshots__') continue
    const p = path.join(dir, name)
    if (statSync(p).isDirectory()) walk(p, acc)
    else if (/\.(ts|tsx|mts)$/.test(name)) acc.push(p)
  }
  return acc
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts']

/** The source file a relative specifier names ('./setup' -> setup.ts, './x' -> x/index.tsx …), if any. */
function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier)
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((e) => base + e),
    ...SOURCE_EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ]
  return candidates.find((c) => SOURCE_EXTENSIONS.includes(path.extname(c)) && existsSync(c) && statSync(c).isFile())
}

/** The headless page's entry and every source file it reaches through relative imports. */
export function headlessPageFiles(root: string): string[] {
  const entry = path.join(root, HEADLESS_PAGE_ENTRY)
  if (!existsSync(entry)) return []
  const seen = new Set<string>([entry])
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.shift() as string
    for (const s of importSpecifiers(readFileSync(file, 'utf8'))) {
      if (!s.startsWith('.')) continue
      const target = resolveRelative(file, s)
      if (target && !seen.has(target)) {
        seen.add(target)
        queue.push(target)
      }
    }
  }
  return [...seen]
}

export function checkTree(root: string): Violation[] {
  const out: Violation[] = []
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/')
  for (const file of headlessPageFiles(root)) {
    out.push(...checkImports(rel(file), importSpecifiers(readFileSync(file, 'utf8')), { headlessPage: true }).filter((v) => v.rule === HEADLESS_PAGE_RULE))
  }
  const packagesDir = path.join(root, 'packages')
  if (!existsSync(packagesDir)) return out
  for (const pkg of readdirSync(packagesDir)) {
    const src = path.join(packagesDir, pkg, 'src')
    try {
      statSync(src)
    } catch {
      continue
    }
    for (const file of walk(src)) out.push(...checkImports(rel(file), importSpecifiers(readFileSync(file, 'utf8'))))
  }
  return out
}
