/** Validation rules of SPEC §5. Pure functions, no I/O. */
import { ERRORS } from '../errors'
import type { ChainNamespace } from '../types'

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const ACCOUNT_NAME = /^[A-Za-z0-9-]{4,}$/
const NUMERIC_INPUT = /^\d*[.,]?\d*$/

/** 40 hex characters with an optional 0x prefix. */
export const isEvmAddress = (value: string): boolean => EVM_ADDRESS.test(value)

/** 32 to 44 base58 characters (no 0, O, I, l). */
export const isSolanaAddress = (value: string): boolean => SOLANA_ADDRESS.test(value)

const BASE58 = '[1-9A-HJ-NP-Za-km-z]'
const BECH32 = '[02-9ac-hj-np-z]'
/**
 * The address shape of each namespace (a format check, not a checksum check):
 * - bip122: bech32 segwit (bc1 / tb1 / bcrt1, lower case) or base58 legacy (1…, 3…, m…, n…, 2…);
 * - polkadot: an SS58 base58 string of 46 to 48 characters (1… on Polkadot, 5… generic);
 * - cosmos: bech32 with a lower-case prefix and a 20- or 32-byte payload (cosmos1…);
 * - sui: 0x and 64 hex digits;
 * - stacks: c32check, S + a version letter (P/M mainnet, T/N testnet) + up to 40 c32 characters.
 */
const ADDRESS_SHAPES: Record<Exclude<ChainNamespace, 'eip155' | 'solana'>, RegExp> = {
  bip122: new RegExp(`^((bc|tb|bcrt)1${BECH32}{11,71}|[123mn]${BASE58}{25,34})$`),
  polkadot: new RegExp(`^${BASE58}{46,48}$`),
  cosmos: new RegExp(`^[a-z]{1,20}1(${BECH32}{38}|${BECH32}{58})$`),
  sui: /^0x[0-9a-fA-F]{64}$/,
  stacks: /^S[PMTN][0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,40}$/,
}

/** Whether `value` has the address shape of `namespace` (SPEC §5 for EVM and Solana). */
export function isAddressFor(namespace: ChainNamespace, value: string): boolean {
  if (namespace === 'eip155') return isEvmAddress(value)
  if (namespace === 'solana') return isSolanaAddress(value)
  const shape = ADDRESS_SHAPES[namespace]
  return shape ? shape.test(value) : false
}

/** Account (name) registration: at least 4 characters, letters, digits and hyphen only. */
export const isValidAccountName = (name: string): boolean => ACCOUNT_NAME.test(name)

/** An integer part never starts with 0 unless it is 0: '007' → '7', '000' → '0', '' stays ''. */
const withoutLeadingZeros = (int: string): string => int.replace(/^0+(?=\d)/, '')

/**
 * Numeric text input: accepts `next` when it is digits with at most one decimal separator
 * ('.' or ','), normalised to '.', with a leading separator turned into '0.' and leading zeros of
 * the integer part dropped ('007' → '7', '00.5' → '0.5'; a digit typed over a lone '0' replaces
 * it: '05' → '5'). Otherwise keeps `previous` (the keystroke is refused).
 */
export function acceptNumericInput(next: string, previous: string): string {
  if (!NUMERIC_INPUT.test(next)) return previous
  const [int = '', dec] = next.replace(',', '.').split('.')
  if (dec === undefined) return withoutLeadingZeros(int)
  return `${int === '' ? '0' : withoutLeadingZeros(int)}.${dec}`
}

export interface AmountMaskOptions {
  /** Most digits kept before the decimal point. @default unlimited */
  integers?: number
  /** Most digits kept after the decimal point. @default unlimited */
  decimals?: number
}

/**
 * Amount mask: comma becomes dot, only digits and the first dot are kept (anything after a second
 * dot is dropped), the integer part loses its leading zeros unless it is 0, optional
 * integer/decimal digit limits (applied after the zeros are dropped), a lone or leading dot
 * becomes '0.'. '.' → '0.', '1,5' → '1.5', '1.2.3' → '1.2', '007' → '7', '00.5' → '0.5', '05' → '5'.
 *
 * SPEC §5 says both 'a lone dot becomes 0' and 'a leading separator becomes 0.'; a lone dot
 * follows the second ('.' → '0.'), so typing '.5' keystroke by keystroke gives '0.' then '0.5'.
 */
export function maskAmount(input: string, options: AmountMaskOptions = {}): string {
  const [rawInt = '', rawDec] = input.replace(/,/g, '.').split('.')
  let int = withoutLeadingZeros(rawInt.replace(/\D/g, ''))
  if (options.integers !== undefined) int = int.slice(0, Math.max(0, options.integers))
  if (rawDec === undefined) return int
  let dec = rawDec.replace(/\D/g, '')
  if (options.decimals !== undefined) {
    if (options.decimals <= 0) return int
    dec = dec.slice(0, options.decimals)
  }
  return `${int === '' ? '0' : int}.${dec}`
}

/**
 * SPEC §5 send form: an amount and a receiver are needed first, then a token. Returns the error
 * text, or null when the form can be sent.
 */
export function validateSend(form: { amount?: string; receiverAddress?: string; token?: unknown }): string | null {
  const amountOk = form.amount !== undefined && form.amount.trim() !== '' && Number(form.amount) > 0
  if (!amountOk || !form.receiverAddress) return ERRORS.sendAmountReceiver
  if (!form.token) return ERRORS.sendToken
  return null
}

/** SPEC §5 pay with exchange: token amount = fiat amount / asset price, rounded to 8 decimals. */
export function exchangeTokenAmount(fiatAmount: number, price: number): number {
  if (!(price > 0) || !Number.isFinite(fiatAmount)) return 0
  return Math.round((fiatAmount / price) * 1e8) / 1e8
}
