import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../api/schemas'
import { displayTransfers, dropGasFeeTransfers, operationSign, sumTransfers, visibleTransactions, type Transfer } from './transactions'

const tr = (direction: 'in' | 'out' | 'self', numeric: string, symbol = 'ETH', value = Number(numeric)): Transfer => ({
  direction,
  quantity: { numeric },
  value,
  fungible_info: { symbol },
})

const tx = (id: string, chain: string, transfers: Transfer[]): Transaction => ({
  id,
  metadata: { minedAt: '2026-01-01T00:00:00Z', chain, operationType: 'send', status: 'confirmed', sentFrom: '0xa', sentTo: '0xb' },
  transfers,
})

describe('activity display rules (SPEC §5)', () => {
  it('shows only the connected chain and drops spam NFT transfers', () => {
    const spam: Transfer = { direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Free', flags: { is_spam: true } } }
    const nft: Transfer = { direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Art', flags: { is_spam: false } } }
    const list = [
      tx('a', 'eip155:1', [tr('out', '1')]),
      tx('b', 'eip155:8453', [tr('out', '1')]),
      tx('c', 'eip155:1', [spam]),
      tx('d', 'eip155:1', [nft]),
    ]
    expect(visibleTransactions(list, 'eip155:1').map((t) => t.id)).toEqual(['a', 'd'])
  })

  it.each<[string, Transfer[], string[]]>([
    ['one in + one out, out under 10% → gas dropped', [tr('in', '1'), tr('out', '0.09')], ['in:1']],
    ['one in + one out, in under 10%', [tr('in', '0.05'), tr('out', '1')], ['out:1']],
    ['one in + one out, both significant', [tr('in', '1'), tr('out', '0.2')], ['in:1', 'out:0.2']],
    ['group of 3: under 1% of the largest dropped', [tr('out', '100'), tr('out', '0.5'), tr('out', '2')], ['out:100', 'out:2']],
    ['different tokens are never compared', [tr('out', '1', 'ETH'), tr('in', '0.01', 'USDC')], ['out:1', 'in:0.01']],
  ])('%s', (_name, input, expected) => {
    expect(dropGasFeeTransfers(input).map((t) => `${t.direction}:${t.quantity.numeric}`)).toEqual(expected)
  })

  it('keeps at most 2 transfers, largest by value, outgoing first', () => {
    const list = [tr('in', '5', 'A', 50), tr('out', '1', 'B', 10), tr('in', '3', 'C', 30), tr('out', '2', 'D', 20)]
    expect(displayTransfers(list).map((t) => t.fungible_info?.symbol)).toEqual(['A', 'C'])
    const mixed = [tr('in', '5', 'A', 50), tr('out', '3', 'B', 30), tr('in', '1', 'C', 1)]
    expect(displayTransfers(mixed).map((t) => `${t.direction}:${t.fungible_info?.symbol}`)).toEqual(['out:B', 'in:A'])
  })

  const show = (t: Transfer) => `${t.direction}:${t.fungible_info?.symbol ?? t.nft_info?.name}:${t.quantity.numeric}:${t.value}`

  it.each<[string, Transfer[], string[]]>([
    ['two outgoing ETH become one', [tr('out', '1'), tr('out', '2')], ['out:ETH:3:3']],
    ['decimal sums are exact', [tr('out', '0.1', 'ETH', 1), tr('out', '0.2', 'ETH', 2)], ['out:ETH:0.3:3']],
    [
      'big quantities keep every digit',
      [tr('in', '123456789012345678901.5', 'ETH', 1), tr('in', '0.5', 'ETH', 1)],
      ['in:ETH:123456789012345678902:2'],
    ],
    ['in and out of one token stay apart', [tr('in', '1'), tr('out', '1')], ['in:ETH:1:1', 'out:ETH:1:1']],
    ['different tokens stay apart', [tr('out', '1', 'ETH'), tr('out', '1', 'USDC')], ['out:ETH:1:1', 'out:USDC:1:1']],
    [
      'the sum sits where the token first appears',
      [tr('out', '1', 'ETH'), tr('in', '5', 'USDC'), tr('out', '2', 'ETH')],
      ['out:ETH:3:3', 'in:USDC:5:5'],
    ],
    ['self transfers sum too', [tr('self', '1'), tr('self', '1')], ['self:ETH:2:2']],
    ['a missing value counts as 0', [tr('out', '1', 'ETH', 5), { ...tr('out', '1'), value: undefined }], ['out:ETH:2:5']],
    [
      'no value at all stays without value',
      [
        { ...tr('out', '1'), value: undefined },
        { ...tr('out', '2'), value: undefined },
      ],
      ['out:ETH:3:undefined'],
    ],
    [
      'NFTs are distinct items, never summed',
      [
        { direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Art' } },
        { direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Art' } },
      ],
      ['in:Art:1:undefined', 'in:Art:1:undefined'],
    ],
  ])('sum: %s', (_name, input, expected) => {
    expect(sumTransfers(input).map(show)).toEqual(expected)
  })

  it('transfers that name no token are not summed or dropped as one token', () => {
    const unnamed = (direction: 'in' | 'out', numeric: string): Transfer => ({
      direction,
      quantity: { numeric },
      value: 1,
      fungible_info: {},
    })
    // 3 and 4 of two different unnamed tokens: two rows, not one of 7.
    expect(sumTransfers([unnamed('out', '3'), unnamed('out', '4')]).map((t) => t.quantity.numeric)).toEqual(['3', '4'])
    // 100 in and 1 out of unnamed tokens: the out is not a gas fee of the in (different tokens).
    expect(dropGasFeeTransfers([unnamed('in', '100'), unnamed('out', '1')]).map((t) => t.quantity.numeric)).toEqual(['100', '1'])
    // An empty symbol falls back to the name.
    expect(
      sumTransfers([
        { ...unnamed('out', '1'), fungible_info: { symbol: '', name: 'Dai' } },
        { ...unnamed('out', '2'), fungible_info: { name: 'Dai' } },
      ]).map((t) => t.quantity.numeric),
    ).toEqual(['3'])
  })

  it('summing leaves its input untouched', () => {
    const input = [tr('out', '1'), tr('out', '2')]
    sumTransfers(input)
    expect(input.map(show)).toEqual(['out:ETH:1:1', 'out:ETH:2:2'])
  })

  // Same token and direction are summed before the gas-fee and top-2 rules; each row's outcome
  // differs from applying those rules to the transfers one by one.
  it.each<[string, Transfer[], string[]]>([
    ['two small outs add up to a gas fee (0.09 < 10% of 1)', [tr('in', '1'), tr('out', '0.05'), tr('out', '0.04')], ['in:ETH:1']],
    ['halves add up to a counterpart worth keeping', [tr('in', '1'), tr('out', '0.5'), tr('out', '0.5')], ['out:ETH:1', 'in:ETH:1']],
    [
      'twelve outs under 1% each add up to over 10%',
      [tr('in', '100'), ...Array.from({ length: 12 }, () => tr('out', '0.9'))],
      ['out:ETH:10.8', 'in:ETH:100'],
    ],
    [
      'a token split in two makes the top 2 by its total value',
      [tr('out', '30', 'A', 30), tr('out', '30', 'A', 30), tr('in', '50', 'B', 50), tr('in', '40', 'C', 40)],
      ['out:A:60', 'in:B:50'],
    ],
    [
      'small incoming parts outrank a bigger single transfer once summed',
      [tr('out', '100', 'USDC', 100), tr('in', '0.001', 'ETH', 2), tr('in', '0.001', 'ETH', 2), tr('in', '3', 'DAI', 3)],
      ['out:USDC:100', 'in:ETH:0.002'],
    ],
  ])('display: %s', (_name, input, expected) => {
    expect(displayTransfers(input).map((t) => `${t.direction}:${t.fungible_info?.symbol}:${t.quantity.numeric}`)).toEqual(expected)
  })

  it.each([
    ['receive', '+'],
    ['deposit', '+'],
    ['borrow', '+'],
    ['claim', '+'],
    ['withdraw', '-'],
    ['repay', '-'],
    ['burn', '-'],
    ['send', ''],
    ['trade', ''],
  ])('operation %s → sign %j', (op, sign) => expect(operationSign(op)).toBe(sign))
})
