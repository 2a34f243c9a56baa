import { decodeFunctionData, erc20Abi, maxUint256, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  amountOut,
  amountsOut,
  bpsToPercent,
  encodeApprove,
  encodeSwap,
  fractionToPercent,
  gasPriceTiers,
  minimumOut,
  parseBaseUnits,
  parseSlippage,
  priceImpact,
  providerFee,
  ROUTER_ABI,
  swapDeadline,
} from './convert-math.ts'

const WETH: Address = '0x1111111111111111111111111111111111111111'
const USDC: Address = '0x2222222222222222222222222222222222222222'
const PTK: Address = '0x3333333333333333333333333333333333333333'
const USER: Address = '0x4444444444444444444444444444444444444444'

describe('parseBaseUnits', () => {
  it.each([
    ['1', 1n],
    ['1000000', 1_000_000n],
    ['007', 7n],
    ['123456789012345', 123_456_789_012_345n],
    [maxUint256.toString(), maxUint256],
  ])('accepts %s', (text, value) => {
    expect(parseBaseUnits('amount', text)).toEqual({ ok: true, value })
  })

  it.each([
    ['0', 'amount must be greater than 0'],
    ['000', 'amount must be greater than 0'],
    ['-1', 'amount must be positive, got -1'],
    ['-0', 'amount must be positive, got -0'],
    ['1.5', "amount must be a whole number of the token's smallest unit (no decimals), got 1.5"],
    ['1.', "amount must be a whole number of the token's smallest unit (no decimals), got 1."],
    ['.5', "amount must be a whole number of the token's smallest unit (no decimals), got .5"],
    ['abc', "amount must be a number: an integer in the token's smallest unit, got abc"],
    ['1e18', "amount must be a number: an integer in the token's smallest unit, got 1e18"],
    ['0x10', "amount must be a number: an integer in the token's smallest unit, got 0x10"],
    ['NaN', "amount must be a number: an integer in the token's smallest unit, got NaN"],
    ['Infinity', "amount must be a number: an integer in the token's smallest unit, got Infinity"],
    [(maxUint256 + 1n).toString(), 'amount is too large'],
    ['9'.repeat(400), 'amount is too large'],
    ['', "amount is required: an integer amount in the token's smallest unit"],
  ])('refuses %s', (text, message) => {
    expect(parseBaseUnits('amount', text)).toEqual({ ok: false, message })
  })

  it('refuses what is not a string', () => {
    expect(parseBaseUnits('amount', 5)).toMatchObject({ ok: false })
    expect(parseBaseUnits('amount', undefined)).toMatchObject({ ok: false })
  })
})

describe('slippage minimum', () => {
  it.each([
    // quoted, slippage %, minimum = floor(quoted × (1 − s/100))
    [1_000_000n, '1', 990_000n],
    [1_000_000n, '0.5', 995_000n],
    [1_000_000n, '0', 1_000_000n],
    [999n, '1', 989n], // 989.01 → 989
    [100n, '99.99', 0n], // 0.01 → 0
    [10n ** 18n, '0.123456789012345678', 998_765_432_109_876_543n], // 1e18 − 1 234 567 890 123 456.78, floored: exact to 18 decimals
    [maxUint256, '1', (maxUint256 * 99n) / 100n],
  ])('%s at %s%% → %s', (quoted, slippage, expected) => {
    const parsed = parseSlippage(slippage)
    if (!parsed.ok) throw new Error(parsed.message)
    expect(minimumOut(quoted, parsed.value)).toBe(expected)
  })

  it('takes the slippage as a number too', () => {
    expect(parseSlippage(1)).toEqual({ ok: true, value: { numerator: 1n, denominator: 100n } })
    expect(parseSlippage(0.5)).toEqual({ ok: true, value: { numerator: 5n, denominator: 1000n } })
  })

  it.each(['100', '-1', 'abc', '', '1e-3', '0.1234567890123456789', ' ', '1,5'])('refuses slippage %j', (value) => {
    expect(parseSlippage(value)).toMatchObject({ ok: false })
  })
})

describe('the fee, the constant-product output and the price impact (hand-computed)', () => {
  it('takes 0.85% of the source amount, floored', () => {
    expect(providerFee(10n ** 18n, 85n)).toBe(8_500_000_000_000_000n)
    expect(providerFee(1_000_000n, 85n)).toBe(8_500n)
    expect(providerFee(117n, 85n)).toBe(0n) // 0.9945 → 0
    expect(bpsToPercent(85n)).toBe('0.85')
    expect(bpsToPercent(100n)).toBe('1')
    expect(bpsToPercent(5n)).toBe('0.05')
  })

  it('one hop: 1 ETH into 100 ETH / 300 000 USDC', () => {
    // net = 1e18 − 0.0085e18 = 0.9915e18; out = 0.9915e18·997·300000e6 / (100e18·1000 + 0.9915e18·997)
    const hop = { reserveIn: 100n * 10n ** 18n, reserveOut: 300_000n * 10n ** 6n }
    const net = 10n ** 18n - 85n * 10n ** 14n
    const expected = (net * 997n * hop.reserveOut) / (hop.reserveIn * 1000n + net * 997n)
    expect(amountOut(net, hop)).toBe(expected)
    // a = 0.9915 × 0.997 = 0.9885255 ETH in after both fees: 300000 × a / (100 + a) = 2936.547974… USDC
    expect(expected).toBe(2_936_547_974n)
    expect(amountsOut(10n ** 18n, 85n, [hop])).toEqual([10n ** 18n, expected])
    // ideal (mid price, LP fee only) = 3000 × a = 2965.5765 USDC → impact = 1 − 100 / (100 + a) = a / (100 + a) = 0.978849…%
    const impact = priceImpact(net, expected, [hop])
    expect(fractionToPercent(impact)).toBe('0.9788')
  })

  it('two hops through WETH', () => {
    const usdcWeth = { reserveIn: 300_000n * 10n ** 6n, reserveOut: 100n * 10n ** 18n }
    const wethPtk = { reserveIn: 100n * 10n ** 18n, reserveOut: 600_000n * 10n ** 18n }
    const amounts = amountsOut(1_000n * 10n ** 6n, 85n, [usdcWeth, wethPtk])
    const net = 1_000n * 10n ** 6n - 8_500_000n
    const mid = amountOut(net, usdcWeth)
    expect(amounts).toEqual([1_000n * 10n ** 6n, mid, amountOut(mid, wethPtk)])
    const impact = priceImpact(net, amounts[2]!, [usdcWeth, wethPtk])
    // Each hop costs x / (1 + x) with x = 0.997 × in / reserveIn: x1 = 991.5 × 0.997 / 300000 = 0.003295…, x2 ≈ 0.003284
    // (0.3286 WETH into 100): 1 − 1 / ((1 + x1)(1 + x2)) ≈ 0.6557%.
    const x1 = (991.5 * 0.997) / 300_000
    const x2 = ((Number(mid) / 1e18) * 0.997) / 100
    expect(Number(fractionToPercent(impact))).toBeCloseTo((1 - 1 / ((1 + x1) * (1 + x2))) * 100, 3)
    expect(Number(fractionToPercent(impact))).toBeGreaterThan(0.6)
    expect(Number(fractionToPercent(impact))).toBeLessThan(0.7)
  })

  it('has no impact on a tiny trade and nearly 100% on one that drains the pool', () => {
    const hop = { reserveIn: 10n ** 24n, reserveOut: 10n ** 24n }
    // 0.001 in a pool of a million: 1e-9 of impact, '0' to 4 decimals.
    expect(fractionToPercent(priceImpact(10n ** 15n, amountOut(10n ** 15n, hop), [hop]))).toBe('0')
    const huge = 10n ** 30n
    expect(Number(fractionToPercent(priceImpact(huge, amountOut(huge, hop), [hop])))).toBeGreaterThan(99.9)
  })

  it('rounds the percentage half up to 4 decimals', () => {
    expect(fractionToPercent({ numerator: 1n, denominator: 3n })).toBe('33.3333')
    expect(fractionToPercent({ numerator: 2n, denominator: 3n })).toBe('66.6667')
    expect(fractionToPercent({ numerator: 0n, denominator: 1n })).toBe('0')
  })
})

describe('calldata', () => {
  const base = { amountIn: 10n ** 18n, amountOutMin: 123n, to: USER, deadline: 1_700_001_200n }

  it('native in: swapExactETHForTokens with the amount as value', () => {
    const { data, value } = encodeSwap({ ...base, path: [WETH, USDC], fromNative: true, toNative: false })
    expect(value).toBe(10n ** 18n)
    expect(decodeFunctionData({ abi: ROUTER_ABI, data })).toEqual({
      functionName: 'swapExactETHForTokens',
      args: [123n, [WETH, USDC], USER, 1_700_001_200n],
    })
  })

  it('native out: swapExactTokensForETH, no value', () => {
    const { data, value } = encodeSwap({ ...base, path: [USDC, WETH], fromNative: false, toNative: true })
    expect(value).toBe(0n)
    expect(decodeFunctionData({ abi: ROUTER_ABI, data })).toEqual({
      functionName: 'swapExactTokensForETH',
      args: [10n ** 18n, 123n, [USDC, WETH], USER, 1_700_001_200n],
    })
  })

  it('token to token: swapExactTokensForTokens along the path', () => {
    const { data, value } = encodeSwap({ ...base, path: [USDC, WETH, PTK], fromNative: false, toNative: false })
    expect(value).toBe(0n)
    expect(decodeFunctionData({ abi: ROUTER_ABI, data })).toEqual({
      functionName: 'swapExactTokensForTokens',
      args: [10n ** 18n, 123n, [USDC, WETH, PTK], USER, 1_700_001_200n],
    })
  })

  it('approve(router, amount), the maximum by default', () => {
    expect(decodeFunctionData({ abi: erc20Abi, data: encodeApprove(WETH) })).toEqual({ functionName: 'approve', args: [WETH, maxUint256] })
    expect(decodeFunctionData({ abi: erc20Abi, data: encodeApprove(WETH, 5n) })).toEqual({ functionName: 'approve', args: [WETH, 5n] })
  })

  it('the deadline is 20 minutes ahead, in seconds', () => {
    expect(swapDeadline(1_700_000_000_999)).toBe(1_700_001_200n)
  })

  it('gas tiers from one gas price', () => {
    expect(gasPriceTiers(1_000_000_000n)).toEqual({ standard: 1_000_000_000n, fast: 1_250_000_000n, instant: 1_500_000_000n })
    expect(gasPriceTiers(1n)).toEqual({ standard: 1n, fast: 2n, instant: 2n })
  })
})
