import { describe, expect, it } from 'vitest'
import { erc20TransferData, formatUnits } from './chain'
import { CHAIN_COMMON_SYMBOLS, commonSymbolsFor, LOCAL_SWAP_CHAIN_IDS, SWAP_CHAIN_IDS } from './swap-chains'

describe('formatUnits', () => {
  it.each<[bigint, number, string]>([
    [1_500_000_000_000_000_000n, 18, '1.5'],
    [1_000_000n, 6, '1'],
    [1n, 6, '0.000001'],
    [0n, 18, '0'],
    [1250n, 2, '12.5'],
    [85n, 2, '0.85'],
    [-25n, 1, '-2.5'],
    [42n, 0, '42'],
  ])('formatUnits(%s, %i) = %s', (value, decimals, text) => {
    expect(formatUnits(value, decimals)).toBe(text)
  })
})

describe('erc20TransferData', () => {
  it('is transfer(address,uint256): the selector, the address and the amount as 32-byte words', () => {
    expect(erc20TransferData('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 1_000_000n)).toBe(
      `0xa9059cbb${'0'.repeat(24)}70997970c51812dc3a010c7d01b50e0d17dc79c8${'0'.repeat(59)}f4240`,
    )
  })

  it('refuses what transfer(address,uint256) can not carry (RangeError)', () => {
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(() => erc20TransferData(to.slice(2), 1n)).toThrow(`Not an EVM address: ${to.slice(2)}`)
    expect(() => erc20TransferData(`${to}00`, 1n)).toThrow(RangeError)
    expect(() => erc20TransferData(to, -1n)).toThrow('amount out of range: -1')
    expect(() => erc20TransferData(to, 2n ** 256n)).toThrow(RangeError)
    expect(erc20TransferData(to, 2n ** 256n - 1n).endsWith('f'.repeat(64))).toBe(true)
  })
})

describe('swap chains', () => {
  it('SPEC §9: 12 EVM chains, and the devnet local chains apart', () => {
    expect(SWAP_CHAIN_IDS).toEqual([1, 10, 56, 100, 137, 324, 8453, 42161, 43114, 42220, 59144, 1313161554])
    expect(LOCAL_SWAP_CHAIN_IDS).toEqual([31337, 31338])
  })

  it('each swap chain has its own common tokens first; other chains the general order (issue 25 §4)', () => {
    const general = ['ETH', 'USDC', 'USDT', 'DAI']
    expect(commonSymbolsFor(42161, general).slice(0, 5)).toEqual(['ETH', 'USDC', 'USDC.E', 'USDT', 'ARB'])
    expect(commonSymbolsFor(56, general).slice(0, 3)).toEqual(['BNB', 'USDT', 'BUSD'])
    expect(commonSymbolsFor(137, general)[0]).toBe('POL')
    expect(commonSymbolsFor(31337, general)).toEqual(general)
    expect(commonSymbolsFor(undefined, general)).toEqual(general)
    // no symbol twice
    expect(new Set(commonSymbolsFor(1, general)).size).toBe(commonSymbolsFor(1, general).length)
    // one list per SPEC swap chain, and they differ
    expect(
      Object.keys(CHAIN_COMMON_SYMBOLS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...SWAP_CHAIN_IDS].sort((a, b) => a - b))
    expect(new Set(Object.values(CHAIN_COMMON_SYMBOLS).map((l) => l.join())).size).toBe(SWAP_CHAIN_IDS.length)
  })
})
