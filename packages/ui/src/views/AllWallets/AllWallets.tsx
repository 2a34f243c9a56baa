import { useWallets } from '@portico/headless/react'
import { useLegalGate } from '../shared/useLegalGate'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { AllWalletsView } from './AllWalletsView'

/** The AllWallets view: the explorer list through the headless useWallets hook. */
export function AllWallets() {
  // Leaving the view clears the search: coming back shows the whole list.
  const w = useWallets({ clearSearchOnUnmount: true })
  const legal = useLegalGate()
  const messages = useMessages()
  return (
    <AllWalletsView
      wallets={w.wallets}
      query={w.query}
      onQuery={w.setQuery}
      loading={w.loading}
      error={codeText(w.errorCode, messages) || null}
      hasMore={w.hasMore}
      onLoadMore={() => void w.loadMore()}
      onRetry={() => void w.retry()}
      onSelect={w.select}
      legal={legal.checkbox}
      locked={legal.locked}
    />
  )
}
