/**
 * The SIWX client (client.siwx) against the real Portico API: `packages/server/src/main.ts` started
 * as its own process on 127.0.0.1 (headless never imports the server), signing with a real key.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { formatSiwxMessage, siwxNonceResponseSchema } from '@portico/protocol/siwx'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PorticoError } from '../core/errors'
import { createApiClient, type ApiClient } from './client'
import { SDK } from './test-support'

const MAIN = path.resolve(import.meta.dirname, '../../../server/src/main.ts')
const signer = privateKeyToAccount(`0x${'5a'.repeat(32)}`)
const DOMAIN = 'localhost:5173'

let child: ChildProcess | undefined
let dir: string
let baseUrl: string
let api: ApiClient

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portico-siwx-'))
  const chains = path.join(dir, 'chains.json')
  // EOA signatures are checked by recovery: the chain's RPC (a closed port) is never asked.
  writeFileSync(
    chains,
    JSON.stringify([
      { chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    ]),
  )
  const started = spawn(process.execPath, [MAIN, '--port', '0', '--chains', chains], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORTICO_INDEXER: 'off' },
  })
  child = started
  baseUrl = await new Promise<string>((resolve, reject) => {
    let out = ''
    started.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (match) resolve(match[1] as string)
    })
    started.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
    started.once('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${out}`)))
  })
  api = createApiClient({ baseUrl, projectId: SDK.projectId, sdkType: SDK.st, sdkVersion: SDK.sv, retries: 0 })
}, 60_000)

async function stop() {
  if (!child || child.exitCode !== null) return
  const exited = new Promise((resolve) => child!.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}
afterAll(async () => {
  await stop()
  rmSync(dir, { force: true, recursive: true })
})

async function signed(nonce: string) {
  const message = formatSiwxMessage({
    domain: DOMAIN,
    address: signer.address,
    uri: `http://${DOMAIN}/`,
    version: '1',
    chainId: 'eip155:31337',
    nonce,
    issuedAt: new Date().toISOString(),
  })
  return { message, signature: await signer.signMessage({ message }), chainId: 'eip155:31337', address: signer.address }
}

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(PorticoError)
  return (error as Error).message
}

describe('client.siwx against the Portico API', () => {
  it('nonce → sign → session and token; the token reads the session back', async () => {
    const nonce = await api.siwx.nonce()
    expect(siwxNonceResponseSchema.safeParse(nonce).success).toBe(true)
    expect(Date.parse(nonce.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000)
    const { session, token } = await api.siwx.createSession(await signed(nonce.nonce))
    expect(session).toMatchObject({ address: signer.address, chainId: 'eip155:31337', domain: DOMAIN })
    expect(await api.siwx.getSession(token)).toEqual(session)
  })

  it("a refusal rejects with the API's text", async () => {
    const body = await signed((await api.siwx.nonce()).nonce)
    await api.siwx.createSession(body)
    expect(await rejection(api.siwx.createSession(body))).toBe('Invalid or expired nonce')
    const other = await signed((await api.siwx.nonce()).nonce)
    // (A well-formed wrong signature would be asked of the chain, whose RPC is a closed port here.)
    expect(await rejection(api.siwx.createSession({ ...other, signature: 'not hex' }))).toBe('Invalid signature')
    expect(await rejection(api.siwx.createSession({ ...other, message: other.message.replace(DOMAIN, 'evil.example') }))).toBe(
      'Domain not allowed',
    )
    expect(await rejection(api.siwx.createSession({ ...other, chainId: 'eip155:1' }))).toBe('Message does not match the request')
  })

  it('revoke ends the session: getSession is null after it; an unknown token is null and revoking it is a no-op', async () => {
    const { token } = await api.siwx.createSession(await signed((await api.siwx.nonce()).nonce))
    expect(await api.siwx.getSession(token)).not.toBeNull()
    await api.siwx.revokeSession(token)
    expect(await api.siwx.getSession(token)).toBeNull()
    expect(await api.siwx.getSession('not.a.token')).toBeNull()
    await expect(api.siwx.revokeSession('not.a.token')).resolves.toBeUndefined()
  })

  it("two tokens read at once get each its own session (GETs with different Authorization don't share a request)", async () => {
    const a = await api.siwx.createSession(await signed((await api.siwx.nonce()).nonce))
    const b = await api.siwx.createSession(await signed((await api.siwx.nonce()).nonce))
    const [sa, sb] = await Promise.all([api.siwx.getSession(a.token), api.siwx.getSession(b.token)])
    expect([sa?.id, sb?.id]).toEqual([a.session.id, b.session.id])
  })

  it("when the API is down, a call rejects with 'Something went wrong'", async () => {
    await stop()
    expect(await rejection(api.siwx.nonce())).toBe('Something went wrong')
  })
})
