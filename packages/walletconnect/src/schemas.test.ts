// The engine's boundary: raw wallet and chain answers, parsed with zod, with concrete inputs.
import { checkWalletCalls } from '@portico/headless'
import { describe, expect, it } from 'vitest'
import {
  caipChainId,
  callsStatus,
  capabilities,
  chainReference,
  eventAddresses,
  evmChainId,
  fieldResult,
  hexResult,
  parse,
  sendCallsResult,
  sessionAccounts,
} from './schemas'

describe('session request results', () => {
  it.each([
    [hexResult, '0xabc', '0xabc'],
    [fieldResult('signature'), { signature: 'sig' }, 'sig'],
    [fieldResult('txid'), { txid: 'f00', extra: 1 }, 'f00'],
    [sendCallsResult, { id: '0x01', capabilities: {} }, { id: '0x01' }],
    [sendCallsResult, 'batch-7', { id: 'batch-7' }],
  ] as const)('%#: %j → %j', (schema, raw, out) => {
    expect(parse(schema as never, raw)).toEqual(out)
  })

  it.each([
    [hexResult, 'abc'],
    [hexResult, 42],
    [fieldResult('signature'), { signature: '' }],
    [fieldResult('signature'), 'sig'],
    [sendCallsResult, { id: 1 }],
    [sendCallsResult, null],
  ] as const)("%#: %j is refused with 'An error occurred', the raw answer as the cause", (schema, raw) => {
    expect(() => parse(schema as never, raw)).toThrow('An error occurred')
    try {
      parse(schema as never, raw)
    } catch (e) {
      expect((e as Error).cause).toEqual(raw)
    }
  })

  it('wallet_getCallsStatus: v2 codes kept, v1 PENDING/CONFIRMED mapped to 100/200; malformed is an error', () => {
    const receipt = { transactionHash: '0xaa', status: '0x1', blockNumber: '0x10', gasUsed: '0x5208', logs: [] }
    expect(callsStatus('x', { version: '2.0.0', status: 600, atomic: false, receipts: [receipt] })).toEqual({
      id: 'x',
      status: 600,
      receipts: [{ transactionHash: '0xaa', status: '0x1', blockNumber: '0x10' }],
    })
    expect(callsStatus('y', { status: 'PENDING' })).toEqual({ id: 'y', status: 100, receipts: [] })
    expect(callsStatus('z', { status: 'CONFIRMED', receipts: null })).toEqual({ id: 'z', status: 200, receipts: [] })
    expect(() => callsStatus('w', { status: 'DONE' })).toThrow('An error occurred')
  })

  it('wallet_getCapabilities: a map of chains to capability objects, else {}', () => {
    expect(capabilities({ '0x1': { atomic: { status: 'supported' } } })).toEqual({ '0x1': { atomic: { status: 'supported' } } })
    expect(capabilities({ '0x1': 'yes' })).toEqual({})
    expect(capabilities(null)).toEqual({})
  })

  it.each([
    [[{ to: '0x1' }], undefined],
    [[{ to: '0x1', data: '0x', value: '0x0' }], undefined],
    [[{ to: '1' }], "Invalid wallet call: calls.0.to: 'to' must start with 0x"],
    [[{ to: '0x1' }, { to: '0x2', data: 'ab' }], "Invalid wallet call: calls.1.data: 'data' must start with 0x"],
    [[{ to: '0x1', value: 1 }], "Invalid wallet call: calls.0.value: 'value' must be a string"],
    [[], 'Invalid wallet call: calls: at least one call is needed'],
  ])('SPEC §5 checkWalletCalls(%j) → %s', (calls, error) => {
    if (error) expect(() => checkWalletCalls(calls)).toThrow(error)
    else expect(checkWalletCalls(calls)).toEqual(calls)
  })
})

describe('accounts and chain ids from the wallet', () => {
  it('session accounts: CAIP-10 strings; other entries are dropped', () => {
    expect(sessionAccounts(['eip155:1:0xabc', 'bad', 42, null, 'solana:5eyk:oeYf'])).toEqual([
      { namespace: 'eip155', reference: '1', chainId: 'eip155:1', address: '0xabc' },
      { namespace: 'solana', reference: '5eyk', chainId: 'solana:5eyk', address: 'oeYf' },
    ])
    expect(sessionAccounts('eip155:1:0xabc')).toEqual([])
  })

  it('session accounts headless would not read are dropped: another namespace, a 4th part (SPEC §5)', () => {
    expect(sessionAccounts(['hedera:mainnet:0.0.1', 'eip155:1:0xabc:extra', 'eip155:1:0xdef'])).toEqual([
      { namespace: 'eip155', reference: '1', chainId: 'eip155:1', address: '0xdef' },
    ])
  })

  it('event addresses: strings, CAIP-10, { address }, { pubkey }; duplicates and junk dropped; not a list → undefined', () => {
    expect(eventAddresses(['0xA', 'eip155:1:0xB', { address: 'bc1q' }, { pubkey: 'oeYf' }, '0xA', 7, { other: 'x' }])).toEqual([
      '0xA',
      '0xB',
      'bc1q',
      'oeYf',
    ])
    expect(eventAddresses('0xA')).toBeUndefined()
  })

  it('event addresses: CAIP-10 entries headless would not read are dropped, not passed on whole', () => {
    expect(eventAddresses(['hedera:mainnet:0.0.1', 'eip155:1:0xB:extra', { address: 'hedera:mainnet:0.0.2' }, 'eip155:1:0xC'])).toEqual([
      '0xC',
    ])
  })

  it.each([
    ['eip155:1', true],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', true],
    ['hedera:mainnet', false],
    ['eip155:1:0xabc', false],
    ['eip155', false],
    [7, false],
  ])('event chain id %j is one of the seven namespaces: %s', (raw, ok) => {
    expect(caipChainId.safeParse(raw).success).toBe(ok)
  })

  it.each([
    [31337, 31337],
    ['0x7a69', 31337],
    ['31338', 31338],
    ['eip155:8453', 8453],
    ['nope', undefined],
    [{ id: 1 }, undefined],
  ])('evmChainId(%j) = %s', (raw, id) => {
    expect(evmChainId(raw)).toBe(id)
  })

  it.each([
    ['solana:5eyk', '5eyk'],
    ['5eyk', '5eyk'],
    ['', undefined],
    [3, undefined],
  ])('chainReference(%j) = %s', (raw, ref) => {
    expect(chainReference(raw)).toBe(ref)
  })
})
