import { formatBalance, formatUsd, type SwapGas, trimZeros } from '@portico/headless'
import type { Messages } from '../../messages'
import { feeText } from '../WalletSend/WalletSend'

// Each text in `locale`, the Intl locale of the modal's (useNumberFormat().locale).

/** An amount as the swap shows it: grouped, at most `decimals` decimals, trailing zeros dropped ('1485.000000' → '1,485'). */
export const amountText = (amount: string | number, decimals = 6, locale = 'en-US'): string =>
  trimZeros(formatBalance(amount, decimals, locale))

/** The rate line: '1 ETH = 2,970 USDC'. */
export const rateText = (rate: number, from: string, to: string, messages: Messages, locale = 'en-US'): string =>
  messages.swap.rateText(from, amountText(rate, 6, locale), to)

/** Price impact in percent, 2 decimals; a gain or a loss below 0.01% shows as '<0.01%'. */
export const impactText = (impact: number | undefined, locale = 'en-US'): string | undefined =>
  impact === undefined || !Number.isFinite(impact)
    ? undefined
    : impact < 0.01
      ? '<0.01%'
      : new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(impact / 100)

/** The network cost: '0.003 ETH ($9.00)', without the USD part when there is no price. */
export const networkCostText = (gas: SwapGas | undefined, symbol: string, locale = 'en-US'): string | undefined =>
  gas ? `${feeText(gas.native, locale)} ${symbol}${gas.usd > 0 ? ` (${formatUsd(gas.usd, locale)})` : ''}` : undefined

/** A USD value, or nothing when it is zero (no price). */
export const usdText = (usd: number, locale = 'en-US'): string | undefined => (usd > 0 ? formatUsd(usd, locale) : undefined)
