import { useRouter, useSwap } from '@portico/headless/react'
import { useRef } from 'react'
import { useMessages } from '../../messages/context'
import { amountText, impactText, networkCostText, rateText, usdText } from '../Swap/format'
import { SwapPreviewView, type SwapPreviewViewProps } from './SwapPreviewView'

type Shown = Omit<SwapPreviewViewProps, 'waiting' | 'error' | 'onCancel' | 'onApprove' | 'onSwap'>

/**
 * SwapPreview (issue 13): the review of useSwap's quote. With an approval needed, 'Approve X' sends
 * it (the flow re-quotes, rebuilds and shows this view again, now with 'Swap'); 'Swap' sends the
 * swap, after which the flow shows 'Swapped X to Y Z' and returns to Account. A refusal or a failure
 * keeps this view with its values and shows the error. Cancel goes back to the form.
 */
export function SwapPreview() {
  const messages = useMessages()
  const swap = useSwap()
  const router = useRouter()
  const { sourceToken, toToken } = swap
  // What is shown stays while the swap settles (the flow resets before Account replaces this view).
  const last = useRef<Shown | undefined>(undefined)
  if (sourceToken && toToken && swap.toTokenAmount) {
    last.current = {
      from: {
        amount: amountText(swap.sourceTokenAmount, sourceToken.decimals),
        symbol: sourceToken.symbol,
        iconUrl: sourceToken.logoUri || undefined,
        usd: usdText(swap.sourceTokenAmountUsd),
      },
      to: {
        amount: amountText(swap.toTokenAmount),
        symbol: toToken.symbol,
        iconUrl: toToken.logoUri || undefined,
        usd: usdText(swap.toTokenAmountUsd),
      },
      ...(swap.rate !== undefined ? { rate: rateText(swap.rate, sourceToken.symbol, toToken.symbol, messages) } : {}),
      ...(impactText(swap.priceImpact) ? { priceImpact: impactText(swap.priceImpact) } : {}),
      maxSlippage: `${swap.slippage}%`,
      ...(swap.minimumReceived ? { minimumReceived: `${amountText(swap.minimumReceived)} ${toToken.symbol}` } : {}),
      ...(swap.providerFee
        ? { providerFee: `${amountText(swap.providerFee, sourceToken.decimals)} ${sourceToken.symbol} (${swap.providerFeePercent}%)` }
        : {}),
      ...(networkCostText(swap.gas, swap.networkTokenSymbol) ? { networkCost: networkCostText(swap.gas, swap.networkTokenSymbol) } : {}),
      needsApproval: swap.needsApproval,
    }
  }
  const shown = last.current ?? {
    from: { amount: swap.sourceTokenAmount, symbol: sourceToken?.symbol ?? '' },
    to: { amount: swap.toTokenAmount, symbol: toToken?.symbol ?? '' },
  }
  const waiting = swap.loadingText
  return (
    <SwapPreviewView
      {...shown}
      {...(waiting ? { waiting } : {})}
      {...(swap.transactionError ? { error: swap.transactionError } : {})}
      onCancel={() => router.goBack()}
      onApprove={() => void swap.sendTransactionForApproval()}
      onSwap={() => void swap.sendTransactionForSwap()}
    />
  )
}
