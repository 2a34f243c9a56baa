import type { RouteData } from '@portico/headless'
import { useNetwork, useRouter, useSwap } from '@portico/headless/react'
import { useEffect } from 'react'
import { useMessages } from '../../messages/context'
import { useNumberFormat } from '../../messages/numbers'
import { impactText, networkCostText, rateText, usdText } from './format'
import { SwapView } from './SwapView'

/**
 * Swap (issue 13): renders useSwap's form. Asks the flow to start on each change (the flow starts once
 * per network, and applies the route data of `open({ view: 'Swap', data })` as its preset once); the
 * token buttons open SwapSelectToken for their side; the main button is the flow's (`pressButton`:
 * 'review' opens SwapPreview, 'retry' after a failed build quotes again).
 */
export function Swap() {
  const messages = useMessages()
  const f = useNumberFormat()
  const { locale } = f
  const swap = useSwap()
  const router = useRouter()
  const data = router.entry.view === 'Swap' ? (router.entry.data as RouteData<'Swap'>) : undefined
  const networkId = useNetwork().network?.caipNetworkId
  const { pending, supported, initializing, initialized, start } = swap
  // The flow decides whether this is a start (once per network, the preset once); here it is only asked again when those change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the state and the network listed are when to ask again, not inputs
  useEffect(() => {
    if (!pending) void start(data)
  }, [pending, supported, initializing, initialized, start, data, networkId])
  const { sourceToken, toToken } = swap
  const quoted = Boolean(swap.toTokenAmount && sourceToken && toToken)
  return (
    <SwapView
      loading={swap.pending || swap.phase === 'loading'}
      unsupported={!swap.pending && swap.phase === 'unsupported'}
      onSwitchNetwork={() => router.push('Networks')}
      source={sourceToken && { symbol: sourceToken.symbol, iconUrl: sourceToken.logoUri || undefined }}
      balance={sourceToken?.quantity ? f.balance(sourceToken.quantity.numeric) : undefined}
      amount={swap.sourceTokenAmount}
      onAmount={swap.setSourceTokenAmount}
      onMax={sourceToken?.quantity ? swap.setMaxSourceAmount : undefined}
      sourceUsd={usdText(swap.sourceTokenAmountUsd, locale)}
      onSourceToken={() => router.push('SwapSelectToken', { target: 'sourceToken' })}
      target={toToken && { symbol: toToken.symbol, iconUrl: toToken.logoUri || undefined }}
      toAmount={swap.toTokenAmount}
      toUsd={usdText(swap.toTokenAmountUsd, locale)}
      onToToken={() => router.push('SwapSelectToken', { target: 'toToken' })}
      quoting={swap.loadingQuote}
      onSwitch={() => void swap.switchTokens()}
      switchDisabled={swap.switchingTokens || !swap.initialized}
      details={
        quoted && sourceToken && toToken && swap.rate !== undefined
          ? {
              rate: rateText(swap.rate, sourceToken.symbol, toToken.symbol, messages, locale),
              ...(impactText(swap.priceImpact, locale) ? { priceImpact: impactText(swap.priceImpact, locale) } : {}),
              ...(networkCostText(swap.gas, swap.networkTokenSymbol, locale)
                ? { networkCost: networkCostText(swap.gas, swap.networkTokenSymbol, locale) }
                : {}),
            }
          : undefined
      }
      button={swap.button}
      onButton={() => void swap.pressButton()}
    />
  )
}
