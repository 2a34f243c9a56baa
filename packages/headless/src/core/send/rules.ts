/**
 * The send form's rules (SPEC §3 "Send state", §5): pure functions, no I/O, table-tested.
 * - the amount mask (digits and one decimal separator, at most the token's decimals);
 * - Max (native: balance minus the estimated gas cost; a token: its whole balance);
 * - the receiver's address rule per namespace;
 * - the button's state, in the order the form is filled in.
 */
import type { TokenBalance } from '@portico/protocol/account'
import { formatUnits } from '@portico/protocol/chain'
import { isAddressFor, maskAmount } from '../format/validation'
import type { CaipNetwork, ChainNamespace } from '../types'

/** SPEC §5 amount mask with the token's decimals as the limit ('1,5' → '1.5', '.' → '0.', '0.1234567' with 6 → '0.123456'). */
export function maskSendAmount(text: string, decimals?: number): string {
  return maskAmount(text, decimals === undefined ? {} : { decimals })
}

/** The token's decimals (the API gives them as a string); NaN-safe: 0 when unreadable. */
export const tokenDecimals = (token: Pick<TokenBalance, 'quantity'>): number => {
  const n = Number(token.quantity.decimals)
  return Number.isInteger(n) && n >= 0 ? n : 0
}

/** The native currency's entry of a balance list has no token address. */
export const isNativeToken = (token: Pick<TokenBalance, 'address'>): boolean => !token.address

/** The token's contract (EVM) or mint (Solana): the API gives a CAIP-10 address ('eip155:1:0x…'), the last part is it. */
export const tokenContract = (token: Pick<TokenBalance, 'address'>): string | undefined => token.address?.split(':').pop()

/** Decimal text → smallest units ('1.5', 18 → 1500000000000000000n). Digits past `decimals` are dropped; bad text is 0n. */
export function parseUnits(text: string, decimals: number): bigint {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim())
  if (!match) return 0n
  const int = match[1] || '0'
  const dec = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0')
  return BigInt(int + dec)
}

/** Smallest units → decimal text without trailing zeros (1500000000000000000n, 18 → '1.5'); ERC-20 transfer(to, amount) call data, for the gas estimate. */
export { erc20TransferData, formatUnits } from '@portico/protocol/chain'

/** The token's balance in smallest units. */
export const balanceUnits = (token: Pick<TokenBalance, 'quantity'>): bigint => parseUnits(token.quantity.numeric, tokenDecimals(token))

/**
 * Max: for the native currency, the balance minus the estimated gas cost (never below 0; nothing
 * is kept back while no estimate is known); for a token, its whole balance.
 */
export function maxAmount(token: Pick<TokenBalance, 'address' | 'quantity'>, gasCost?: bigint): string {
  const balance = balanceUnits(token)
  const kept = isNativeToken(token) ? (gasCost ?? 0n) : 0n
  return formatUnits(balance > kept ? balance - kept : 0n, tokenDecimals(token))
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Length in bytes of base58 text (leading '1's are zero bytes); -1 when it is not base58. */
export function base58ByteLength(text: string): number {
  let value = 0n
  for (const ch of text) {
    const digit = BASE58.indexOf(ch)
    if (digit < 0) return -1
    value = value * 58n + BigInt(digit)
  }
  const zeros = text.length - text.replace(/^1+/, '').length
  return zeros + (value === 0n ? 0 : Math.ceil(value.toString(16).length / 2))
}

/**
 * A receiver address for `namespace`: EVM 0x and 40 hex digits, any letter case (checksum-tolerant);
 * Solana base58 of a 32-byte key; other namespaces the shapes of core/format/validation.
 */
export function isReceiverAddress(namespace: ChainNamespace | undefined, text: string): boolean {
  if (!namespace || !isAddressFor(namespace, text)) return false
  if (namespace === 'eip155') return text.startsWith('0x')
  if (namespace === 'solana') return base58ByteLength(text) === 32
  return true
}

/** The send button's texts, in the order the rule checks them. */
export type SendButtonLabel =
  | 'Select token'
  | 'Add amount'
  | 'Incorrect value'
  | 'Insufficient funds'
  | 'Add address'
  | 'Name not found'
  | 'Invalid address'
  | 'Preview send'

/** What the send button is, in the order the rule checks it: a stable code the ui words through its locale ('preview' opens the review). */
export type SendButtonAction =
  | 'selectToken'
  | 'addAmount'
  | 'incorrectValue'
  | 'insufficientFunds'
  | 'addAddress'
  | 'nameNotFound'
  | 'invalidAddress'
  | 'preview'

/** Each action's English text. */
export const SEND_BUTTON_LABELS: Readonly<Record<SendButtonAction, SendButtonLabel>> = {
  selectToken: 'Select token',
  addAmount: 'Add amount',
  incorrectValue: 'Incorrect value',
  insufficientFunds: 'Insufficient funds',
  addAddress: 'Add address',
  nameNotFound: 'Name not found',
  invalidAddress: 'Invalid address',
  preview: 'Preview send',
}

export interface SendButtonInput {
  token?: Pick<TokenBalance, 'address' | 'quantity'> & Partial<Pick<TokenBalance, 'price'>>
  /** The amount text. */
  amount: string
  /** The receiver field as typed (an address or a name). */
  receiverInput: string
  /** The address to send to (typed, or resolved from the name). */
  receiverAddress?: string
  namespace?: ChainNamespace
  /** A name is being resolved: the button waits. @default false */
  resolving?: boolean
  /** The receiver is a name that was looked up and has no address here. @default false */
  nameNotFound?: boolean
  /** The receiver field was cleared after holding an invalid address: it still says so. @default false */
  receiverInvalid?: boolean
  /** The estimated network fee in the native currency's smallest units (counted for native sends). */
  gasCost?: bigint
  /** The on-ramp feature is on (offer 'Fund wallet' when funds are short). @default false */
  onramp?: boolean
}

export interface SendButtonState {
  /** What the button is: map it to words through the locale. */
  action: SendButtonAction
  /** @deprecated The English text; read `action` and word it through the locale. */
  label: SendButtonLabel
  /** Only 'Preview send' (and not while a name resolves) can be pressed. */
  disabled: boolean
  /** Offer 'Fund wallet' beside 'Insufficient funds' (the on-ramp feature is on). */
  fundWallet: boolean
  /** Offer connecting another wallet beside 'Insufficient funds'. */
  switchWallet: boolean
}

/**
 * The button's state, first failing check wins: no token → 'Select token'; no amount or a zero
 * amount → 'Add amount'; a token (not the native currency) priced at 0, so the amount is worth
 * nothing → 'Incorrect value'; more than the balance (for the native currency, amount + estimated
 * gas) → 'Insufficient funds' (offering another wallet, and the on-ramp when it is on); no receiver
 * → 'Add address' ('Invalid address' when it was just cleared of an invalid one); a name looked up that has no address here →
 * 'Name not found'; a receiver that is neither a valid address nor a resolved name → 'Invalid address';
 * else 'Preview send'.
 */
export function sendButtonState(input: SendButtonInput): SendButtonState {
  const state = (action: SendButtonAction, fundWallet = false): SendButtonState => ({
    action,
    label: SEND_BUTTON_LABELS[action],
    disabled: action !== 'preview',
    fundWallet,
    switchWallet: action === 'insufficientFunds',
  })
  const { token } = input
  if (!token) return state('selectToken')
  if (input.amount.trim() === '') return state('addAmount')
  const value = parseUnits(input.amount, tokenDecimals(token))
  if (value === 0n) return state('addAmount')
  if (!isNativeToken(token) && token.price === 0) return state('incorrectValue')
  const needed = value + (isNativeToken(token) ? (input.gasCost ?? 0n) : 0n)
  if (needed > balanceUnits(token)) return state('insufficientFunds', Boolean(input.onramp))
  if (input.receiverInput.trim() === '') return state(input.receiverInvalid ? 'invalidAddress' : 'addAddress')
  if (input.resolving) return { ...state('preview'), disabled: true }
  if (!input.receiverAddress && input.nameNotFound) return state('nameNotFound')
  if (!input.receiverAddress || !isReceiverAddress(input.namespace, input.receiverAddress)) return state('invalidAddress')
  return state('preview')
}

/** SPEC §9 names: the ENSIP-11 coin type of an EVM chain (0x80000000 | chainId), as the name record's key. */
export const evmCoinTypeKey = (chainId: number): string | undefined =>
  Number.isInteger(chainId) && chainId >= 0 && chainId < 0x80000000 ? String((0x80000000 | chainId) >>> 0) : undefined

/** The amount's value in USD: the token's price × the amount; undefined without a token, a price or a readable amount. */
export function amountUsd(token: Pick<TokenBalance, 'price'> | undefined, amount: string): number | undefined {
  const text = amount.trim()
  if (!token || !Number.isFinite(token.price) || text === '' || !/^\d*\.?\d*$/.test(text)) return undefined
  const n = Number(text === '.' ? '0' : text)
  return Number.isFinite(n) ? n * token.price : undefined
}

/** The token list's search: name or symbol containing the query, letter case ignored; a blank query keeps every token. */
export function searchTokens<T extends Pick<TokenBalance, 'name' | 'symbol'>>(tokens: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase()
  if (q === '') return [...tokens]
  return tokens.filter((t) => t.name.toLowerCase().includes(q) || t.symbol.toLowerCase().includes(q))
}

/**
 * The sent transaction's page: the network's block explorer + '/tx/' + hash; undefined when the
 * network has no explorer. (The send chunk's own copy of the activity flow's rule, so the two lazy
 * flows share no chunk.)
 */
export function sendExplorerUrl(hash: string | undefined, network?: Pick<CaipNetwork, 'blockExplorers'>): string | undefined {
  const base = network?.blockExplorers?.default.url
  if (!base || !hash) return undefined
  return `${base.replace(/\/+$/, '')}/tx/${hash}`
}
