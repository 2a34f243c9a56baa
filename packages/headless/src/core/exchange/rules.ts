/**
 * Pay with exchange's rules (SPEC §3 "Pay-with-exchange state", §5, §7 "Exchange JSON-RPC", §9 "Pay
 * with exchange"): pure functions and constants, no I/O, table-tested. The token amount is computed
 * exactly (decimal digits as bigints), never through floating point.
 */
import type { TokenBalance } from '@portico/protocol/account'
import type { ExchangeBuyStatus, GetExchangeBuyStatusResult } from '@portico/protocol/exchange'
import { ERRORS, PorticoError } from '../errors'
import type { ChainNamespace } from '../types'

/** SPEC §1/§9 platform support: pay with exchange runs on EVM and Solana (availability: core/account/payWithExchange.ts). */
export const PAYMENT_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

/** SPEC §9: the exchanges shown (the first ones of the listing). */
export const EXCHANGES_SHOWN = 2
/** SPEC §9: the listing's first page. */
export const EXCHANGES_FIRST_PAGE = 0
/** SPEC §9: the buy status is asked every 5 s … */
export const STATUS_POLL_MS = 5_000
/** … at most 20 times; then 'Unable to get deposit status'. */
export const STATUS_MAX_POLLS = 20
/** SPEC §9: the exchange's popup, 480 × 720. */
export const POPUP_WIDTH = 480
export const POPUP_HEIGHT = 720
/** The window features of the popup (window.open's third argument). */
export const POPUP_FEATURES = `scrollbars=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT}`
/** SPEC §5/§7: token amounts are rounded to 8 decimals. */
export const TOKEN_AMOUNT_DECIMALS = 8
/** The fiat amount (USD, SPEC §9) keeps at most 2 decimals as typed. */
export const FIAT_DECIMALS = 2
/** The `asset` of a network's own currency. */
export const NATIVE_ASSET = 'native'
/** SPEC §9 decimals of the supported assets. */
export const ASSET_DECIMALS = { USDC: 6, USDT: 6, ETH: 18, SOL: 9 } as const

/** An asset to pay (SPEC §3 paymentAsset). */
export interface PaymentAsset {
  /** CAIP-2 id of its network ('eip155:8453', 'solana:5eykt4Us…'). */
  network: string
  /** The token's contract (EVM) or mint (Solana), or 'native' for the network's own currency. */
  asset: string
  metadata: {
    name: string
    symbol: string
    decimals: number
    iconUrl?: string
  }
  /** USD price of one unit, once fetched. */
  price?: number
}

/** Solana mainnet's CAIP-2 reference. */
const SOLANA_MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const ASSET_NAMES = { ETH: 'Ethereum', USDC: 'USD Coin', USDT: 'Tether USD', SOL: 'Solana' } as const

/**
 * A supported asset. The network id is put together at run time: a quoted 'eip155:8453' in the
 * lazy chunk would read as the Base preset to the preset tree-shaking check (scripts/size.mjs).
 */
function listed(
  symbol: keyof typeof ASSET_DECIMALS,
  namespace: 'eip155' | 'solana',
  reference: string | number,
  asset: string = NATIVE_ASSET,
): PaymentAsset {
  return { network: `${namespace}:${reference}`, asset, metadata: { name: ASSET_NAMES[symbol], symbol, decimals: ASSET_DECIMALS[symbol] } }
}

/**
 * SPEC §9 supported assets: ETH on Ethereum, Base, Base Sepolia; USDC on Base, Ethereum, Arbitrum,
 * Polygon, Solana; USDT on Ethereum, Optimism, Arbitrum, Polygon, Solana; SOL on Solana. An app
 * pays in another asset (a local chain's token) by handing it to initialize or setPaymentAsset.
 */
export const PAY_WITH_EXCHANGE_ASSETS: readonly PaymentAsset[] = [
  listed('ETH', 'eip155', 1),
  listed('ETH', 'eip155', 8453),
  listed('ETH', 'eip155', 84532),
  listed('USDC', 'eip155', 8453, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
  listed('USDC', 'eip155', 1, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
  listed('USDC', 'eip155', 42161, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'),
  listed('USDC', 'eip155', 137, '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'),
  listed('USDC', 'solana', SOLANA_MAINNET, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
  listed('USDT', 'eip155', 1, '0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  listed('USDT', 'eip155', 10, '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58'),
  listed('USDT', 'eip155', 42161, '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'),
  listed('USDT', 'eip155', 137, '0xc2132D05D31c914a87C6611C10748AEb04B58e8F'),
  listed('USDT', 'solana', SOLANA_MAINNET, 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'),
  listed('SOL', 'solana', SOLANA_MAINNET),
]

/** The namespace of a CAIP-2 id ('eip155:1' → 'eip155'). */
export const namespaceOf = (network: string): ChainNamespace => network.split(':')[0] as ChainNamespace

/** The supported assets on a network (CAIP-2 id), in SPEC §9's order. */
export function assetsForNetwork(network: string | undefined, list: readonly PaymentAsset[] = PAY_WITH_EXCHANGE_ASSETS): PaymentAsset[] {
  return network ? list.filter((a) => a.network === network) : []
}

/**
 * A network without any asset of SPEC §9's list (a local chain, a chain the list does not name): the
 * account's own tokens there (its balances), the network's currency as 'native'. The exchanges say
 * which of them they can send ('Asset not supported' otherwise).
 */
export function assetsFromBalances(balances: readonly TokenBalance[], network: string | undefined): PaymentAsset[] {
  if (!network || (namespaceOf(network) !== 'eip155' && namespaceOf(network) !== 'solana')) return []
  return balances
    .filter((b) => b.chainId === network)
    .map((b) => ({
      network,
      asset: b.address ? (b.address.split(':').pop() ?? b.address) : 'native',
      metadata: { name: b.name, symbol: b.symbol, decimals: Number(b.quantity.decimals), ...(b.iconUrl ? { iconUrl: b.iconUrl } : {}) },
    }))
    .filter((a) => Number.isInteger(a.metadata.decimals) && a.metadata.decimals > 0 && a.asset !== '')
}

/** The same asset (EVM contracts compared without letter case; Solana mints are case-sensitive). */
export function sameAsset(a: Pick<PaymentAsset, 'network' | 'asset'>, b: Pick<PaymentAsset, 'network' | 'asset'>): boolean {
  if (a.network !== b.network) return false
  return namespaceOf(a.network) === 'eip155' ? a.asset.toLowerCase() === b.asset.toLowerCase() : a.asset === b.asset
}

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** An asset this flow can pay in: a CAIP-2 network of a supported namespace, an asset id, a symbol and whole decimals. */
export function isPaymentAsset(value: unknown): value is PaymentAsset {
  if (!value || typeof value !== 'object') return false
  const a = value as Partial<PaymentAsset>
  const m = a.metadata
  return (
    typeof a.network === 'string' &&
    CAIP2.test(a.network) &&
    PAYMENT_NAMESPACES.includes(namespaceOf(a.network)) &&
    typeof a.asset === 'string' &&
    a.asset.length > 0 &&
    !!m &&
    typeof m.symbol === 'string' &&
    typeof m.name === 'string' &&
    Number.isInteger(m.decimals) &&
    m.decimals >= 0 &&
    m.decimals <= 36
  )
}

/**
 * The CAIP-19 id the exchange calls take: 'eip155:1/slip44:60' (ETH), 'eip155:8453/erc20:0x…',
 * 'solana:…/slip44:501' (SOL), 'solana:…/token:<mint>'. Another namespace: 'Unsupported namespace for asset formatting'.
 */
export function caip19Asset(a: Pick<PaymentAsset, 'network' | 'asset'>): string {
  const native = a.asset === NATIVE_ASSET
  switch (namespaceOf(a.network)) {
    case 'eip155':
      return native ? `${a.network}/slip44:60` : `${a.network}/erc20:${a.asset}`
    case 'solana':
      return native ? `${a.network}/slip44:501` : `${a.network}/token:${a.asset}`
    default:
      throw new PorticoError(ERRORS.unsupportedNamespace)
  }
}

/** The native currency's stand-in address in price requests (EVM, and wrapped SOL's mint). */
const EVM_NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const SOL_MINT = 'So11111111111111111111111111111111111111112'

/** The CAIP-10 id that POST /v1/fungible/price takes for the asset ('eip155:1:0xeeee…' for ETH). */
export function priceAddress(a: Pick<PaymentAsset, 'network' | 'asset'>): string {
  if (a.asset !== NATIVE_ASSET) return `${a.network}:${a.asset}`
  switch (namespaceOf(a.network)) {
    case 'eip155':
      return `${a.network}:${EVM_NATIVE_ADDRESS}`
    case 'solana':
      return `${a.network}:${SOL_MINT}`
    default:
      throw new PorticoError(ERRORS.unsupportedNamespace)
  }
}

/** SPEC §7: the pay URL's recipient, network:address ('eip155:8453:0xAb…'). */
export const recipientOf = (network: string, address: string): string => `${network}:${address}`

// ---- exact decimals ----

const DECIMAL = /^(\d*)(?:\.(\d*))?$/

/** A decimal text as (digits, scale): '1.25' → [125n, 2]; undefined for anything else. */
function decimalParts(text: string): [bigint, number] | undefined {
  const match = DECIMAL.exec(text.trim())
  if (!match || (!match[1] && !match[2])) return undefined
  const dec = match[2] ?? ''
  return [BigInt((match[1] || '0') + dec), dec.length]
}

/** A finite, non-negative number as plain decimal text, without exponent (1e-7 → '0.0000001', 3000 → '3000'). */
export function numberToDecimal(n: number): string | undefined {
  if (!Number.isFinite(n) || n < 0) return undefined
  const text = String(n)
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text)
  if (!m) return text
  const [, whole = '', frac = '', exponent] = m
  const digits = whole + frac
  const exp = Number(exponent) - frac.length
  if (exp >= 0) return digits + '0'.repeat(exp)
  const padded = digits.padStart(-exp + 1, '0')
  return `${padded.slice(0, exp)}.${padded.slice(exp)}`.replace(/\.?0+$/, '')
}

/**
 * SPEC §5: token amount = fiat amount / asset price, rounded (half up) to 8 decimals, as text
 * without trailing zeros ('100', 3000 → '0.03333333'; '25', 1 → '25'). '' without an amount or a
 * price above 0.
 */
export function tokenAmount(fiatAmount: string, price: number | undefined): string {
  const fiat = decimalParts(fiatAmount)
  const p = price === undefined ? undefined : numberToDecimal(price)
  const unit = p === undefined ? undefined : decimalParts(p)
  if (!fiat || !unit || unit[0] === 0n) return ''
  const [a, sa] = fiat
  const [d, sp] = unit
  // a/10^sa ÷ d/10^sp, scaled by 10^8.
  const num = a * 10n ** BigInt(sp + TOKEN_AMOUNT_DECIMALS)
  const den = d * 10n ** BigInt(sa)
  let q = num / den
  if ((num % den) * 2n >= den) q += 1n
  const digits = q.toString().padStart(TOKEN_AMOUNT_DECIMALS + 1, '0')
  const int = digits.slice(0, -TOKEN_AMOUNT_DECIMALS)
  const dec = digits.slice(-TOKEN_AMOUNT_DECIMALS).replace(/0+$/, '')
  return dec ? `${int}.${dec}` : int
}

/** A decimal text above 0 ('0.01' yes; '', '0', '0.' no). */
export function isPositiveAmount(text: string): boolean {
  const parts = decimalParts(text)
  return parts !== undefined && parts[0] > 0n
}

/**
 * The deposit's page: the block explorer's base + '/tx/' + hash; undefined without an explorer or a
 * hash. (The exchange chunk's own copy of the send and activity rule, so the lazy flows share no chunk.)
 */
export function paymentExplorerUrl(explorer: string | undefined, hash: string | undefined): string | undefined {
  if (!explorer || !hash) return undefined
  return `${explorer.replace(/\/+$/, '')}/tx/${hash}`
}

// ---- the buy status ----

/** What one status poll means for the payment. */
export interface PollOutcome {
  /** The payment's status now. */
  status: ExchangeBuyStatus
  /** The deposit's transaction hash, when the exchange gave one. */
  hash?: string
  /** SUCCESS or FAILED: the polling stops. */
  done: boolean
}

/**
 * SPEC §4: SUCCESS and FAILED end the payment (with the hash when given); IN_PROGRESS and UNKNOWN
 * keep it waiting; a failed status request (`undefined`) reads UNKNOWN and keeps it waiting.
 */
export function pollOutcome(answer: GetExchangeBuyStatusResult | undefined): PollOutcome {
  if (!answer) return { status: 'UNKNOWN', done: false }
  const done = answer.status === 'SUCCESS' || answer.status === 'FAILED'
  return { status: answer.status, ...(answer.txHash ? { hash: answer.txHash } : {}), done }
}
