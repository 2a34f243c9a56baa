/**
 * GET /v1/account/{address}/history over the indexer (src/indexer/) following a real anvil chain of
 * the devnet: native and ERC-20 transfers with their direction and amounts, a reverted transaction,
 * pagination by cursor, a restart of the follower mid-chain, a reorg (evm_snapshot / evm_revert and
 * different blocks), and bad input (400, never 500).
 */
import { historyResponseSchema, type Transaction } from '@portico/protocol/account'
import { type Devnet, startDevnet } from '@portico/devnet'
import { type Address, createPublicClient, createTestClient, createWalletClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainConfigSchema, type ChainConfig } from '../config.ts'
import type { Database } from '../db/types.ts'
import { startIndexer, type Indexer } from '../indexer/follower.ts'
import { createActivityRepository } from '../indexer/repository.ts'
import { createNamesRepository } from '../db/names.ts'
import { createApp } from '../app.ts'
import { startServer } from '../index.ts'
import { ChainRpcError } from '../errors.ts'
import { openTestApp, requestError, requestJson, type TestApp, openTestDatabase } from '../test-support.ts'

const CHAIN_ID = 31337
const CAIP = `eip155:${CHAIN_ID}`
const chain = {
  id: CHAIN_ID,
  name: 'Portico Local A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const

let devnet: Devnet
let db: Database
let app: TestApp
let close: () => Promise<void>
let config: ChainConfig
let indexer: Indexer
let usdc: Address
let ptk: Address
let alice: Address
const bobAccount = privateKeyToAccount(generatePrivateKey())
const bob = bobAccount.address
const carol = privateKeyToAccount(generatePrivateKey()).address
let publicClient: ReturnType<typeof createPublicClient>
let testClient: ReturnType<typeof createTestClient>
let aliceWallet: ReturnType<typeof createWalletClient>
let bobWallet: ReturnType<typeof createWalletClient>
const reported: unknown[] = []

const follow = () =>
  startIndexer({ chains: [config], db, indexer: { pollIntervalMs: 25, rpcTimeoutMs: 5_000 }, report: (error) => void reported.push(error) })

async function mined(hash: `0x${string}`) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return receipt
}
const sendEth = async (from: ReturnType<typeof createWalletClient>, to: Address, ether: string) =>
  mined(await from.sendTransaction({ account: from.account!, chain, to, value: parseEther(ether) }))
const sendToken = async (from: ReturnType<typeof createWalletClient>, token: Address, to: Address, amount: bigint) =>
  mined(
    await from.writeContract({
      account: from.account!,
      chain,
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, amount],
    }),
  )

async function history(address: string, query = `?chainId=${CAIP}`) {
  const { status, body } = await requestJson(app, `/v1/account/${address}/history${query}`, historyResponseSchema)
  expect(status).toBe(200)
  return body
}
async function allPages(address: string, limit: number, chainQuery = `&chainId=${CAIP}`): Promise<Transaction[]> {
  const out: Transaction[] = []
  let cursor: string | null | undefined
  for (let i = 0; i < 100; i++) {
    const page = await history(address, `?limit=${limit}${chainQuery}${cursor ? `&cursor=${cursor}` : ''}`)
    expect(page.data.length).toBeLessThanOrEqual(limit)
    out.push(...page.data)
    cursor = page.next
    if (!cursor) return out
  }
  throw new Error('too many pages')
}

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: CHAIN_ID }] })
  const c = devnet.chains[0]!
  usdc = c.tokens.find((t) => t.symbol === 'USDC')!.address
  ptk = c.tokens.find((t) => t.symbol === 'PTK')!.address
  alice = devnet.accounts[1]!
  // USDC is configured; PTK is not, so its metadata is read from the chain.
  const usdcToken = c.tokens.find((t) => t.symbol === 'USDC')!
  config = chainConfigSchema.parse({
    chainId: CHAIN_ID,
    name: c.name,
    rpcUrl: c.rpcUrl,
    nativeCurrency: c.nativeCurrency,
    tokens: [usdcToken],
  })
  db = await openTestDatabase()
  ;({ app, close } = await openTestApp({ chains: [config], db }))
  const transport = http(c.rpcUrl)
  publicClient = createPublicClient({ chain, transport })
  testClient = createTestClient({ chain, transport, mode: 'anvil' })
  aliceWallet = createWalletClient({ account: alice, chain, transport })
  bobWallet = createWalletClient({ account: bobAccount, chain, transport })
  indexer = follow()
}, 60_000)
afterAll(async () => {
  await indexer?.stop()
  await Promise.all([devnet?.stop(), close?.()])
})

describe('GET /v1/account/{address}/history', () => {
  it('lists native and ERC-20 transfers (configured and not) with direction, amount, operation and status, newest first', async () => {
    const eth = await sendEth(aliceWallet, bob, '1.5')
    const usdcIn = await sendToken(aliceWallet, usdc, bob, parseUnits('10', 6))
    const ptkIn = await sendToken(aliceWallet, ptk, bob, parseUnits('3', 18))
    const ptkOut = await sendToken(bobWallet, ptk, alice, parseUnits('1.25', 18))
    // A transfer of more USDC than Bob holds reverts: listed as failed, moving nothing.
    const failed = await mined(
      await bobWallet.writeContract({
        account: bobAccount,
        chain,
        address: usdc,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [alice, parseUnits('999', 6)],
        gas: 100_000n,
      }),
    )
    expect(failed.status).toBe('reverted')
    await indexer.caughtUp()

    const page = await history(bob)
    expect(page.next).toBeNull()
    const id = (hash: string) => `${CAIP}:${hash}`
    expect(page.data.map((t) => t.id)).toEqual([failed, ptkOut, ptkIn, usdcIn, eth].map((r) => id(r.transactionHash)))
    const [f, out, inPtk, inUsdc, inEth] = page.data as [Transaction, Transaction, Transaction, Transaction, Transaction]
    expect(f.metadata).toMatchObject({ chain: CAIP, status: 'failed', operationType: 'execute', sentFrom: bob, sentTo: usdc })
    expect(f.transfers).toEqual([])
    // A direct call of the token contract: the other side is the receiver, not the contract.
    expect(out.metadata).toMatchObject({ status: 'confirmed', operationType: 'send', sentFrom: bob, sentTo: alice })
    expect(out.transfers).toEqual([
      {
        direction: 'out',
        quantity: { numeric: '1.25' },
        fungible_info: { name: 'Portico Token', symbol: 'PTK', icon: { url: '/token-images/PTK' } },
      },
    ])
    expect(inPtk.metadata.operationType).toBe('receive')
    expect(inPtk.transfers).toEqual([
      {
        direction: 'in',
        quantity: { numeric: '3' },
        fungible_info: { name: 'Portico Token', symbol: 'PTK', icon: { url: '/token-images/PTK' } },
      },
    ])
    expect(inUsdc.transfers).toEqual([
      {
        direction: 'in',
        quantity: { numeric: '10' },
        fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: '/token-images/USDC' } },
      },
    ])
    expect(inEth.metadata).toMatchObject({ status: 'confirmed', operationType: 'receive', sentFrom: alice, sentTo: bob })
    expect(inEth.transfers).toEqual([
      {
        direction: 'in',
        quantity: { numeric: '1.5' },
        fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: '/token-images/ETH' } },
      },
    ])
    const block = await publicClient.getBlock({ blockNumber: eth.blockNumber })
    expect(inEth.metadata.minedAt).toBe(new Date(Number(block.timestamp) * 1000).toISOString())

    // The same transactions from Alice's side: out.
    const alicePage = await history(alice, `?chainId=${CAIP}&limit=5`)
    const aliceEth = alicePage.data.find((t) => t.id === id(eth.transactionHash))
    expect(aliceEth?.metadata.operationType).toBe('send')
    expect(aliceEth?.transfers[0]?.direction).toBe('out')
    // Without chainId: every EVM chain (here one); the address in any case.
    expect((await history(bob.toLowerCase().slice(2), '')).data.map((t) => t.id)).toEqual(page.data.map((t) => t.id))
    // PTK's metadata was read once and kept.
    const { rows } = await db.query<{ symbol: string; decimals: number }>(
      'SELECT symbol, decimals FROM portico_activity.tokens WHERE address = $1',
      [ptk.toLowerCase()],
    )
    expect(rows).toEqual([{ symbol: 'PTK', decimals: 18 }])
  })

  it('pages by cursor: every transaction exactly once, in the same order as one big page', async () => {
    for (let i = 1; i <= 6; i++) await sendEth(aliceWallet, bob, `0.00${i}`)
    await indexer.caughtUp()
    const whole = await history(bob, `?chainId=${CAIP}&limit=50`)
    expect(whole.data.length).toBe(11)
    for (const limit of [1, 2, 3, 20]) {
      const paged = await allPages(bob, limit)
      expect(paged.map((t) => t.id)).toEqual(whole.data.map((t) => t.id))
    }
    // Alice: 2 mints, 4 + 6 transactions above, and 9 more: 21, one more than the default page of 20.
    const dave = privateKeyToAccount(generatePrivateKey()).address
    for (let i = 0; i < 9; i++) await sendEth(aliceWallet, dave, '0.001')
    await indexer.caughtUp()
    const defaultPage = await history(alice)
    expect(defaultPage.data.length).toBe(20)
    expect(defaultPage.next).toEqual(expect.any(String))
    const aliceAll = await allPages(alice, 7, '')
    expect(aliceAll.length).toBe(21)
    expect(new Set(aliceAll.map((t) => t.id)).size).toBe(21)
    expect(aliceAll.slice(0, 20).map((t) => t.id)).toEqual(defaultPage.data.map((t) => t.id))
    const last = await history(alice, `?chainId=${CAIP}&cursor=${defaultPage.next}`)
    expect(last.data.map((t) => t.id)).toEqual([aliceAll[20]!.id])
    expect(last.next).toBeNull()
  })

  it('a restart of the follower mid-chain leaves no gap and no duplicate', async () => {
    await indexer.stop()
    const hashes: string[] = []
    for (let i = 0; i < 3; i++) hashes.push((await sendEth(aliceWallet, carol, '0.01')).transactionHash)
    await testClient.mine({ blocks: 4 })
    const repo = createActivityRepository(db)
    expect((await repo.allRows(CHAIN_ID)).filter((r) => hashes.includes(r.txHash))).toEqual([])
    indexer = follow()
    await indexer.caughtUp()
    const rows = await repo.allRows(CHAIN_ID)
    expect(rows.filter((r) => hashes.includes(r.txHash)).map((r) => r.txHash)).toEqual(hashes)
    const keys = rows.map((r) => `${r.txHash}:${r.logIndex}`)
    expect(new Set(keys).size).toBe(keys.length)
    // Every block from genesis to the head was indexed once.
    const head = await publicClient.getBlockNumber({ cacheTime: 0 })
    const { rows: blocks } = await db.query<{ n: number; lo: string; hi: string }>(
      'SELECT count(*)::int AS n, min(block_number)::text AS lo, max(block_number)::text AS hi FROM portico_activity.blocks WHERE chain_id = $1',
      [CHAIN_ID],
    )
    expect(blocks[0]).toEqual({ n: Number(head) + 1, lo: '0', hi: String(head) })
    expect((await repo.cursor(CHAIN_ID))?.blockNumber).toBe(head)
    expect((await history(carol)).data.map((t) => t.id)).toEqual(hashes.reverse().map((h) => `${CAIP}:${h}`))
  })

  it('two followers on one database (two servers) index each block once', async () => {
    const second = follow()
    try {
      const hashes: string[] = []
      for (let i = 0; i < 4; i++) hashes.push((await sendEth(aliceWallet, carol, '0.001')).transactionHash)
      await Promise.all([indexer.caughtUp(), second.caughtUp()])
      const rows = await createActivityRepository(db).allRows(CHAIN_ID)
      expect(rows.filter((r) => hashes.includes(r.txHash)).map((r) => r.txHash)).toEqual(hashes)
      const keys = rows.map((r) => `${r.txHash}:${r.logIndex}`)
      expect(new Set(keys).size).toBe(keys.length)
    } finally {
      await second.stop()
    }
    expect(reported).toEqual([])
    expect((await history(carol)).data.length).toBe(7)
  })

  it('a reorg drops the orphaned transfers and indexes the new blocks', async () => {
    const snapshot = await testClient.snapshot()
    const orphan = await sendEth(aliceWallet, bob, '0.7')
    await indexer.caughtUp()
    expect((await history(bob)).data[0]?.id).toBe(`${CAIP}:${orphan.transactionHash}`)
    await testClient.revert({ id: snapshot })
    const replacement = await sendEth(aliceWallet, carol, '0.9')
    await testClient.mine({ blocks: 1 })
    expect(replacement.blockNumber).toBe(orphan.blockNumber)
    await indexer.caughtUp()
    const bobIds = (await history(bob, `?chainId=${CAIP}&limit=50`)).data.map((t) => t.id)
    expect(bobIds).not.toContain(`${CAIP}:${orphan.transactionHash}`)
    expect(bobIds.length).toBe(11)
    expect((await history(carol)).data[0]?.id).toBe(`${CAIP}:${replacement.transactionHash}`)
    const rows = await createActivityRepository(db).allRows(CHAIN_ID)
    expect(rows.some((r) => r.txHash === orphan.transactionHash)).toBe(false)
    const atHeight = rows.filter((r) => r.blockNumber === orphan.blockNumber)
    expect(atHeight.map((r) => r.blockHash)).toEqual([replacement.blockHash])
  })

  it('answers 400 with a clear message to bad input, never 500', async () => {
    const cases: [string, string][] = [
      ['/v1/account/0x1234/history', 'Invalid EVM address'],
      [`/v1/account/${bob}/history?chainId=nope`, 'Invalid CAIP-2 chain id nope'],
      [`/v1/account/${bob}/history?chainId=eip155:1`, 'Unsupported chainId eip155:1'],
      [`/v1/account/${bob}/history?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`, 'Invalid Solana address'],
      [
        `/v1/account/So11111111111111111111111111111111111111112/history?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`,
        'Unsupported chainId solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      ],
      [`/v1/account/${bob}/history?cursor=abc!`, 'Invalid cursor'],
      [`/v1/account/${bob}/history?cursor=${Buffer.from('[1,2]').toString('base64url')}`, 'Invalid cursor'],
      [`/v1/account/${bob}/history?cursor=${Buffer.from('{"__proto__":1}').toString('base64url')}`, 'Invalid cursor'],
      [`/v1/account/${bob}/history?cursor=${'A'.repeat(300)}`, 'Invalid cursor'],
      [`/v1/account/${bob}/history?limit=0`, 'limit must be an integer between 1 and 50'],
      [`/v1/account/${bob}/history?limit=51`, 'limit must be an integer between 1 and 50'],
    ]
    for (const [path, error] of cases) {
      const { status, body } = await requestError(app, path)
      expect({ path, status, error: body.error }).toEqual({ path, status: 400, error })
    }
    expect(reported).toEqual([])
  })

  it('startServer runs the follower (poll interval from `indexer`) and stops it on stop()', async () => {
    const server = await startServer({ chains: [config], indexer: { pollIntervalMs: 20 }, onError: (error) => void reported.push(error) })
    try {
      const tx = await sendEth(aliceWallet, bob, '0.002')
      let ids: string[] = []
      for (let i = 0; i < 200 && !ids.includes(`${CAIP}:${tx.transactionHash}`); i++) {
        await new Promise((r) => setTimeout(r, 25))
        const res = await fetch(`${server.url}/v1/account/${bob}/history?chainId=${CAIP}`)
        expect(res.headers.get('cache-control')).toBe('private, max-age=15')
        ids = historyResponseSchema.parse(await res.json()).data.map((t) => t.id)
      }
      expect(ids[0]).toBe(`${CAIP}:${tx.transactionHash}`)
    } finally {
      await server.stop()
    }
    expect(reported).toEqual([])
  })

  it('names the other side: a known address or swap router (config) first, else its Portico name; the owner is never named', async () => {
    const toCarol = await sendEth(aliceWallet, carol, '0.01')
    const fromBob = await sendEth(bobWallet, carol, '0.001')
    await indexer.caughtUp()
    await createNamesRepository(db).register({ name: 'alice.portico.id', address: alice, coinType: 60 })
    const names = (t: Transaction | undefined) => [t?.id, t?.metadata.sentFromName, t?.metadata.sentToName]
    // Carol's list: Alice by her Portico name; Carol herself (sentTo) unnamed.
    const carolPage = await history(carol, `?chainId=${CAIP}&limit=2`)
    expect(carolPage.data.map(names)).toEqual([
      [`${CAIP}:${fromBob.transactionHash}`, undefined, undefined],
      [`${CAIP}:${toCarol.transactionHash}`, 'alice.portico.id', undefined],
    ])
    // Configured: Alice as a known address (it wins over her name); Carol as the chain's swap router (default name).
    const named = createApp({
      chains: [{ ...config, swap: { router: carol, weth: usdc } }],
      db,
      knownAddresses: [{ address: alice.toLowerCase(), name: 'On-ramp treasury' }],
      onError: (error) => void reported.push(error),
    })
    const res = await named.request(`/v1/account/${carol}/history?chainId=${CAIP}&limit=2`)
    expect(historyResponseSchema.parse(await res.json()).data.map(names)).toEqual([
      [`${CAIP}:${fromBob.transactionHash}`, undefined, undefined],
      [`${CAIP}:${toCarol.transactionHash}`, 'On-ramp treasury', undefined],
    ])
    const bobRes = await named.request(`/v1/account/${bob}/history?chainId=${CAIP}&limit=1`)
    expect(historyResponseSchema.parse(await bobRes.json()).data.map(names)).toEqual([
      [`${CAIP}:${fromBob.transactionHash}`, undefined, 'Swap router'],
    ])
    expect(reported).toEqual([])
  })

  it('an unreachable RPC is reported and retried, never thrown; stop() still resolves', async () => {
    const errors: unknown[] = []
    const down = chainConfigSchema.parse({ ...config, rpcUrl: 'http://127.0.0.1:1' })
    const broken = startIndexer({ chains: [down], db, indexer: { pollIntervalMs: 10 }, report: (error) => void errors.push(error) })
    for (let i = 0; i < 100 && errors.length < 2; i++) await new Promise((r) => setTimeout(r, 10))
    await broken.stop()
    expect(errors.length).toBeGreaterThanOrEqual(2)
    expect(errors[0]).toBeInstanceOf(ChainRpcError)
    expect((errors[0] as Error).message).toBe(`RPC request to ${CAIP} failed`)
  })
})
