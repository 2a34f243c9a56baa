/**
 * README "Verify a Portico SIWX session from your backend": its code block, run as written (only the
 * API URL replaced by a started server's) against a real server on 127.0.0.1.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { formatSiwxMessage, siwxCreateSessionResponseSchema, siwxNonceResponseSchema } from '@portico/protocol/siwx'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../index.ts'
import { TEST_CHAINS } from '../test-support.ts'

const README = path.join(import.meta.dirname, '../../README.md')
const signer = privateKeyToAccount(`0x${'7e'.repeat(32)}`)

/** The ```ts block under the backend-verification heading. */
function documentedBlock(): string {
  const text = readFileSync(README, 'utf8')
  const at = text.indexOf('### Verify a Portico SIWX session from your backend')
  expect(at).toBeGreaterThan(-1)
  const block = /```ts\n([\s\S]*?)```/.exec(text.slice(at))
  if (!block) throw new Error('no ts block under the heading')
  return block[1] as string
}

type Documented = {
  sessionFromApi(token: string): Promise<{ id: string; address: string; chainId: string; domain: string } | null>
  sessionFromJwt(token: string): Promise<{ account: string; sessionId: string } | null>
}

let server: RunningServer
let documented: Documented
let file: string

beforeAll(async () => {
  server = await startServer({
    chains: [TEST_CHAINS[0]!],
    indexer: { enabled: false },
    allowedOrigins: ['https://app.example.com', 'https://other.example.com'],
    onError: () => {},
  })
  const source = documentedBlock()
  expect(source).toContain("const PORTICO_API = 'https://api.example.com'")
  expect(source).toContain("const APP_DOMAIN = 'app.example.com'")
  file = path.join(import.meta.dirname, `.readme-block-${process.pid}.ts`)
  writeFileSync(file, source.replace("'https://api.example.com'", JSON.stringify(server.url)))
  documented = (await import(/* @vite-ignore */ file)) as Documented
})
afterAll(async () => {
  if (file) rmSync(file, { force: true })
  await server?.stop()
})

async function signIn(domain: string): Promise<{ token: string; id: string }> {
  const { nonce } = siwxNonceResponseSchema.parse(await (await fetch(`${server.url}/v1/siwx/nonce`, { method: 'POST' })).json())
  const message = formatSiwxMessage({
    domain,
    address: signer.address,
    uri: `https://${domain}/`,
    version: '1',
    chainId: 'eip155:31337',
    nonce,
    issuedAt: new Date().toISOString(),
  })
  const res = await fetch(`${server.url}/v1/siwx/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature: await signer.signMessage({ message }), chainId: 'eip155:31337', address: signer.address }),
  })
  expect(res.status).toBe(200)
  const body = siwxCreateSessionResponseSchema.parse(await res.json())
  return { token: body.token, id: body.session.id }
}

describe('README: verify a Portico SIWX session from your backend', () => {
  it('both ways accept a session of the app, with its account and id', async () => {
    const { token, id } = await signIn('app.example.com')
    expect(await documented.sessionFromJwt(token)).toEqual({ account: `eip155:31337:${signer.address}`, sessionId: id })
    expect(await documented.sessionFromApi(token)).toMatchObject({
      id,
      address: signer.address,
      chainId: 'eip155:31337',
      domain: 'app.example.com',
    })
  })

  it('both ways refuse a token for another app (audience), a forged token and garbage', async () => {
    const other = await signIn('other.example.com')
    expect(await documented.sessionFromJwt(other.token)).toBeNull()
    expect(await documented.sessionFromApi(other.token)).toBeNull()
    const { token } = await signIn('app.example.com')
    const [h, p] = token.split('.')
    const forged = `${h}.${p}.${Buffer.alloc(64, 1).toString('base64url')}`
    expect(await documented.sessionFromJwt(forged)).toBeNull()
    expect(await documented.sessionFromApi(forged)).toBeNull()
    expect(await documented.sessionFromJwt('garbage')).toBeNull()
    expect(await documented.sessionFromApi('garbage')).toBeNull()
  })

  it('after a revoke the endpoint says no at once; the JWT alone stays valid until exp (as documented)', async () => {
    const { token, id } = await signIn('app.example.com')
    const res = await fetch(`${server.url}/v1/siwx/session/revoke`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    expect(await res.json()).toEqual({ revoked: true })
    expect(await documented.sessionFromApi(token)).toBeNull()
    expect(await documented.sessionFromJwt(token)).toEqual({ account: `eip155:31337:${signer.address}`, sessionId: id })
  })
})
