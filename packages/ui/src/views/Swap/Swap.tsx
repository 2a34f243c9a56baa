import { formatBalance, type RouteData } from '@portico/headless'
import { useNetwork, useRouter, useSwap } from '@portico/headless/react'
import { useEffect, useRef } from 'react'
import { useMessages } from '../../messages/context'
import { impactText, networkCostText, rateText, usdText } from './format'
import { SwapView } from './SwapView'

/** Route data already used as a preset: coming back from the token picker does not apply it again. */
const applied = new WeakSet<object>()

/**
 * Swap (issue 13): renders useSwap's form. Starts the flow once per network (the route data of
 * `open({ view: 'Swap', data })` is initialize's preset, applied once); the token buttons open
 * SwapSelectToken for their side; 'Review swap' opens SwapPreview; 'Try again' (a failed build) quotes again.
 */
export function Swap() {
  const messages = useMessages()
  const swap = useSwap()
  const router = useRouter()
  const data = router.entry.view === 'Swap' ? (router.entry.data as RouteData<'Swap'>) : undefined
  const networkId = useNetwork().network?.caipNetworkId
  // The network the flow was last started on here: one start per network (a failed start goes back, never loops).
  const started = useRef<string | undefined>(undefined)
  const { pending, supported, initializing, initialized, initialize } = swap
  useEffect(() => {
    if (pending || !supported || initializing) return
    const preset = data && !applied.has(data) ? data : undefined
    if (preset) applied.add(preset)
    if (!preset && (initialized || started.current === networkId)) return
    started.current = networkId
    void initialize(preset)
  }, [pending, supported, initializing, initialized, initialize, data, networkId])
  const { sourceToken, toToken } = swap
  const loading = swap.pending || swap.initializing || (swap.supported && !swap.initialized)
  const quoted = Boolean(swap.toTokenAmount && sourceToken && toToken)
  return (
    <SwapView
      loading={loading}
      unsupported={!swap.pending && !swap.supported}
      onSwitchNetwork={() => router.push('Networks')}
      source={sourceToken && { symbol: sourceToken.symbol, iconUrl: sourceToken.logoUri || undefined }}
      balance={sourceToken?.quantity ? formatBalance(sourceToken.quantity.numeric) : undefined}
      amount={swap.sourceTokenAmount}
      onAmount={swap.setSourceTokenAmount}
      onMax={sourceToken?.quantity ? swap.setMaxSourceAmount : undefined}
      sourceUsd={usdText(swap.sourceTokenAmountUsd)}
      onSourceToken={() => router.push('SwapSelectToken', { target: 'sourceToken' })}
      target={toToken && { symbol: toToken.symbol, iconUrl: toToken.logoUri || undefined }}
      toAmount={swap.toTokenAmount}
      toUsd={usdText(swap.toTokenAmountUsd)}
      onToToken={() => router.push('SwapSelectToken', { target: 'toToken' })}
      quoting={swap.loadingQuote}
      onSwitch={() => void swap.switchTokens()}
      switchDisabled={swap.switchingTokens || !swap.initialized}
      details={
        quoted && sourceToken && toToken && swap.rate !== undefined
          ? {
              rate: rateText(swap.rate, sourceToken.symbol, toToken.symbol, messages),
              ...(impactText(swap.priceImpact) ? { priceImpact: impactText(swap.priceImpact) } : {}),
              ...(networkCostText(swap.gas, swap.networkTokenSymbol)
                ? { networkCost: networkCostText(swap.gas, swap.networkTokenSymbol) }
                : {}),
            }
          : undefined
      }
      button={swap.button}
      onButton={() => {
        if (swap.button.label === 'Review swap') router.push('SwapPreview')
        else if (swap.button.label === 'Swap') void swap.swapTokens()
      }}
    />
  )
}
