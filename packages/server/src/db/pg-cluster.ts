/**
 * A throwaway PostgreSQL server for tests and benchmarks (issue 24 §1): `initdb` in a temp directory,
 * listening on 127.0.0.1 at a free port, stopped and deleted by `stop()` (and, should the process end
 * first, by an exit hook). Never a system service. PostgreSQL refuses to run as root, so under root
 * (CI machines) its commands run as the `postgres` user that Debian's package creates.
 *
 * The binaries: `PORTICO_PG_BIN`, else Debian's /usr/lib/postgresql/<newest>/bin, else PATH.
 */
import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { getFreePort } from '@portico/devnet'
import { openPostgres } from './postgres.ts'

const run = promisify(execFile)

export interface PostgresCluster {
  /** A superuser's URL of the `postgres` database. */
  url: string
  port: number
  /** The URL of database `name` on this server. */
  urlOf(name: string): string
  /** CREATE DATABASE `name` (optionally a copy of `template`); resolves with its URL. */
  createDatabase(name: string, template?: string): Promise<string>
  /** Shut the server down (fast: open connections are cut), keeping its data; `resume` starts it again on the same port. */
  pause(): Promise<void>
  resume(): Promise<void>
  stop(): Promise<void>
}

/** Where initdb and pg_ctl are, or undefined when this machine has no PostgreSQL. */
export function postgresBinDir(): string | undefined {
  const fromEnv = process.env.PORTICO_PG_BIN
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : undefined
  const debian = '/usr/lib/postgresql'
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v) && existsSync(join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))
    if (versions[0]) return join(debian, versions[0], 'bin')
  }
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim()
    return existsSync(join(dir, 'initdb')) ? dir : undefined
  } catch {
    return undefined
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0

/** Run a PostgreSQL binary, as `postgres` when this process is root. */
function command(bin: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]
}

/**
 * Start a fresh cluster. Durability is switched off (fsync, synchronous_commit, full_page_writes):
 * its data lives as long as the test run, and the behaviour under test (transactions, locks,
 * isolation) is the same.
 */
export async function startPostgresCluster(options: { binDir?: string; maxConnections?: number } = {}): Promise<PostgresCluster> {
  const binDir = options.binDir ?? postgresBinDir()
  if (binDir === undefined) throw new Error('PostgreSQL is not installed (apt-get install postgresql, or set PORTICO_PG_BIN)')
  const root = mkdtempSync(join(tmpdir(), 'portico-pg-'))
  const data = join(root, 'data')
  if (isRoot())
    chownSync(
      root,
      Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    )
  const pgCtl = join(binDir, 'pg_ctl')
  let started = false
  const stopNow = () => {
    if (started) {
      started = false
      try {
        const [file, args] = command(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'])
        execFileSync(file, args, { stdio: 'ignore' })
      } catch {
        // already stopped
      }
    }
    rmSync(root, { recursive: true, force: true })
  }
  process.once('exit', stopNow)
  try {
    const [initFile, initArgs] = command(join(binDir, 'initdb'), [
      '-D',
      data,
      '-U',
      'portico',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ])
    await run(initFile, initArgs)
    const port = await getFreePort()
    const settings = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${root}`,
      `-c max_connections=${options.maxConnections ?? 200}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ')
    const start = async () => {
      const [ctlFile, ctlArgs] = command(pgCtl, ['-D', data, '-l', join(root, 'server.log'), '-o', settings, '-w', '-t', '30', 'start'])
      await run(ctlFile, ctlArgs)
      started = true
    }
    await start()
    const urlOf = (name: string) => `postgres://portico@127.0.0.1:${port}/${name}`
    return {
      url: urlOf('postgres'),
      port,
      urlOf,
      async createDatabase(name, template) {
        if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name) || (template !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(template))) {
          throw new Error(`Not a plain database name: ${name}`)
        }
        const admin = await openPostgres(urlOf('postgres'))
        try {
          await admin.exec(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
        } finally {
          await admin.close()
        }
        return urlOf(name)
      },
      async pause() {
        const [file, args] = command(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop'])
        await run(file, args)
        started = false
      },
      resume: start,
      async stop() {
        process.removeListener('exit', stopNow)
        stopNow()
      },
    }
  } catch (error) {
    process.removeListener('exit', stopNow)
    stopNow()
    throw error
  }
}
