// The layer rules of DESIGN.md as data, and a checker over import specifiers.
// headless never imports React DOM, ui, an adapter, the server or the devnet; its core never imports React;
// ui reaches headless only through its public entry points; adapters use headless's public API only.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

export type Violation = { file: string; specifier: string; rule: string }

const ADAPTERS = ['@portico/evm', '@portico/solana', '@portico/walletconnect', '@portico/embedded']
const HEADLESS_PUBLIC = new Set(['@portico/headless', '@portico/headless/react'])
const startsWithAny = (s: string, list: string[]) => list.some((p) => s === p || s.startsWith(`${p}/`))

/** Rules for one file, identified by its path relative to the repo root (posix separators). */
export function checkImports(file: string, specifiers: string[]): Violation[] {
  const out: Violation[] = []
  const bad = (specifier: string, rule: string) => out.push({ file, specifier, rule })
  const pkg = /^packages\/([^/]+)\/src\//.exec(file)?.[1]
  if (!pkg) return out
  // Tests may drive a package against the real local peers of the devnet (chains, relay, wallets).
  const isTest = /\.test\.tsx?$/.test(file)
  for (const s of specifiers) {
    const resolvedPkg = s.startsWith('.') ? /^packages\/([^/]+)\//.exec(path.posix.normalize(path.posix.join(path.posix.dirname(file), s)))?.[1] : undefined
    if (resolvedPkg && resolvedPkg !== pkg) bad(s, `relative import reaches into packages/${resolvedPkg}`)
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

export function checkTree(root: string): Violation[] {
  const out: Violation[] = []
  const packagesDir = path.join(root, 'packages')
  for (const pkg of readdirSync(packagesDir)) {
    const src = path.join(packagesDir, pkg, 'src')
    try {
      statSync(src)
    } catch {
      continue
    }
    for (const file of walk(src)) {
      const rel = path.relative(root, file).split(path.sep).join('/')
      out.push(...checkImports(rel, importSpecifiers(readFileSync(file, 'utf8'))))
    }
  }
  return out
}
