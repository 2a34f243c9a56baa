// The EVM decoders' tables: concrete calldata (built with viem's encodeFunctionData) in, the preview out.
import { encodeFunctionData, erc20Abi, erc721Abi, type Hex, maxUint256, parseAbi, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { callOfTransaction, checkPreview, decodeAuthorization, decodeCall, decodeGrant, decodeSendCalls, tokensOf } from './evm'
import type { CallPreview, EvmCall } from './types'

const USDC = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const NFT = '0xA15BB66138824a1c7167f5E85b957d04Dd34E468'
const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ROUTER = '0xb19b36b1456E65E3A6D514D3F715f204BD59f431'
const EXECUTOR = '0xb19b36b1456E65E3A6D514D3F715f204BD59f431'

const erc1155Abi = parseAbi(['function setApprovalForAll(address operator, bool approved)'])
const otherAbi = parseAbi(['function deposit(uint256 amount)'])

const CALLS: [string, EvmCall, CallPreview][] = [
  ['1 ETH, no data', { to: BOB, value: parseEther('1') }, { kind: 'nativeTransfer', to: BOB, value: 10n ** 18n, flags: [] }],
  [
    'a lower-case address is checksummed',
    { to: BOB.toLowerCase() as Hex, value: 5n, data: '0x' },
    { kind: 'nativeTransfer', to: BOB, value: 5n, flags: [] },
  ],
  [
    'transfer 5 USDC',
    { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 5_000_000n] }) },
    { kind: 'tokenTransfer', to: USDC, value: 0n, token: USDC, recipient: BOB, amount: 5_000_000n, flags: [] },
  ],
  [
    'transferFrom Alice to Bob 7',
    { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [ALICE, BOB, 7n] }) },
    { kind: 'tokenTransferFrom', to: USDC, value: 0n, token: USDC, sender: ALICE, recipient: BOB, amount: 7n, flags: [] },
  ],
  [
    'approve 100 USDC',
    { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, 100_000_000n] }) },
    { kind: 'tokenApproval', to: USDC, value: 0n, token: USDC, spender: ROUTER, amount: 100_000_000n, flags: [] },
  ],
  [
    'approve max uint256: unlimited',
    { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, maxUint256] }) },
    { kind: 'tokenApproval', to: USDC, value: 0n, token: USDC, spender: ROUTER, amount: maxUint256, flags: ['unlimitedAmount'] },
  ],
  [
    'approve 2^255: unlimited',
    { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, 2n ** 255n] }) },
    { kind: 'tokenApproval', to: USDC, value: 0n, token: USDC, spender: ROUTER, amount: 2n ** 255n, flags: ['unlimitedAmount'] },
  ],
  [
    'approve 2^255 − 1: not flagged here',
    { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, 2n ** 255n - 1n] }) },
    { kind: 'tokenApproval', to: USDC, value: 0n, token: USDC, spender: ROUTER, amount: 2n ** 255n - 1n, flags: [] },
  ],
  [
    'ERC-721 setApprovalForAll(true)',
    { to: NFT, data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [BOB, true] }) },
    { kind: 'approvalForAll', to: NFT, value: 0n, collection: NFT, operator: BOB, approved: true, flags: ['approvalForAll'] },
  ],
  [
    'ERC-1155 setApprovalForAll(false): a revocation, no flag',
    { to: NFT, data: encodeFunctionData({ abi: erc1155Abi, functionName: 'setApprovalForAll', args: [BOB, false] }) },
    { kind: 'approvalForAll', to: NFT, value: 0n, collection: NFT, operator: BOB, approved: false, flags: [] },
  ],
  [
    'an unknown function: its selector',
    { to: ROUTER, value: 3n, data: encodeFunctionData({ abi: otherAbi, functionName: 'deposit', args: [1n] }) },
    {
      kind: 'contractCall',
      to: ROUTER,
      value: 3n,
      selector: '0xb6b55f25',
      data: '0xb6b55f250000000000000000000000000000000000000000000000000000000000000001',
      flags: ['unknownCall'],
    },
  ],
  [
    'transfer with truncated arguments: unknown',
    { to: USDC, data: '0xa9059cbb0000' },
    { kind: 'contractCall', to: USDC, value: 0n, selector: '0xa9059cbb', data: '0xa9059cbb0000', flags: ['unknownCall'] },
  ],
  [
    'two bytes of data: the bytes as selector',
    { to: USDC, data: '0xabcd' },
    { kind: 'contractCall', to: USDC, value: 0n, selector: '0xabcd', data: '0xabcd', flags: ['unknownCall'] },
  ],
  [
    'a creation (no to)',
    { data: '0x6080', value: 0n },
    { kind: 'deploy', to: '0x0000000000000000000000000000000000000000', value: 0n, data: '0x6080', flags: [] },
  ],
]

describe('decodeCall', () => {
  it.each(CALLS)('%s', (_, call, expected) => {
    expect(decodeCall(call)).toEqual(expected)
  })
})

describe('callOfTransaction (eth_sendTransaction params)', () => {
  it.each([
    [
      { from: ALICE, to: BOB, value: '0xde0b6b3a7640000' },
      { to: BOB, value: 10n ** 18n },
    ],
    [
      { to: USDC.toLowerCase(), data: '0xabcd', gas: '0x5208' },
      { to: USDC, data: '0xabcd' },
    ],
    [{ input: '0x6080' }, { data: '0x6080' }],
    [{ to: null, data: '0x60' }, { data: '0x60' }],
  ])('%o → %o', (tx, expected) => {
    expect(callOfTransaction(tx)).toEqual(expected)
  })
  it('refuses a value that is not a quantity', () => {
    expect(() => callOfTransaction({ to: BOB, value: 'lots' })).toThrow()
  })
})

describe('checkPreview (the flags that need the chain)', () => {
  const approve = (amount: bigint, to: Hex = USDC) =>
    decodeCall({ to, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, amount] }) })
  const reads = (code: Hex | undefined, balance: bigint) => ({
    getCode: async (a: string): Promise<Hex | undefined> => (a === ROUTER ? code : '0x60'),
    balanceOf: async () => balance,
  })
  it.each([
    ['spender with code, amount ≤ balance', approve(100n), '0x6080', 100n, {}, []],
    ['spender with no code', approve(100n), '0x', 100n, {}, ['spenderNoCode']],
    ['spender whose code is undefined', approve(100n), undefined, 100n, {}, ['spenderNoCode']],
    ['amount above the balance', approve(101n), '0x6080', 100n, {}, ['largeAmount']],
    ['amount above balance × 1.5', approve(151n), '0x6080', 100n, { largeMultiple: 1.5 }, ['largeAmount']],
    ['amount at balance × 1.5', approve(150n), '0x6080', 100n, { largeMultiple: 1.5 }, []],
    ['unlimited and no code: large is not added', approve(maxUint256), '0x', 100n, {}, ['unlimitedAmount', 'spenderNoCode']],
  ] as const)('%s', async (_, preview, code, balance, config, flags) => {
    expect((await checkPreview(preview, reads(code, balance), config, ALICE)).flags).toEqual(flags)
  })
  it('setApprovalForAll(true) to an address with no code', async () => {
    const p = decodeCall({ to: NFT, data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [ROUTER, true] }) })
    expect((await checkPreview(p, reads('0x', 0n))).flags).toEqual(['approvalForAll', 'spenderNoCode'])
  })
  it('a failing read adds nothing', async () => {
    const p = approve(5n)
    const failing = { getCode: () => Promise.reject(new Error('down')), balanceOf: () => Promise.reject(new Error('down')) }
    expect((await checkPreview(p, failing, {}, ALICE)).flags).toEqual([])
  })
  it('a batch: each call checked (holder = the batch sender), the flags merged', async () => {
    const batch = decodeSendCalls({
      from: ALICE,
      calls: [
        { to: BOB, value: '0x1' },
        { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, 500n] }) },
      ],
    })
    const checked = await checkPreview(batch, reads('0x', 100n))
    // Most dangerous first (PREVIEW_FLAGS' order), whatever order the checks found them in.
    expect(checked.calls.map((c) => c.flags)).toEqual([[], ['largeAmount', 'spenderNoCode']])
    expect(checked.flags).toEqual(['largeAmount', 'spenderNoCode'])
  })
})

describe('decodeAuthorization (EIP-7702)', () => {
  it.each([
    [
      'a configured executor',
      { address: EXECUTOR, chainId: 31337, nonce: 0 },
      [EXECUTOR],
      { delegate: EXECUTOR, chainId: 31337, nonce: 0, flags: [] },
    ],
    [
      'executor listed in lower case',
      { address: EXECUTOR, chainId: 1, nonce: 4 },
      [EXECUTOR.toLowerCase()],
      { delegate: EXECUTOR, chainId: 1, nonce: 4, flags: [] },
    ],
    [
      'another delegate',
      { address: BOB, chainId: 1, nonce: 0 },
      [EXECUTOR],
      { delegate: BOB, chainId: 1, nonce: 0, flags: ['unknownDelegate'] },
    ],
    [
      'no executors configured',
      { contractAddress: EXECUTOR, chainId: '0x0', nonce: '0x2' },
      [],
      { delegate: EXECUTOR, chainId: 0, nonce: 2, flags: ['unknownDelegate'] },
    ],
  ])('%s', (_, input, executors, expected) => {
    expect(decodeAuthorization(input, { executors })).toEqual({ kind: 'authorization', ...expected })
  })
  it('refuses one without a delegate', () => {
    expect(() => decodeAuthorization({ chainId: 1, nonce: 0 })).toThrow('An authorization needs the delegate address')
  })
})

describe('decodeSendCalls (wallet_sendCalls)', () => {
  it('a batch: each call decoded, flags merged once', () => {
    const approveMax = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, maxUint256] })
    expect(
      decodeSendCalls({
        version: '2.0.0',
        chainId: '0x7a69',
        from: ALICE.toLowerCase(),
        atomicRequired: true,
        calls: [
          { to: USDC, data: approveMax },
          { to: ROUTER, data: '0xdeadbeef' },
          { to: BOB, value: '0xde0b6b3a7640000' },
          { to: USDC, data: approveMax },
        ],
      }),
    ).toEqual({
      kind: 'batch',
      chainId: 31337,
      from: ALICE,
      atomic: true,
      calls: [
        { kind: 'tokenApproval', to: USDC, value: 0n, token: USDC, spender: ROUTER, amount: maxUint256, flags: ['unlimitedAmount'] },
        { kind: 'contractCall', to: ROUTER, value: 0n, selector: '0xdeadbeef', data: '0xdeadbeef', flags: ['unknownCall'] },
        { kind: 'nativeTransfer', to: BOB, value: 10n ** 18n, flags: [] },
        { kind: 'tokenApproval', to: USDC, value: 0n, token: USDC, spender: ROUTER, amount: maxUint256, flags: ['unlimitedAmount'] },
      ],
      flags: ['unlimitedAmount', 'unknownCall'],
    })
  })
  it.each([
    ['no calls', { calls: [] }],
    ['a bad address', { calls: [{ to: '0x12' }] }],
    ['odd hex data', { calls: [{ to: BOB, data: '0xabc' }] }],
  ])('refuses %s', (_, input) => {
    expect(() => decodeSendCalls(input)).toThrow()
  })
})

describe('decodeGrant (wallet_grantPermissions)', () => {
  const NOW = 1_800_000_000
  const grant = (expiry: number) => ({
    chainId: '0x7a69',
    expiry,
    signer: { type: 'account', data: { id: BOB } },
    permissions: [
      { type: 'contract-call', data: { address: USDC.toLowerCase(), calls: ['0xa9059cbb'] } },
      { type: 'contract-call', data: { address: ROUTER, functions: [{ functionName: 'swapExactETHForTokens' }] } },
      { type: 'native-token-limit', data: { allowance: '0x2386f26fc10000' } },
      { type: 'native-token-recurring-allowance', data: { allowance: '1000', period: 86400 } },
    ],
  })
  const permissions = [
    { type: 'contractCall', target: USDC, functions: ['0xa9059cbb'] },
    { type: 'contractCall', target: ROUTER, functions: ['swapExactETHForTokens'] },
    { type: 'nativeTokenLimit', allowance: 10n ** 16n },
    { type: 'nativeTokenRecurringAllowance', allowance: 1000n, period: 86400 },
  ]
  it.each([
    ['one day', NOW + 86400, {}, 86400, []],
    ['exactly 7 days: not long', NOW + 7 * 86400, {}, 7 * 86400, []],
    ['a year', NOW + 365 * 86400, {}, 365 * 86400, ['longDuration']],
    ['two days with a one-day limit', NOW + 2 * 86400, { maxGrantSeconds: 86400 }, 2 * 86400, ['longDuration']],
  ] as const)('%s', (_, expiry, config, duration, flags) => {
    expect(decodeGrant(grant(expiry), { ...config, now: () => NOW })).toEqual({
      kind: 'grantPermissions',
      chainId: 31337,
      signer: BOB,
      permissions,
      targets: [USDC, ROUTER],
      expiry,
      duration,
      flags,
    })
  })
  it('refuses an unknown permission type', () => {
    expect(() =>
      decodeGrant({ ...grant(NOW + 60), permissions: [{ type: 'erc20-token-transfer', data: {} }] }, { now: () => NOW }),
    ).toThrow()
  })
})

describe('tokensOf', () => {
  it('the tokens of transfers, approvals and a batch, each once; none for native and unknown calls', () => {
    const batch = decodeSendCalls({
      calls: [
        { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 1n] }) },
        { to: BOB, value: '0x1' },
        { to: NFT, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, 1n] }) },
        { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, 1n] }) },
        { to: ROUTER, data: '0xdeadbeef' },
      ],
    })
    expect(tokensOf(batch)).toEqual([USDC, NFT])
    expect(tokensOf(decodeCall({ to: BOB, value: 1n }))).toEqual([])
  })
})
