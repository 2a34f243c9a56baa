import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../api/schemas'
import { formatBalance, shortenAddress } from '../format/format'
import { mainnet } from '../test-utils'
import {
  activityStatus,
  counterpartOf,
  describeTransaction,
  groupByMonth,
  iconOf,
  signedAmount,
  transactionExplorerUrl,
  transactionHash,
  type ActivityFormat,
} from './display'
import type { Transfer } from './transactions'

const tr = (direction: 'in' | 'out' | 'self', numeric: string, symbol = 'ETH', icon?: string): Transfer => ({
  direction,
  quantity: { numeric },
  fungible_info: { symbol, ...(icon ? { icon: { url: icon } } : {}) },
})
/** The host's formatting: core/format's formatBalance and shortenAddress. */
const FORMAT: ActivityFormat = { amount: (n) => formatBalance(n), address: (a) => shortenAddress(a) }
const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'

describe('activity row display (SPEC §3 Transaction, §5)', () => {
  it.each<[string, string, Transfer[], string]>([
    ['a send', 'send', [tr('out', '1.5')], 'Sent 1.500 ETH'],
    ['a receive', 'receive', [tr('in', '3', 'USDC')], 'Received 3.000 USDC'],
    ['amounts floored to 3 decimals and grouped', 'receive', [tr('in', '1234.56789', 'USDC')], 'Received 1,234.567 USDC'],
    ['a swap: out for in', 'trade', [tr('out', '1'), tr('in', '3000', 'USDC')], 'Swapped 1.000 ETH for 3,000.000 USDC'],
    ['two outgoing', 'send', [tr('out', '1'), tr('out', '2', 'USDC')], 'Sent 1.000 ETH and 2.000 USDC'],
    ['SPEC minus operations', 'withdraw', [tr('in', '5', 'USDC')], 'Withdrew 5.000 USDC'],
    ['an unknown operation is capitalised', 'bridge', [tr('out', '1')], 'Bridge 1.000 ETH'],
    ['execute reads its transfer’s direction', 'execute', [tr('in', '1')], 'Received 1.000 ETH'],
    ['no transfers (a reverted call)', 'execute', [], 'Contract interaction'],
    [
      'an NFT by its name',
      'receive',
      [{ direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Portico Art #1' } }],
      'Received Portico Art #1',
    ],
  ])('%s → %s', (_name, op, transfers, expected) => {
    expect(describeTransaction(op, transfers, '', FORMAT)).toBe(expected)
  })

  it.each<[string, string, '+' | '-', Transfer[], string]>([
    ['receive: plus', 'receive', '+', [tr('in', '3', 'USDC')], 'Received +3.000 USDC'],
    ['withdraw: minus', 'withdraw', '-', [tr('in', '5', 'USDC')], 'Withdrew -5.000 USDC'],
    ['claim of two tokens: each signed', 'claim', '+', [tr('in', '1', 'A'), tr('in', '2', 'B')], 'Claimed +1.000 A and +2.000 B'],
  ])('with the operation’s sign (SPEC §5): %s', (_name, op, sign, transfers, expected) => {
    expect(describeTransaction(op, transfers, sign, FORMAT)).toBe(expected)
  })

  it.each<[string, '+' | '-' | '', Transfer[], string]>([
    ['receive: plus', '+', [tr('in', '3', 'USDC')], '+3.000 USDC'],
    ['withdraw: minus', '-', [tr('in', '5', 'USDC')], '-5.000 USDC'],
    ['send: no sign (SPEC lists none)', '', [tr('out', '1.5')], '1.500 ETH'],
    ['a swap shows what came in', '', [tr('out', '1'), tr('in', '3000', 'USDC')], '3,000.000 USDC'],
    ['no transfers', '', [], ''],
  ])('%s', (_name, sign, transfers, expected) => {
    expect(signedAmount(sign, transfers, FORMAT)).toBe(expected)
  })

  it.each<[string, string]>([
    ['confirmed', 'confirmed'],
    ['success', 'confirmed'],
    ['pending', 'pending'],
    ['PENDING', 'pending'],
    ['failed', 'failed'],
    ['reverted', 'failed'],
    ['in_progress', 'pending'],
    ['IN PROGRESS', 'pending'],
    ['processing', 'pending'],
    ['unconfirmed', 'pending'],
  ])('status %s → %s', (input, expected) => {
    expect(activityStatus(input)).toBe(expected)
  })

  const tx = (operationType: string, transfers: Transfer[]): Transaction => ({
    id: `eip155:1:${HASH}`,
    metadata: { minedAt: '2026-11-01T00:00:00Z', chain: 'eip155:1', operationType, status: 'confirmed', sentFrom: ME, sentTo: OTHER },
    transfers,
  })

  it.each<[string, Transaction, { direction: 'to' | 'from'; address: string } | undefined]>([
    ['a send: to the recipient', tx('send', [tr('out', '1')]), { direction: 'to', address: OTHER }],
    [
      'a receive: from the sender',
      { ...tx('receive', [tr('in', '1')]), metadata: { ...tx('receive', []).metadata, sentFrom: OTHER, sentTo: ME } },
      { direction: 'from', address: OTHER },
    ],
    ['no transfers: to the called address', tx('execute', []), { direction: 'to', address: OTHER }],
  ])('counterpart of %s', (_name, t, expected) => {
    expect(counterpartOf(t, t.transfers)).toMatchObject(expected ?? {})
  })

  it.each<[string, Transaction, { direction: 'to' | 'from'; address: string; name?: string }]>([
    [
      'a swap: the router by the name the API gives it',
      {
        ...tx('trade', [tr('out', '1'), tr('in', '2962.6', 'USDC')]),
        metadata: { ...tx('trade', []).metadata, sentToName: 'Swap router' },
      },
      { direction: 'to', address: OTHER, name: 'Swap router' },
    ],
    [
      'a purchase: from the on-ramp treasury by name (the sender’s name, not the receiver’s)',
      {
        ...tx('receive', [tr('in', '50', 'USDC')]),
        metadata: { ...tx('receive', []).metadata, sentFrom: OTHER, sentFromName: 'On-ramp (sandbox)', sentTo: ME, sentToName: 'me.eth' },
      },
      { direction: 'from', address: OTHER, name: 'On-ramp (sandbox)' },
    ],
    ['no name: none', tx('send', [tr('out', '1')]), { direction: 'to', address: OTHER }],
  ])('named counterpart: %s', (_name, t, expected) => {
    expect(counterpartOf(t, t.transfers)).toEqual(expected)
  })

  it.each<[string, string, { blockExplorers?: { default: { name: string; url: string } } } | undefined, string | undefined]>([
    ['an explorer', `eip155:1:${HASH}`, mainnet, `http://127.0.0.1:4000/1/tx/${HASH}`],
    [
      'a trailing slash is not doubled',
      `eip155:1:${HASH}`,
      { blockExplorers: { default: { name: 'E', url: 'https://etherscan.io/' } } },
      `https://etherscan.io/tx/${HASH}`,
    ],
    ['no explorer', `eip155:1:${HASH}`, {}, undefined],
    ['no network', `eip155:1:${HASH}`, undefined, undefined],
  ])('explorer link: %s', (_name, id, network, expected) => {
    expect(transactionExplorerUrl(id, network)).toBe(expected)
  })

  it.each<[string, string]>([
    [`eip155:1:${HASH}`, HASH],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:5Vx…sig', '5Vx…sig'],
    [HASH, HASH],
  ])('hash of %s', (id, expected) => {
    expect(transactionHash(id)).toBe(expected)
  })

  it('icon: the first shown transfer’s token icon, else an NFT preview, else none', () => {
    expect(iconOf([tr('out', '1'), tr('in', '1', 'USDC', 'https://x/usdc.png')])).toBe('https://x/usdc.png')
    expect(
      iconOf([{ direction: 'in', quantity: { numeric: '1' }, nft_info: { content: { preview: { url: 'https://x/nft.png' } } } }]),
    ).toBe('https://x/nft.png')
    expect(iconOf([tr('out', '1')])).toBeUndefined()
  })
})

describe('month groups of the list', () => {
  const NOW = Date.parse('2026-11-23T12:00:00Z')
  it('keeps the server’s order, groups by month with labels, and gives each row its relative time', () => {
    const rows = [
      { id: 'a', minedAt: '2026-11-23T11:55:00Z' },
      { id: 'b', minedAt: '2026-11-02T08:00:00Z' },
      { id: 'c', minedAt: '2026-10-30T08:00:00Z' },
      { id: 'd', minedAt: '2025-11-30T08:00:00Z' },
      // out of order: joins its month's group
      { id: 'e', minedAt: '2026-11-01T00:00:00Z' },
    ]
    const groups = groupByMonth(rows, NOW, { timeZone: 'UTC' })
    expect(groups.map((g) => [g.key, g.label, g.rows.map((r) => `${r.id} ${r.time}`)])).toEqual([
      ['2026-11', 'This month', ['a 5 minutes ago', 'b Nov 2', 'e Nov 1']],
      ['2026-10', 'October 2026', ['c Oct 30']],
      ['2025-11', 'November 2025', ['d Nov 30, 2025']],
    ])
  })

  it('no rows, no groups', () => {
    expect(groupByMonth([], NOW)).toEqual([])
  })
})
