/**
 * The swap's rules (SPEC §3 "Swap state", §5 swap, §9 swap constants): pure functions, no I/O,
 * table-tested. Amounts are decimal strings and smallest units are bigints; nothing that decides
 * what is sent goes through floating point or exponent notation (a 15-digit integer amount of an
 * 18-decimal token is exact). USD values, shown only, are numbers.
 */
import { commonSymbolsFor, LOCAL_SWAP_CHAIN_IDS, SWAP_CHAIN_IDS as SPEC_SWAP_CHAIN_IDS } from '@portico/protocol/swap-chains'
import { type CodedMessage, coded, ERRORS } from '../errors'
import type { ChainNamespace } from '../types'

/** SPEC §9: slippage tolerance, in percent. */
export const SWAP_SLIPPAGE = 1
/** SPEC §9: the destination amount is shown to 6 decimals. */
export const TO_AMOUNT_DECIMALS = 6
/** SPEC §9: the provider fee, 0.85% of the source amount (as an exact decimal fraction). */
export const PROVIDER_FEE_RATE = '0.0085'
/** SPEC §9: the gas unit limit assumed for an EVM swap before the transaction is built. */
export const DEFAULT_GAS_LIMIT = 150_000n
/** SPEC §9: native gas conversion, 1e18 (EVM wei) and 1e9 (Solana lamports), as decimals. */
export const NATIVE_GAS_DECIMALS: Partial<Record<ChainNamespace, number>> = { eip155: 18, solana: 9 }
/** The pause after the last keystroke in the source amount before a quote is asked (ms). */
export const QUOTE_DEBOUNCE_MS = 200
/** The placeholder contract of a chain's native currency in the convert API's CAIP-10 token ids. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/**
 * SPEC §9: swaps run on 12 EVM chains (@portico/protocol/swap-chains' SWAP_CHAIN_IDS, the API's list too)
 * and on the two local chains of the devnet.
 */
export const SWAP_CHAIN_IDS: readonly number[] = [...SPEC_SWAP_CHAIN_IDS, ...LOCAL_SWAP_CHAIN_IDS]

/** Symbols listed as suggestions in the token picker when the chain has them. */
export const SUGGESTED_SYMBOLS: readonly string[] = [
  'ETH',
  'WETH',
  'USDC',
  'USDT',
  'DAI',
  'WBTC',
  'PTK',
  'UNI',
  'LINK',
  'AAVE',
  'ARB',
  'OP',
  'MATIC',
  'POL',
  'BNB',
  'AVAX',
  'CELO',
  'XDAI',
  'GNO',
]

/** The chain accepts swaps (an EVM chain of SWAP_CHAIN_IDS). */
export function isSwapNetwork(network: { chainNamespace: ChainNamespace; id: number | string } | undefined): boolean {
  return Boolean(network && network.chainNamespace === 'eip155' && SWAP_CHAIN_IDS.includes(Number(network.id)))
}

/** Throws 'Network not supported for Swaps' off the swap chains. */
export function assertSwapNetwork(network: { chainNamespace: ChainNamespace; id: number | string } | undefined): void {
  if (!isSwapNetwork(network)) throw new Error(ERRORS.swapNetwork)
}

/** The CAIP-10 id of a network's native currency in the convert API ('eip155:1:0xeeee…'). */
export const nativeTokenId = (caipNetworkId: string): string => `${caipNetworkId}:${NATIVE_TOKEN_ADDRESS}`

/** The token id is the native placeholder. */
export const isNativeTokenId = (address: string): boolean => address.split(':').pop()?.toLowerCase() === NATIVE_TOKEN_ADDRESS

/** The last part of a CAIP-10 id: the plain address ('eip155:1:0xAb…' → '0xAb…'). */
export const plainAddress = (id: string): string => id.split(':').pop() ?? id

// ---- exact decimals ----

const DECIMAL = /^(\d*)(?:\.(\d*))?$/

/**
 * Decimal text → smallest units, exactly ('1.5', 18 → 1500000000000000000n;
 * '123456789012345', 18 → 123456789012345000000000000000000n). Digits past `decimals` are dropped.
 * Anything but plain digits and one dot (exponent notation, signs, blanks) gives undefined.
 */
export function toBaseUnits(amount: string, decimals: number): bigint | undefined {
  const match = DECIMAL.exec(amount.trim())
  if (!match || (!match[1] && !match[2])) return undefined
  if (!Number.isInteger(decimals) || decimals < 0) return undefined
  const int = match[1] || '0'
  const dec = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0')
  return BigInt(int + dec)
}

/** Smallest units → decimal text without trailing zeros (1500000000000000000n, 18 → '1.5'). */
export function fromBaseUnits(units: bigint | string, decimals: number): string {
  const value = typeof units === 'bigint' ? units : BigInt(units)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const int = digits.slice(0, digits.length - decimals)
  const dec = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${int}${dec ? `.${dec}` : ''}`
}

/** A decimal text as (digits, scale): '1.25' → [125n, 2]. Undefined for anything else. */
function decimalParts(text: string): [bigint, number] | undefined {
  const match = DECIMAL.exec(text.trim())
  if (!match || (!match[1] && !match[2])) return undefined
  const dec = match[2] ?? ''
  return [BigInt((match[1] || '0') + dec), dec.length]
}

/** Exact product of two decimal texts, without trailing zeros ('2', '0.0085' → '0.017'). */
export function multiplyDecimals(a: string, b: string): string | undefined {
  const x = decimalParts(a)
  const y = decimalParts(b)
  if (!x || !y) return undefined
  return fromBaseUnits(x[0] * y[0], x[1] + y[1])
}

/** A decimal text rounded half up to exactly `places` decimals ('1.2345675', 6 → '1.234568'; '2' → '2.000000'). */
export function toFixedDecimals(text: string, places: number): string {
  const parts = decimalParts(text)
  if (!parts) return ''
  const [digits, scale] = parts
  let value: bigint
  if (scale <= places) value = digits * 10n ** BigInt(places - scale)
  else {
    const drop = 10n ** BigInt(scale - places)
    value = digits / drop + (digits % drop >= drop / 2n ? 1n : 0n)
  }
  const out = value.toString().padStart(places + 1, '0')
  return places === 0 ? out : `${out.slice(0, out.length - places)}.${out.slice(out.length - places)}`
}

/** Text without trailing decimal zeros ('2500.000000' → '2500', '0.120000' → '0.12'). */
export const trimDecimals = (text: string): string => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text)

// ---- the quote and its derived values ----

/** SPEC §9: the quote's toAmount (smallest units) as the destination field shows it, 6 decimals. */
export const destinationAmount = (toAmountUnits: string | bigint, decimals: number): string =>
  toFixedDecimals(fromBaseUnits(toAmountUnits, decimals), TO_AMOUNT_DECIMALS)

/** SPEC §9 provider fee: 0.85% of the source amount, in source units, exact ('1' → '0.0085'). */
export const providerFee = (sourceAmount: string): string => multiplyDecimals(sourceAmount, PROVIDER_FEE_RATE) ?? '0'

/** The source amount after the provider fee ('1' → '0.9915'), as a decimal string. */
export const afterProviderFee = (sourceAmount: string): string => String(Number(sourceAmount) - Number(providerFee(sourceAmount)))

/** Max slippage: the share of the destination amount the slippage tolerance allows to lose ('100', 1% → '1'). */
export function maxSlippage(toAmount: string, slippage: number = SWAP_SLIPPAGE): string {
  const pct = multiplyDecimals(toAmount, String(slippage))
  const parts = pct === undefined ? undefined : decimalParts(pct)
  return parts ? fromBaseUnits(parts[0], parts[1] + 2) : '0'
}

/** The least the swap gives at the slippage tolerance: the destination amount minus max slippage ('100', 1% → '99'). */
export function minimumReceived(toAmount: string, slippage: number = SWAP_SLIPPAGE): string {
  const a = decimalParts(toAmount)
  const b = decimalParts(maxSlippage(toAmount, slippage))
  if (!a || !b) return '0'
  const scale = Math.max(a[1], b[1])
  const diff = a[0] * 10n ** BigInt(scale - a[1]) - b[0] * 10n ** BigInt(scale - b[1])
  return fromBaseUnits(diff < 0n ? 0n : diff, scale)
}

/** The minimum output in smallest units at the slippage tolerance (floor(units × (100 − slippage) / 100)). */
export function minimumOutputUnits(toAmountUnits: bigint, slippage: number = SWAP_SLIPPAGE): bigint {
  const s = decimalParts(String(slippage))
  if (!s) return toAmountUnits
  const hundred = 100n * 10n ** BigInt(s[1])
  return (toAmountUnits * (hundred - s[0])) / hundred
}

/**
 * Price impact, percent: how much less the destination is worth than the source, in USD
 * ((in − out) / in × 100). Undefined without prices or amounts.
 */
export function priceImpact(p: { sourceAmount: string; sourcePrice: number; toAmount: string; toPrice: number }): number | undefined {
  const input = Number(p.sourceAmount) * p.sourcePrice
  const output = Number(p.toAmount) * p.toPrice
  if (!(input > 0) || !Number.isFinite(output) || !(p.toPrice > 0)) return undefined
  return ((input - output) / input) * 100
}

/** The network cost of a swap, in the native currency and in USD. */
export interface SwapGas {
  /** Smallest native units (wei, lamports). */
  units: bigint
  /** Whole native units ('0.003'). */
  native: string
  /** In USD at the native currency's price (0 without a price). */
  usd: number
}

/**
 * Gas cost (SPEC §9): EVM gas × gas price in wei (gas defaults to 150000 before the transaction is
 * built), 1e18 wei to the ether; Solana a fee in lamports, 1e9 to the SOL.
 */
export function gasCost(p: { namespace: ChainNamespace; gasPrice: bigint; gas?: bigint; networkPrice?: number }): SwapGas {
  const decimals = NATIVE_GAS_DECIMALS[p.namespace] ?? 18
  const units = p.namespace === 'solana' ? p.gasPrice : (p.gas ?? DEFAULT_GAS_LIMIT) * p.gasPrice
  const native = fromBaseUnits(units, decimals)
  return { units, native, usd: Number(native) * (p.networkPrice ?? 0) }
}

// ---- input errors and the button ----

/** The texts the swap's input shows, in the order they are checked. */
export type SwapInputError =
  | typeof ERRORS.insufficientBalance
  | typeof ERRORS.incorrectAmount
  | typeof ERRORS.insufficientLiquidity
  | `Insufficient ${string} for gas`

/** The insufficient-gas text: 'Insufficient ETH for gas'. */
export const insufficientGasText = (symbol: string): SwapInputError => `Insufficient ${symbol || 'funds'} for gas`

/** SPEC §5 gas: short when the native balance is zero, or the gas costs more than it. */
export const isInsufficientGas = (nativeBalanceUnits: bigint, gasUnits: bigint): boolean =>
  nativeBalanceUnits <= 0n || gasUnits > nativeBalanceUnits

/**
 * 'Insufficient liquidity' when a failed quote (its message, its JSON body, or a cause) mentions it
 * ('insufficient liquidity', a contract's INSUFFICIENT_LIQUIDITY or InsufficientLiquidity); undefined otherwise.
 */
export function liquidityError(error: unknown): typeof ERRORS.insufficientLiquidity | undefined {
  const seen = new Set<unknown>()
  let e: unknown = error
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e)
    const { message, body, cause } = e as { message?: unknown; body?: unknown; cause?: unknown }
    let text = typeof message === 'string' ? message : ''
    try {
      if (body !== undefined) text += ` ${typeof body === 'string' ? body : JSON.stringify(body)}`
    } catch {
      /* an unreadable body says nothing */
    }
    if (/insufficient[\s_-]*liquidity/i.test(text)) return ERRORS.insufficientLiquidity
    e = cause
  }
  if (typeof error === 'string' && /insufficient[\s_-]*liquidity/i.test(error)) return ERRORS.insufficientLiquidity
  return undefined
}

/** The input errors' codes: the catalogue's, and 'insufficientGas' with its { symbol }. */
export type SwapInputErrorCode = 'insufficientBalance' | 'incorrectAmount' | 'insufficientLiquidity' | 'insufficientGas'

/** The insufficient-gas state: { code: 'insufficientGas', params: { symbol: 'ETH' }, message: 'Insufficient ETH for gas' }. */
export const insufficientGasError = (symbol: string): CodedMessage<SwapInputErrorCode> => ({
  code: 'insufficientGas',
  params: { symbol },
  message: insufficientGasText(symbol),
})

/** An input error's text as its coded state ('Insufficient liquidity' → insufficientLiquidity; 'Insufficient ETH for gas' → insufficientGas). */
export function swapInputErrorCode(text: SwapInputError): CodedMessage<SwapInputErrorCode> {
  if (text === ERRORS.insufficientBalance) return coded('insufficientBalance')
  if (text === ERRORS.incorrectAmount) return coded('incorrectAmount')
  if (text === ERRORS.insufficientLiquidity) return coded('insufficientLiquidity')
  const symbol = /^Insufficient (.*) for gas$/.exec(text)?.[1] ?? ''
  return { code: 'insufficientGas', params: { symbol }, message: text }
}

/**
 * SPEC §5 input errors of a quoted amount, first that applies: 'Insufficient balance' (source
 * balance below the amount), 'Incorrect amount' (no quote), insufficient gas (native balance zero
 * or below the gas cost, plus the amount when the native currency is the source). Coded: its code and
 * SPEC §8 text (`swapInputError` gives the text alone).
 */
export function swapInputErrorState(p: {
  amountUnits: bigint
  sourceBalanceUnits: bigint
  quoted: boolean
  nativeBalanceUnits: bigint
  gasUnits: bigint
  sourceIsNative: boolean
  nativeSymbol: string
}): CodedMessage<SwapInputErrorCode> | undefined {
  if (p.sourceBalanceUnits < p.amountUnits) return coded('insufficientBalance')
  if (!p.quoted) return coded('incorrectAmount')
  const available = p.sourceIsNative ? p.nativeBalanceUnits - p.amountUnits : p.nativeBalanceUnits
  if (p.nativeBalanceUnits <= 0n || isInsufficientGas(available, p.gasUnits)) return insufficientGasError(p.nativeSymbol)
  return undefined
}

/** swapInputErrorState's SPEC §8 text ('Insufficient ETH for gas'). */
export const swapInputError = (p: Parameters<typeof swapInputErrorState>[0]): SwapInputError | undefined =>
  swapInputErrorState(p)?.message as SwapInputError | undefined

/** The button's English texts (SPEC §8), by what it is; an input error reads as its own text. */
export type SwapButtonLabel =
  | 'Network not supported for Swaps'
  | 'Select token'
  | 'Enter amount'
  | 'Getting quote'
  | 'Swap'
  | 'Review swap'
  | SwapInputError

/**
 * What the swap button is, in the order the form is filled in: a stable code the ui words through its
 * locale. 'unsupported' (off the swap chains), 'selectToken', 'enterAmount', 'quoting', 'inputError'
 * (see `error`), 'retry' (a build failed: pressing quotes again), 'review' (pressing opens SwapPreview).
 */
export type SwapButtonAction = 'unsupported' | 'selectToken' | 'enterAmount' | 'quoting' | 'inputError' | 'retry' | 'review'

/** The English text of each action (the input error's is its own). */
export const SWAP_BUTTON_LABELS: Readonly<Record<Exclude<SwapButtonAction, 'inputError'>, SwapButtonLabel>> = {
  unsupported: ERRORS.swapNetwork,
  selectToken: 'Select token',
  enterAmount: 'Enter amount',
  quoting: 'Getting quote',
  retry: 'Swap',
  review: 'Review swap',
}

export interface SwapButtonState {
  /** What the button is and what pressing it does (`pressButton`): map it to words through the locale. */
  action: SwapButtonAction
  /** With action 'inputError': the error, coded ('insufficientGas' with { symbol } …). */
  error?: CodedMessage<SwapInputErrorCode>
  /** The button cannot be pressed. */
  disabled: boolean
  /** Show a spinner (quote, prices or a transaction on its way). */
  loading: boolean
  /** @deprecated The English text; read `action` (and `error`) and word it through the locale. */
  label: SwapButtonLabel
}

const button = (action: Exclude<SwapButtonAction, 'inputError'>, disabled: boolean, loading = false): SwapButtonState => ({
  action,
  label: SWAP_BUTTON_LABELS[action],
  disabled,
  loading,
})

/** The swap view's button, in the order the form is filled in. */
export function swapButtonState(p: {
  supported: boolean
  hasTokens: boolean
  amount: string
  loading: boolean
  /** The input error, coded (or as its text). */
  inputError?: CodedMessage<SwapInputErrorCode> | SwapInputError
  fetchError: boolean
}): SwapButtonState {
  if (!p.supported) return button('unsupported', true)
  if (p.fetchError) return button('retry', false)
  if (!p.hasTokens) return button('selectToken', true)
  const units = toBaseUnits(p.amount, 64)
  if (units === undefined || units === 0n) return button('enterAmount', true)
  if (p.loading) return button('quoting', true, true)
  if (p.inputError) {
    const error = typeof p.inputError === 'string' ? swapInputErrorCode(p.inputError) : p.inputError
    return { action: 'inputError', error, label: error.message as SwapInputError, disabled: true, loading: false }
  }
  return button('review', false)
}

/** Token search: name, symbol or address containing `query`, letter case ignored; a blank query matches all. */
export function searchSwapTokens<T extends { name: string; symbol: string; address: string }>(tokens: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase()
  if (!q) return [...tokens]
  return tokens.filter((t) => t.name.toLowerCase().includes(q) || t.symbol.toLowerCase().includes(q) || t.address.toLowerCase().includes(q))
}

/** The picker's popular list: every token, by symbol. */
export const popularTokens = <T extends { symbol: string }>(tokens: readonly T[]): T[] =>
  [...tokens].sort((a, b) => a.symbol.localeCompare(b.symbol))

/**
 * The picker's suggestions: the chain's tokens among its own common symbols (CHAIN_SUGGESTED_SYMBOLS,
 * when `chainId` has a list) and then SUGGESTED_SYMBOLS, in that order.
 */
export function suggestedTokens<T extends { symbol: string }>(tokens: readonly T[], chainId?: number): T[] {
  const order = commonSymbolsFor(chainId, SUGGESTED_SYMBOLS)
  const rank = (t: T) => order.indexOf(t.symbol.toUpperCase())
  return tokens.filter((t) => rank(t) !== -1).sort((a, b) => rank(a) - rank(b))
}
