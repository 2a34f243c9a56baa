// Typed data's table: EIP-2612 Permit and Permit2 (allowance and signature-transfer) in, permits out.
import { hashTypedData, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeTypedData } from './typed'

const NOW = 1_800_000_000
const DAY = 86400
const USDC = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const PTK = '0xA15BB66138824a1c7167f5E85b957d04Dd34E468'
const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const MAX_UINT160 = 2n ** 160n - 1n
const MAX_UINT48 = 2 ** 48 - 1

const eip2612 = (value: bigint | string, deadline: number) => ({
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: USDC.toLowerCase() },
  message: { owner: ALICE, spender: SPENDER, value: value.toString(), nonce: '0', deadline: String(deadline) },
})

const DETAILS = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
]
const TOKEN_PERMISSIONS = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint256' },
]
const permit2Domain = { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 }

const single = (amount: bigint, expiration: number, sigDeadline: number) => ({
  types: {
    PermitSingle: [
      { name: 'details', type: 'PermitDetails' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
    PermitDetails: DETAILS,
  },
  primaryType: 'PermitSingle',
  domain: permit2Domain,
  message: {
    details: { token: USDC, amount: amount.toString(), expiration, nonce: 3 },
    spender: SPENDER,
    sigDeadline: String(sigDeadline),
  },
})

const batch = {
  types: {
    PermitBatch: [
      { name: 'details', type: 'PermitDetails[]' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
    PermitDetails: DETAILS,
  },
  primaryType: 'PermitBatch',
  domain: permit2Domain,
  message: {
    details: [
      { token: USDC, amount: '1000000', expiration: NOW + DAY, nonce: 0 },
      { token: PTK, amount: MAX_UINT160.toString(), expiration: NOW + DAY, nonce: 1 },
    ],
    spender: SPENDER,
    sigDeadline: NOW + 600,
  },
}

const transferFrom = (amount: bigint, deadline: number) => ({
  types: {
    PermitTransferFrom: [
      { name: 'permitted', type: 'TokenPermissions' },
      { name: 'spender', type: 'address' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
    TokenPermissions: TOKEN_PERMISSIONS,
  },
  primaryType: 'PermitTransferFrom',
  domain: permit2Domain,
  message: { permitted: { token: USDC, amount: amount.toString() }, spender: SPENDER, nonce: '7', deadline: String(deadline) },
})

const batchTransferFrom = {
  types: {
    PermitBatchTransferFrom: [
      { name: 'permitted', type: 'TokenPermissions[]' },
      { name: 'spender', type: 'address' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
    TokenPermissions: TOKEN_PERMISSIONS,
  },
  primaryType: 'PermitBatchTransferFrom',
  domain: permit2Domain,
  message: {
    permitted: [
      { token: USDC, amount: '5' },
      { token: PTK, amount: '6' },
    ],
    spender: SPENDER,
    nonce: '8',
    deadline: String(NOW + 60),
  },
}

const P2 = { kind: 'permit', standard: 'permit2', verifyingContract: PERMIT2, spender: SPENDER, chainId: 1 } as const

const TABLE: [string, unknown, object][] = [
  [
    'EIP-2612: 10 USDC for an hour',
    eip2612(10_000_000n, NOW + 3600),
    {
      kind: 'permit',
      standard: 'eip2612',
      token: USDC,
      owner: ALICE,
      spender: SPENDER,
      amount: 10_000_000n,
      nonce: 0n,
      deadline: NOW + 3600,
      chainId: 1,
      flags: [],
    },
  ],
  [
    'EIP-2612: unlimited, valid forever',
    eip2612(maxUint256, Number.MAX_SAFE_INTEGER),
    {
      kind: 'permit',
      standard: 'eip2612',
      token: USDC,
      owner: ALICE,
      spender: SPENDER,
      amount: maxUint256,
      nonce: 0n,
      deadline: Number.MAX_SAFE_INTEGER,
      chainId: 1,
      flags: ['unlimitedAmount', 'farDeadline'],
    },
  ],
  [
    'EIP-2612 as JSON text (eth_signTypedData_v4), deadline 31 days: far',
    JSON.stringify(eip2612(1n, NOW + 31 * DAY)),
    {
      kind: 'permit',
      standard: 'eip2612',
      token: USDC,
      owner: ALICE,
      spender: SPENDER,
      amount: 1n,
      nonce: 0n,
      deadline: NOW + 31 * DAY,
      chainId: 1,
      flags: ['farDeadline'],
    },
  ],
  [
    'Permit2 PermitSingle, 5 USDC, expiring in a day',
    single(5_000_000n, NOW + DAY, NOW + 600),
    {
      ...P2,
      primaryType: 'PermitSingle',
      tokens: [{ token: USDC, amount: 5_000_000n, expiration: NOW + DAY }],
      nonce: 3n,
      deadline: NOW + 600,
      flags: [],
    },
  ],
  [
    'Permit2 PermitSingle, max uint160 that never expires (uint48 max)',
    single(MAX_UINT160, MAX_UINT48, NOW + 600),
    {
      ...P2,
      primaryType: 'PermitSingle',
      tokens: [{ token: USDC, amount: MAX_UINT160, expiration: MAX_UINT48 }],
      nonce: 3n,
      deadline: NOW + 600,
      flags: ['unlimitedAmount', 'farDeadline'],
    },
  ],
  [
    'Permit2 PermitBatch: two tokens, one unlimited',
    batch,
    {
      ...P2,
      primaryType: 'PermitBatch',
      tokens: [
        { token: USDC, amount: 1_000_000n, expiration: NOW + DAY },
        { token: PTK, amount: MAX_UINT160, expiration: NOW + DAY },
      ],
      nonce: 0n,
      deadline: NOW + 600,
      flags: ['unlimitedAmount'],
    },
  ],
  [
    'Permit2 PermitTransferFrom: 5 USDC once',
    transferFrom(5_000_000n, NOW + 600),
    { ...P2, primaryType: 'PermitTransferFrom', tokens: [{ token: USDC, amount: 5_000_000n }], nonce: 7n, deadline: NOW + 600, flags: [] },
  ],
  [
    'Permit2 PermitTransferFrom: max uint160 is not unlimited for a uint256 amount',
    transferFrom(MAX_UINT160, NOW + 600),
    { ...P2, primaryType: 'PermitTransferFrom', tokens: [{ token: USDC, amount: MAX_UINT160 }], nonce: 7n, deadline: NOW + 600, flags: [] },
  ],
  [
    'Permit2 PermitBatchTransferFrom',
    batchTransferFrom,
    {
      ...P2,
      primaryType: 'PermitBatchTransferFrom',
      tokens: [
        { token: USDC, amount: 5n },
        { token: PTK, amount: 6n },
      ],
      nonce: 8n,
      deadline: NOW + 60,
      flags: [],
    },
  ],
]

describe('decodeTypedData', () => {
  it.each(TABLE)('%s', (_, input, expected) => {
    expect(decodeTypedData(input, { now: () => NOW })).toEqual(expected)
  })

  it('maxDeadlineSeconds moves the far line', () => {
    expect(decodeTypedData(eip2612(1n, NOW + 2 * DAY), { now: () => NOW, maxDeadlineSeconds: DAY })).toMatchObject({
      flags: ['farDeadline'],
    })
  })

  it('other typed data: the primary type, the domain and the EIP-712 digest', () => {
    const mail = {
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      message: { from: { name: 'Cow', wallet: ALICE }, contents: 'Hello, Bob!' },
    } as const
    expect(decodeTypedData(mail)).toEqual({
      kind: 'typedData',
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      hash: hashTypedData(mail),
      flags: [],
    })
  })

  it('a "Permit" whose message lacks the fields: shown as typed data, not as a permit', () => {
    const odd = { ...eip2612(1n, NOW), message: { owner: ALICE } }
    expect(decodeTypedData({ ...odd, types: { Permit: [{ name: 'owner', type: 'address' }] } })).toMatchObject({
      kind: 'typedData',
      primaryType: 'Permit',
    })
  })

  it.each([
    ['not JSON', '{'],
    ['no types', { primaryType: 'Permit', message: {} }],
  ])('refuses %s', (_, input) => {
    expect(() => decodeTypedData(input)).toThrow()
  })
})
