// Typechecks files written from the docs' code blocks with the repository's TypeScript, as an app
// that installed the @portico packages would: `strict`, bundler resolution, one module per file.
//
// How `@portico/*` resolves, per package (resolvePorticoTypes):
// - 'dist': every code entry of the package's `exports` has a `types` condition whose .d.ts exists
//   (after `npm run build`). Nothing is mapped: TypeScript follows node_modules/@portico/<pkg> and its
//   `exports` like an app does, and the program holds no file of the package's src/.
// - 'src': otherwise (no build yet, or exports still naming sources). `paths` maps each entry to its
//   source file (the workspace's source condition, '@portico/source', or the entry itself when it
//   is a .ts file), as the repository's own tsconfig does with `customConditions`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export type PackageTypes = {
  name: string
  /** 'packages/headless' */
  dir: string
  mode: 'dist' | 'src'
  /** Every code entry: '@portico/headless/react' → the file its types come from (repository-relative). */
  entries: Record<string, string>
}

type Conditions = string | null | { [condition: string]: Conditions }

/** The first file under `condition` anywhere in a (possibly nested) conditions object. */
function conditionTarget(value: Conditions, condition: string): string | undefined {
  if (value === null || typeof value === 'string') return undefined
  const direct = value[condition]
  if (typeof direct === 'string') return direct
  for (const nested of Object.values(value)) {
    const found = conditionTarget(nested, condition)
    if (found) return found
  }
  return undefined
}

/** The TypeScript source an exports entry names: under a source condition ('@portico/source', 'source' …), else any .ts target. */
function sourceTarget(value: Conditions): string | undefined {
  if (value === null || typeof value !== 'object') return undefined
  const keys = Object.keys(value)
  for (const key of [...keys.filter((k) => /source/i.test(k)), ...keys]) {
    const target = value[key]
    if (typeof target === 'string' && isSource(target)) return target
    const nested = target && typeof target === 'object' ? sourceTarget(target) : undefined
    if (nested) return nested
  }
  return undefined
}

const isSource = (file: string | undefined) => file !== undefined && /\.tsx?$/.test(file) && !file.endsWith('.d.ts')
const isCodeEntry = (subpath: string) => !subpath.includes('*') && !/\.(css|json)$/.test(subpath)

/**
 * How each workspace package under packages/ would be resolved by the docs typecheck now. `force`
 * ('src') maps every package to its sources whether or not it is built.
 */
export function resolvePorticoTypes(root: string, force?: 'src'): PackageTypes[] {
  const out: PackageTypes[] = []
  for (const name of readdirSync(path.join(root, 'packages')).sort()) {
    const manifest = path.join(root, 'packages', name, 'package.json')
    if (!existsSync(manifest)) continue
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; exports?: Record<string, Conditions> | string }
    const dir = `packages/${name}`
    const exportsMap: Record<string, Conditions> = typeof pkg.exports === 'string' ? { '.': pkg.exports } : (pkg.exports ?? {})
    const types: Record<string, string | undefined> = {}
    const sources: Record<string, string | undefined> = {}
    for (const [subpath, value] of Object.entries(exportsMap)) {
      if (!isCodeEntry(subpath)) continue
      const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.replace(/^\.\//, '')}`
      const typesFile = conditionTarget(value, 'types')
      types[specifier] = typesFile?.endsWith('.d.ts') ? typesFile : undefined
      const sourceFile = typeof value === 'string' ? value : sourceTarget(value)
      sources[specifier] = isSource(sourceFile) ? sourceFile : undefined
    }
    const specifiers = Object.keys(types)
    const built =
      force !== 'src' &&
      specifiers.length > 0 &&
      specifiers.every((s) => types[s] !== undefined && existsSync(path.join(root, dir, types[s]!)))
    const entries: Record<string, string> = {}
    for (const s of specifiers) {
      const file = built ? types[s] : sources[s]
      if (file) entries[s] = path.posix.join(dir, file.replace(/^\.\//, ''))
    }
    out.push({ name: pkg.name, dir, mode: built ? 'dist' : 'src', entries })
  }
  return out
}

/** Built packages whose src/ has a file newer than their .d.ts: run `npm run build` to check the docs against what would be published. */
export function staleBuilds(root: string, packages: readonly PackageTypes[]): string[] {
  const newest = (dir: string): number => {
    let t = 0
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) t = Math.max(t, newest(file))
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) t = Math.max(t, statSync(file).mtimeMs)
    }
    return t
  }
  return packages
    .filter((p) => p.mode === 'dist' && existsSync(path.join(root, p.dir, 'src')))
    .filter(
      (p) => newest(path.join(root, p.dir, 'src')) > Math.min(...Object.values(p.entries).map((f) => statSync(path.join(root, f)).mtimeMs)),
    )
    .map((p) => p.name)
}

/** The compiler options of a new Vite + React + TypeScript app, plus `strict`. */
export function compilerOptions(env: Env, root: string, packages: readonly PackageTypes[]) {
  const paths: Record<string, string[]> = {}
  for (const p of packages)
    if (p.mode === 'src') for (const [specifier, file] of Object.entries(p.entries)) paths[specifier] = [path.join(root, file)]
  return {
    target: 'ES2022',
    // ES2023: the packages' sources use ES2023 Intl options (only seen while they resolve to src/).
    lib: env === 'node' ? ['ES2023'] : ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'bundler',
    moduleDetection: 'force',
    jsx: 'react-jsx',
    strict: true,
    noFallthroughCasesInSwitch: true,
    skipLibCheck: true,
    noEmit: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    allowImportingTsExtensions: true,
    resolveJsonModule: true,
    // A browser app sees Vite's client types (CSS imports, import.meta.env); server code sees Node's.
    types: env === 'node' ? ['node'] : ['vite/client'],
    ...(Object.keys(paths).length ? { paths } : {}),
  }
}

export type Env = 'browser' | 'node'

export type Diagnostic = { file: string; line: number; column: number; code: string; message: string }

export type TypecheckResult = {
  diagnostics: Diagnostic[]
  /** Every file in the program (absolute). */
  files: string[]
  /** tsc's exit status and anything it printed that is neither a diagnostic nor a file. */
  status: number | null
  other: string
}

const DIAGNOSTIC = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/

/** Parse tsc's `--pretty false --listFiles` output (paths relative to `cwd`). */
export function parseTscOutput(output: string, cwd: string): Omit<TypecheckResult, 'status'> {
  const diagnostics: Diagnostic[] = []
  const files: string[] = []
  const other: string[] = []
  for (const line of output.split(/\r?\n/)) {
    const m = DIAGNOSTIC.exec(line)
    if (m) diagnostics.push({ file: path.resolve(cwd, m[1]!), line: Number(m[2]), column: Number(m[3]), code: m[4]!, message: m[5]! })
    else if (/^\s/.test(line) && diagnostics.length && line.trim()) diagnostics[diagnostics.length - 1]!.message += `\n${line}`
    else if (path.isAbsolute(line.trim()) && existsSync(line.trim())) files.push(line.trim())
    else if (line.trim()) other.push(line)
  }
  return { diagnostics, files, other: other.join('\n') }
}

/**
 * Write `files` (paths relative to `dir`) with a tsconfig.json that includes exactly them, and run
 * the repository's tsc on it.
 */
export function typecheck(
  root: string,
  dir: string,
  env: Env,
  files: Record<string, string>,
  packages: readonly PackageTypes[],
): TypecheckResult {
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), code)
  }
  const config = { compilerOptions: compilerOptions(env, root, packages), files: Object.keys(files) }
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(config, null, 2))
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc')
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json'), '--pretty', 'false', '--listFiles'], {
    cwd: root,
    encoding: 'utf8',
  })
  return { ...parseTscOutput(`${r.stdout}\n${r.stderr}`, root), status: r.status }
}
