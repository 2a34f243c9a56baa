import { createPublicClient, http, recoverMessageAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type AnvilInstance } from '../anvil.ts'
import { deployIdRegistry, IdRegistry, type DeployedIdRegistry } from './registry.ts'
import { farcasterChannelToken, startFarcasterRelay, type FarcasterRelay } from './relay.ts'
import { farcasterCustodyAccount } from './users.ts'

let relay: FarcasterRelay
let anvil: AnvilInstance
let registry: DeployedIdRegistry

beforeAll(async () => {
  ;[relay, anvil] = await Promise.all([startFarcasterRelay(), startAnvil({ chainId: 31_377 })])
  registry = await deployIdRegistry({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId })
}, 60_000)
afterAll(async () => {
  await Promise.all([relay?.stop(), anvil?.stop()])
})

const channel = async (
  body: Record<string, unknown> = {
    siweUri: 'http://127.0.0.1:4000/v1/auth/farcaster',
    domain: '127.0.0.1:4000',
    nonce: 'abcdef0123456789',
  },
) => {
  const response = await fetch(`${relay.url}/v1/channel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as { channelToken: string; url: string; nonce: string; error?: string } }
}
const status = async (token: string) => {
  const response = await fetch(`${relay.url}/v1/channel/status`, { headers: { authorization: `Bearer ${token}` } })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('devnet IdRegistry', () => {
  it('is deployed with the dev users registered: custodyOf(fid) is their custody key', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const read = (fid: bigint) =>
      client.readContract({ address: registry.address, abi: IdRegistry.abi, functionName: 'custodyOf', args: [fid] })
    expect(await read(1n)).toBe(farcasterCustodyAccount(1).address)
    expect(await read(2n)).toBe(farcasterCustodyAccount(2).address)
    expect(await read(3n)).toBe('0x0000000000000000000000000000000000000000')
    expect(registry.custody[1]).toBe(farcasterCustodyAccount(1).address)
  })
})

describe('dev Farcaster relay', () => {
  it('POST /v1/channel → { channelToken, url, nonce }; status 202 pending until approved', async () => {
    const { status: code, body } = await channel()
    expect(code).toBe(201)
    expect(body.url).toBe(`https://warpcast.com/~/siwf?channelToken=${body.channelToken}`)
    expect(body.nonce).toBe('abcdef0123456789')
    expect(farcasterChannelToken(body.url)).toBe(body.channelToken)
    expect(await status(body.channelToken)).toEqual({ status: 202, body: { state: 'pending', nonce: 'abcdef0123456789' } })
  })

  it('the approver page lists the dev users; approving as ada completes the channel with a SIWE message signed by her custody key', async () => {
    const { body } = await channel()
    const list = await (await fetch(`${relay.url}/approve`)).text()
    expect(list).toContain(`/approve?channelToken=${body.channelToken}`)
    const pageHtml = await (await fetch(relay.approverUrl(body.url))).text()
    expect(pageHtml).toContain('data-testid="portico-farcaster-approve-1"')
    expect(pageHtml).toContain('data-testid="portico-farcaster-approve-2"')
    const approved = await fetch(`${relay.url}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channelToken: body.channelToken, fid: '1' }).toString(),
    })
    expect(approved.status).toBe(200)
    expect(await approved.text()).toContain('Signed in as ada')
    const done = await status(body.channelToken)
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({
      state: 'completed',
      fid: 1,
      username: 'ada',
      displayName: 'Ada Lovelace',
      custody: farcasterCustodyAccount(1).address,
    })
    const message = done.body.message as string
    const parsed = parseSiweMessage(message)
    expect(parsed).toMatchObject({
      domain: '127.0.0.1:4000',
      uri: 'http://127.0.0.1:4000/v1/auth/farcaster',
      nonce: 'abcdef0123456789',
      chainId: 10,
      resources: ['farcaster://fid/1'],
    })
    expect(parsed.address).toBe(farcasterCustodyAccount(1).address)
    expect(await recoverMessageAddress({ message, signature: done.body.signature as `0x${string}` })).toBe(
      farcasterCustodyAccount(1).address,
    )
  })

  it('approve() can sign with another key or another nonce (for the server tests)', async () => {
    const { body } = await channel()
    const other = privateKeyToAccount(`0x${'11'.repeat(32)}`)
    const done = await relay.approve(body.channelToken, 2, { signer: other, nonce: 'zzzzzzzz1' })
    if (done.state !== 'completed') throw new Error('not completed')
    expect(parseSiweMessage(done.message).nonce).toBe('zzzzzzzz1')
    expect(await recoverMessageAddress({ message: done.message, signature: done.signature })).toBe(other.address)
  })

  it('a rejected, unknown or malformed channel answers 401; bad channel requests 400', async () => {
    const { body } = await channel()
    const rejected = await fetch(`${relay.url}/reject`, {
      method: 'POST',
      body: new URLSearchParams({ channelToken: body.channelToken }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(await rejected.text()).toContain('portico-farcaster-rejected')
    expect((await status(body.channelToken)).status).toBe(401)
    expect((await status('x'.repeat(30))).status).toBe(401)
    expect((await fetch(`${relay.url}/v1/channel/status`)).status).toBe(401)
    expect((await channel({ siweUri: 'nope', domain: 'a', nonce: 'abcdefgh' })).status).toBe(400)
    expect((await channel({ siweUri: 'http://a.test', domain: 'a.test', nonce: 'short' })).status).toBe(400)
    const notJson = await fetch(`${relay.url}/v1/channel`, { method: 'POST', body: '{' })
    expect(notJson.status).toBe(400)
    expect((await fetch(relay.approverUrl('nope'))).status).toBe(404)
  })

  it('an expired channel answers 401', async () => {
    const { body } = await channel({
      siweUri: 'http://a.test/x',
      domain: 'a.test',
      nonce: 'abcdefgh1',
      expirationTime: new Date(Date.now() + 50).toISOString(),
    })
    await new Promise((r) => setTimeout(r, 80))
    expect((await status(body.channelToken)).status).toBe(401)
  })
})
