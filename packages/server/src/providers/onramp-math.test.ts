// The on-ramp routes' decimal rules: fiat amounts (2 decimals), presets (SPEC §9: 8 decimals), the
// widest limits over providers, and the limit check.
import { describe, expect, it } from 'vitest'
import {
  chainIdOf,
  compareDecimal,
  limitRefusal,
  mergePaymentCurrencies,
  parseFiatAmount,
  presetAmount,
  roundDecimals,
} from './onramp-math.ts'

describe('parseFiatAmount', () => {
  it.each([
    ['100', '100.00'],
    ['100.5', '100.50'],
    ['0.01', '0.01'],
    ['7500.00', '7500.00'],
    ['100.10', '100.10'],
    ['0', undefined],
    ['0.00', undefined],
    ['100.001', undefined],
    ['-1', undefined],
    ['1e3', undefined],
    ['1,5', undefined],
    [' 1', undefined],
    ['', undefined],
    ['1234567890123', undefined],
  ])('%j → %s', (text, expected) => {
    expect(parseFiatAmount(text)).toBe(expected)
  })
})

describe('presetAmount: rounded to 2 (fiat) or 8 (crypto) decimals', () => {
  it.each([
    [100, 2, true, '100.00'],
    [99.999, 2, true, '100.00'],
    [0.004, 2, true, undefined],
    [0.123456789, 8, false, '0.12345679'],
    [1, 8, false, '1'],
    [1.5, 8, false, '1.5'],
    [1e-9, 8, false, undefined],
    [0, 2, true, undefined],
    [-5, 2, true, undefined],
    [Number.NaN, 2, true, undefined],
    [Number.POSITIVE_INFINITY, 8, false, undefined],
    [1e15, 2, true, undefined],
  ])('%s at %i decimals → %s', (value, decimals, fixed, expected) => {
    expect(presetAmount(value, decimals, fixed)).toBe(expected)
  })
})

describe('compareDecimal / limitRefusal', () => {
  it.each([
    ['10.00', '10', 0],
    ['9.99', '10.00', -1],
    ['7500.01', '7500', 1],
    ['0.000000001', '0', 1],
    ['x', '1', undefined],
  ])('compare(%s, %s) = %s', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected)
  })

  const card = { id: 'card', min: '10.00', max: '7500.00' }
  it.each([
    ['9.99', 'amount must be between 10.00 and 7500.00 USD for card payments with SandPay'],
    ['10.00', undefined],
    ['7500.00', undefined],
    ['7500.01', 'amount must be between 10.00 and 7500.00 USD for card payments with SandPay'],
  ])('%s USD by card → %s', (amount, expected) => {
    expect(limitRefusal(amount, card, 'USD', 'SandPay')).toBe(expected)
  })
})

describe('mergePaymentCurrencies: each currency and method once, the widest limits', () => {
  it('takes the lowest min and the highest max over the providers, in first-seen order', () => {
    const a = {
      paymentCurrencies: [
        {
          id: 'USD',
          methods: [
            { id: 'card', min: '20.00', max: '5000.00' },
            { id: 'ach_bank_account', min: '50.00', max: '20000.00' },
          ],
        },
      ],
    }
    const b = {
      paymentCurrencies: [
        { id: 'USD', methods: [{ id: 'card', min: '10.00', max: '2500.00' }] },
        { id: 'EUR', methods: [{ id: 'card', min: '10.00', max: '2300.00' }] },
      ],
    }
    expect(mergePaymentCurrencies([a, b])).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '5000.00' },
          { id: 'ach_bank_account', min: '50.00', max: '20000.00' },
        ],
      },
      { id: 'EUR', payment_method_limits: [{ id: 'card', min: '10.00', max: '2300.00' }] },
    ])
    expect(mergePaymentCurrencies([])).toEqual([])
    // The inputs are not changed.
    expect(a.paymentCurrencies[0]?.methods[0]).toEqual({ id: 'card', min: '20.00', max: '5000.00' })
  })
})

describe('roundDecimals: SPEC §9, amounts rounded (down) to 8 decimals', () => {
  it.each([
    ['0.123456789', '0.12345678'],
    ['99', '99'],
    ['98.250000', '98.25'],
    ['1.000000009', '1'],
    ['007.5', '7.5'],
    ['0.00000000', '0'],
    ['abc', 'abc'],
  ])('%s → %s', (text, expected) => {
    expect(roundDecimals(text)).toBe(expected)
  })
})

describe('chainIdOf', () => {
  it.each([
    ['eip155:1', '1'],
    ['eip155:31337', '31337'],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    ['bare', 'bare'],
  ])('%s → %s', (caip, expected) => {
    expect(chainIdOf(caip)).toBe(expected)
  })
})
