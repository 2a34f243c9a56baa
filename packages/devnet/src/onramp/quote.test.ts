// The sandbox's money maths (SPEC §9: fee 1–2 %, amounts rounded to 8 decimals, card limits).
import { describe, expect, it } from 'vitest'
import { computeQuote, fiatForPurchase, formatFiat, formatUnitsTrimmed, limitError, parseUnitsExact, providerFeeCents } from './quote.ts'

describe('parseUnitsExact / formatUnitsTrimmed', () => {
  it.each([
    ['12.5', 2, 1250n],
    ['12.50', 2, 1250n],
    ['12.500', 2, 1250n],
    ['12.505', 2, undefined],
    ['0', 2, 0n],
    ['100', 6, 100_000_000n],
    ['0.000000001', 9, 1n],
    ['-1', 2, undefined],
    ['1e3', 2, undefined],
    ['.5', 2, undefined],
    ['', 2, undefined],
    ['1,5', 2, undefined],
    [' 1', 2, undefined],
  ])('parseUnitsExact(%j, %i) = %s', (text, decimals, expected) => {
    expect(parseUnitsExact(text, decimals)).toBe(expected)
  })

  it.each([
    [99_000_000n, 6, '99'],
    [98_250_000n, 6, '98.25'],
    [16_373_330_000_000_000n, 18, '0.01637333'],
    [1n, 9, '0.000000001'],
    [0n, 6, '0'],
  ])('formatUnitsTrimmed(%s, %i) = %s', (value, decimals, expected) => {
    expect(formatUnitsTrimmed(value, decimals)).toBe(expected)
  })

  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [1250n, '12.50'],
    [500000n, '5000.00'],
  ])('formatFiat(%s) = %s', (cents, expected) => {
    expect(formatFiat(cents)).toBe(expected)
  })
})

describe('providerFeeCents: basis points of the payment, rounded up to the cent', () => {
  it.each([
    [10_000n, 100, 100n],
    [10_000n, 175, 175n],
    [10_000n, 200, 200n],
    [3_333n, 175, 59n], // 58.3275 cents → 59
    [5_000n, 175, 88n], // 87.5 → 88
    [2_000n, 100, 20n],
    [1n, 100, 1n],
    [0n, 100, 0n],
  ])('%s cents at %i bps → %s cents', (total, bps, fee) => {
    expect(providerFeeCents(total, bps)).toBe(fee)
  })

  it('refuses a fee outside 0…10000 bps', () => {
    expect(() => providerFeeCents(100n, -1)).toThrow(RangeError)
    expect(() => providerFeeCents(100n, 10_001)).toThrow(RangeError)
    expect(() => providerFeeCents(100n, 1.5)).toThrow(RangeError)
  })
})

describe('computeQuote: the fee off the payment, the rest at the token price, rounded down to 8 decimals', () => {
  const USDC = { usdPrice: '1', decimals: 6 }
  const ETH = { usdPrice: '3000', decimals: 18 }
  const SOL = { usdPrice: '150', decimals: 9 }
  it.each([
    ['100 USD of USDC at 1 %', 10_000n, '1', USDC, 100, 100n, 9_900n, 99_000_000n],
    ['100 USD of USDC at 1.75 %', 10_000n, '1', USDC, 175, 175n, 9_825n, 98_250_000n],
    ['33.33 USD of USDC at 1.75 %', 3_333n, '1', USDC, 175, 59n, 3_274n, 32_740_000n],
    ['100 EUR of USDC at 1 % (1 EUR = 1.08 USD)', 10_000n, '1.08', USDC, 100, 100n, 9_900n, 106_920_000n],
    ['100 USD of ETH at 1 %', 10_000n, '1', ETH, 100, 100n, 9_900n, 33_000_000_000_000_000n],
    ['50 USD of ETH at 1.75 %: 0.016373333… → 0.01637333', 5_000n, '1', ETH, 175, 88n, 4_912n, 16_373_330_000_000_000n],
    ['20 USD of SOL at 1 %', 2_000n, '1', SOL, 100, 20n, 1_980n, 132_000_000n],
    ['10 USD of SOL at 1.75 %: 0.065466666… → 0.06546666', 1_000n, '1', SOL, 175, 18n, 982n, 65_466_660n],
  ])('%s', (_name, totalCents, usdPerFiat, asset, feeBps, feeCents, subtotalCents, purchaseUnits) => {
    expect(computeQuote({ totalCents, usdPerFiat, ...asset, feeBps })).toEqual({
      totalCents,
      feeCents,
      networkFeeCents: 0n,
      subtotalCents,
      purchaseUnits,
    })
  })

  it('takes a flat network fee off too', () => {
    expect(
      computeQuote({ totalCents: 10_000n, usdPerFiat: '1', usdPrice: '1', decimals: 6, feeBps: 100, networkFeeCents: 50n }),
    ).toMatchObject({ subtotalCents: 9_850n, purchaseUnits: 98_500_000n })
  })

  it('refuses a payment the fees eat, and rates that are not positive', () => {
    expect(() => computeQuote({ totalCents: 1n, usdPerFiat: '1', usdPrice: '1', decimals: 6, feeBps: 175 })).toThrow(
      'The fees are more than the payment',
    )
    expect(() => computeQuote({ totalCents: 100n, usdPerFiat: '0', usdPrice: '1', decimals: 6, feeBps: 100 })).toThrow(RangeError)
    expect(() => computeQuote({ totalCents: 100n, usdPerFiat: '1', usdPrice: 'x', decimals: 6, feeBps: 100 })).toThrow(RangeError)
  })
})

describe('fiatForPurchase: the payment that buys a preset crypto amount', () => {
  it.each([
    ['99 USDC at 1 %', 99_000_000n, '1', 6, 100, 10_000n],
    ['1 ETH at 1 %', 10n ** 18n, '3000', 18, 100, 303_031n],
    ['1 SOL at 1.75 %', 10n ** 9n, '150', 9, 175, 15_268n],
  ])('%s → %s cents, and that payment buys at least it', (_name, purchaseUnits, usdPrice, decimals, feeBps, cents) => {
    const total = fiatForPurchase({ purchaseUnits, usdPerFiat: '1', usdPrice, decimals, feeBps })
    expect(total).toBe(cents)
    expect(computeQuote({ totalCents: total, usdPerFiat: '1', usdPrice, decimals, feeBps }).purchaseUnits).toBeGreaterThanOrEqual(
      purchaseUnits,
    )
    expect(computeQuote({ totalCents: total - 1n, usdPerFiat: '1', usdPrice, decimals, feeBps }).purchaseUnits).toBeLessThan(purchaseUnits)
  })
})

describe("limitError: a payment method's min and max, inclusive", () => {
  const card = { id: 'card', min: '20.00', max: '5000.00' }
  it.each([
    [1_999n, 'The amount must be between 20.00 and 5000.00 USD for card payments'],
    [2_000n, undefined],
    [500_000n, undefined],
    [500_001n, 'The amount must be between 20.00 and 5000.00 USD for card payments'],
  ])('%s cents → %s', (cents, expected) => {
    expect(limitError(cents, card, 'USD')).toBe(expected)
  })
})
