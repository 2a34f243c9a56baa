/**
 * The pure maths and encoding of the convert API (/v1/convert/*): base-unit amounts, the slippage
 * minimum, the provider fee, the price impact, and the router's and the token's calldata. Exact
 * integer (bigint) arithmetic throughout; no floating point.
 */
import { formatUnits } from '@portico/protocol/chain'
import { encodeFunctionData, erc20Abi, maxUint256, type Address, type Hex } from 'viem'

/** The swap router's ABI (Uniswap-v2 style with the provider fee taken first, in the source token). */
export const ROUTER_ABI = [
  { type: 'function', name: 'WETH', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'address' }] },
  { type: 'function', name: 'factory', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'address' }] },
  { type: 'function', name: 'feeRecipient', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'address' }] },
  { type: 'function', name: 'feeBps', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] },
  {
    type: 'function',
    name: 'getAmountsOut',
    stateMutability: 'view',
    inputs: [
      { name: 'amountIn', type: 'uint256' },
      { name: 'path', type: 'address[]' },
    ],
    outputs: [{ name: 'amounts', type: 'uint256[]' }],
  },
  {
    type: 'function',
    name: 'swapExactTokensForTokens',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'amountIn', type: 'uint256' },
      { name: 'amountOutMin', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: [{ name: 'amounts', type: 'uint256[]' }],
  },
  {
    type: 'function',
    name: 'swapExactETHForTokens',
    stateMutability: 'payable',
    inputs: [
      { name: 'amountOutMin', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: [{ name: 'amounts', type: 'uint256[]' }],
  },
  {
    type: 'function',
    name: 'swapExactTokensForETH',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'amountIn', type: 'uint256' },
      { name: 'amountOutMin', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: [{ name: 'amounts', type: 'uint256[]' }],
  },
  { type: 'error', name: 'Expired', inputs: [] },
  { type: 'error', name: 'InsufficientOutputAmount', inputs: [] },
  { type: 'error', name: 'InsufficientLiquidity', inputs: [] },
  { type: 'error', name: 'InvalidPath', inputs: [] },
  { type: 'error', name: 'InvalidFee', inputs: [] },
  { type: 'error', name: 'EtherTransferFailed', inputs: [] },
] as const

/** Errors a swap's token transfers may revert with: the devnet Token's and OpenZeppelin's ERC-20 (ERC-6093) ones. */
export const TOKEN_ERRORS_ABI = [
  ...(['InsufficientBalance', 'ERC20InsufficientBalance'] as const).map(
    (name) =>
      ({
        type: 'error',
        name,
        inputs: [
          { name: 'account', type: 'address' },
          { name: 'balance', type: 'uint256' },
          { name: 'needed', type: 'uint256' },
        ],
      }) as const,
  ),
  ...(['InsufficientAllowance', 'ERC20InsufficientAllowance'] as const).map(
    (name) =>
      ({
        type: 'error',
        name,
        inputs: [
          { name: 'spender', type: 'address' },
          { name: 'allowance', type: 'uint256' },
          { name: 'needed', type: 'uint256' },
        ],
      }) as const,
  ),
] as const

export const FACTORY_ABI = [
  {
    type: 'function',
    name: 'getPair',
    stateMutability: 'view',
    inputs: [
      { name: 'tokenA', type: 'address' },
      { name: 'tokenB', type: 'address' },
    ],
    outputs: [{ name: 'pair', type: 'address' }],
  },
] as const

export const PAIR_ABI = [
  {
    type: 'function',
    name: 'getReserves',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'reserve0', type: 'uint112' },
      { name: 'reserve1', type: 'uint112' },
      { name: 'blockTimestampLast', type: 'uint32' },
    ],
  },
  { type: 'function', name: 'token0', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'address' }] },
  { type: 'function', name: 'token1', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'address' }] },
] as const

/** SPEC §9: default gas unit limit of an EVM swap, used when the estimate is skipped. */
export const DEFAULT_SWAP_GAS = 150_000n
/** How long a built swap stays valid: its deadline is now + 20 minutes. */
export const SWAP_DEADLINE_SECONDS = 20 * 60
/** The LP fee of every hop, in parts per thousand kept (0.3% fee → 997/1000). */
const LP_FEE_KEEP = 997n
const LP_FEE_BASE = 1000n
/** Basis points in one whole. */
const BPS = 10_000n

/**
 * A base-unit amount (a non-negative integer in the token's smallest unit, < 2^256) from its
 * decimal string, or the reason it is not one. `field` names it in the message.
 */
export function parseBaseUnits(field: string, value: unknown): { ok: true; value: bigint } | { ok: false; message: string } {
  if (typeof value !== 'string' || value.trim() === '')
    return { ok: false, message: `${field} is required: an integer amount in the token's smallest unit` }
  const text = value.trim()
  if (/^-/.test(text)) return { ok: false, message: `${field} must be positive, got ${short(text)}` }
  if (/^\+?\d*\.\d*$/.test(text) && /\d/.test(text)) {
    return { ok: false, message: `${field} must be a whole number of the token's smallest unit (no decimals), got ${short(text)}` }
  }
  if (!/^\+?\d+$/.test(text))
    return { ok: false, message: `${field} must be a number: an integer in the token's smallest unit, got ${short(text)}` }
  const digits = text.replace(/^\+/, '')
  if (digits.replace(/^0+/, '').length > 78) return { ok: false, message: `${field} is too large` }
  const amount = BigInt(digits)
  if (amount === 0n) return { ok: false, message: `${field} must be greater than 0` }
  if (amount > maxUint256) return { ok: false, message: `${field} is too large` }
  return { ok: true, value: amount }
}

// C0 and C1 controls (U+0000–U+001F, U+007F–U+009F) as character-class ranges; with the line and paragraph separators.
const C0_C1 = '\\u0000-\\u001f\\u007f-\\u009f'
const UNPRINTABLE = new RegExp(`[${C0_C1}\\u2028\\u2029]`, 'g')

function short(value: string): string {
  const cut = value.length > 40 ? `${value.slice(0, 40)}…` : value
  return cut.replace(UNPRINTABLE, '?')
}

/** A slippage percentage as an exact fraction: `'0.5'` → { numerator: 5n, denominator: 1000n } (of 1). */
export type Fraction = { numerator: bigint; denominator: bigint }

/** Most decimals a slippage percentage may have. */
const SLIPPAGE_DECIMALS = 18

/**
 * The slippage tolerance, a percentage decimal string in [0, 100) (`'1'` = 1%, SPEC §9's default),
 * as an exact fraction of 1, or the reason it is not one.
 */
export function parseSlippage(value: unknown): { ok: true; value: Fraction } | { ok: false; message: string } {
  const message = 'eip155.slippage must be a percentage from 0 to less than 100, e.g. "1" or "0.5"'
  if (typeof value !== 'string' && typeof value !== 'number') return { ok: false, message }
  const text = String(value).trim()
  const match = /^(\d{1,2})(?:\.(\d{0,18}))?$/.exec(text)
  if (!match) return { ok: false, message }
  const fraction = (match[2] ?? '').slice(0, SLIPPAGE_DECIMALS)
  const scale = 10n ** BigInt(fraction.length)
  return { ok: true, value: { numerator: BigInt(`${match[1]}${fraction}`), denominator: 100n * scale } }
}

/** The least output accepted: floor(quoted × (1 − slippage)). */
export function minimumOut(quoted: bigint, slippage: Fraction): bigint {
  return (quoted * (slippage.denominator - slippage.numerator)) / slippage.denominator
}

/** The provider fee of `amountIn` at `feeBps` basis points: floor(amountIn × feeBps / 10000), as the router takes it. */
export function providerFee(amountIn: bigint, feeBps: bigint): bigint {
  return (amountIn * feeBps) / BPS
}

/** `bps` basis points as a percentage decimal string: 85 → '0.85', 100 → '1', 5 → '0.05'. */
export function bpsToPercent(bps: bigint): string {
  return formatUnits(bps, 2)
}

/** One pool of a swap path, oriented: the reserve of the token going in and of the token coming out. */
export type Hop = { reserveIn: bigint; reserveOut: bigint }

/** Uniswap-v2's getAmountOut: the output of one hop after its 0.3% LP fee. */
export function amountOut(amountIn: bigint, hop: Hop): bigint {
  if (amountIn <= 0n || hop.reserveIn <= 0n || hop.reserveOut <= 0n) return 0n
  const withFee = amountIn * LP_FEE_KEEP
  return (withFee * hop.reserveOut) / (hop.reserveIn * LP_FEE_BASE + withFee)
}

/** The outputs along a path for `amountIn` (gross): what the router's getAmountsOut answers. */
export function amountsOut(amountIn: bigint, feeBps: bigint, hops: readonly Hop[]): bigint[] {
  const amounts = [amountIn]
  let current = amountIn - providerFee(amountIn, feeBps)
  for (const hop of hops) {
    current = amountOut(current, hop)
    amounts.push(current)
  }
  return amounts
}

/**
 * The price impact of a swap as a fraction: 1 − out / ideal, where ideal is what `netIn` (after the
 * provider fee) would give at the pools' mid prices with only the LP fee (0.3% a hop) taken. That
 * is the loss to the pools' depth alone: fees are shown apart.
 */
export function priceImpact(netIn: bigint, out: bigint, hops: readonly Hop[]): Fraction {
  // ideal = netIn × Π(997 × reserveOut) / Π(1000 × reserveIn)
  let idealNumerator = netIn
  let idealDenominator = 1n
  for (const hop of hops) {
    idealNumerator *= LP_FEE_KEEP * hop.reserveOut
    idealDenominator *= LP_FEE_BASE * hop.reserveIn
  }
  if (idealNumerator === 0n) return { numerator: 0n, denominator: 1n }
  // 1 − out / ideal = (idealNumerator − out × idealDenominator) / idealNumerator
  const numerator = idealNumerator - out * idealDenominator
  return { numerator: numerator < 0n ? 0n : numerator, denominator: idealNumerator }
}

/** A fraction of 1 as a percentage decimal string, rounded half up to `decimals` places, trailing zeros dropped. */
export function fractionToPercent(value: Fraction, decimals = 4): string {
  const scale = 10n ** BigInt(decimals)
  const scaled = (value.numerator * 100n * scale * 2n + value.denominator) / (2n * value.denominator)
  return formatUnits(scaled, decimals)
}

/** What a swap transaction takes: native in (`fromNative`) pays `amountIn` as value; native out unwraps WETH. */
export type SwapCall = {
  amountIn: bigint
  amountOutMin: bigint
  /** Token addresses, source first; native ETH as the chain's WETH. */
  path: readonly Address[]
  to: Address
  deadline: bigint
  fromNative: boolean
  toNative: boolean
}

/** The router calldata and the value of a swap: swapExactETHForTokens, swapExactTokensForETH or swapExactTokensForTokens. */
export function encodeSwap(call: SwapCall): { data: Hex; value: bigint } {
  const path = [...call.path]
  if (call.fromNative && call.toNative) throw new TypeError('A swap from the native currency to itself has no router call')
  if (call.fromNative) {
    return {
      data: encodeFunctionData({
        abi: ROUTER_ABI,
        functionName: 'swapExactETHForTokens',
        args: [call.amountOutMin, path, call.to, call.deadline],
      }),
      value: call.amountIn,
    }
  }
  const functionName = call.toNative ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
  return {
    data: encodeFunctionData({ abi: ROUTER_ABI, functionName, args: [call.amountIn, call.amountOutMin, path, call.to, call.deadline] }),
    value: 0n,
  }
}

/** ERC-20 approve(spender, amount) calldata; `amount` absent: the maximum. */
export function encodeApprove(spender: Address, amount: bigint = maxUint256): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })
}

/** The deadline of a swap built at `nowMs`: now + 20 minutes, in seconds. */
export function swapDeadline(nowMs: number): bigint {
  return BigInt(Math.floor(nowMs / 1000) + SWAP_DEADLINE_SECONDS)
}

/** Gas prices offered from one eth_gasPrice read: standard as read, fast +25%, instant +50% (rounded up). */
export function gasPriceTiers(gasPrice: bigint): { standard: bigint; fast: bigint; instant: bigint } {
  const up = (percent: bigint) => (gasPrice * percent + 99n) / 100n
  return { standard: gasPrice, fast: up(125n), instant: up(150n) }
}
