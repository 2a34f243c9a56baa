// The EVM adapter's capabilities against a real anvil chain (with the devnet's ERC-20 tokens) and the
// real browser dev wallet core (EIP-1193, keys of the devnet mnemonic, approvals through its queue).
import { startDevnet, toCaipNetwork, type Devnet } from '@portico/devnet'
import { createDevWalletCore, type DevWalletCore, type PendingRequest } from '@portico/devnet/wallet'
import { ADAPTER_CAPABILITIES, type AdapterContext, type CaipNetwork, type ChainAdapter, type Timers } from '@portico/headless'
import { type Address, createPublicClient, erc20Abi, type Hex, http, parseUnits, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { EVM_CAPABILITIES, evmAdapter, type EvmAdapterOptions } from './adapter'
import type { Eip1193Provider } from './eip1193'

const ACCOUNT_1: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT_2: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const ACCOUNT_3: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const RDNS = 'dev.portico.wallet'

let devnet: Devnet
let network: CaipNetwork
let usdc: Address
beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337 }] })
  network = toCaipNetwork(devnet.chains[0]!) as CaipNetwork
  usdc = devnet.chains[0]!.tokens[0]!.address
})
afterAll(async () => {
  await devnet?.stop()
})

const node = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl, { retryCount: 0 }) })
const balanceOf = (who: Address) => node().readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

function announce(target: EventTarget, provider: Eip1193Provider) {
  target.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', {
      detail: { info: { uuid: 'u', name: 'Portico Dev Wallet', icon: 'data:,', rdns: RDNS }, provider },
    }),
  )
}

/**
 * The adapter with the dev wallet announced and connected as `accountIndex` (the connection is
 * approved; later requests are approved too unless `decide` says otherwise).
 */
async function connected(
  opts: {
    accountIndex?: number
    decide?: (p: PendingRequest) => boolean
    adapter?: EvmAdapterOptions
    wrap?: (p: Eip1193Provider) => Eip1193Provider
  } = {},
) {
  const chain = devnet.chains[0]!
  const core: DevWalletCore = createDevWalletCore({
    chains: [{ chainId: chain.chainId, name: chain.name, rpcUrl: chain.rpcUrl }],
    accountIndex: opts.accountIndex ?? 0,
  })
  const prompts: PendingRequest[] = []
  core.subscribe((s) => {
    for (const p of s.pending) {
      if (prompts.some((q) => q.id === p.id)) continue
      prompts.push(p)
      const approve = p.kind === 'connect' || (opts.decide ?? (() => true))(p)
      queueMicrotask(() => (approve ? core.approvePending(p.id) : core.rejectPending(p.id)))
    }
  })
  const target = new EventTarget()
  const adapter = evmAdapter({ target, reconnectWaitMs: 0, receiptPollMs: 20, ...opts.adapter })
  const ctx: AdapterContext = {
    networks: [network],
    projectId: 'test',
    getActiveNetwork: () => network,
    setConnectors: () => {},
    onAccountsChanged: vi.fn(),
    onChainChanged: vi.fn(),
    onDisconnect: vi.fn(),
    emit: vi.fn(),
  }
  adapter.setup(ctx)
  announce(target, opts.wrap ? opts.wrap(core.provider) : core.provider)
  const { address } = await adapter.connect({ connectorId: RDNS })
  return { adapter: adapter as Required<ChainAdapter>, core, prompts, address: address as Address, connectorId: RDNS }
}

describe('evmAdapter capabilities', () => {
  it.each(ADAPTER_CAPABILITIES.map((c) => [c, true]))('declares %s: %s, and implements it', (capability, declared) => {
    const adapter = evmAdapter()
    expect(adapter.capabilities?.includes(capability)).toBe(declared)
    const method = {
      nativeTransfer: 'transfer',
      tokenTransfer: 'transfer',
      contractWrite: 'writeContract',
      typedData: 'signTypedData',
      sendCalls: 'sendCalls',
      callsStatus: 'getCallsStatus',
      walletCapabilities: 'getCapabilities',
      waitForReceipt: 'waitForReceipt',
      walletRequest: 'request',
    }[capability] as keyof ChainAdapter
    expect(typeof adapter[method]).toBe('function')
    expect(EVM_CAPABILITIES).toContain(capability)
  })
})

describe('evmAdapter on anvil with the dev wallet', () => {
  it('transfer without a token moves exactly N wei; the sender pays N plus the gas of the receipt', async () => {
    const { adapter, address, prompts } = await connected({ accountIndex: 0 })
    const n = 1_234_567_890_123_456_789n
    const [fromBefore, toBefore] = await Promise.all([node().getBalance({ address }), node().getBalance({ address: ACCOUNT_3 })])
    const hash = (await adapter.transfer({ address, to: ACCOUNT_3, amount: n })) as Hex
    const receipt = await node().waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(await node().getBalance({ address: ACCOUNT_3 })).toBe(toBefore + n)
    expect(await node().getBalance({ address })).toBe(fromBefore - n - receipt.gasUsed * receipt.effectiveGasPrice)
    expect(prompts.at(-1)).toMatchObject({ kind: 'sendTransaction', title: 'Send 1.234567890123456789 ETH to 0x90F7…93b906' })
  })

  it('transfer with a token sends ERC-20 transfer(to, N): balanceOf moves by exactly N base units, no ether moves', async () => {
    const { adapter, address } = await connected({ accountIndex: 1 })
    const n = 1_234_567n // 1.234567 USDC
    const [fromBefore, toBefore, etherBefore] = await Promise.all([
      balanceOf(address),
      balanceOf(ACCOUNT_2),
      node().getBalance({ address: ACCOUNT_2 }),
    ])
    const hash = (await adapter.transfer({ address, to: ACCOUNT_2, amount: n, token: { address: usdc, decimals: 6 } })) as Hex
    const receipt = await node().waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(usdc.toLowerCase())
    expect(await balanceOf(address)).toBe(fromBefore - n)
    expect(await balanceOf(ACCOUNT_2)).toBe(toBefore + n)
    expect(await node().getBalance({ address: ACCOUNT_2 })).toBe(etherBefore)
  })

  it('writeContract encodes the call from the ABI: approve(spender, N) sets the allowance to N', async () => {
    const { adapter, address } = await connected({ accountIndex: 2 })
    const n = parseUnits('42.5', 6)
    const hash = (await adapter.writeContract({
      address,
      contract: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [ACCOUNT_3, n],
    })) as Hex
    await node().waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(await node().readContract({ address: usdc, abi: erc20Abi, functionName: 'allowance', args: [address, ACCOUNT_3] })).toBe(n)
    // An unknown function or wrong arguments never reach the wallet.
    await expect(adapter.writeContract({ address, contract: usdc, abi: erc20Abi, functionName: 'nope', args: [] })).rejects.toThrow(
      'Failed to create transaction',
    )
    await expect(
      adapter.writeContract({ address, contract: usdc, abi: erc20Abi, functionName: 'approve', args: ['x', 1n] }),
    ).rejects.toThrow('Failed to create transaction')
  })

  it('signTypedData signs eth_signTypedData_v4 data that verifies against the account (viem verifyTypedData)', async () => {
    const { adapter, address, prompts } = await connected({ accountIndex: 0 })
    const typedData = {
      domain: { name: 'Portico', version: '1', chainId: 31337, verifyingContract: usdc },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { owner: address, spender: ACCOUNT_1, value: 12_345_678_901_234_567_890n, nonce: 0n },
    } as const
    const signature = (await adapter.signTypedData({ address, ...typedData })) as Hex
    expect(await verifyTypedData({ address, ...typedData, signature })).toBe(true)
    expect(await verifyTypedData({ address: ACCOUNT_1, ...typedData, signature })).toBe(false)
    expect(await verifyTypedData({ address, ...typedData, message: { ...typedData.message, value: 1n }, signature })).toBe(false)
    expect(prompts.at(-1)).toMatchObject({ kind: 'signTypedData', title: 'Sign typed data: Permit (Portico)' })
  })

  it('sendCalls runs two calls as transactions; getCallsStatus reports 200 with both receipts', async () => {
    const { adapter, address, prompts, connectorId } = await connected({ accountIndex: 3 })
    const { erc20TransferData } = await import('./calls')
    const [usdcBefore, etherBefore] = await Promise.all([balanceOf(ACCOUNT_1), node().getBalance({ address: ACCOUNT_1 })])
    const { id } = await adapter.sendCalls({
      address,
      connectorId,
      calls: [
        { to: usdc, data: erc20TransferData(ACCOUNT_1, 7_000_000n) },
        { to: ACCOUNT_1, value: '0x3e8' },
      ],
    })
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    expect(prompts.at(-1)).toMatchObject({ kind: 'sendCalls', title: 'Send 2 calls' })
    const status = await adapter.getCallsStatus({ id, address, connectorId })
    expect(status.id).toBe(id)
    expect(status.status).toBe(200)
    expect(status.receipts?.map((r) => r.status)).toEqual(['0x1', '0x1'])
    const [first, second] = await Promise.all(status.receipts!.map((r) => node().getTransaction({ hash: r.transactionHash as Hex })))
    expect([first?.to?.toLowerCase(), second?.to?.toLowerCase()]).toEqual([usdc.toLowerCase(), ACCOUNT_1.toLowerCase()])
    expect(BigInt(status.receipts![0]!.blockNumber!)).toBeLessThan(BigInt(status.receipts![1]!.blockNumber!))
    expect(await balanceOf(ACCOUNT_1)).toBe(usdcBefore + 7_000_000n)
    expect(await node().getBalance({ address: ACCOUNT_1 })).toBe(etherBefore + 1000n)
    // An id the wallet never issued: EIP-5792 code 5730.
    await expect(adapter.getCallsStatus({ id: '0x1234', address, connectorId })).rejects.toMatchObject({ code: 5730 })
  })

  it.each([
    [[{ to: 'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }], "calls.0.to: 'to' must start with 0x"],
    [[{ to: ACCOUNT_1, data: 'a9059cbb' }], "calls.0.data: 'data' must start with 0x"],
    [[{ to: ACCOUNT_1, value: 1000 }], "calls.0.value: 'value' must be a string"],
    [[], 'calls: at least one call is needed'],
  ])('sendCalls refuses %j before asking the wallet (SPEC §5): %s', async (calls, text) => {
    const { adapter, address, core } = await connected({ accountIndex: 3 })
    core.clearRequestLog()
    const error = await adapter.sendCalls({ address, calls: calls as never }).catch((e: Error) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatch(/^Invalid wallet call: /)
    expect((error as Error).message).toContain(text)
    expect(core.requestLog()).toEqual([])
  })

  it('getCapabilities answers per chain; {} when the wallet fails (SPEC §8)', async () => {
    const { adapter, address, core } = await connected()
    expect(await adapter.getCapabilities({ address })).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    core.revoke() // the wallet now answers 4100
    expect(await adapter.getCapabilities({ address })).toEqual({})
  })

  it("a wallet without EIP-5792 (4200) is refused as 'Requested RPC call is not allowed'", async () => {
    const without5792 = (p: Eip1193Provider): Eip1193Provider => ({
      ...p,
      request: async (args) => {
        if (args.method.startsWith('wallet_') && args.method.includes('Calls'))
          throw Object.assign(new Error(`The Provider does not support the requested method: ${args.method}`), { code: 4200 })
        return p.request(args)
      },
    })
    const { adapter, address } = await connected({ wrap: without5792 })
    await expect(adapter.sendCalls({ address, calls: [{ to: ACCOUNT_1, value: '0x1' }] })).rejects.toThrow(
      'Requested RPC call is not allowed',
    )
    await expect(adapter.getCallsStatus({ address, id: '0x01' })).rejects.toThrow('Requested RPC call is not allowed')
  })

  it('a refusal in the wallet keeps code 4001 for every call and moves nothing', async () => {
    const { adapter, address, core } = await connected({ accountIndex: 0, decide: () => false })
    const before = await balanceOf(ACCOUNT_2)
    const token = { address: usdc, decimals: 6 }
    await expect(adapter.transfer({ address, to: ACCOUNT_2, amount: 1n, token })).rejects.toMatchObject({ code: 4001 })
    await expect(adapter.transfer({ address, to: ACCOUNT_2, amount: 1n })).rejects.toMatchObject({ code: 4001 })
    await expect(
      adapter.writeContract({ address, contract: usdc, abi: erc20Abi, functionName: 'approve', args: [ACCOUNT_2, 1n] }),
    ).rejects.toMatchObject({ code: 4001 })
    await expect(
      adapter.signTypedData({
        address,
        domain: { name: 'x' },
        types: { M: [{ name: 'a', type: 'uint256' }] },
        primaryType: 'M',
        message: { a: 1n },
      }),
    ).rejects.toMatchObject({ code: 4001 })
    await expect(adapter.sendCalls({ address, calls: [{ to: ACCOUNT_2, value: '0x1' }] })).rejects.toMatchObject({ code: 4001 })
    expect(await balanceOf(ACCOUNT_2)).toBe(before)
    expect(core.getState().pending).toEqual([])
  })
})

describe('evmAdapter waitForReceipt (eth_getTransactionReceipt on the network RPC)', () => {
  it("resolves 'success' with the block number of the inclusion", async () => {
    const { adapter, address } = await connected({ accountIndex: 0 })
    const hash = await adapter.transfer({ address, to: ACCOUNT_1, amount: 1n })
    const receipt = await adapter.waitForReceipt({ hash, network })
    const mined = await node().getTransactionReceipt({ hash: hash as Hex })
    expect(receipt).toEqual({ hash, status: 'success', blockNumber: mined.blockNumber })
  })

  it("reports a transaction that reverted on chain as 'reverted'", async () => {
    const { adapter, address } = await connected({ accountIndex: 0 })
    const { erc20TransferData } = await import('./calls')
    // More USDC than the account holds; the gas is given so the wallet does not estimate (which would refuse).
    const hash = await adapter.sendTransaction({
      address,
      to: usdc,
      data: erc20TransferData(ACCOUNT_1, parseUnits('1000000', 6)),
      gas: 100_000n,
    })
    const receipt = await adapter.waitForReceipt({ hash })
    expect(receipt.status).toBe('reverted')
    expect(receipt.blockNumber).toBe((await node().getTransactionReceipt({ hash: hash as Hex })).blockNumber)
  })

  it('waits 25 000 ms by default (SPEC §9), then rejects with Transaction error; a given timeout replaces it', async () => {
    const delays: number[] = []
    let deadline: (() => void) | undefined
    const timers: Timers = {
      now: () => Date.now(),
      setTimeout: (fn, ms) => {
        delays.push(ms)
        if (ms >= 1000) {
          deadline = fn
          return 'deadline'
        }
        return setTimeout(fn, ms)
      },
      clearTimeout: (h) => {
        if (h !== 'deadline') clearTimeout(h as ReturnType<typeof setTimeout>)
      },
    }
    const adapter = evmAdapter({ timers, receiptPollMs: 20 })
    const unknown = `0x${'ab'.repeat(32)}`
    const waiting = adapter.waitForReceipt!({ hash: unknown, network })
    await vi.waitFor(() => expect(delays.filter((d) => d === 20).length).toBeGreaterThan(1))
    expect(delays[0]).toBe(25_000)
    deadline!()
    await expect(waiting).rejects.toThrow('Transaction error')
    await expect(waiting.catch((e: Error) => (e.cause as Error).message)).resolves.toBe(`No receipt for ${unknown} within 25000 ms`)

    // A real short timeout on the real chain.
    const quick = evmAdapter({ receiptPollMs: 20 })
    await expect(quick.waitForReceipt!({ hash: unknown, network, timeoutMs: 150 })).rejects.toThrow('Transaction error')
  })

  it('rejects at once when the node refuses the hash', async () => {
    const adapter = evmAdapter({ receiptPollMs: 20 })
    await expect(adapter.waitForReceipt!({ hash: '0x12', network, timeoutMs: 60_000 })).rejects.toThrow('Transaction error')
  })
})
