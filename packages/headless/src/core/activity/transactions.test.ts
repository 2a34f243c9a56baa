import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../api/schemas'
import { displayTransfers, dropGasFeeTransfers, operationSign, visibleTransactions, type Transfer } from './transactions'

const tr = (direction: 'in' | 'out', numeric: string, symbol = 'ETH', value = Number(numeric)): Transfer => ({
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
    const list = [tx('a', 'eip155:1', [tr('out', '1')]), tx('b', 'eip155:8453', [tr('out', '1')]), tx('c', 'eip155:1', [spam]), tx('d', 'eip155:1', [nft])]
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
