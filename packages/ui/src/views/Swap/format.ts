import { formatBalance, formatUsd, type SwapGas, formatLocale, trimZeros } from '@portico/headless'
import type { Messages } from '../../messages'
import { feeText } from '../WalletSend/WalletSend'

/** An amount as the swap shows it: grouped, at most `decimals` decimals, trailing zeros dropped ('1485.000000' → '1,485'). */
export const amountText = (amount: string | number, decimals = 6): string => trimZeros(formatBalance(amount, decimals))

/** The rate line: '1 ETH = 2,970 USDC'. */
export const rateText = (rate: number, from: string, to: string, messages: Messages): string =>
  messages.swap.rateText(from, amountText(rate), to)

/** Price impact in percent, 2 decimals; a gain or a loss below 0.01% shows as '<0.01%'. */
export const impactText = (impact: number | undefined): string | undefined =>
  impact === undefined || !Number.isFinite(impact)
    ? undefined
    : impact < 0.01
      ? '<0.01%'
      : new Intl.NumberFormat(formatLocale(), { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(impact / 100)

/** The network cost: '0.003 ETH ($9.00)', without the USD part when there is no price. */
export const networkCostText = (gas: SwapGas | undefined, symbol: string): string | undefined =>
  gas ? `${feeText(gas.native)} ${symbol}${gas.usd > 0 ? ` (${formatUsd(gas.usd)})` : ''}` : undefined

/** A USD value, or nothing when it is zero (no price). */
export const usdText = (usd: number): string | undefined => (usd > 0 ? formatUsd(usd) : undefined)
