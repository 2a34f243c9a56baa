// The README's run command: `npm start` (scripts/start.mjs) brings the whole stack up, prints the
// URLs, serves the demo wired to the local stack, and Ctrl-C (SIGINT) stops every part of it.
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
let child: ChildProcess | undefined
let output = ''

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
})

const urlOf = (label: string) => new RegExp(`^\\s+${label}\\s+(\\S+)`, 'm').exec(output)?.[1]
const refused = async (url: string) =>
  fetch(url, { method: 'POST', body: '{}' }).then(
    () => false,
    () => true,
  )

describe('npm start', () => {
  it('prints the URLs of a running stack, serves the demo, and stops everything on Ctrl-C', async () => {
    child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout!.on('data', (d) => (output += d))
    child.stderr!.on('data', (d) => (output += d))
    await expect.poll(() => output, { timeout: 60_000, interval: 200 }).toContain('Press Ctrl-C to stop.')

    const demo = urlOf('Portico demo')!
    const api = urlOf('Portico API')!
    const chainA = urlOf('Portico Local A')!
    expect(demo).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const html = await (await fetch(demo)).text()
    expect(html).toContain('window.__PORTICO_DEMO__')
    expect(html).toContain(api)
    expect((await fetch(`${api}/getAnalyticsConfig`)).status).toBe(200)
    const chainId = await (await fetch(chainA, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }) })).json()
    expect(chainId).toMatchObject({ result: '0x7a69' })

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)))
    child.kill('SIGINT')
    expect(await exited).toBe(0)
    expect(output).toContain('Stopping…')
    expect(await refused(chainA)).toBe(true)
    expect(await refused(`${api}/getAnalyticsConfig`)).toBe(true)
    expect(await refused(demo)).toBe(true)
  })
})
