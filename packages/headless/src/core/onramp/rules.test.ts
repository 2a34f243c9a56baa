/** The on-ramp's rules (SPEC §5 providers, §9 limits, defaults and 8-decimal rounding), table-driven. */
import type { OnrampPurchaseCurrency } from '@portico/protocol/onramp'
import { describe, expect, it } from 'vitest'
import { WALLET_FEATURE_NAMESPACES } from '../account/walletFeatures'
import { mainnet, solana } from '../test-utils'
import type { CaipNetwork } from '../types'
import {
  amountError,
  bestQuote,
  defaultPaymentCurrency,
  defaultPurchaseCurrency,
  FALLBACK_LIMITS,
  isBuyableAmount,
  networkFor,
  ONRAMP_NAMESPACES,
  paymentLimits,
  presetAmounts,
  providerList,
  purchaseCurrenciesFor,
  roundAmount,
  windowFeatures,
  withFallbackLimits,
} from './rules'

const net = (name: string, chainId: string) => ({
  name,
  display_name: name[0]!.toUpperCase() + name.slice(1),
  chain_id: chainId,
  contract_address: '',
})
const USDC: OnrampPurchaseCurrency = {
  id: 'USDC',
  name: 'USD Coin',
  symbol: 'USDC',
  networks: [net('ethereum', '1'), net('polygon', '137'), net('solana', 'solana')],
}
const ETH: OnrampPurchaseCurrency = { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [net('ethereum', '1'), net('base', '8453')] }
const SOL: OnrampPurchaseCurrency = {
  id: 'SOL',
  name: 'Solana',
  symbol: 'SOL',
  networks: [net('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')],
}
const POL: OnrampPurchaseCurrency = { id: 'POL', name: 'Polygon', symbol: 'POL', networks: [net('polygon', '137')] }
const polygon: CaipNetwork = { ...mainnet, id: 137, caipNetworkId: 'eip155:137', name: 'Polygon' }
const base: CaipNetwork = { ...mainnet, id: 8453, caipNetworkId: 'eip155:8453', name: 'Base' }
const local: CaipNetwork = { ...mainnet, id: 31337, caipNetworkId: 'eip155:31337', name: 'Local' }
const localSolana: CaipNetwork = { ...solana, id: 'LocaLGenesis111', caipNetworkId: 'solana:LocaLGenesis111' }

it('SPEC §9: on-ramp on EVM and Solana, the same namespaces as the Account view’s Buy feature', () => {
  expect(ONRAMP_NAMESPACES).toEqual(['eip155', 'solana'])
  expect(ONRAMP_NAMESPACES).toEqual(WALLET_FEATURE_NAMESPACES.onramp)
})

describe('SPEC §5: the provider list must be an array of strings, else empty', () => {
  it.each([
    [
      ['coinbase', 'meld'],
      ['coinbase', 'meld'],
    ],
    [[], []],
    [['coinbase', 3], []],
    [[null], []],
    ['coinbase', []],
    [{ 0: 'coinbase' }, []],
    [undefined, []],
    [null, []],
  ])('%j → %j', (value, expected) => {
    expect(providerList(value)).toEqual(expected)
  })
})

describe('SPEC §9: payment currencies with limits, the fallback limits when the provider gives none', () => {
  const card = (min: string, max: string) => ({ id: 'card', min, max })
  it.each([
    [
      'no currency: USD with card 10.00–7500.00 and bank 10.00–25000.00',
      [],
      [{ id: 'USD', payment_method_limits: [card('10.00', '7500.00'), { id: 'ach_bank_account', min: '10.00', max: '25000.00' }] }],
    ],
    [
      'USD without limits: the fallbacks',
      [{ id: 'USD', payment_method_limits: [] }],
      [{ id: 'USD', payment_method_limits: [...FALLBACK_LIMITS] }],
    ],
    [
      'EUR without limits: the fallbacks',
      [{ id: 'EUR', payment_method_limits: [] }],
      [{ id: 'EUR', payment_method_limits: [...FALLBACK_LIMITS] }],
    ],
    [
      'GBP without limits: none (any amount above 0)',
      [{ id: 'GBP', payment_method_limits: [] }],
      [{ id: 'GBP', payment_method_limits: [] }],
    ],
    [
      'the provider’s own limits are kept',
      [{ id: 'USD', payment_method_limits: [card('20', '500')] }],
      [{ id: 'USD', payment_method_limits: [card('20', '500')] }],
    ],
  ])('%s', (_name, given, expected) => {
    expect(withFallbackLimits(given)).toEqual(expected)
  })

  it('the fallback limits are copies (a change to one currency leaves the next alone)', () => {
    const [a] = withFallbackLimits([])
    a!.payment_method_limits[0]!.min = '1'
    expect(withFallbackLimits([])[0]!.payment_method_limits[0]!.min).toBe('10.00')
    expect(FALLBACK_LIMITS[0]!.min).toBe('10.00')
  })

  it.each([
    [['EUR', 'USD'], 'USD'],
    [['eur', 'usd'], 'usd'],
    [['EUR', 'GBP'], 'EUR'],
    [[], undefined],
  ])('default payment currency of %j: %s', (ids, expected) => {
    expect(defaultPaymentCurrency(ids.map((id) => ({ id })))?.id).toBe(expected)
  })

  const usd = { id: 'USD', payment_method_limits: [card('10.00', '7500.00'), { id: 'ach_bank_account', min: '10.00', max: '25000.00' }] }
  it.each([
    [undefined, { id: 'card', min: '10.00', max: '7500.00' }],
    ['card', { id: 'card', min: '10.00', max: '7500.00' }],
    ['ach_bank_account', { id: 'ach_bank_account', min: '10.00', max: '25000.00' }],
    ['sepa', { id: 'card', min: '10.00', max: '7500.00' }],
  ])('limits of the method %s', (method, expected) => {
    expect(paymentLimits(usd, method)).toEqual(expected)
  })
  it('no currency, or one without limits: no limits', () => {
    expect(paymentLimits(undefined)).toBeUndefined()
    expect(paymentLimits({ id: 'GBP', payment_method_limits: [] })).toBeUndefined()
  })
})

describe('amounts against the limits (inclusive)', () => {
  const card = { id: 'card', min: '10.00', max: '7500.00' }
  const bank = { id: 'ach_bank_account', min: '10.00', max: '25000.00' }
  it.each([
    ['9.99', card, { kind: 'min', limit: '10.00', currency: 'USD' }],
    ['10', card, undefined],
    ['10.00', card, undefined],
    ['7500', card, undefined],
    ['7500.01', card, { kind: 'max', limit: '7500.00', currency: 'USD' }],
    ['25000', card, { kind: 'max', limit: '7500.00', currency: 'USD' }],
    ['25000', bank, undefined],
    ['25000.5', bank, { kind: 'max', limit: '25000.00', currency: 'USD' }],
    ['5', undefined, undefined],
    ['', card, undefined],
    ['0', card, undefined],
    ['0.', card, undefined],
  ])('%s USD with %j: %j', (amount, limits, expected) => {
    expect(amountError(amount, limits, 'USD')).toEqual(expected)
  })

  it.each([
    ['100', card, true],
    ['9.99', card, false],
    ['0', card, false],
    ['', undefined, false],
    ['0.01', undefined, true],
    ['abc', undefined, false],
  ])('%s is buyable with %j: %s', (amount, limits, expected) => {
    expect(isBuyableAmount(amount, limits)).toBe(expected)
  })

  it.each([
    [card, ['50', '100', '250', '500']],
    [{ id: 'card', min: '75', max: '300' }, ['100', '250']],
    [{ id: 'card', min: '1000', max: '2000' }, []],
    [undefined, ['50', '100', '250', '500']],
  ])('preset amounts within %j: %j', (limits, expected) => {
    expect(presetAmounts(limits)).toEqual(expected)
  })
})

describe('SPEC §9: amounts rounded to 8 decimals (half up, on the digits)', () => {
  it.each([
    ['0.123456789', '0.12345679'],
    ['0.123456784', '0.12345678'],
    ['99.50000000', '99.5'],
    ['98.999999995', '99'],
    ['0.000000005', '0.00000001'],
    ['0.000000004', '0'],
    ['123456789012345.123456789', '123456789012345.12345679'],
    ['1', '1'],
    ['.5', '0.5'],
    [49.5, '49.5'],
    [0.1 + 0.2, '0.3'],
    ['1e5', ''],
    ['-1', ''],
    ['', ''],
    [Number.NaN, ''],
  ])('%j → %j', (value, expected) => {
    expect(roundAmount(value)).toBe(expected)
  })
  it('other precisions', () => {
    expect(roundAmount('10.005', 2)).toBe('10.01')
    expect(roundAmount('10.004', 2)).toBe('10')
  })
})

describe('SPEC §9 default purchase currency: USDC on Ethereum and Polygon, SOL on Solana', () => {
  const all = [ETH, USDC, SOL, POL]
  it.each([
    ['Ethereum', mainnet, 'USDC'],
    ['Polygon', polygon, 'USDC'],
    ['Solana', solana, 'SOL'],
    ['Base (no USDC there): the first it has', base, 'ETH'],
    ['a network no currency has', local, undefined],
    ['no network', undefined, undefined],
  ])('%s → %s', (_name, network, expected) => {
    expect(defaultPurchaseCurrency(all, network)?.id).toBe(expected)
  })

  it('Solana: USDC listed first still gives SOL', () => {
    expect(defaultPurchaseCurrency([USDC, SOL], solana)?.id).toBe('SOL')
  })

  it.each([
    ['Ethereum', mainnet, ['ETH', 'USDC']],
    ['Polygon', polygon, ['USDC', 'POL']],
    ['Solana (by genesis id, or the network named solana)', solana, ['USDC', 'SOL']],
    ['a local Solana chain: the networks named solana', localSolana, ['USDC', 'SOL']],
    ['a local EVM chain nobody lists', local, []],
  ])('the purchase currencies on %s', (_name, network, expected) => {
    expect(purchaseCurrenciesFor(all, network).map((c) => c.id)).toEqual(expected)
  })

  it.each([
    [USDC, mainnet, 'ethereum'],
    [USDC, polygon, 'polygon'],
    [USDC, solana, 'solana'],
    [SOL, solana, 'solana'],
    [ETH, polygon, undefined],
    [{ ...USDC, networks: [net('anvil', 'eip155:31337')] }, local, 'anvil'],
  ])('%s on %s: the network named %s', (currency, network, expected) => {
    expect(networkFor(currency, network)?.name).toBe(expected)
  })
})

describe('quotes and the window', () => {
  it.each([
    [
      [
        { provider: 'a', purchaseAmount: '99' },
        { provider: 'b', purchaseAmount: '99.5' },
      ],
      'b',
    ],
    [
      [
        { provider: 'a', purchaseAmount: '100' },
        { provider: 'b', purchaseAmount: '99.99999999' },
      ],
      'a',
    ],
    [
      [
        { provider: 'a', error: 'Something went wrong' },
        { provider: 'b', purchaseAmount: '1' },
      ],
      'b',
    ],
    [[{ provider: 'a', error: 'x' }], undefined],
    [[], undefined],
  ])('the best of %j: %s', (quotes, expected) => {
    expect(bestQuote(quotes)?.provider).toBe(expected)
  })

  it.each([
    [undefined, 'popup=yes,width=500,height=720,left=0,top=0'],
    [{ x: 100, y: 50, width: 1300, height: 920 }, 'popup=yes,width=500,height=720,left=500,top=150'],
    [{ x: 0, y: 0, width: 300, height: 300 }, 'popup=yes,width=500,height=720,left=0,top=0'],
  ])('window features in %j: %s', (screen, expected) => {
    expect(windowFeatures(screen)).toBe(expected)
  })
})
