import { useRouter, useSwap } from '@portico/headless/react'
import { useEffect, useRef } from 'react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { useNumberFormat } from '../../messages/numbers'
import { amountText, impactText, networkCostText, rateText, usdText } from '../Swap/format'
import { SwapPreviewView, type SwapPreviewViewProps } from './SwapPreviewView'

/** The native currency's placeholder address in swap token ids (and ERC-7528's): the simulation's 'native'. */
const NATIVE_ASSET = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

type Shown = Omit<SwapPreviewViewProps, 'waiting' | 'error' | 'simulating' | 'onCancel' | 'onApprove' | 'onSwap'>

/**
 * SwapPreview (issue 13): the review of useSwap's quote. With an approval needed, 'Approve X' sends
 * it (the flow re-quotes, rebuilds and shows this view again, now with 'Swap'); 'Swap' sends the
 * swap, after which the flow shows 'Swapped X to Y Z' and returns to Account. A refusal or a failure
 * keeps this view with its values and shows the error. Cancel goes back to the form.
 */
export function SwapPreview() {
  const messages = useMessages()
  const { locale } = useNumberFormat()
  const swap = useSwap()
  const router = useRouter()
  const { sourceToken, toToken } = swap
  // Each transaction the review would send (the approval, then the rebuilt swap) is simulated once it shows (issue 23 §2).
  const { simulate } = swap
  const transaction = swap.approvalTransaction ?? swap.swapTransaction
  useEffect(() => {
    if (transaction) void simulate()
  }, [simulate, transaction])
  // What is shown stays while the swap settles (the flow resets before Account replaces this view).
  const last = useRef<Shown | undefined>(undefined)
  if (sourceToken && toToken && swap.toTokenAmount) {
    last.current = {
      from: {
        amount: amountText(swap.sourceTokenAmount, sourceToken.decimals, locale),
        symbol: sourceToken.symbol,
        iconUrl: sourceToken.logoUri || undefined,
        usd: usdText(swap.sourceTokenAmountUsd, locale),
      },
      to: {
        amount: amountText(swap.toTokenAmount, 6, locale),
        symbol: toToken.symbol,
        iconUrl: toToken.logoUri || undefined,
        usd: usdText(swap.toTokenAmountUsd, locale),
      },
      ...(swap.rate !== undefined ? { rate: rateText(swap.rate, sourceToken.symbol, toToken.symbol, messages, locale) } : {}),
      ...(impactText(swap.priceImpact, locale) ? { priceImpact: impactText(swap.priceImpact, locale) } : {}),
      maxSlippage: `${swap.slippage}%`,
      ...(swap.minimumReceived ? { minimumReceived: `${amountText(swap.minimumReceived, 6, locale)} ${toToken.symbol}` } : {}),
      ...(swap.providerFee
        ? {
            providerFee: `${amountText(swap.providerFee, sourceToken.decimals, locale)} ${sourceToken.symbol} (${swap.providerFeePercent}%)`,
          }
        : {}),
      ...(networkCostText(swap.gas, swap.networkTokenSymbol, locale)
        ? { networkCost: networkCostText(swap.gas, swap.networkTokenSymbol, locale) }
        : {}),
      needsApproval: swap.needsApproval,
      simulation: swap.simulation,
      iconOf: (asset: string) => {
        const token = [sourceToken, toToken].find((t) =>
          t.address.toLowerCase().endsWith(asset === 'native' ? NATIVE_ASSET : asset.toLowerCase()),
        )
        return token?.logoUri || undefined
      },
    }
  }
  const shown = last.current ?? {
    from: { amount: swap.sourceTokenAmount, symbol: sourceToken?.symbol ?? '' },
    to: { amount: swap.toTokenAmount, symbol: toToken?.symbol ?? '' },
  }
  const waiting = codeText(swap.loadingCode, messages)
  return (
    <SwapPreviewView
      {...shown}
      {...(waiting ? { waiting } : {})}
      simulating={swap.simulating}
      {...(swap.transactionErrorCode ? { error: codeText(swap.transactionErrorCode, messages) } : {})}
      onCancel={() => router.goBack()}
      onApprove={() => void swap.sendTransactionForApproval()}
      onSwap={() => void swap.sendTransactionForSwap()}
    />
  )
}
