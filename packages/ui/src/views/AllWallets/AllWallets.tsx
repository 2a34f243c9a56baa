import { useWallets } from '@portico/headless/react'
import { useEffect } from 'react'
import { useLegalGate } from '../shared/useLegalGate'
import { AllWalletsView } from './AllWalletsView'

/** The AllWallets view: the explorer list through the headless useWallets hook. */
export function AllWallets() {
  const w = useWallets()
  const { setQuery } = w
  const legal = useLegalGate()
  // Leaving the view clears the search: coming back shows the whole list.
  useEffect(() => () => setQuery(''), [setQuery])
  return (
    <AllWalletsView
      wallets={w.wallets}
      query={w.query}
      onQuery={w.setQuery}
      loading={w.loading}
      error={w.error}
      hasMore={w.hasMore}
      onLoadMore={() => void w.loadMore()}
      onRetry={() => void w.retry()}
      onSelect={(wallet) => {
        if (!legal.locked) w.select(wallet)
      }}
      legal={legal.checkbox}
      locked={legal.locked}
    />
  )
}
