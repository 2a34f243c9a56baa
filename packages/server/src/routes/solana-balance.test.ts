import { type SolanaDevnet, solanaDevSigner, startSolanaDevnet } from '@portico/devnet/solana'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../app.ts'
import type { SolanaChainConfigInput } from '../config.ts'
import type { Database } from '../db/index.ts'
import { balanceResponseSchema, supportedChainsSchema } from '@portico/protocol/account'
import { errorBodySchema, openTestDatabase } from '../test-support.ts'
import { z } from 'zod'

let sol: SolanaDevnet
let db: Database
let app: ReturnType<typeof createApp>
let solana: SolanaChainConfigInput

beforeAll(async () => {
  ;[sol, db] = await Promise.all([startSolanaDevnet({ accounts: 2 }), openTestDatabase()])
  solana = {
    caipNetworkId: sol.caipNetworkId,
    name: 'Portico Local Solana',
    rpcUrl: sol.rpcUrl,
    tokens: [{ mint: sol.usdcMint, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
  }
  app = createApp({ chains: [], solana, db, onError: () => undefined })
})

afterAll(async () => {
  await Promise.all([sol?.stop(), db?.close()])
})

async function get(a: ReturnType<typeof createApp>, path: string) {
  const res = await a.request(path)
  const body = z.union([balanceResponseSchema, errorBodySchema]).parse(await res.json())
  return { status: res.status, body: body as { balances?: z.output<typeof balanceResponseSchema>['balances']; error?: string } }
}
const balancePath = (address: string, chainId: string = sol.caipNetworkId) =>
  `/v1/account/${address}/balance?currency=usd&chainId=${chainId}&forceUpdate=`

describe('GET /v1/account/{address}/balance on Solana', () => {
  it('returns SOL from lamports (decimals 9) and USDC from the owner’s token accounts, priced from the table', async () => {
    const owner = sol.accounts[0] as string
    const { status, body } = await get(app, balancePath(owner))
    expect(status).toBe(200)
    expect(body.balances).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: sol.caipNetworkId,
        value: 15000,
        price: 150,
        iconUrl: `/token-images/SOL`,
        quantity: { decimals: '9', numeric: '100' },
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: sol.caipNetworkId,
        address: `${sol.caipNetworkId}:${sol.usdcMint}`,
        value: 1000,
        price: 1,
        iconUrl: `/token-images/USDC`,
        quantity: { decimals: '6', numeric: '1000' },
      },
    ])
  })

  it('follows the chain: an airdrop and a mint show up; an account without tokens lists SOL only', async () => {
    const fresh = (await solanaDevSigner(11)).address
    let { body } = await get(app, balancePath(fresh))
    expect(body.balances?.map((b) => [b.symbol, b.quantity.numeric])).toEqual([['SOL', '0']])
    await sol.server.airdrop(fresh, 1_234_567_890n)
    await sol.server.mintTo({ mint: sol.usdcMint, owner: fresh, amount: 2_500_000n })
    ;({ body } = await get(app, balancePath(fresh)))
    expect(body.balances?.map((b) => [b.symbol, b.quantity.numeric, b.value])).toEqual([
      ['SOL', '1.23456789', 185.1851835],
      ['USDC', '2.5', 2.5],
    ])
  })

  it('uses the Solana chain when no chainId is given and the address is base58', async () => {
    const { status, body } = await get(app, `/v1/account/${sol.accounts[1]}/balance`)
    expect(status).toBe(200)
    expect(body.balances?.map((b) => b.symbol)).toEqual(['SOL', 'USDC'])
  })

  it.each([
    ['too short (31)', 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr'],
    ['too long (45)', 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96oeY'],
    ['a 0 (not base58)', 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq90'],
    ['an l (not base58)', 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kql6'],
    ['an EVM address', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    ['32 base58 characters that decode to 24 bytes', 'z'.repeat(32)],
    ['44 base58 characters that decode to 33 bytes', 'z'.repeat(44)],
    ['44 base58 characters that decode to 44 bytes', '1'.repeat(44)],
  ])("answers 400 'Invalid Solana address' for %s", async (_label, address) => {
    expect(await get(app, balancePath(address))).toEqual({ status: 400, body: { error: 'Invalid Solana address' } })
  })

  it('answers 400, with nothing logged, for base58 that does not decode to 32 bytes and no chainId', async () => {
    const reported: unknown[] = []
    const logged: unknown[][] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args))
    try {
      const quiet = createApp({ chains: [], solana, db, onError: (error) => reported.push(error) })
      const loud = createApp({ chains: [], solana, db })
      for (const a of [quiet, loud]) {
        for (let i = 0; i < 20; i++) {
          expect(await get(a, `/v1/account/${'z'.repeat(32 + (i % 9))}/balance`)).toEqual({
            status: 400,
            body: { error: 'Invalid Solana address' },
          })
        }
      }
    } finally {
      spy.mockRestore()
    }
    expect(reported).toEqual([])
    expect(logged).toEqual([])
  })

  it('answers 400 for another Solana chain, and when no Solana chain is configured', async () => {
    const owner = sol.accounts[0] as string
    expect(await get(app, balancePath(owner, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'))).toEqual({
      status: 400,
      body: { error: 'Unsupported chainId solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' },
    })
    const evmOnly = createApp({ chains: [], db, onError: () => undefined })
    expect((await get(evmOnly, balancePath(owner))).body).toEqual({ error: `Unsupported chainId ${sol.caipNetworkId}` })
    // Without a chainId an EVM-only server still asks for an EVM address.
    expect((await get(evmOnly, `/v1/account/${owner}/balance`)).body).toEqual({ error: 'Invalid EVM address' })
  })

  it('lists the Solana chain in /v1/supported-chains', async () => {
    const res = await app.request('/v1/supported-chains')
    expect(supportedChainsSchema.parse(await res.json())).toEqual({ http: [sol.caipNetworkId], ws: [] })
  })

  it('answers 502 when the Solana RPC is down', async () => {
    const down = createApp({ chains: [], solana: { ...solana, rpcUrl: 'http://127.0.0.1:9' }, db, onError: () => undefined })
    expect(await get(down, balancePath(sol.accounts[0] as string))).toEqual({
      status: 502,
      body: { error: `RPC request to ${sol.caipNetworkId} failed` },
    })
  })

  it.each([
    [{ caipNetworkId: 'eip155:1' }, 'caipNetworkId must be solana:<genesis hash reference>'],
    [
      { tokens: [{ mint: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35', symbol: 'USDC', name: 'USD Coin', decimals: 6 }] },
      'token mint must be a base58 Solana address',
    ],
  ])('refuses a bad solana config %j', (patch, message) => {
    expect(() => createApp({ chains: [], solana: { ...solana, ...patch }, db })).toThrow(message)
  })
})
