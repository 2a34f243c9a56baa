/** The swap's rules (SPEC §5 swap, §9 swap constants) against hand-computed values. */
import { describe, expect, it } from 'vitest'
import {
  destinationAmount,
  fromBaseUnits,
  gasCost,
  insufficientGasText,
  isInsufficientGas,
  isSwapNetwork,
  liquidityError,
  maxSlippage,
  minimumOutputUnits,
  minimumReceived,
  multiplyDecimals,
  nativeTokenId,
  popularTokens,
  afterProviderFee,
  priceImpact,
  providerFee,
  searchSwapTokens,
  suggestedTokens,
  SWAP_CHAIN_IDS,
  swapButtonState,
  swapInputError,
  swapInputErrorCode,
  swapInputErrorState,
  toBaseUnits,
  toFixedDecimals,
  trimDecimals,
} from './rules'

describe('amounts to base units, exactly (no floats, no exponent notation)', () => {
  it.each([
    ['1', 18, 1_000_000_000_000_000_000n],
    ['1.5', 18, 1_500_000_000_000_000_000n],
    // A 15-digit integer amount of an 18-decimal token: 33 digits, beyond a float's 15-17.
    ['123456789012345', 18, 123456789012345000000000000000000n],
    ['999999999999999.999999999999999999', 18, 999999999999999999999999999999999n],
    ['0.000001', 6, 1n],
    ['0.0000019', 6, 1n], // digits past the decimals are dropped
    ['.5', 6, 500_000n],
    ['5.', 6, 5_000_000n],
    ['2', 0, 2n],
  ])('%s with %i decimals → %s', (amount, decimals, units) => {
    expect(toBaseUnits(amount, decimals)).toBe(units)
  })

  it.each(['', '.', '1e21', '1E3', '-1', '+1', '1.2.3', 'abc', '0x10', ' 1 2'])('%j is not an amount', (amount) => {
    expect(toBaseUnits(amount, 18)).toBeUndefined()
  })

  it.each([
    [123456789012345000000000000000000n, 18, '123456789012345'],
    [1_500_000_000_000_000_000n, 18, '1.5'],
    [1n, 18, '0.000000000000000001'],
    [0n, 6, '0'],
    [2_500_000_000n, 6, '2500'],
  ])('%s smallest units with %i decimals → %s', (units, decimals, text) => {
    expect(fromBaseUnits(units, decimals)).toBe(text)
  })
})

describe('the destination amount, shown to 6 decimals (SPEC §9)', () => {
  it.each([
    // quotes[0].toAmount (smallest units), the target's decimals → shown
    ['2500000000', 6, '2500.000000'],
    ['396039603960396039', 18, '0.396040'], // 0.396039603960396039 rounds half up
    ['123456789', 18, '0.000000'],
    ['1999999500000000000', 18, '2.000000'], // 1.9999995 → 2.000000
    ['1234567', 6, '1.234567'],
  ])('%s with %i decimals → %s', (units, decimals, shown) => {
    expect(destinationAmount(units, decimals)).toBe(shown)
  })

  it.each([
    ['1.2345675', 6, '1.234568'],
    ['1.2345674', 6, '1.234567'],
    ['2', 6, '2.000000'],
    ['0.5', 0, '1'],
  ])('toFixedDecimals(%s, %i) → %s', (text, places, out) => {
    expect(toFixedDecimals(text, places)).toBe(out)
  })

  it('trailing zeros go for messages', () => {
    expect(trimDecimals('2500.000000')).toBe('2500')
    expect(trimDecimals('0.120000')).toBe('0.12')
    expect(trimDecimals('10')).toBe('10')
  })
})

describe('derived values: provider fee, max slippage, price impact, gas (SPEC §9)', () => {
  it.each([
    // 0.85% of the source amount, exact
    ['1', '0.0085'],
    ['100', '0.85'],
    ['2.5', '0.02125'],
    ['123456789012345', '1049382706604.9325'],
    ['0', '0'],
  ])('provider fee of %s → %s', (amount, fee) => {
    expect(providerFee(amount)).toBe(fee)
  })

  it.each([
    // slippage tolerance 1%: max slippage is 1% of the destination, the minimum is the rest
    ['2500.000000', 1, '25', '2475'],
    ['0.396040', 1, '0.0039604', '0.3920796'],
    ['100', 0.5, '0.5', '99.5'],
  ])('destination %s at %s%% → max slippage %s, minimum %s', (toAmount, slippage, max, min) => {
    expect(maxSlippage(toAmount, slippage)).toBe(max)
    expect(minimumReceived(toAmount, slippage)).toBe(min)
  })

  it('the minimum output in smallest units floors (units × 99 / 100)', () => {
    expect(minimumOutputUnits(2_500_000_000n)).toBe(2_475_000_000n)
    expect(minimumOutputUnits(101n)).toBe(99n) // 99.99 → 99
    expect(minimumOutputUnits(1000n, 0.5)).toBe(995n)
  })

  it('exact decimal products', () => {
    expect(multiplyDecimals('0.1', '0.2')).toBe('0.02')
    expect(multiplyDecimals('1e3', '2')).toBeUndefined()
  })

  it.each([
    // 1 ETH at 3000 USD for 2970 USDC at 1 USD: (3000 − 2970) / 3000 = 1%
    [{ sourceAmount: '1', sourcePrice: 3000, toAmount: '2970', toPrice: 1 }, 1],
    // 100 USDC at 1 for 0.0330 ETH at 3000 (99 USD): 1%
    [{ sourceAmount: '100', sourcePrice: 1, toAmount: '0.033', toPrice: 3000 }, 1],
    // a better rate than the prices: negative impact
    [{ sourceAmount: '10', sourcePrice: 1, toAmount: '11', toPrice: 1 }, -10],
  ])('price impact %o → %s%%', (p, impact) => {
    expect(priceImpact(p)).toBeCloseTo(impact, 10)
  })

  it('no price impact without prices or an amount', () => {
    expect(priceImpact({ sourceAmount: '1', sourcePrice: 0, toAmount: '1', toPrice: 1 })).toBeUndefined()
    expect(priceImpact({ sourceAmount: '0', sourcePrice: 1, toAmount: '1', toPrice: 1 })).toBeUndefined()
    expect(priceImpact({ sourceAmount: '1', sourcePrice: 1, toAmount: '1', toPrice: 0 })).toBeUndefined()
  })

  it.each([
    // EVM: default gas 150000 × 20 gwei = 0.003 ETH; at 3000 USD → 9 USD
    [{ namespace: 'eip155' as const, gasPrice: 20_000_000_000n, networkPrice: 3000 }, 3_000_000_000_000_000n, '0.003', 9],
    // the built transaction's gas: 210000 × 1 gwei = 0.00021 ETH; at 2000 USD → 0.42 USD
    [{ namespace: 'eip155' as const, gas: 210_000n, gasPrice: 1_000_000_000n, networkPrice: 2000 }, 210_000_000_000_000n, '0.00021', 0.42],
    // Solana: the fee is lamports, 1e9 to the SOL: 5000 lamports at 150 USD → 0.00075 USD
    [{ namespace: 'solana' as const, gasPrice: 5000n, networkPrice: 150 }, 5000n, '0.000005', 0.00075],
    // no price: 0 USD
    [{ namespace: 'eip155' as const, gasPrice: 1n }, 150_000n, '0.00000000000015', 0],
  ])('gas %o → %s units, %s native, %s USD', (p, units, native, usd) => {
    const gas = gasCost(p)
    expect(gas.units).toBe(units)
    expect(gas.native).toBe(native)
    expect(gas.usd).toBeCloseTo(usd, 12)
  })
})

describe('input errors (SPEC §5) and the button', () => {
  const ok = {
    amountUnits: 10n ** 18n,
    sourceBalanceUnits: 2n * 10n ** 18n,
    quoted: true,
    nativeBalanceUnits: 2n * 10n ** 18n,
    gasUnits: 3n * 10n ** 15n,
    sourceIsNative: false,
    nativeSymbol: 'ETH',
  }
  it.each([
    ['fine', {}, undefined],
    ['source balance below the amount', { sourceBalanceUnits: 10n ** 18n - 1n }, 'Insufficient balance'],
    ['balance exactly the amount', { sourceBalanceUnits: 10n ** 18n }, undefined],
    ['no quote', { quoted: false }, 'Incorrect amount'],
    ['insufficient balance before no quote', { quoted: false, sourceBalanceUnits: 0n }, 'Insufficient balance'],
    ['native balance zero', { nativeBalanceUnits: 0n, gasUnits: 0n }, 'Insufficient ETH for gas'],
    ['gas above the native balance', { nativeBalanceUnits: 10n ** 15n }, 'Insufficient ETH for gas'],
    ['gas exactly the native balance', { nativeBalanceUnits: 3n * 10n ** 15n }, undefined],
    // swapping the native currency: the amount and the gas both come out of it
    [
      'native source leaves too little for gas',
      { sourceIsNative: true, sourceBalanceUnits: 10n ** 18n, nativeBalanceUnits: 10n ** 18n },
      'Insufficient ETH for gas',
    ],
  ])('%s', (_, change, error) => {
    expect(swapInputError({ ...ok, ...change })).toBe(error)
  })

  it.each([
    ['fine', {}, undefined],
    ['source balance below the amount', { sourceBalanceUnits: 0n }, { code: 'insufficientBalance', message: 'Insufficient balance' }],
    ['no quote', { quoted: false }, { code: 'incorrectAmount', message: 'Incorrect amount' }],
    [
      'gas above the native balance',
      { nativeBalanceUnits: 10n ** 15n },
      { code: 'insufficientGas', params: { symbol: 'ETH' }, message: 'Insufficient ETH for gas' },
    ],
    [
      'no native symbol known',
      { nativeBalanceUnits: 0n, nativeSymbol: '' },
      { code: 'insufficientGas', params: { symbol: '' }, message: 'Insufficient funds for gas' },
    ],
  ])('coded: %s', (_, change, state) => {
    expect(swapInputErrorState({ ...ok, ...change })).toEqual(state)
  })

  it.each([
    ['Insufficient balance', { code: 'insufficientBalance', message: 'Insufficient balance' }],
    ['Incorrect amount', { code: 'incorrectAmount', message: 'Incorrect amount' }],
    ['Insufficient liquidity', { code: 'insufficientLiquidity', message: 'Insufficient liquidity' }],
    ['Insufficient POL for gas', { code: 'insufficientGas', params: { symbol: 'POL' }, message: 'Insufficient POL for gas' }],
  ] as const)('the text %j codes as %j', (text, state) => {
    expect(swapInputErrorCode(text)).toEqual(state)
  })

  it('gas rule alone', () => {
    expect(isInsufficientGas(0n, 0n)).toBe(true)
    expect(isInsufficientGas(10n, 11n)).toBe(true)
    expect(isInsufficientGas(10n, 10n)).toBe(false)
    expect(insufficientGasText('POL')).toBe('Insufficient POL for gas')
  })

  it("'Insufficient liquidity' when the error mentions it (message, the refusal's body, a cause)", () => {
    expect(liquidityError(new Error('UniswapV2: INSUFFICIENT_LIQUIDITY'))).toBe('Insufficient liquidity')
    expect(liquidityError(new Error('execution reverted: InsufficientLiquidity()'))).toBe('Insufficient liquidity')
    expect(liquidityError(new Error('insufficient funds'))).toBeUndefined()
    expect(liquidityError(new Error('Insufficient liquidity for this trade'))).toBe('Insufficient liquidity')
    expect(
      liquidityError(Object.assign(new Error('HTTP status code: 400'), { body: { reasons: [{ description: 'insufficient liquidity' }] } })),
    ).toBe('Insufficient liquidity')
    expect(liquidityError(new Error('Incorrect amount', { cause: new Error('insufficient liquidity in pool') }))).toBe(
      'Insufficient liquidity',
    )
    expect(liquidityError(new Error('HTTP status code: 500'))).toBeUndefined()
  })

  const base = { supported: true, hasTokens: true, amount: '1', loading: false, fetchError: false }
  it.each([
    [
      'off the swap chains',
      { supported: false },
      { action: 'unsupported', label: 'Network not supported for Swaps', disabled: true, loading: false },
    ],
    ['a token missing', { hasTokens: false }, { action: 'selectToken', label: 'Select token', disabled: true, loading: false }],
    ['no amount', { amount: '' }, { action: 'enterAmount', label: 'Enter amount', disabled: true, loading: false }],
    ['a zero amount', { amount: '0.0' }, { action: 'enterAmount', label: 'Enter amount', disabled: true, loading: false }],
    ['quoting', { loading: true }, { action: 'quoting', label: 'Getting quote', disabled: true, loading: true }],
    [
      'an input error',
      { inputError: 'Insufficient balance' as const },
      {
        action: 'inputError',
        error: { code: 'insufficientBalance', message: 'Insufficient balance' },
        label: 'Insufficient balance',
        disabled: true,
        loading: false,
      },
    ],
    [
      'a coded input error',
      { inputError: { code: 'insufficientGas', params: { symbol: 'ETH' }, message: 'Insufficient ETH for gas' } as const },
      {
        action: 'inputError',
        error: { code: 'insufficientGas', params: { symbol: 'ETH' }, message: 'Insufficient ETH for gas' },
        label: 'Insufficient ETH for gas',
        disabled: true,
        loading: false,
      },
    ],
    ['a failed build', { fetchError: true }, { action: 'retry', label: 'Swap', disabled: false, loading: false }],
    ['ready', {}, { action: 'review', label: 'Review swap', disabled: false, loading: false }],
  ])('%s', (_, change, state) => {
    expect(swapButtonState({ ...base, ...change })).toEqual(state)
  })
})

describe('chains and token lists', () => {
  it('12 EVM chains and the two local chains (SPEC §9)', () => {
    expect(SWAP_CHAIN_IDS.length).toBe(14)
    for (const id of [1, 10, 56, 100, 137, 324, 8453, 42161, 43114, 42220, 59144, 1313161554, 31337, 31338])
      expect(isSwapNetwork({ chainNamespace: 'eip155', id })).toBe(true)
    expect(isSwapNetwork({ chainNamespace: 'eip155', id: 11155111 })).toBe(false)
    expect(isSwapNetwork({ chainNamespace: 'solana', id: 1 })).toBe(false)
    expect(isSwapNetwork(undefined)).toBe(false)
    expect(nativeTokenId('eip155:1')).toBe('eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
  })

  const tokens = [
    { name: 'USD Coin', symbol: 'USDC', address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' },
    { name: 'Ether', symbol: 'ETH', address: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' },
    { name: 'Portico Token', symbol: 'PTK', address: 'eip155:1:0x5fbdb2315678afecb367f032d93f642f64180aa3' },
    { name: 'Shiba', symbol: 'SHIB', address: 'eip155:1:0x95ad61b0a150d79219dcf64e1e6cc01f0b64c4ce' },
  ]
  it('search by name, symbol or address, letter case ignored', () => {
    expect(searchSwapTokens(tokens, 'coin').map((t) => t.symbol)).toEqual(['USDC'])
    expect(searchSwapTokens(tokens, 'ptk').map((t) => t.symbol)).toEqual(['PTK'])
    expect(searchSwapTokens(tokens, '0x5FBDB2315678').map((t) => t.symbol)).toEqual(['PTK'])
    expect(searchSwapTokens(tokens, '  ').length).toBe(4)
    expect(searchSwapTokens(tokens, 'zzz')).toEqual([])
  })

  it('popular: every token by symbol; suggested: the well-known symbols in their order', () => {
    expect(popularTokens(tokens).map((t) => t.symbol)).toEqual(['ETH', 'PTK', 'SHIB', 'USDC'])
    expect(suggestedTokens(tokens).map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'PTK'])
  })

  it("suggestions follow each chain's own common tokens: Arbitrum's bridged stablecoins, BNB Chain's USDT first (issue 25 §4)", () => {
    const list = ['ETH', 'USDC', 'USDC.e', 'USDT', 'ARB', 'BNB', 'BUSD'].map((symbol) => ({ symbol }))
    expect(suggestedTokens(list, 42161).map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'USDC.e', 'USDT', 'ARB', 'BNB'])
    expect(suggestedTokens(list, 56).map((t) => t.symbol)).toEqual(['BNB', 'USDT', 'BUSD', 'USDC', 'ETH', 'ARB'])
    expect(suggestedTokens(list, 31337).map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'USDT', 'ARB', 'BNB'])
  })
})

describe('the price impact without the provider fee (issue 25)', () => {
  it('the source after the 0.85 % fee: 1 → 0.9915; 1 ETH at $3000 for 2970 USDC is then 0.15 %, not 1 %', () => {
    expect(afterProviderFee('1')).toBe('0.9915')
    expect(afterProviderFee('200')).toBe('198.3')
    const impact = priceImpact({ sourceAmount: afterProviderFee('1'), sourcePrice: 3000, toAmount: '2970', toPrice: 1 })
    expect(impact).toBeCloseTo(((2974.5 - 2970) / 2974.5) * 100, 10)
  })
})
