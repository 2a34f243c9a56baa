/**
 * Shared by the server's tests (not part of the package's API): a two-chain config whose RPCs are
 * never reached, an in-memory database, and response reading through the protocol's schemas so a
 * drift between server and protocol fails a test.
 */
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { getFreePort } from '@portico/devnet'
import { z } from 'zod'
import type * as core from 'zod/v4/core'
import { createApp, type AppConfig } from './app.ts'
import type { ChainConfigInput } from './config.ts'
import { openPostgres } from './db/postgres.ts'
import { openMigratedMemoryDatabase } from './db/template.ts'
import type { Database } from './db/types.ts'

export const TEST_CHAINS: ChainConfigInput[] = [
  {
    chainId: 31337,
    name: 'Portico Devnet',
    rpcUrl: 'http://127.0.0.1:1',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    tokens: [{ address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'PTK', name: 'Portico Token', decimals: 18 }],
  },
  {
    chainId: 31338,
    name: 'Portico Devnet 2',
    rpcUrl: 'http://127.0.0.1:2',
    wsUrl: 'ws://127.0.0.1:2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
]

/** The body of every 4xx/5xx answer. */
export const errorBodySchema = z.strictObject({ error: z.string().min(1) })

export type TestApp = ReturnType<typeof createApp>

/**
 * Where the tests keep the snapshot of a freshly migrated database (node_modules/.cache: a new
 * install, or a changed migration, makes a new one).
 */
export const TEST_DB_TEMPLATE_DIR = fileURLToPath(new URL('../../../node_modules/.cache/portico-db/', import.meta.url))

/**
 * The environment variable the `node-pg` project sets (tests/setup/postgres.ts): the URL of a real
 * PostgreSQL server's `postgres` database, whose `portico_migrated` database has every migration.
 */
export const TEST_POSTGRES_ENV = 'PORTICO_TEST_POSTGRES'
/** The migrated database that each test database on real Postgres is a copy of. */
export const TEST_POSTGRES_TEMPLATE = 'portico_migrated'
let testDatabases = 0

/**
 * A fresh database with every migration applied: in memory (PGlite, loaded from the migrated
 * snapshot), or under the `node-pg` project a new database on a real PostgreSQL server (a copy of
 * the migrated template).
 */
export async function openTestDatabase(): Promise<Database> {
  const postgres = process.env[TEST_POSTGRES_ENV]
  if (!postgres) return openMigratedMemoryDatabase(TEST_DB_TEMPLATE_DIR)
  const name = `test_${process.pid}_${++testDatabases}`
  const admin = await openPostgres(postgres)
  try {
    await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${TEST_POSTGRES_TEMPLATE}`)
  } finally {
    await admin.close()
  }
  return openPostgres(postgres.replace(/\/postgres$/, `/${name}`))
}

/** An in-memory database and an app over TEST_CHAINS (overridable), errors collected instead of logged. */
export async function openTestApp(config: Partial<AppConfig> = {}) {
  const db: Database = config.db ?? (await openTestDatabase())
  const reported: unknown[] = []
  const app = createApp({ chains: TEST_CHAINS, db, onError: (error) => reported.push(error), ...config })
  return { app, db, reported, close: () => db.close() }
}

/** Request `path` and parse the JSON answer with `schema`; throws (failing the test) on a mismatch. */
export async function requestJson<S extends core.$ZodType>(
  app: TestApp,
  path: string,
  schema: S,
  init?: RequestInit,
): Promise<{ status: number; body: core.output<S>; res: Response }> {
  const res = await app.request(path, init)
  const text = await res.text()
  const parsed = z.safeParse(schema, JSON.parse(text))
  if (!parsed.success) {
    throw new Error(
      `${init?.method ?? 'GET'} ${path} answered ${res.status} ${text.slice(0, 300)}, not the expected shape: ${z.prettifyError(parsed.error)}`,
    )
  }
  return { status: res.status, body: parsed.data, res }
}

/** Request `path` and expect a JSON error answer `{ error }`. */
export async function requestError(app: TestApp, path: string, init?: RequestInit) {
  return requestJson(app, path, errorBodySchema, init)
}

/** POST `body` (a string is sent as is) as JSON to `path`. */
export function postJson(
  app: TestApp,
  path: string,
  body: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  return app.request(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) })
}

/**
 * A Postgres wire-protocol server on 127.0.0.1: PGlite behind @electric-sql/pglite-socket, so a test
 * reaches it through DATABASE_URL with node-postgres exactly as a real server would, with no system
 * Postgres. `stop` closes the socket, then the database.
 */
export async function startWirePostgres(options: { maxConnections?: number } = {}) {
  const pglite = await PGlite.create()
  const port = await getFreePort()
  const wire = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port, maxConnections: options.maxConnections ?? 10 })
  await wire.start()
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await wire.stop()
      await pglite.close()
    },
  }
}
