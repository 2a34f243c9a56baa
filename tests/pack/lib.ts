// The pack test's machinery: pack the published packages, keep scratch apps outside the repository
// with their node_modules reused across runs, run their tools, serve them on 127.0.0.1.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getFreePort } from '../../packages/devnet/src/anvil.ts'

export const repoRoot = path.resolve(import.meta.dirname, '../..')
export const templatesDir = path.join(import.meta.dirname, 'apps')
/** Reused across runs; CI starts without it, so the first run installs everything. */
export const scratchRoot = path.resolve(process.env.PORTICO_PACK_DIR ?? path.join(os.homedir(), '.cache', 'portico-pack'))
export const npmCache = path.join(scratchRoot, 'npm-cache')
export const tarballDir = path.join(scratchRoot, 'tarballs')
export const appsDir = path.join(scratchRoot, 'apps')

if (scratchRoot === repoRoot || scratchRoot.startsWith(repoRoot + path.sep)) {
  throw new Error(`PORTICO_PACK_DIR must be outside the repository (${scratchRoot})`)
}

export const NPM_FLAGS = ['--cache', npmCache, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']

// ---------------------------------------------------------------------------------------------
// processes

/**
 * The environment of every child: no npm_* variables of the outer `npm test`, no vitest NODE_ENV
 * (a Vite or Next build under NODE_ENV=test is not a production build), no NODE_OPTIONS of the
 * workspace (its @portico/source condition), Next telemetry off.
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_/i.test(k) || k === 'NODE_ENV' || k === 'NODE_OPTIONS' || k === 'INIT_CWD' || k.startsWith('VITEST') || k === 'TEST') continue
    env[k] = v
  }
  return { ...env, NEXT_TELEMETRY_DISABLED: '1', NO_UPDATE_NOTIFIER: '1', ...extra }
}

export interface RunResult {
  code: number | null
  output: string
  ms: number
}

/** Runs a command to completion; output is stdout and stderr interleaved. */
export function run(
  cmd: string,
  args: string[],
  opts: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<RunResult> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: childEnv(opts.env), stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let output = ''
    const add = (b: Buffer) => {
      output += b.toString()
      if (output.length > 2_000_000) output = output.slice(-1_000_000)
    }
    child.stdout.on('data', add)
    child.stderr.on('data', add)
    const timer = setTimeout(() => {
      output += `\n[pack harness] timed out after ${opts.timeoutMs} ms: ${cmd} ${args.join(' ')}\n`
      killGroup(child, 'SIGKILL')
    }, opts.timeoutMs ?? 600_000)
    child.on('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output, ms: Date.now() - started })
    })
  })
}

/** The last lines of a command's output, for assertion messages. */
export function tail(text: string, lines = 60): string {
  return text
    .split('\n')
    .filter((l) => !l.includes('Unknown user config "nodedir"'))
    .slice(-lines)
    .join('\n')
}

/** Fails with the command and its output unless it exited 0. */
export async function mustRun(cmd: string, args: string[], opts: Parameters<typeof run>[2]): Promise<RunResult> {
  const r = await run(cmd, args, opts)
  if (r.code !== 0) throw new Error(`${path.basename(cmd)} ${args.join(' ')} (in ${opts.cwd}) exited ${r.code}:\n${tail(r.output)}`)
  return r
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    /* already gone */
  }
}

/** A free port on 127.0.0.1 for a server named before it listens: outside the OS's ephemeral range (see getFreePort). */
export const freePort = getFreePort

/** Servers still running: killed if the test process exits without stopping them (a crash, Ctrl-C). */
const liveServers = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of liveServers) killGroup(child, 'SIGKILL')
})

export interface Server {
  url: string
  output(): string
  stop(): Promise<void>
}

/** Starts a server (its own process group) and waits until `url` answers (any status: the tests judge it). */
export async function startServer(
  cmd: string,
  args: string[],
  opts: { cwd: string; url: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<Server> {
  const child = spawn(cmd, args, { cwd: opts.cwd, env: childEnv(opts.env), stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout.on('data', (b: Buffer) => (output += b.toString()))
  child.stderr.on('data', (b: Buffer) => (output += b.toString()))
  liveServers.add(child)
  const exited = new Promise<void>((resolve) =>
    child.on('close', () => {
      liveServers.delete(child)
      resolve()
    }),
  )
  const stop = async () => {
    killGroup(child, 'SIGTERM')
    const t = setTimeout(() => killGroup(child, 'SIGKILL'), 5000)
    await exited
    clearTimeout(t)
  }
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000)
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    try {
      const res = await fetch(opts.url)
      await res.arrayBuffer()
      return { url: opts.url, output: () => output, stop }
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  await stop()
  throw new Error(`${path.basename(cmd)} ${args.join(' ')} did not serve ${opts.url}:\n${tail(output)}`)
}

// ---------------------------------------------------------------------------------------------
// packages and tarballs

export interface PackageJson {
  name: string
  version: string
  private?: boolean
  main?: string
  module?: string
  types?: string
  typings?: string
  style?: string
  bin?: string | Record<string, string>
  exports?: unknown
  files?: string[]
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

export interface WorkspacePackage {
  dir: string
  json: PackageJson
}

export function workspacePackages(): WorkspacePackage[] {
  const base = path.join(repoRoot, 'packages')
  return readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(base, d.name, 'package.json')))
    .map((d) => ({
      dir: path.join(base, d.name),
      json: JSON.parse(readFileSync(path.join(base, d.name, 'package.json'), 'utf8')) as PackageJson,
    }))
    .sort((a, b) => a.json.name.localeCompare(b.json.name))
}

/** Every packages/* that is not `"private": true`. */
export const publishedPackages = () => workspacePackages().filter((p) => p.json.private !== true)

export interface PackedFile {
  path: string
  size: number
}

/** One entry of `npm pack --json`. */
export interface PackReport {
  name: string
  version: string
  filename: string
  files: PackedFile[]
}

/**
 * A copy of the workspace's packages (every file but node_modules) and of the prepack script, in the scratch
 * folder, for npm pack to run in. A package's prepack rewrites its package.json until its postpack puts it back,
 * and the pack test runs beside the e2e journeys, whose builds and servers read the workspace's package.json
 * files: packing in the repository once let the e2e builds read a half-written or published manifest.
 */
export function stageWorkspace(): string {
  const stage = path.join(scratchRoot, 'stage')
  rmSync(stage, { recursive: true, force: true })
  mkdirSync(path.join(stage, 'scripts'), { recursive: true })
  writeFileSync(
    path.join(stage, 'package.json'),
    `${JSON.stringify({ name: 'portico-pack-stage', private: true, workspaces: ['packages/*'] }, null, 2)}\n`,
  )
  cpSync(path.join(repoRoot, 'scripts', 'pack-manifest.mjs'), path.join(stage, 'scripts', 'pack-manifest.mjs'))
  for (const p of workspacePackages()) {
    cpSync(p.dir, path.join(stage, 'packages', path.basename(p.dir)), {
      recursive: true,
      filter: (from) => path.basename(from) !== 'node_modules',
    })
  }
  return stage
}

/**
 * `npm pack --json` for the given workspaces in one npm run (`--dry-run` to only list), in a staged copy of the
 * packages (`stageWorkspace`). Lifecycle scripts run: a package's prepack writes the manifest it publishes.
 */
export async function npmPack(names: string[], opts: { dryRun: boolean; destination?: string }): Promise<PackReport[]> {
  const args = ['pack', '--json', ...names.flatMap((n) => ['-w', n])]
  if (opts.dryRun) args.push('--dry-run')
  if (opts.destination) args.push('--pack-destination', opts.destination)
  const r = await run('npm', [...args, '--cache', npmCache, '--loglevel=error'], { cwd: stageWorkspace(), timeoutMs: 120_000 })
  if (r.code !== 0) throw new Error(`npm ${args.join(' ')} exited ${r.code}:\n${tail(r.output)}`)
  const start = r.output.indexOf('[')
  const end = r.output.lastIndexOf(']')
  if (start < 0 || end < start) throw new Error(`npm pack printed no JSON:\n${tail(r.output)}`)
  return JSON.parse(r.output.slice(start, end + 1)) as PackReport[]
}

export interface Tarball {
  name: string
  version: string
  /** Absolute path; the file name carries the content hash, so a changed tarball is a new npm spec. */
  file: string
  sha256: string
  /** The package.json inside the tarball (what the package's prepack wrote). */
  json: PackageJson
  /** Paths in the tarball, relative to its package/ folder. */
  files: string[]
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

/** Packs every published package into the scratch folder's tarballs/ (named by content hash). */
export async function packAll(): Promise<Tarball[]> {
  const pkgs = publishedPackages()
  if (pkgs.length === 0) throw new Error('no published package: every packages/*/package.json is "private": true')
  const tmp = path.join(scratchRoot, 'pack-tmp')
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp, { recursive: true })
  mkdirSync(tarballDir, { recursive: true })
  const reports = await npmPack(
    pkgs.map((p) => p.json.name),
    { dryRun: false, destination: tmp },
  )
  const tarballs = reports.map((rep): Tarball => {
    const from = path.join(tmp, rep.filename)
    const hash = sha256(readFileSync(from))
    const file = path.join(tarballDir, rep.filename.replace(/\.tgz$/, `-${hash.slice(0, 12)}.tgz`))
    if (existsSync(file)) rmSync(from)
    else renameSync(from, file)
    if (!pkgs.some((p) => p.json.name === rep.name)) throw new Error(`npm pack reported an unknown package ${rep.name}`)
    const manifest = spawnSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' })
    if (manifest.status !== 0) throw new Error(`${path.basename(file)} has no package/package.json: ${manifest.stderr}`)
    const json = JSON.parse(manifest.stdout) as PackageJson
    return { name: rep.name, version: rep.version, file, sha256: hash, json, files: rep.files.map((f) => f.path) }
  })
  rmSync(tmp, { recursive: true, force: true })
  return tarballs
}

/** Removes tarballs no app refers to any more (call after the installs). */
export function pruneTarballs(keep: Tarball[]) {
  const wanted = new Set(keep.map((t) => path.basename(t.file)))
  for (const f of readdirSync(tarballDir)) if (!wanted.has(f)) rmSync(path.join(tarballDir, f), { force: true })
}

/** The tarballs an app needs: its direct Portico packages and every @portico/* they depend on. */
export function closure(direct: string[], tarballs: Tarball[]): Tarball[] {
  const byName = new Map(tarballs.map((t) => [t.name, t]))
  const out = new Map<string, Tarball>()
  const visit = (name: string, from: string) => {
    if (out.has(name)) return
    const t = byName.get(name)
    if (!t) throw new Error(`${from} needs ${name}, which is not a published package (private or missing)`)
    out.set(name, t)
    const deps = { ...t.json.dependencies, ...t.json.peerDependencies, ...t.json.optionalDependencies }
    for (const dep of Object.keys(deps)) if (dep.startsWith('@portico/')) visit(dep, name)
  }
  for (const name of direct) visit(name, 'the app')
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name))
}

// ---------------------------------------------------------------------------------------------
// scratch apps

export interface Stamp {
  /** Hash of the template's package.json and package-lock.json. */
  baseKey: string
  /** Hash of the Portico tarballs installed. */
  tarKey: string
}

export type InstallMode = 'full' | 'tarballs' | 'reused'

export interface PreparedApp {
  dir: string
  mode: InstallMode
  ms: number
  tarballs: Tarball[]
}

/** Files and folders of a scratch app that survive a re-sync from the template. */
const KEEP = new Set(['node_modules', '.portico-pack.json', 'package.json', 'package-lock.json'])

/**
 * Copies the template into the scratch app and installs the Portico tarballs:
 * - nothing installed, or the template's package.json / lockfile changed: npm install from the
 *   template's lockfile plus the tarballs;
 * - only the tarballs changed: npm install of the tarballs alone;
 * - nothing changed: node_modules is reused as it is.
 */
export async function prepareApp(name: string, direct: string[], tarballs: Tarball[]): Promise<PreparedApp> {
  const started = Date.now()
  const template = path.join(templatesDir, name)
  const dir = path.join(appsDir, name)
  mkdirSync(dir, { recursive: true })
  const apps = closure(direct, tarballs)
  const baseKey = sha256(`${readFileSync(path.join(template, 'package.json'))}\0${readFileSync(path.join(template, 'package-lock.json'))}`)
  const tarKey = sha256(apps.map((t) => `${t.name}@${t.sha256}`).join('\n'))
  const stampFile = path.join(dir, '.portico-pack.json')
  const stamp: Stamp | undefined = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, 'utf8')) : undefined

  // Sources and build output go; node_modules and the install state stay.
  for (const entry of readdirSync(dir)) if (!KEEP.has(entry)) rmSync(path.join(dir, entry), { recursive: true, force: true })
  for (const entry of readdirSync(template)) {
    if (entry === 'package.json' || entry === 'package-lock.json' || entry === 'node_modules') continue
    cpSync(path.join(template, entry), path.join(dir, entry), { recursive: true })
  }

  let mode: InstallMode = 'reused'
  const hasModules = existsSync(path.join(dir, 'node_modules'))
  if (!hasModules || stamp?.baseKey !== baseKey) mode = 'full'
  else if (stamp.tarKey !== tarKey) mode = 'tarballs'

  if (mode !== 'reused') {
    rmSync(stampFile, { force: true })
    if (mode === 'full') {
      cpSync(path.join(template, 'package.json'), path.join(dir, 'package.json'))
      cpSync(path.join(template, 'package-lock.json'), path.join(dir, 'package-lock.json'))
    }
    await mustRun('npm', ['install', ...NPM_FLAGS, ...apps.map((t) => t.file)], { cwd: dir, timeoutMs: 600_000 })
    writeFileSync(stampFile, JSON.stringify({ baseKey, tarKey } satisfies Stamp, null, 2))
  }
  return { dir, mode, ms: Date.now() - started, tarballs: apps }
}

export const bin = (dir: string, tool: string) => path.join(dir, 'node_modules', '.bin', tool)
