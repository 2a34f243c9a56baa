import type { RouteData, SwapToken } from '@portico/headless'
import { useRouter, useSwap } from '@portico/headless/react'
import { useState } from 'react'
import { type NumberFormat, useNumberFormat } from '../../messages/numbers'
import { type SwapSelectableToken, SwapSelectTokenView } from './SwapSelectTokenView'

const shownIn =
  (f: NumberFormat) =>
  (t: SwapToken): SwapSelectableToken => ({
    id: t.address.toLowerCase(),
    name: t.name,
    symbol: t.symbol,
    ...(t.logoUri ? { iconUrl: t.logoUri } : {}),
    ...(t.quantity && Number(t.quantity.numeric) > 0 ? { balance: f.balance(t.quantity.numeric) } : {}),
    ...(t.value ? { value: f.usd(t.value) } : {}),
  })

/**
 * SwapSelectToken (issue 13): the token of one side of the swap (route data `target`), from
 * useSwap's lists (suggested, the account's tokens, popular) and its search; a choice sets the token
 * (the other side's swaps over when it is the same) and goes back.
 */
export function SwapSelectToken() {
  const swap = useSwap()
  const router = useRouter()
  const shown = shownIn(useNumberFormat())
  const target =
    router.entry.view === 'SwapSelectToken' ? ((router.entry.data as RouteData<'SwapSelectToken'>)?.target ?? 'sourceToken') : 'sourceToken'
  const [query, setQuery] = useState('')
  const searching = query.trim() !== ''
  const results = searching ? (swap.foundTokens ?? []) : []
  const all = [
    ...swap.myTokensWithBalance,
    ...(swap.suggestedTokens ?? []),
    ...(swap.popularTokens ?? []),
    ...(swap.tokens ?? []),
    ...results,
  ]
  return (
    <SwapSelectTokenView
      query={query}
      onQuery={(text) => {
        setQuery(text)
        swap.searchTokens(text)
      }}
      suggested={(swap.suggestedTokens ?? []).map(shown)}
      yourTokens={swap.myTokensWithBalance.map(shown)}
      popular={(swap.popularTokens ?? []).map(shown)}
      results={results.map(shown)}
      currentId={swap[target]?.address.toLowerCase()}
      onSelect={(id) => {
        const token = all.find((t) => t.address.toLowerCase() === id)
        if (!token) return
        void (target === 'sourceToken' ? swap.setSourceToken(token) : swap.setToToken(token))
        router.goBack()
      }}
    />
  )
}
