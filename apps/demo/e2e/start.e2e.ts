// The README's run command: `npm start` (scripts/start.mjs) brings the whole stack up, prints the
// URLs, serves the demo wired to the local stack, and Ctrl-C (SIGINT) stops every part of it.
// Its ports come from PORTICO_*_PORT variables, and the API keeps its database in PORTICO_DATA_DIR.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createNamesRepository, openDatabase } from '@portico/server'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let child: ChildProcess | undefined
let output = ''
/** Every data directory made, removed at the end. */
const dataDirs: string[] = []
/** A new data directory: a retried attempt starts from an empty one, not from the half-seeded one of the attempt before. */
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-start-e2e-'))
  dataDirs.push(dir)
  return dir
}
let dataDir = freshDataDir()

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

/** A port that was free a moment ago (the OS picks it; we close it again). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

const urlOf = (label: string) => new RegExp(`^\\s+${label}\\s+(\\S+)`, 'm').exec(output)?.[1]
const refused = async (url: string) =>
  fetch(url, { method: 'POST', body: '{}' }).then(
    () => false,
    () => true,
  )

describe('npm start', () => {
  it('prints the URLs of a running stack on the ports asked for, serves the demo and the database it was given, and stops everything on Ctrl-C', async () => {
    // A retry (vitest's e2e retry) starts over: the last attempt's stack stopped, a new data directory.
    if (child && child.exitCode === null) child.kill('SIGKILL')
    output = ''
    if (dataDirs.length > 1 || existsSync(path.join(dataDir, 'PG_VERSION'))) dataDir = freshDataDir()
    // A database left by an earlier run: a name for account 0, which the API's identity route reads.
    const db = await openDatabase({ dataDir })
    await createNamesRepository(db).register({ name: 'kept.portico', address: ACCOUNT_0, coinType: (0x80000000 | 31337) >>> 0 })
    await db.close()

    const [apiPort, evmA, evmB, solanaPort, relayPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ]
    const env = {
      ...process.env,
      PORT: '0',
      PORTICO_API_PORT: String(apiPort),
      PORTICO_EVM_PORTS: `${evmA},${evmB}`,
      PORTICO_SOLANA_PORT: String(solanaPort),
      PORTICO_RELAY_PORT: String(relayPort),
      PORTICO_DATA_DIR: dataDir,
    }
    child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout!.on('data', (d) => (output += d))
    child.stderr!.on('data', (d) => (output += d))
    await expect.poll(() => output, { timeout: 60_000, interval: 200 }).toContain('Press Ctrl-C to stop.')

    const demo = urlOf('Portico demo')!
    const api = urlOf('Portico API')!
    const chainA = urlOf('Portico Local A')!
    const chainB = urlOf('Portico Local B')!
    const solana = urlOf('Solana \\(litesvm\\)')!
    const relay = urlOf('WalletConnect relay')!
    expect(demo).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    expect([api, chainA, chainB, solana, relay]).toEqual([
      `http://127.0.0.1:${apiPort}`,
      `http://127.0.0.1:${evmA}`,
      `http://127.0.0.1:${evmB}`,
      `http://127.0.0.1:${solanaPort}`,
      `ws://127.0.0.1:${relayPort}`,
    ])
    expect(urlOf('API database')).toBe(dataDir)
    // The API serves from that directory: the name written there before the start comes back.
    expect(await (await fetch(`${api}/v1/identity/${ACCOUNT_0}`)).json()).toEqual({ name: 'kept.portico', avatar: null })
    const html = await (await fetch(demo)).text()
    expect(html).toContain('window.__PORTICO_DEMO__')
    expect(html).toContain(api)
    expect((await fetch(`${api}/getAnalyticsConfig`)).status).toBe(200)
    const chainId = await (
      await fetch(chainA, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      })
    ).json()
    expect(chainId).toMatchObject({ result: '0x7a69' })

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)))
    child.kill('SIGINT')
    expect(await exited).toBe(0)
    expect(output).toContain('Stopping…')
    expect(await refused(chainA)).toBe(true)
    expect(await refused(`${api}/getAnalyticsConfig`)).toBe(true)
    expect(await refused(demo)).toBe(true)
    expect(await refused(chainB)).toBe(true)
    expect(await refused(solana)).toBe(true)
    expect(await refused(`http://127.0.0.1:${relayPort}`)).toBe(true)
    // The directory still holds the database.
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true)
  })

  it('refuses a port variable that is not a port, before starting anything', async () => {
    const bad = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...process.env, PORT: '0', PORTICO_EVM_PORTS: '8545,nope', PORTICO_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let err = ''
    bad.stderr!.on('data', (d) => (err += d))
    const code = await new Promise<number | null>((resolve) => bad.once('exit', (c) => resolve(c)))
    expect(code).toBe(1)
    expect(err).toContain('PORTICO_EVM_PORTS must be one or two ports ("A,B"), each 0-65535, got "8545,nope"')
  })
})
