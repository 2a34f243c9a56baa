/**
 * Issue 22's threat model, row by row, against the real API: `portico-api` (main.ts) in its own
 * process with key shares (PORTICO_KEY_CUSTODY=shares) on a real PostgreSQL 15 server (the node-pg
 * project's cluster), mail through a real SMTP server (the dev mailbox), anvil for the chain, and the
 * embedded wallet's frame service (packages/embedded/src/frame) as main.ts builds it in the browser,
 * here in Node with memory stores. docs/embedded-wallet.md's table names these tests.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type AnvilInstance, type Mailbox, startAnvil, startMailbox } from '@portico/devnet'
import { KEYS_ERRORS } from '@portico/protocol/auth'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuthApi } from '../packages/embedded/src/frame/api'
import { generateSessionKey, memorySessionStore, type StoredSession } from '../packages/embedded/src/frame/keys'
import { createFrameService } from '../packages/embedded/src/frame/service'
import { fromBase64url } from '../packages/embedded/src/frame/shares/bytes'
import { loadDeviceShare } from '../packages/embedded/src/frame/shares/device'
import { type DeviceShareStore, memoryDeviceShareStore } from '../packages/embedded/src/frame/shares/device-store'
import { generateSessionEncryptionKey, openFromSession } from '../packages/embedded/src/frame/shares/transit'
import { withKey } from '../packages/embedded/src/frame/shares/with-key'
import { FRAME_ORIGIN, TEST_KEK } from '../packages/server/src/auth/test-support'
import { openPostgres } from '../packages/server/src/db/postgres'
import type { Database } from '../packages/server/src/db/types'
import { TEST_POSTGRES_ENV, TEST_POSTGRES_TEMPLATE } from '../packages/server/src/test-support'

const MAIN = path.join(import.meta.dirname, '../packages/server/src/main.ts')
const HOST = 'http://127.0.0.1:5173'
const EMAIL = 'threat-model@example.com'

let anvil: AnvilInstance
let mailbox: Mailbox
let databaseUrl: string
let db: Database
let workDir: string
const apis: { url: string; child: ChildProcess }[] = []

/** `portico-api` in a process of its own; resolves with its URL. */
async function startApi(): Promise<{ url: string; child: ChildProcess }> {
  const chains = [{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]
  const child = spawn(process.execPath, ['--heapsnapshot-signal=SIGUSR2', MAIN, '--port', '0', '--frame-origins', FRAME_ORIGIN], {
    cwd: workDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORTICO_KEK: TEST_KEK,
      SMTP_URL: mailbox.smtpUrl,
      PORTICO_KEY_CUSTODY: 'shares',
      PORTICO_CHAINS: JSON.stringify(chains),
      PORTICO_INDEXER: 'off',
      PORTICO_CLIENT_ADDRESS: 'direct',
    },
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (match) resolve(match[1] as string)
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.once('exit', (code) => reject(new Error(`portico-api exited with ${code}: ${out}`)))
  })
  const api = { url, child }
  apis.push(api)
  return api
}

async function stopApi(api: { child: ChildProcess }) {
  if (api.child.exitCode !== null) return
  const exited = new Promise((resolve) => api.child.once('exit', resolve))
  api.child.kill('SIGTERM')
  await exited
}

const jsonRpc = async (method: string, params: unknown[]) => {
  const res = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}

/** The frame, as main.ts builds it, against `apiUrl`. */
function frameOn(apiUrl: string, deviceShares: DeviceShareStore, sessions = memorySessionStore()) {
  const service = createFrameService({
    api: createAuthApi({ apiUrl }),
    sessions,
    deviceId: () => 'device-threat-model-1',
    chainId: '31337',
    hostOrigin: HOST,
    rpcRead: jsonRpc,
    deviceShares,
  })
  return { service, sessions }
}

/** The device-approval link's page, then its button (a same-origin form POST), as a person would. */
async function approve(link: string) {
  const page = await fetch(link)
  const token = /name="token" value="([A-Za-z0-9_-]+)"/.exec(await page.text())?.[1]
  if (!token) throw new Error('no approval form on the page')
  const url = new URL(link)
  const res = await fetch(`${url.origin}${url.pathname}${url.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ token }).toString(),
  })
  expect(res.status).toBe(200)
}

const deviceShares = memoryDeviceShareStore()
let frame: ReturnType<typeof frameOn>
let user: { userId: string; evm: string; solana: string }
let signature: Hex

beforeAll(async () => {
  const admin = process.env[TEST_POSTGRES_ENV]
  if (!admin) throw new Error(`${TEST_POSTGRES_ENV} is not set: run this file in the node-pg project`)
  const name = `threat_model_${process.pid}`
  const adminDb = await openPostgres(admin)
  try {
    await adminDb.exec(`CREATE DATABASE ${name} TEMPLATE ${TEST_POSTGRES_TEMPLATE}`)
  } finally {
    await adminDb.close()
  }
  databaseUrl = admin.replace(/\/postgres$/, `/${name}`)
  db = await openPostgres(databaseUrl)
  workDir = mkdtempSync(path.join(tmpdir(), 'portico-threat-model-'))
  ;[anvil, mailbox] = await Promise.all([startAnvil({ chainId: 31337 }), startMailbox()])
  const api = await startApi()

  // A new user signs in by email: the frame makes the keys, keeps the device shares, and signs.
  frame = frameOn(api.url, deviceShares)
  expect(await frame.service.CONNECT_EMAIL({ email: EMAIL })).toEqual({ action: 'VERIFY_DEVICE' })
  const approval = await mailbox.waitFor({ to: EMAIL, subject: /Approve your new device/ }, 10_000)
  await approve(/https?:\/\/\S+\/v1\/auth\/device\/approve\S*/.exec(approval.text)?.[0] ?? '')
  await frame.service.CONNECT_DEVICE({})
  const code = await mailbox.waitFor({ to: EMAIL, subject: /Your Portico code/ }, 10_000)
  await frame.service.CONNECT_OTP({ otp: /(\d{6})/.exec(code.subject)?.[1] ?? '' })
  const me = await frame.service.GET_USER({})
  const row = (await db.query<{ id: string }>('SELECT id FROM portico_auth.users WHERE email = $1', [EMAIL])).rows[0]
  user = { userId: row?.id ?? '', evm: me.address, solana: me.solanaAddress ?? '' }
  signature = (await frame.service.RPC_REQUEST({ method: 'personal_sign', params: ['before the probes', user.evm] })).result as Hex
}, 90_000)

afterAll(async () => {
  await Promise.all(apis.map(stopApi))
  await db?.close()
  await Promise.all([anvil?.stop(), mailbox?.close()])
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

/** Every row of every Portico table, as text (what a dump or a backup holds). */
async function dumpAll(): Promise<string> {
  const { rows: tables } = await db.query<{ name: string }>(
    "SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'",
  )
  const parts: string[] = []
  for (const { name } of tables) parts.push(JSON.stringify((await db.query(`SELECT * FROM ${name}`)).rows))
  return parts.join('\n')
}

/** The spellings a secret of these bytes could take in text. */
const spellings = (bytes: Uint8Array) => {
  const b = Buffer.from(bytes)
  return [b.toString('hex'), b.toString('base64'), b.toString('base64url')].filter((s) => s.length >= 16)
}

describe('issue 22: who can use a user’s key', () => {
  it('the server operator, with every table, the KEK and a heap snapshot of the API process, holds at most one share of each key', async () => {
    expect(await verifyMessage({ address: user.evm as Hex, message: 'before the probes', signature })).toBe(true)
    const api = apis[0] as { url: string; child: ChildProcess }
    // The API's memory, written by Node on SIGUSR2 (--heapsnapshot-signal).
    api.child.kill('SIGUSR2')
    let snapshot: string | undefined
    for (let i = 0; i < 200 && !snapshot; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      const file = readdirSync(workDir).find((f) => f.endsWith('.heapsnapshot'))
      if (file) {
        const text = readFileSync(path.join(workDir, file), 'utf8')
        // Written in one go; complete once it parses.
        try {
          JSON.parse(text)
          snapshot = text
        } catch {
          /* still being written */
        }
      }
    }
    expect(snapshot, 'the heap snapshot').toBeDefined()
    const dump = await dumpAll()
    const everything = `${dump}\n${snapshot}\n${TEST_KEK}`
    for (const kind of ['evm', 'solana'] as const) {
      const device = (await loadDeviceShare(deviceShares, `${user.userId}:${kind}`).catch(() => undefined))?.share
      // The device share exists only on the frame's origin …
      expect(device, `${kind} device share in the frame`).toBeDefined()
      for (const text of spellings(device as Uint8Array)) expect(everything.includes(text), `${kind} device share`).toBe(false)
      // … and the whole key nowhere on the server: rebuilt here from the two shares the frame can reach.
      const auth = await openFromSession(
        (await frame.sessions.get())?.encryptionKeyPair as CryptoKeyPair,
        await createAuthApi({ apiUrl: api.url }).keyShare?.((await frame.sessions.get()) as StoredSession, kind),
        { userId: user.userId, purpose: kind },
      )
      const whole = await withKey(
        { kind, address: kind === 'evm' ? user.evm : user.solana, shares: [device as Uint8Array, auth] },
        (key) => new Uint8Array(key),
      )
      for (const text of spellings(whole)) expect(everything.includes(text), `${kind} whole key`).toBe(false)
      // The server's own share alone rebuilds nothing.
      await expect(withKey({ kind, address: kind === 'evm' ? user.evm : user.solana, shares: [auth] }, () => 0)).rejects.toThrow()
    }
  }, 60_000)

  it('a database writer who inserts a session with their own keys gets no signature, and only the one auth share', async () => {
    const stampKey = await generateSessionKey()
    const encryption = await generateSessionEncryptionKey()
    const sessionId = `inserted-session-${process.pid}`
    await db.query(
      `INSERT INTO portico_auth.sessions (id, user_id, public_key, device_id, device, created_at, expires_at, encryption_key)
       VALUES ($1, $2, $3, 'device-intruder-0001', NULL, now(), now() + interval '1 day', $4)`,
      [sessionId, user.userId, stampKey.publicKey, encryption.publicKey],
    )
    const intruder: StoredSession = {
      sessionId,
      email: EMAIL,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      keyPair: stampKey.keyPair,
      encryptionKeyPair: encryption.keyPair,
    }
    const api = createAuthApi({ apiUrl: (apis[0] as { url: string }).url })
    // The API signs nothing for this user: it holds no key.
    const signed = await api
      .rpc(intruder, { namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['drain', user.evm] })
      .catch((error: Error) => error.message)
    expect(signed).toBe(KEYS_ERRORS.signInFrame)
    // It does hand over the auth share (sealed to the inserted key) — one share of three:
    const auth = await openFromSession(encryption.keyPair, await api.keyShare?.(intruder, 'evm'), { userId: user.userId, purpose: 'evm' })
    await expect(withKey({ kind: 'evm', address: user.evm, shares: [auth] }, () => 0)).rejects.toThrow()
    // and no whole key (this user was never the server's).
    expect(await api.legacyKeys?.(intruder).catch((error: Error) => error.message)).toBe(KEYS_ERRORS.notLegacy)
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM portico_auth.user_keys WHERE user_id = $1', [
      user.userId,
    ])
    expect(rows[0]?.n).toBe(0)
  })

  it('a restart of every instance, and a second instance added: the user signs before and after', async () => {
    await stopApi(apis[0] as { child: ChildProcess })
    const [one, two] = await Promise.all([startApi(), startApi()])
    for (const api of [one, two]) {
      // The frame's stored session and device shares, against each new instance.
      const again = frameOn(api.url, deviceShares, frame.sessions)
      const message = `after the restart, on ${api.url}`
      const { result } = await again.service.RPC_REQUEST({ method: 'personal_sign', params: [message, user.evm] })
      expect(await verifyMessage({ address: user.evm as Hex, message, signature: result as Hex })).toBe(true)
    }
  }, 60_000)

  it('the encryption key in a session row is only public: the sealed share opens with the frame’s private half, not with the row', async () => {
    const { rows } = await db.query<{ encryption_key: string }>('SELECT encryption_key FROM portico_auth.sessions WHERE id = $1', [
      (await frame.sessions.get())?.sessionId,
    ])
    // An SPKI public key (base64url), nothing private.
    expect(fromBase64url(rows[0]?.encryption_key ?? '').length).toBeLessThan(100)
  })
})
