/**
 * Issue 22 §3: the API starts only with its database's own KEK. A persistent database without a KEK
 * is refused by the command line (kek.test.ts, and here through main.ts itself); the first start
 * stores the KEK's check value, a restart with another KEK is refused, a restart with the same one
 * opens the keys sealed before.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { KEK_REQUIRED } from '../cli-auth.ts'
import { openDatabase } from '../db/index.ts'
import { startServer, type RunningServer, type StartServerOptions } from '../index.ts'
import { startWirePostgres, TEST_CHAINS, type TestApp } from '../test-support.ts'
import { KEK_MISMATCH } from './kek.ts'
import { FRAME_ORIGIN, login, memoryMailbox, stamped, type Session } from './test-support.ts'

const KEK_A = Buffer.alloc(32, 0xa1).toString('base64')
const KEK_B = Buffer.alloc(32, 0xb2).toString('base64')
const root = mkdtempSync(join(tmpdir(), 'portico-kek-check-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const mailbox = memoryMailbox()
const start = (kek: string, storage: Pick<StartServerOptions, 'dataDir' | 'databaseUrl'>) =>
  startServer({
    chains: TEST_CHAINS,
    indexer: { enabled: false },
    auth: { keyCustody: 'server', kek, mail: mailbox, frameOrigins: [FRAME_ORIGIN] },
    ...storage,
  })
/** The running server as the auth test helpers' app (they only call `request`). */
const over = (server: RunningServer) =>
  ({ request: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init) }) as unknown as TestApp

async function personalSign(server: RunningServer, session: Session) {
  const res = await stamped(
    over(server),
    session,
    'POST',
    '/v1/auth/rpc',
    { namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['still mine', session.user.evmAddress] },
    Date.now(),
  )
  return { status: res.status, body: (await res.json()) as { result?: Hex; error?: string } }
}

describe('the KEK check value', () => {
  it('PGlite data directory: stored at first start; another KEK is refused; the same KEK opens the keys sealed before', async () => {
    const dataDir = join(root, 'pglite')
    const first = await start(KEK_A, { dataDir })
    let session: Session
    try {
      session = await login(over(first), mailbox, 'keeper@example.com', 'device-keeper-00001')
      const signed = await personalSign(first, session)
      expect(signed.status).toBe(200)
    } finally {
      await first.stop()
    }

    await expect(start(KEK_B, { dataDir })).rejects.toThrow(KEK_MISMATCH)
    // The refused start left the database as it was: the right KEK still starts and signs.
    const again = await start(KEK_A, { dataDir })
    try {
      const signed = await personalSign(again, session)
      expect(signed.status).toBe(200)
      expect(
        await verifyMessage({ address: session.user.evmAddress as Hex, message: 'still mine', signature: signed.body.result as Hex }),
      ).toBe(true)
    } finally {
      await again.stop()
    }
    // Nothing was written beside the database.
    expect(existsSync(join(dataDir, 'kek'))).toBe(false)
  })

  it('a database from before the check value (users, no check): a KEK that can not open their keys is refused', async () => {
    const dataDir = join(root, 'legacy')
    const first = await start(KEK_A, { dataDir })
    try {
      await login(over(first), mailbox, 'legacy@example.com', 'device-legacy-00001')
    } finally {
      await first.stop()
    }
    const db = await openDatabase({ dataDir })
    await db.query('DELETE FROM portico_auth.kek_check')
    await db.close()

    await expect(start(KEK_B, { dataDir })).rejects.toThrow(KEK_MISMATCH)
    const db2 = await openDatabase({ dataDir })
    expect((await db2.query('SELECT * FROM portico_auth.kek_check')).rows).toEqual([])
    await db2.close()
    // The KEK that opens them is accepted, and its check value stored from then on.
    await (await start(KEK_A, { dataDir })).stop()
    await expect(start(KEK_B, { dataDir })).rejects.toThrow(KEK_MISMATCH)
  })

  it('Postgres (DATABASE_URL, over the wire): another KEK is refused', async () => {
    const wire = await startWirePostgres()
    try {
      await (await start(KEK_A, { databaseUrl: wire.databaseUrl })).stop()
      await expect(start(KEK_B, { databaseUrl: wire.databaseUrl })).rejects.toThrow(KEK_MISMATCH)
      await (await start(KEK_A, { databaseUrl: wire.databaseUrl })).stop()
    } finally {
      await wire.stop()
    }
  })
})

/** main.ts as `portico-api` runs it: exit code and output. */
function runMain(args: string[], env: Record<string, string>) {
  const { PORTICO_KEK: _none, DATABASE_URL: _noDb, ...parent } = process.env
  const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'main.ts'), '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...parent, SMTP_URL: 'smtp://127.0.0.1:9', PORTICO_INDEXER: 'off', ...env },
  })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
  return { exited: new Promise<{ code: number | null; out: string }>((resolve) => child.once('exit', (code) => resolve({ code, out }))) }
}

describe('portico-api (main.ts)', () => {
  it('refuses to start with the auth service, a data directory and no PORTICO_KEK, and writes no KEK file', async () => {
    const dataDir = join(root, 'main-no-kek')
    const { code, out } = await runMain(['--data-dir', dataDir], { PORTICO_FRAME_ORIGINS: FRAME_ORIGIN }).exited
    expect(code).toBe(2)
    expect(out).toContain(KEK_REQUIRED)
    expect(existsSync(join(dataDir, 'kek'))).toBe(false)
  })

  it('refuses, with the reason and no stack trace, a KEK that is not the database’s', async () => {
    const dataDir = join(root, 'main-mismatch')
    await (await start(KEK_A, { dataDir })).stop()
    const { code, out } = await runMain(['--data-dir', dataDir], { PORTICO_FRAME_ORIGINS: FRAME_ORIGIN, PORTICO_KEK: KEK_B }).exited
    expect(code).toBe(1)
    expect(out.trim()).toBe(KEK_MISMATCH)
  })
})
