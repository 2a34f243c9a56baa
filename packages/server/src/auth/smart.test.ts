/**
 * The embedded wallet's smart account on a real anvil chain of the devnet (its Token fixture and its
 * BatchExecutor): the EIP-7702 delegation (eth_getCode = 0xef0100 || executor), atomic batches of
 * ERC-20 transfers through wallet_sendCalls, a reverting batch that changes nothing, EIP-5792 status
 * and capabilities, the EOA fallback, a revoked session, and bad input (4xx, never 500).
 */
import { AUTH_ERRORS, authUserSchema } from '@portico/protocol/auth'
import { BatchExecutor, type Devnet, startDevnet } from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeEventLog,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { openTestApp, type TestApp } from '../test-support.ts'
import { PERMISSIONS_CAPABILITY } from './permissions.ts'
import { FRAME_ORIGIN, login, memoryMailbox, stamped, stampHeaders, TEST_KEK, type Session } from './test-support.ts'

const CHAIN_ID = 31337
const chain = {
  id: CHAIN_ID,
  name: 'Portico Local A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const // dev account 1
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const // dev account 2

let devnet: Devnet
let app: TestApp
let close: () => Promise<void>
let executor: Address
let usdc: Address
let publicClient: ReturnType<typeof createPublicClient>
const mailbox = memoryMailbox()
let user: Session // the smart-account user
let plain: Session // stays an EOA, funded
let broke: Session // no ETH: setting the smart account fails

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: CHAIN_ID }] })
  const c = devnet.chains[0]!
  executor = c.batchExecutor
  usdc = c.tokens.find((t) => t.symbol === 'USDC')!.address
  const t = await openTestApp({
    chains: [{ chainId: CHAIN_ID, name: c.name, rpcUrl: c.rpcUrl, nativeCurrency: c.nativeCurrency }],
    auth: {
      keyCustody: 'server',
      kek: TEST_KEK,
      mail: mailbox,
      frameOrigins: [FRAME_ORIGIN],
      clientIp: () => '10.2.0.1',
      smartAccount: { executors: { [CHAIN_ID]: executor } },
    },
  })
  ;({ app, close } = t)
  user = await login(app, mailbox, 'smart@example.com', 'device-smart-000001')
  plain = await login(app, mailbox, 'plain@example.com', 'device-plain-000001')
  broke = await login(app, mailbox, 'broke@example.com', 'device-broke-000001')
  const transport = http(c.rpcUrl)
  publicClient = createPublicClient({ chain, transport })
  const test = createTestClient({ chain, transport, mode: 'anvil' })
  await test.setBalance({ address: user.user.evmAddress as Address, value: parseEther('10') })
  await test.setBalance({ address: plain.user.evmAddress as Address, value: parseEther('10') })
  // 100 USDC to the smart-account user from dev account 0 (anvil signs for its unlocked accounts).
  const funder = createWalletClient({ account: devnet.accounts[0]!, chain, transport })
  const hash = await funder.writeContract({
    address: usdc,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [user.user.evmAddress as Address, parseUnits('100', 6)],
  })
  await publicClient.waitForTransactionReceipt({ hash })
}, 60_000)
afterAll(async () => {
  await Promise.all([devnet?.stop(), close?.()])
})

const rpcRaw = (session: Session, method: string, params: unknown[], chainId: number | string = CHAIN_ID) =>
  stamped(app, session, 'POST', '/v1/auth/rpc', { namespace: 'eip155', chainId, method, params }, Date.now())
async function rpc(session: Session, method: string, params: unknown[]): Promise<unknown> {
  const res = await rpcRaw(session, method, params)
  const json = (await res.json()) as { result?: unknown; error?: string }
  if (res.status !== 200) throw new Error(`${res.status} ${json.error}`)
  return json.result
}
const errorOf = async (res: Response) => ({ status: res.status, error: z.object({ error: z.string() }).parse(await res.json()).error })

const transfer = (to: Address, amount: string) =>
  ({
    to: usdc,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] }),
    value: '0x0',
  }) as const
const balanceOf = (address: string) =>
  publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address as Address] })
const sendCalls = (session: Session, calls: unknown[], extra: Record<string, unknown> = {}) =>
  rpc(session, 'wallet_sendCalls', [
    { version: '2.0.0', chainId: '0x7a69', from: session.user.evmAddress, atomicRequired: true, calls, ...extra },
  ]) as Promise<{ id: string }>
const statusOf = (session: Session, id: string) =>
  rpc(session, 'wallet_getCallsStatus', [id]) as Promise<{
    id: string
    status: number
    atomic: boolean
    chainId: string
    receipts: { status: string; transactionHash: Hex; logs: { address: string; data: Hex; topics: Hex[] }[] }[]
  }>

describe('the smart account (EIP-7702 delegation to the batch executor)', () => {
  it('before: capabilities say "ready", the user has no delegation, and an atomic batch is refused for the EOA', async () => {
    expect(await rpc(user, 'wallet_getCapabilities', [user.user.evmAddress])).toEqual({
      '0x7a69': { atomic: { status: 'ready' }, permissions: PERMISSIONS_CAPABILITY },
    })
    expect(await publicClient.getCode({ address: user.user.evmAddress as Address })).toBeUndefined()
    const res = await stamped(app, user, 'GET', '/v1/auth/user', undefined, Date.now())
    expect(authUserSchema.parse(await res.json()).smartAccountDeployed).toBeUndefined()
    const withChain = await app.request('/v1/auth/user?chainId=31337', {
      // The stamp covers the query string.
      headers: await stampHeaders(user.key, user.sessionId, 'GET', '/v1/auth/user?chainId=31337', '', Date.now()),
    })
    expect(authUserSchema.parse(await withChain.json())).toMatchObject({
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      smartAccountEnabledNetworks: [],
    })
    await expect(sendCalls(user, [transfer(ALICE, '1')])).rejects.toThrow(/^400 Atomic batches need the smart account/)
  })

  it('setting the preferred account to smartAccount delegates the EOA: eth_getCode = 0xef0100 || executor', async () => {
    const res = await stamped(app, user, 'POST', '/v1/auth/preferred-account', { type: 'smartAccount', chainId: CHAIN_ID }, Date.now())
    expect(res.status).toBe(200)
    const body = authUserSchema.parse(await res.json())
    expect(body).toMatchObject({
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: true,
      smartAccountEnabledNetworks: [CHAIN_ID],
      evmAddress: user.user.evmAddress,
    })
    const code = await publicClient.getCode({ address: user.user.evmAddress as Address })
    expect(code).toBe(`0xef0100${executor.slice(2).toLowerCase()}`)
    expect(await rpc(user, 'wallet_getCapabilities', [user.user.evmAddress])).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, permissions: PERMISSIONS_CAPABILITY },
    })
    expect(await rpc(user, 'wallet_getCapabilities', [user.user.evmAddress, ['0x7a69']])).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, permissions: PERMISSIONS_CAPABILITY },
    })
    // Setting it again sends nothing more.
    const nonce = await publicClient.getTransactionCount({ address: user.user.evmAddress as Address })
    expect((await stamped(app, user, 'POST', '/v1/auth/preferred-account', { type: 'smartAccount' }, Date.now())).status).toBe(200)
    expect(await publicClient.getTransactionCount({ address: user.user.evmAddress as Address })).toBe(nonce)
  })

  it('a batch of two ERC-20 transfers lands atomically in one transaction: both transfers, status 200, one BatchExecuted', async () => {
    const [alice0, bob0, self0] = await Promise.all([balanceOf(ALICE), balanceOf(BOB), balanceOf(user.user.evmAddress)])
    const { id } = await sendCalls(user, [transfer(ALICE, '3'), transfer(BOB, '4')])
    expect(id).toMatch(/^0x0{12}7a69[0-9a-f]{64}$/)
    const status = await statusOf(user, id)
    expect(status).toMatchObject({ id, status: 200, atomic: true, chainId: '0x7a69' })
    expect(status.receipts).toHaveLength(1)
    expect(status.receipts[0]!.status).toBe('0x1')
    expect([await balanceOf(ALICE), await balanceOf(BOB), await balanceOf(user.user.evmAddress)]).toEqual([
      alice0 + parseUnits('3', 6),
      bob0 + parseUnits('4', 6),
      self0 - parseUnits('7', 6),
    ])
    const tx = await publicClient.getTransaction({ hash: status.receipts[0]!.transactionHash })
    expect(tx.from.toLowerCase()).toBe(user.user.evmAddress.toLowerCase())
    expect(tx.to?.toLowerCase()).toBe(user.user.evmAddress.toLowerCase())
    const events = status.receipts[0]!.logs.filter((l) => l.address.toLowerCase() === user.user.evmAddress.toLowerCase()).map((l) =>
      decodeEventLog({ abi: BatchExecutor.abi, data: l.data, topics: l.topics as [Hex, ...Hex[]] }),
    )
    expect(events).toEqual([{ eventName: 'BatchExecuted', args: { account: user.user.evmAddress, calls: 2n } }])
  })

  it('a batch whose second call reverts changes nothing (the first transfer is undone) and its status is 500', async () => {
    const [alice0, self0] = await Promise.all([balanceOf(ALICE), balanceOf(user.user.evmAddress)])
    const { id } = await sendCalls(user, [transfer(ALICE, '5'), transfer(BOB, '1000000')])
    const status = await statusOf(user, id)
    expect(status).toMatchObject({ status: 500, atomic: true })
    expect(status.receipts.map((r) => r.status)).toEqual(['0x0'])
    expect([await balanceOf(ALICE), await balanceOf(user.user.evmAddress)]).toEqual([alice0, self0])
  })

  it('nobody else can run a batch on the account: execute() from another address reverts', async () => {
    const other = createWalletClient({ account: devnet.accounts[0]!, chain, transport: http(devnet.chains[0]!.rpcUrl) })
    const self0 = await balanceOf(user.user.evmAddress)
    const data = encodeFunctionData({
      abi: BatchExecutor.abi,
      functionName: 'execute',
      args: [[{ to: usdc, value: 0n, data: transfer(ALICE, '1').data }]],
    })
    const hash = await other.sendTransaction({ to: user.user.evmAddress as Address, data, gas: 300_000n })
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('reverted')
    expect(await balanceOf(user.user.evmAddress)).toBe(self0)
  })

  it('the batch id is the user’s own: another user asking for its status gets a 400', async () => {
    const { id } = await sendCalls(user, [transfer(ALICE, '1')])
    const res = await rpcRaw(plain, 'wallet_getCallsStatus', [id])
    expect(await errorOf(res)).toEqual({ status: 400, error: 'Unknown batch id' })
  })
})

describe('a plain EOA', () => {
  it('without atomicRequired: one transaction per call, status 200, atomic false', async () => {
    const alice0 = await publicClient.getBalance({ address: ALICE })
    const calls = [
      { to: ALICE, value: '0x1' },
      { to: ALICE, value: '2' },
    ]
    const { id } = await sendCalls(plain, calls, { atomicRequired: false })
    expect(id).toMatch(/^0x0{12}7a69([0-9a-f]{64}){2}$/)
    const status = await statusOf(plain, id)
    expect(status).toMatchObject({ status: 200, atomic: false })
    expect(status.receipts).toHaveLength(2)
    expect((await publicClient.getBalance({ address: ALICE })) - alice0).toBe(3n)
    expect(await publicClient.getCode({ address: plain.user.evmAddress as Address })).toBeUndefined()
  })

  it('with atomicRequired: refused, nothing sent', async () => {
    const nonce = await publicClient.getTransactionCount({ address: plain.user.evmAddress as Address })
    await expect(sendCalls(plain, [{ to: ALICE, value: '0x1' }])).rejects.toThrow(
      '400 Atomic batches need the smart account: set the preferred account to smartAccount first',
    )
    expect(await publicClient.getTransactionCount({ address: plain.user.evmAddress as Address })).toBe(nonce)
  })

  it('setting the smart account fails without gas money: the preference falls back to EOA and the error says why', async () => {
    const res = await stamped(app, broke, 'POST', '/v1/auth/preferred-account', { type: 'smartAccount', chainId: CHAIN_ID }, Date.now())
    const { status, error } = await errorOf(res)
    expect(status).toBe(400)
    expect(error).toMatch(/^Falling back to EOA: The smart account could not be set up: /)
    const me = await stamped(app, broke, 'GET', '/v1/auth/user', undefined, Date.now())
    expect(authUserSchema.parse(await me.json())).toMatchObject({ preferredAccountType: 'eoa', smartAccountEnabledNetworks: [] })
    expect(await publicClient.getCode({ address: broke.user.evmAddress as Address })).toBeUndefined()
  })

  it('a chain without an executor: smartAccount is refused with the reason, the type stays EOA', async () => {
    const res = await stamped(app, plain, 'POST', '/v1/auth/preferred-account', { type: 'smartAccount', chainId: 1 }, Date.now())
    expect(await errorOf(res)).toEqual({ status: 400, error: 'Falling back to EOA: Unsupported chain' })
  })
})

describe('refusals', () => {
  it('bad input is a 4xx with a clear message, never a 500', async () => {
    const me = plain.user.evmAddress
    const batch = (over: Record<string, unknown>) => [
      { version: '2.0.0', chainId: '0x7a69', from: me, atomicRequired: false, calls: [{ to: ALICE, value: '0x1' }], ...over },
    ]
    const cases: [string, unknown[], RegExp][] = [
      ['wallet_sendCalls', [], /wallet_sendCalls takes/],
      ['wallet_sendCalls', ['nope'], /wallet_sendCalls takes/],
      ['wallet_sendCalls', batch({ calls: [] }), /at least one call/],
      ['wallet_sendCalls', batch({ calls: 'x' }), /calls must be a list/],
      ['wallet_sendCalls', batch({ calls: [{ to: 'nope' }] }), /'to' must start with 0x/],
      ['wallet_sendCalls', batch({ calls: [{ to: '0x12' }] }), /Invalid EVM address/],
      ['wallet_sendCalls', batch({ calls: [{ to: ALICE, data: 'abcd' }] }), /'data' must start with 0x/],
      ['wallet_sendCalls', batch({ calls: [{ to: ALICE, data: '0xabc' }] }), /'data' must be hex bytes/],
      ['wallet_sendCalls', batch({ calls: [{ to: ALICE, value: 1 }] }), /'value' must be a string/],
      ['wallet_sendCalls', batch({ calls: [{ to: ALICE, value: '-1' }] }), /'value' must be a hex or decimal quantity/],
      ['wallet_sendCalls', batch({ calls: Array.from({ length: 33 }, () => ({ to: ALICE })) }), /at most 32 calls/],
      ['wallet_sendCalls', batch({ from: ALICE }), /not the signed-in account/],
      ['wallet_sendCalls', batch({ chainId: '0x1' }), /Unsupported chain/],
      ['wallet_sendCalls', batch({ capabilities: { paymasterService: { url: 'x' } } }), /Unsupported capability: paymasterService/],
      ['wallet_getCallsStatus', [], /takes \[id\]/],
      ['wallet_getCallsStatus', ['0x1234'], /Unknown batch id/],
      ['wallet_getCallsStatus', [`0x${'0'.repeat(12)}7a69${'ab'.repeat(32)}`], /Unknown batch id/],
      ['wallet_getCallsStatus', [`0x${'0'.repeat(15)}1${'ab'.repeat(32)}`], /Unknown batch id/],
      ['wallet_getCapabilities', [], /takes \[address, chainIds\?\]/],
      ['wallet_getCapabilities', [ALICE], /not the signed-in account/],
      ['wallet_getCapabilities', [me, ['0x1']], /Unsupported chain/],
    ]
    for (const [method, params, message] of cases) {
      const { status, error } = await errorOf(await rpcRaw(plain, method, params))
      expect(status, `${method} ${JSON.stringify(params).slice(0, 80)}`).toBe(400)
      expect(error, `${method} ${JSON.stringify(params).slice(0, 80)}`).toMatch(message)
    }
    const solana = await stamped(
      app,
      plain,
      'POST',
      '/v1/auth/rpc',
      { namespace: 'solana', chainId: CHAIN_ID, method: 'wallet_sendCalls', params: batch({}) },
      Date.now(),
    )
    expect((await errorOf(solana)).status).toBe(400)
    for (const body of [
      { type: 'smart' },
      { type: 'smartAccount', chainId: {} },
      { type: 'smartAccount', chainId: 'x'.repeat(40) },
      { type: 'smartAccount', chainId: 'abc' },
    ]) {
      const res = await stamped(app, plain, 'POST', '/v1/auth/preferred-account', body, Date.now())
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
  })

  it('a revoked (signed-out) session cannot send calls, nor read their status', async () => {
    const session = await login(app, mailbox, 'revoked@example.com', 'device-revoked-0001')
    await createTestClient({ chain, transport: http(devnet.chains[0]!.rpcUrl), mode: 'anvil' }).setBalance({
      address: session.user.evmAddress as Address,
      value: parseEther('1'),
    })
    const { id } = await sendCalls(session, [{ to: ALICE, value: '0x1' }], { atomicRequired: false })
    expect((await stamped(app, session, 'POST', '/v1/auth/sign-out', {}, Date.now())).status).toBe(200)
    const nonce = await publicClient.getTransactionCount({ address: session.user.evmAddress as Address })
    const send = await rpcRaw(session, 'wallet_sendCalls', [{ chainId: '0x7a69', atomicRequired: true, calls: [transfer(ALICE, '1')] }])
    expect(await errorOf(send)).toEqual({ status: 401, error: AUTH_ERRORS.unauthorized })
    expect((await rpcRaw(session, 'wallet_getCallsStatus', [id])).status).toBe(401)
    expect(await publicClient.getTransactionCount({ address: session.user.evmAddress as Address })).toBe(nonce)
  })
})
