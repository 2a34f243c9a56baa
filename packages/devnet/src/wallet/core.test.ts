import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../devnet.ts'
import { createDevWalletCore, type DevWalletCore, type DevWalletOptions, type PendingRequest, REQUEST_LOG_LIMIT } from './core.ts'
import { ProviderRpcError } from './errors.ts'
import { createMemoryStorage } from './storage.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const ACCOUNT_3 = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const chainA = () => {
  const c = devnet.chains[0]!
  return { chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl }
}
const chainB = () => {
  const c = devnet.chains[1]!
  return { chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl }
}

/** A stand-in for the DOM prompt: answers each new pending request with `decide`, records it. */
function fakePrompt(core: DevWalletCore, decide: (p: PendingRequest) => boolean = () => true) {
  const seen: PendingRequest[] = []
  const answered = new Set<number>()
  core.subscribe((s) => {
    for (const p of s.pending) {
      if (answered.has(p.id)) continue
      answered.add(p.id)
      seen.push(p)
      queueMicrotask(() => (decide(p) ? core.approvePending(p.id) : core.rejectPending(p.id)))
    }
  })
  return seen
}

/** Records every provider event as [name, payload]. */
function recordEvents(core: DevWalletCore) {
  const events: [string, unknown][] = []
  for (const name of ['accountsChanged', 'chainChanged', 'connect', 'disconnect']) {
    core.provider.on(name, (payload: unknown) => events.push([name, payload]))
  }
  return events
}

function makeCore(options: Partial<DevWalletOptions> = {}) {
  return createDevWalletCore({ chains: [chainA(), chainB()], accountCount: 4, ...options })
}

async function rpcError(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(ProviderRpcError)
    const { code, message } = e as ProviderRpcError
    return { code, message }
  }
  throw new Error('expected the request to fail')
}

async function connected(options: Partial<DevWalletOptions> = {}) {
  const core = makeCore({ autoApprove: true, ...options })
  await core.provider.request({ method: 'eth_requestAccounts' })
  return core
}

describe('dev wallet core: accounts and authorisation', () => {
  it('answers eth_accounts with [] until eth_requestAccounts is approved, then with the selected account', async () => {
    const core = makeCore()
    const prompts = fakePrompt(core)
    const events = recordEvents(core)
    expect(await core.provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await core.provider.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNT_0])
    expect(await core.provider.request({ method: 'eth_accounts' })).toEqual([ACCOUNT_0])
    expect(prompts.map((p) => [p.kind, p.title])).toEqual([['connect', 'Connect to this site']])
    expect(events).toEqual([
      ['accountsChanged', [ACCOUNT_0]],
      ['connect', { chainId: '0x7a69' }],
    ])
    // Already authorised: no second prompt.
    expect(await core.provider.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNT_0])
    expect(prompts).toHaveLength(1)
  })

  it("rejecting the connection prompt fails with 4001 'User rejected the request'", async () => {
    const core = makeCore()
    fakePrompt(core, () => false)
    expect(await rpcError(core.provider.request({ method: 'eth_requestAccounts' }))).toEqual({
      code: 4001,
      message: 'User rejected the request',
    })
    expect(await core.provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('keeps the authorisation, account and chain in storage across a reload', async () => {
    const storage = createMemoryStorage()
    const first = await connected({ storage })
    first.selectAccount(2)
    first.switchChain(31338)
    const reloaded = makeCore({ storage })
    const events = recordEvents(reloaded)
    expect(reloaded.getState().pending).toEqual([])
    expect(await reloaded.provider.request({ method: 'eth_accounts' })).toEqual([ACCOUNT_2])
    expect(await reloaded.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    await Promise.resolve()
    expect(events).toEqual([['connect', { chainId: '0x7a6a' }]])
    // Another storage (another site) is not authorised.
    expect(await makeCore().provider.request({ method: 'eth_accounts' })).toEqual([])
    // Corrupt storage is ignored.
    const bad = createMemoryStorage()
    bad.setItem('portico-devwallet', '{"authorized":"yes","accountIndex":99,"chainId":"x"}')
    const fromBad = makeCore({ storage: bad, accountIndex: 1 })
    expect(fromBad.getState()).toMatchObject({ authorized: false, accountIndex: 1, chainId: 31337 })
  })

  it('emits accountsChanged on account selection only while authorised, and chainChanged on switches', async () => {
    const core = makeCore({ autoApprove: true })
    const events = recordEvents(core)
    core.selectAccount(1) // not authorised yet: the page learns nothing
    expect(events).toEqual([])
    await core.provider.request({ method: 'eth_requestAccounts' })
    core.selectAccount(3)
    core.switchChain(31338)
    core.switchChain(31338) // no change, no event
    expect(events).toEqual([
      ['accountsChanged', [ACCOUNT_1]],
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', [ACCOUNT_3]],
      ['chainChanged', '0x7a6a'],
    ])
    expect(await core.provider.request({ method: 'eth_accounts' })).toEqual([ACCOUNT_3])
    expect(() => core.selectAccount(4)).toThrow('Account index 4 is out of range 0…3')
  })

  it('revoke() and disconnect() drop the authorisation; disconnect() also emits 4900', async () => {
    const core = await connected()
    const events = recordEvents(core)
    core.revoke()
    expect(await core.provider.request({ method: 'eth_accounts' })).toEqual([])
    await core.provider.request({ method: 'eth_requestAccounts' })
    core.disconnect()
    expect(events.map(([n, p]) => [n, p instanceof ProviderRpcError ? p.code : p])).toEqual([
      ['accountsChanged', []],
      ['accountsChanged', [ACCOUNT_0]],
      ['accountsChanged', []],
      ['disconnect', 4900],
    ])
    await core.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(await core.provider.request({ method: 'wallet_getPermissions' })).toEqual([])
  })

  it('auto-approve answers without prompting, and turning it on approves what is waiting', async () => {
    const core = makeCore()
    const request = core.provider.request({ method: 'eth_requestAccounts' })
    expect(core.getState().pending.map((p) => p.method)).toEqual(['eth_requestAccounts'])
    core.setAutoApprove(true)
    expect(await request).toEqual([ACCOUNT_0])
    expect(core.getState().pending).toEqual([])
    expect(core.approvePending()).toBe(false)
  })
})

describe('dev wallet core: request log', () => {
  it('records the methods asked, in order, including refused ones; a reload starts an empty log', async () => {
    const storage = createMemoryStorage()
    const first = makeCore({ autoApprove: true, storage })
    expect(first.requestLog()).toEqual([])
    await first.provider.request({ method: 'eth_chainId' })
    await first.provider.request({ method: 'eth_requestAccounts' })
    await rpcError(first.provider.request({ method: 'anvil_mine' }))
    await first.provider.request({ method: 'eth_accounts' })
    expect(first.requestLog()).toEqual(['eth_chainId', 'eth_requestAccounts', 'anvil_mine', 'eth_accounts'])
    // A copy: the caller cannot change the wallet's log.
    ;(first.requestLog() as string[]).push('x')
    expect(first.requestLog()).toHaveLength(4)
    first.clearRequestLog()
    expect(first.requestLog()).toEqual([])

    // After a reload the authorised wallet answers both silently; only the log tells them apart.
    const silent = makeCore({ storage })
    expect(await silent.provider.request({ method: 'eth_accounts' })).toEqual([ACCOUNT_0])
    expect(silent.requestLog()).toEqual(['eth_accounts'])
    const asking = makeCore({ storage })
    expect(await asking.provider.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNT_0])
    expect(asking.getState().pending).toEqual([])
    expect(asking.requestLog()).toEqual(['eth_requestAccounts'])
  })

  it(`keeps only the last ${REQUEST_LOG_LIMIT} methods`, async () => {
    const core = makeCore()
    for (let i = 0; i < REQUEST_LOG_LIMIT; i++) await core.provider.request({ method: 'eth_chainId' })
    await core.provider.request({ method: 'net_version' })
    const log = core.requestLog()
    expect(log).toHaveLength(REQUEST_LOG_LIMIT)
    expect(log.at(-1)).toBe('net_version')
    expect(log.filter((m) => m === 'eth_chainId')).toHaveLength(REQUEST_LOG_LIMIT - 1)
  })
})

describe('dev wallet core: chains', () => {
  it('reports the chain id as hex and net_version as decimal', async () => {
    const core = makeCore()
    expect(await core.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await core.provider.request({ method: 'net_version' })).toBe('31337')
  })

  it('switches to a known chain after approval; 4001 on reject; 4902 for an unknown chain', async () => {
    const core = makeCore()
    const decisions = [false, true]
    const prompts = fakePrompt(core, () => decisions.shift() ?? false)
    const events = recordEvents(core)
    const switchTo = (chainId: string) => core.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })

    expect(await rpcError(switchTo('0x7a6a'))).toEqual({ code: 4001, message: 'User rejected the request' })
    expect(await core.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await switchTo('0x7a6a')).toBeNull()
    expect(await core.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(events).toEqual([['chainChanged', '0x7a6a']])
    expect(prompts.map((p) => p.title)).toEqual(['Switch network to Portico Local B', 'Switch network to Portico Local B'])

    const unknown = await rpcError(switchTo('0x1'))
    expect(unknown.code).toBe(4902)
    expect(unknown.message).toContain('Unrecognized chain ID "0x1"')
    expect((await rpcError(switchTo('31337'))).code).toBe(-32602)
  })

  it('wallet_addEthereumChain adds the chain and switches to it; afterwards switching works both ways', async () => {
    const storage = createMemoryStorage()
    const core = createDevWalletCore({ chains: [chainA()], accountCount: 1, storage })
    const prompts = fakePrompt(core)
    const events = recordEvents(core)
    const switchTo = (chainId: string) => core.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })

    expect((await rpcError(switchTo('0x7a6a'))).code).toBe(4902)
    const b = chainB()
    await core.provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: '0x7a6a',
          chainName: 'Portico Local B',
          rpcUrls: [b.rpcUrl],
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          blockExplorerUrls: ['http://127.0.0.1:1/explorer'],
        },
      ],
    })
    expect(await core.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    // Reads now go to chain B's node.
    expect(await core.provider.request({ method: 'net_version' })).toBe('31338')
    expect(await switchTo('0x7a69')).toBeNull()
    expect(await switchTo('0x7a6a')).toBeNull()
    expect(events).toEqual([
      ['chainChanged', '0x7a6a'],
      ['chainChanged', '0x7a69'],
      ['chainChanged', '0x7a6a'],
    ])
    expect(prompts.map((p) => [p.kind, p.title])).toEqual([
      ['addChain', 'Add network Portico Local B'],
      ['switchChain', 'Switch network to Portico Local A'],
      ['switchChain', 'Switch network to Portico Local B'],
    ])
    // The added chain survives a reload.
    const reloaded = createDevWalletCore({ chains: [chainA()], accountCount: 1, storage })
    expect(reloaded.getState().chains.map((c) => [c.chainId, c.name, c.rpcUrl])).toEqual([
      [31337, 'Portico Local A', chainA().rpcUrl],
      [31338, 'Portico Local B', b.rpcUrl],
    ])
    expect(reloaded.getState().chainId).toBe(31338)
  })

  it.each([
    [{ chainName: 'X', rpcUrls: ['http://127.0.0.1:1'] }, 'chainId must be a positive hex string'],
    [{ chainId: '0x99', rpcUrls: ['http://127.0.0.1:1'] }, 'chainName is required'],
    [{ chainId: '0x99', chainName: 'X', rpcUrls: ['ws://127.0.0.1:1'] }, 'rpcUrls needs an http(s) URL'],
    [{ chainId: '0x99', chainName: 'X', rpcUrls: ['http://127.0.0.1:1'], nativeCurrency: { symbol: 'X' } }, 'nativeCurrency needs'],
  ])('wallet_addEthereumChain rejects %j with -32602 (%s)', async (param, text) => {
    const core = makeCore({ autoApprove: true, accountCount: 1 })
    const err = await rpcError(core.provider.request({ method: 'wallet_addEthereumChain', params: [param] }))
    expect(err.code).toBe(-32602)
    expect(err.message).toContain(text)
  })

  it('never forwards to a non-loopback RPC URL', async () => {
    const core = makeCore({ autoApprove: true, accountCount: 1 })
    await core.provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x1', chainName: 'Ethereum', rpcUrls: ['https://rpc.example.org'] }],
    })
    expect(await core.provider.request({ method: 'eth_chainId' })).toBe('0x1')
    const err = await rpcError(core.provider.request({ method: 'eth_blockNumber' }))
    expect(err).toEqual({
      code: 4900,
      message: 'The dev wallet only talks to loopback RPC URLs; Ethereum uses https://rpc.example.org',
    })
  })
})

describe('dev wallet core: reads are forwarded to the current chain', () => {
  it('answers eth_getBalance, eth_call and eth_blockNumber from the node; refuses node-admin methods', async () => {
    const core = makeCore({ accountCount: 1 })
    const usdc = devnet.chains[0]!.tokens[0]!.address
    const client = createPublicClient({ transport: custom(core.provider) })
    expect(await client.getBalance({ address: ACCOUNT_3 })).toBe(parseEther('10000'))
    expect(await client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_3] })).toBe(
      parseUnits('1000', 6),
    )
    expect(typeof (await client.getBlockNumber({ cacheTime: 0 }))).toBe('bigint')
    // Errors of the node come back with their code.
    const bad = await rpcError(core.provider.request({ method: 'eth_getBalance', params: ['0x12', 'latest'] }))
    expect(bad.code).toBe(-32602)
    expect(await rpcError(core.provider.request({ method: 'anvil_mine', params: [] }))).toEqual({
      code: 4200,
      message: 'The Provider does not support the requested method: anvil_mine',
    })
    expect((await rpcError(core.provider.request({ method: 'eth_sign', params: [ACCOUNT_0, '0x00'] }))).code).toBe(4200)
  })
})

describe('dev wallet core: signing and sending', () => {
  it('personal_sign: needs authorisation (4100), asks, and signs as the selected account', async () => {
    const core = makeCore({ accountCount: 2 })
    const prompts = fakePrompt(core)
    const sign = (params: unknown[]) => core.provider.request({ method: 'personal_sign', params })
    expect((await rpcError(sign(['0x68656c6c6f', ACCOUNT_0]))).code).toBe(4100)
    await core.provider.request({ method: 'eth_requestAccounts' })
    core.selectAccount(1)
    expect((await rpcError(sign(['0x68656c6c6f', ACCOUNT_0]))).code).toBe(4100)

    const wallet = createWalletClient({ account: ACCOUNT_1, transport: custom(core.provider) })
    const signature = await wallet.signMessage({ message: 'Sign in to Portico' })
    expect(await verifyMessage({ address: ACCOUNT_1, message: 'Sign in to Portico', signature })).toBe(true)
    expect(prompts.at(-1)).toMatchObject({ kind: 'personalSign', title: 'Sign message' })
    expect(prompts.at(-1)?.details[0]).toBe('Sign in to Portico')
    // Raw bytes and a plain string both work.
    const raw = (await sign(['0xdeadbeef', ACCOUNT_1])) as `0x${string}`
    expect(await verifyMessage({ address: ACCOUNT_1, message: { raw: '0xdeadbeef' }, signature: raw })).toBe(true)
    const plain = (await sign(['plain text', ACCOUNT_1])) as `0x${string}`
    expect(await verifyMessage({ address: ACCOUNT_1, message: 'plain text', signature: plain })).toBe(true)
  })

  it('personal_sign rejected in the prompt fails with 4001', async () => {
    const core = await connected({ accountCount: 1 })
    core.setAutoApprove(false)
    fakePrompt(core, () => false)
    expect(await rpcError(core.provider.request({ method: 'personal_sign', params: ['0x00', ACCOUNT_0] }))).toEqual({
      code: 4001,
      message: 'User rejected the request',
    })
  })

  it('eth_signTypedData_v4 signs verifiable EIP-712 data and checks the domain chain id', async () => {
    const core = await connected({ accountCount: 1 })
    const wallet = createWalletClient({ account: ACCOUNT_0, transport: custom(core.provider) })
    const typedData = {
      domain: { name: 'Portico', version: '1', chainId: 31337, verifyingContract: ACCOUNT_2 as Address },
      types: {
        Transfer: [
          { name: 'to', type: 'address' },
          { name: 'amount', type: 'uint256' },
          { name: 'memo', type: 'string' },
        ],
      },
      primaryType: 'Transfer',
      message: { to: ACCOUNT_1 as Address, amount: 12345678901234567890n, memo: 'hi' },
    } as const
    const signature = await wallet.signTypedData(typedData)
    expect(await verifyTypedData({ address: ACCOUNT_0, ...typedData, signature })).toBe(true)

    const wrongDomain = { ...typedData, domain: { ...typedData.domain, chainId: 1 }, message: { ...typedData.message, amount: '1' } }
    const wrongChain = await rpcError(
      core.provider.request({ method: 'eth_signTypedData_v4', params: [ACCOUNT_0, JSON.stringify(wrongDomain)] }),
    )
    expect(wrongChain).toEqual({ code: -32602, message: 'Invalid params: Provided chainId "1" must match the active chainId "31337"' })
  })

  it('eth_sendTransaction signs locally, sends to the current chain and is mined with the right value', async () => {
    const core = makeCore({ accountCount: 4, accountIndex: 2 })
    const prompts = fakePrompt(core)
    await core.provider.request({ method: 'eth_requestAccounts' })
    core.switchChain(31338)
    const b = devnet.chains[1]!
    const node = createPublicClient({ transport: http(b.rpcUrl, { retryCount: 0 }) })
    const before = await node.getBalance({ address: ACCOUNT_1 })

    const wallet = createWalletClient({ account: ACCOUNT_2, transport: custom(core.provider) })
    const hash = await wallet.sendTransaction({ to: ACCOUNT_1, value: parseEther('1.5'), chain: null })
    const receipt = await node.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(receipt.status).toBe('success')
    const tx = await node.getTransaction({ hash })
    expect([tx.from.toLowerCase(), tx.to?.toLowerCase(), tx.value, tx.chainId]).toEqual([
      ACCOUNT_2.toLowerCase(),
      ACCOUNT_1.toLowerCase(),
      parseEther('1.5'),
      31338,
    ])
    expect(await node.getBalance({ address: ACCOUNT_1 })).toBe(before + parseEther('1.5'))
    expect(prompts.at(-1)).toMatchObject({ kind: 'sendTransaction', title: 'Send 1.5 ETH to 0x7099…dc79C8' })

    // An ERC-20 transfer through the provider.
    const ptk = b.tokens[1]!.address
    const tokenHash = await wallet.writeContract({
      address: ptk,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [ACCOUNT_3, parseUnits('2', 18)],
      chain: null,
    })
    await node.waitForTransactionReceipt({ hash: tokenHash, pollingInterval: 20 })
    expect(await node.readContract({ address: ptk, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_3] })).toBe(
      parseUnits('52', 18),
    )
    // The other chain did not see it.
    const a = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl, { retryCount: 0 }) })
    expect(await a.getTransactionCount({ address: ACCOUNT_2 })).toBe(0)
  })

  it('eth_sendTransaction: 4100 for another from, 4001 when rejected, node errors keep their code', async () => {
    const core = makeCore({ accountCount: 1 })
    const decisions = [true, false, true]
    fakePrompt(core, () => decisions.shift() ?? false)
    await core.provider.request({ method: 'eth_requestAccounts' })
    const send = (tx: Record<string, unknown>) => core.provider.request({ method: 'eth_sendTransaction', params: [tx] })
    expect((await rpcError(send({ from: ACCOUNT_1, to: ACCOUNT_2, value: '0x1' }))).code).toBe(4100)
    expect((await rpcError(send({ from: ACCOUNT_0, to: ACCOUNT_2, value: '0x1' }))).code).toBe(4001)
    // More than the account holds: the node refuses.
    const tooMuch = await rpcError(
      send({ from: ACCOUNT_0, to: ACCOUNT_2, value: `0x${parseEther('1000000').toString(16)}`, gas: '0x5208' }),
    )
    expect(tooMuch.code).not.toBe(4001)
    expect(tooMuch.message).toMatch(/insufficient funds/i)
    expect((await rpcError(send({ from: ACCOUNT_0, to: 'nope' }))).code).toBe(-32602)
  })

  it('rejects malformed requests', async () => {
    const core = makeCore({ accountCount: 1 })
    // biome-ignore lint/suspicious/noExplicitAny: deliberately malformed
    expect((await rpcError(core.provider.request({ nope: 1 } as any))).code).toBe(-32600)
    core.destroy()
    expect((await rpcError(core.provider.request({ method: 'eth_chainId' }))).code).toBe(4900)
  })
})

describe('dev wallet core: EIP-5792 calls', () => {
  it('wallet_sendCalls runs the calls in order as real transactions; viem reads the batch back as success', async () => {
    const core = makeCore({ accountCount: 4, accountIndex: 1 })
    const prompts = fakePrompt(core)
    await core.provider.request({ method: 'eth_requestAccounts' })
    const a = devnet.chains[0]!
    const usdc = a.tokens[0]!.address
    const node = createPublicClient({ transport: http(a.rpcUrl, { retryCount: 0 }) })
    const [usdcBefore, etherBefore] = await Promise.all([
      node.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_2] }),
      node.getBalance({ address: ACCOUNT_2 }),
    ])
    const wallet = createWalletClient({ account: ACCOUNT_1, transport: custom(core.provider) })
    const { id } = await wallet.sendCalls({
      chain: { id: 31337 } as never,
      calls: [
        { to: usdc, abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT_2, 250_000n] },
        { to: ACCOUNT_2, value: 3n },
      ],
    })
    expect(prompts.at(-1)).toMatchObject({ kind: 'sendCalls', method: 'wallet_sendCalls', title: 'Send 2 calls' })
    expect(prompts.at(-1)?.details.slice(0, 2)).toEqual(['Network: Portico Local A (31337)', `From ${ACCOUNT_1}`])
    expect(prompts.at(-1)?.details[3]).toBe(`2. To ${ACCOUNT_2}, 0.000000000000000003 ETH`)

    const status = await wallet.getCallsStatus({ id })
    expect([status.status, status.statusCode, status.atomic, status.chainId]).toEqual(['success', 200, false, 31337])
    expect(status.receipts?.map((r) => r.status)).toEqual(['success', 'success'])
    expect(status.receipts![0]!.blockNumber).toBeLessThan(status.receipts![1]!.blockNumber)
    expect(await node.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_2] })).toBe(
      usdcBefore + 250_000n,
    )
    expect(await node.getBalance({ address: ACCOUNT_2 })).toBe(etherBefore + 3n)

    // The app's own id is kept; using it twice is refused (5720) before anything is asked.
    const asked = prompts.length
    const own = await core.provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          id: 'batch-1',
          from: ACCOUNT_1,
          chainId: '0x7a69',
          atomicRequired: false,
          calls: [{ to: ACCOUNT_2, value: '0x1' }],
        },
      ],
    })
    expect(own).toEqual({ id: 'batch-1' })
    const again = await rpcError(
      core.provider.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', id: 'batch-1', from: ACCOUNT_1, chainId: '0x7a69', calls: [{ to: ACCOUNT_2 }] }],
      }),
    )
    expect(again.code).toBe(5720)
    expect(prompts.length).toBe(asked + 1)
  })

  it('wallet_getCallsStatus: 500 when every call reverted, 600 when a later call could not be sent, 5730 for an unknown id', async () => {
    const core = await connected({ accountCount: 4, accountIndex: 3 })
    const usdc = devnet.chains[0]!.tokens[0]!.address
    const { encodeFunctionData } = await import('viem')
    const tooMuch = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT_1, parseUnits('1000000', 6)] })
    const send = (calls: unknown[]) =>
      core.provider.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', from: ACCOUNT_3, chainId: '0x7a69', calls }],
      }) as Promise<{ id: string }>
    const status = (id: string) =>
      core.provider.request({ method: 'wallet_getCallsStatus', params: [id] }) as Promise<{ status: number; receipts: unknown[] }>

    // The first call cannot even be estimated: its error comes back and no batch exists.
    const refused = await rpcError(send([{ to: usdc, data: tooMuch }]))
    expect(refused.message).toMatch(/revert|ERC20|balance/i)
    // A good call, then one that fails: the batch ends there.
    const partial = await send([
      { to: ACCOUNT_1, value: '0x1' },
      { to: usdc, data: tooMuch },
    ])
    expect(await status(partial.id)).toMatchObject({ status: 600, receipts: [{ status: '0x1' }] })
    expect((await rpcError(status('0xdead'))).code).toBe(5730)
  })

  it('refuses what it cannot do: atomicRequired (5760), a non-optional capability (5700), an unknown chain (5710), another account (4100)', async () => {
    const core = await connected({ accountCount: 2 })
    const send = (arg: Record<string, unknown>) =>
      rpcError(
        core.provider.request({
          method: 'wallet_sendCalls',
          params: [{ version: '2.0.0', from: ACCOUNT_0, chainId: '0x7a69', calls: [{ to: ACCOUNT_1 }], ...arg }],
        }),
      )
    expect((await send({ atomicRequired: true })).code).toBe(5760)
    expect((await send({ capabilities: { paymasterService: { url: 'http://127.0.0.1:1' } } })).code).toBe(5700)
    expect(
      (await send({ capabilities: { paymasterService: { url: 'http://127.0.0.1:1', optional: true } }, atomicRequired: true })).code,
    ).toBe(5760)
    expect((await send({ chainId: '0x1' })).code).toBe(5710)
    expect((await send({ from: ACCOUNT_1 })).code).toBe(4100)
    expect((await send({ calls: [{ to: ACCOUNT_1, value: 5 }] })).code).toBe(-32602)
    expect((await send({ calls: [] })).code).toBe(-32602)
  })

  it('wallet_sendCalls rejected in the prompt fails with 4001 and sends nothing', async () => {
    const core = makeCore({ accountCount: 1 })
    fakePrompt(core, (p) => p.kind === 'connect')
    await core.provider.request({ method: 'eth_requestAccounts' })
    const node = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl, { retryCount: 0 }) })
    const nonce = await node.getTransactionCount({ address: ACCOUNT_0 })
    const err = await rpcError(
      core.provider.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', from: ACCOUNT_0, chainId: '0x7a69', calls: [{ to: ACCOUNT_1, value: '0x1' }] }],
      }),
    )
    expect(err).toEqual({ code: 4001, message: 'User rejected the request' })
    expect(await node.getTransactionCount({ address: ACCOUNT_0 })).toBe(nonce)
  })

  it('wallet_getCapabilities: atomic batches unsupported on every chain it knows (or the ones asked); 4100 before authorisation', async () => {
    const core = makeCore({ accountCount: 1, autoApprove: true })
    expect((await rpcError(core.provider.request({ method: 'wallet_getCapabilities', params: [ACCOUNT_0] }))).code).toBe(4100)
    await core.provider.request({ method: 'eth_requestAccounts' })
    expect(await core.provider.request({ method: 'wallet_getCapabilities', params: [ACCOUNT_0] })).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
      '0x7a6a': { atomic: { status: 'unsupported' } },
    })
    expect(await core.provider.request({ method: 'wallet_getCapabilities', params: [ACCOUNT_0, ['0x7a6a']] })).toEqual({
      '0x7a6a': { atomic: { status: 'unsupported' } },
    })
    const wallet = createWalletClient({ account: ACCOUNT_0, transport: custom(core.provider) })
    expect(await wallet.getCapabilities({ chainId: 31337 })).toEqual({ atomic: { status: 'unsupported' } })
  })
})
