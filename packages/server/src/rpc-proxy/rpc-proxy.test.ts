import { describe, expect, it } from 'vitest'
import { AnswerCache } from './cache.ts'
import { blockBound, EVM_METHODS, methodsOf, SOLANA_METHODS } from './methods.ts'

describe('AnswerCache (bounded LRU)', () => {
  it('drops the least recently used entry past maxEntries; a hit counts as a use', () => {
    const cache = new AnswerCache(2, 1_000_000)
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.get('a')).toEqual({ value: 1 })
    cache.set('c', 3)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toEqual({ value: 1 })
    expect(cache.get('c')).toEqual({ value: 3 })
    expect(cache.size).toBe(2)
  })

  it('keeps the serialised bytes under maxBytes, and never keeps an entry over a tenth of it', () => {
    const cache = new AnswerCache(100, 1_000)
    cache.set('big', 'x'.repeat(150))
    expect(cache.get('big')).toBeUndefined()
    for (let i = 0; i < 20; i++) cache.set(`k${i}`, 'y'.repeat(90))
    // each entry is 2–3 + 92 bytes: ten fit in 1 000
    expect(cache.size).toBe(10)
    expect(cache.get('k9')).toBeUndefined()
    expect(cache.get('k19')).toEqual({ value: 'y'.repeat(90) })
  })

  it('with 0 entries caches nothing', () => {
    const cache = new AnswerCache(0, 1_000)
    cache.set('a', 1)
    expect(cache.get('a')).toBeUndefined()
  })
})

describe('allowlists', () => {
  it.each([
    ['eip155:1', 'eth_call', true],
    ['eip155:1', 'eth_sendRawTransaction', true],
    ['eip155:1', 'eth_sendTransaction', false],
    ['eip155:1', 'personal_sign', false],
    ['eip155:1', 'getBalance', false],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'getBalance', true],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'getProgramAccounts', false],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eth_call', false],
  ] as const)('%s %s → %s', (chain, method, allowed) => {
    expect(methodsOf(chain)?.has(method) ?? false).toBe(allowed)
  })

  it('no signing, admin or node-state method is in either list', () => {
    for (const method of [...EVM_METHODS, ...SOLANA_METHODS])
      expect(method).not.toMatch(/sign(?!ature)|accounts$|^(admin|debug|anvil|hardhat|evm|txpool|personal)_|Filter|requestAirdrop/)
    expect(methodsOf('cosmos:cosmoshub-4')).toBeUndefined()
  })

  it.each([
    [undefined, 100n, 100n],
    ['latest', undefined, 'head'],
    ['earliest', 100n, 0n],
    ['0x10', 100n, 16n],
    ['0x', 100n, undefined],
    [16, 100n, undefined],
  ] as const)('getLogs bound %j with head %s → %s', (value, head, expected) => {
    expect(blockBound(value, head)).toBe(expected)
  })
})
