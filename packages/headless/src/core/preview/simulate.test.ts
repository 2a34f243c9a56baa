// Simulation against a real anvil chain of the devnet (anvil 1.7.1 answers eth_simulateV1), with its
// USDC (6 decimals). Fixed accounts and amounts; the fee is gas × the node's gas price, read back.
import { BatchExecutor, type Devnet, PorticoRouter, startDevnet, Token } from '@portico/devnet'
import {
  type Abi,
  type Address,
  createPublicClient,
  encodeErrorResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeRevert, simulate } from './simulate'

let devnet: Devnet
let rpcUrl: string
let usdc: Address
let from: Address
let to: Address
beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337 }] })
  rpcUrl = (devnet.chains[0] as { rpcUrl: string }).rpcUrl
  usdc = (devnet.chains[0] as { tokens: { address: Address }[] }).tokens[0]?.address as Address
  from = devnet.accounts[0] as Address
  to = devnet.accounts[1] as Address
})
afterAll(async () => {
  await devnet?.stop()
})

const transferUsdc = (amount: string) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] })
const gasPrice = () => createPublicClient({ transport: http(rpcUrl) }).getGasPrice()

describe('simulate on anvil', () => {
  it('a 1 ETH transfer: −1 ETH and a fee of 21000 gas at the node’s gas price', async () => {
    const result = await simulate({ rpcUrl, from, calls: [{ to, value: parseEther('1') }], chain: { id: 31337 } })
    const price = await gasPrice()
    expect(result).toEqual({
      simulation: 'ok',
      status: 'success',
      changes: [{ asset: 'native', symbol: 'ETH', decimals: 18, amount: -parseEther('1'), formatted: '-1' }],
      fee: { gas: 21000n, gasPrice: price, amount: 21000n * price, formatted: expect.any(String), symbol: 'ETH' },
      calls: [{ kind: 'nativeTransfer', to, value: parseEther('1'), flags: [] }],
    })
    expect(result.simulation === 'ok' && Number(result.fee.formatted)).toBeGreaterThan(0)
  })

  it('an ERC-20 transfer: −5 USDC in the token’s units, and USD when a price is given', async () => {
    const result = await simulate({
      rpcUrl,
      from,
      calls: [{ to: usdc, data: transferUsdc('5') }],
      price: ({ symbol }) => (symbol === 'USDC' ? 1 : symbol === 'ETH' ? 3000 : undefined),
    })
    expect(result.simulation === 'ok' && result.status).toBe('success')
    if (result.simulation !== 'ok') throw new Error('unreachable')
    expect(result.changes).toEqual([{ asset: usdc, symbol: 'USDC', decimals: 6, amount: -5_000_000n, formatted: '-5', usd: -5 }])
    expect(result.fee.usd).toBeCloseTo(Number(result.fee.formatted) * 3000, 9)
    expect(result.calls).toEqual([
      { kind: 'tokenTransfer', to: usdc, value: 0n, token: usdc, recipient: to, amount: 5_000_000n, flags: [] },
    ])
  })

  it('a transfer of more USDC than the balance: reverted, the token’s InsufficientBalance decoded (errorAbi), no changes', async () => {
    const result = await simulate({ rpcUrl, from, calls: [{ to: usdc, data: transferUsdc('5000') }], errorAbi: Token.abi })
    expect(result).toMatchObject({
      simulation: 'ok',
      status: 'reverted',
      changes: [],
      revert: { callIndex: 0, error: { name: 'InsufficientBalance', args: [from, '1000000000', '5000000000'] } },
    })
  })

  it('a swap of 0.1 ETH for USDC on the devnet AMM: ETH leaves, USDC arrives', async () => {
    const { router, weth } = (devnet.chains[0] as { amm: { router: Address; weth: Address } }).amm
    const data = encodeFunctionData({
      abi: PorticoRouter.abi,
      functionName: 'swapExactETHForTokens',
      args: [1n, [weth, usdc], from, 4_000_000_000n],
    })
    const result = await simulate({ rpcUrl, from, calls: [{ to: router, value: parseEther('0.1'), data }] })
    if (result.simulation !== 'ok' || result.status !== 'success') throw new Error('not a success')
    expect(result.changes.map((c) => [c.asset, c.symbol, c.amount > 0n])).toEqual([
      ['native', 'ETH', false],
      [usdc, 'USDC', true],
    ])
    expect(result.changes[0]?.formatted).toBe('-0.1')
  })

  it('a swap past its deadline: reverted with the router’s Expired() decoded through errorAbi', async () => {
    const { router, weth } = (devnet.chains[0] as { amm: { router: Address; weth: Address } }).amm
    const data = encodeFunctionData({ abi: PorticoRouter.abi, functionName: 'swapExactETHForTokens', args: [1n, [weth, usdc], from, 1n] })
    const calls = [{ to: router, value: parseEther('0.1'), data }]
    expect(await simulate({ rpcUrl, from, calls, errorAbi: PorticoRouter.abi })).toMatchObject({
      simulation: 'ok',
      status: 'reverted',
      changes: [],
      revert: { callIndex: 0, data: '0x203d82d8', error: { name: 'Expired', args: [] } },
    })
    // Without the ABI: the raw data, no name.
    const bare = await simulate({ rpcUrl, from, calls })
    expect(bare.simulation === 'ok' && bare.status === 'reverted' && bare.revert).toEqual({ callIndex: 0, data: '0x203d82d8' })
  })

  it('a batch of two calls (1 ETH and 5 USDC): both changes, gas summed', async () => {
    const result = await simulate({
      rpcUrl,
      from,
      calls: [
        { to, value: parseEther('1') },
        { to: usdc, data: transferUsdc('5') },
      ],
    })
    if (result.simulation !== 'ok' || result.status !== 'success') throw new Error(`not a success: ${JSON.stringify(result.simulation)}`)
    expect(result.changes.map((c) => [c.asset, c.formatted])).toEqual([
      ['native', '-1'],
      [usdc, '-5'],
    ])
    expect(result.fee.gas).toBeGreaterThan(21000n + 21000n)
    expect(result.calls.map((c) => c.kind)).toEqual(['nativeTransfer', 'tokenTransfer'])
  })

  it('a type-4 self-call through the batch executor (EIP-7702, the delegate as a state override): both transfers leave the account', async () => {
    const executor = (devnet.chains[0] as { batchExecutor: Address }).batchExecutor
    const data = encodeFunctionData({
      abi: BatchExecutor.abi,
      functionName: 'execute',
      args: [
        [
          { to, value: parseEther('1'), data: '0x' },
          { to: usdc, value: 0n, data: transferUsdc('5') },
        ],
      ],
    })
    const result = await simulate({ rpcUrl, from, calls: [{ to: from, data }], delegate: executor })
    if (result.simulation !== 'ok' || result.status !== 'success')
      throw new Error(`not a success: ${JSON.stringify(result, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`)
    expect(result.changes.map((c) => [c.asset, c.formatted])).toEqual([
      ['native', '-1'],
      [usdc, '-5'],
    ])
    // Without the delegate the account has no code: the call moves nothing.
    const bare = await simulate({ rpcUrl, from, calls: [{ to: from, data }] })
    expect(bare.simulation === 'ok' && bare.changes).toEqual([])
  })

  it('a batch whose second call reverts: reverted at index 1', async () => {
    const calls = [
      { to, value: parseEther('1') },
      { to: usdc, data: transferUsdc('5000') },
    ]
    const result = await simulate({ rpcUrl, from, calls, errorAbi: Token.abi })
    expect(result).toMatchObject({
      simulation: 'ok',
      status: 'reverted',
      changes: [],
      revert: { callIndex: 1, error: { name: 'InsufficientBalance' } },
    })
  })

  it('the probe behind the design: anvil answers eth_simulateV1, but refuses viem’s traceAssetChanges (so the changes come from logs)', async () => {
    const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
    const calls = [{ to, value: parseEther('1') }]
    await expect(client.simulateCalls({ account: from, calls })).resolves.toMatchObject({
      results: [{ status: 'success', gasUsed: 21000n }],
    })
    await expect(client.simulateCalls({ account: from, calls, traceAssetChanges: true })).rejects.toThrow(
      'Invalid parameters were provided to the RPC method',
    )
  })

  it('an RPC without eth_simulateV1: unavailable, with the decoded calls', async () => {
    // A node that answers every other method but not this one (JSON-RPC -32601).
    const fetcher: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init?.body)) as { id: number; method: string }
      if (body.method === 'eth_simulateV1')
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, error: { code: -32601, message: 'Method not found' } }), {
          headers: { 'content-type': 'application/json' },
        })
      return fetch(input, init)
    }
    const result = await simulate({ rpcUrl, fetch: fetcher, from, calls: [{ to, value: parseEther('1') }] })
    expect(result).toEqual({
      simulation: 'unavailable',
      reason: 'unsupported',
      calls: [{ kind: 'nativeTransfer', to, value: parseEther('1'), flags: [] }],
    })
  })

  it('an RPC out of reach: unavailable (unreachable)', async () => {
    const result = await simulate({ rpcUrl: 'http://127.0.0.1:9/', from, calls: [{ to, value: 1n }] })
    expect(result).toMatchObject({ simulation: 'unavailable', reason: 'unreachable' })
  })
})

describe('decodeRevert', () => {
  const errorAbi = parseAbi(['error Expired()', 'error Slippage(uint256 got, uint256 wanted)'])
  it.each([
    ['no data', '0x', [], { data: '0x' }],
    [
      'Error(string)',
      encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['Not enough liquidity'] }),
      [],
      { error: { name: 'Error', args: ['Not enough liquidity'] }, reason: 'Not enough liquidity' },
    ],
    [
      'Panic(0x11): arithmetic overflow',
      encodeErrorResult({ abi: parseAbi(['error Panic(uint256)']), errorName: 'Panic', args: [17n] }),
      [],
      { error: { name: 'Panic', args: ['17'] } },
    ],
    [
      'ERC-6093 ERC20InsufficientAllowance (known without an ABI)',
      encodeErrorResult({
        abi: parseAbi(['error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)']),
        errorName: 'ERC20InsufficientAllowance',
        args: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 0n, 5n],
      }),
      [],
      { error: { name: 'ERC20InsufficientAllowance', args: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0', '5'] } },
    ],
    [
      'a custom error from errorAbi',
      encodeErrorResult({ abi: errorAbi, errorName: 'Slippage', args: [1n, 2n] }),
      errorAbi,
      { error: { name: 'Slippage', args: ['1', '2'] } },
    ],
    ['a custom error no ABI knows: raw data only', '0x203d82d8', [], {}],
  ] as const)('%s', (_, data, abi, expected) => {
    expect(decodeRevert(data as Hex, abi as unknown as Abi)).toEqual({ data, ...expected })
  })
})
