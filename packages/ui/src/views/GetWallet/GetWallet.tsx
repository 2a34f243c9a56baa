import { useWalletGuide } from '@portico/headless/react'
import { GetWalletView } from './GetWalletView'

/** "Get a wallet": the explorer's wallets that are not installed, and where to get them (useWalletGuide). */
export function GetWallet() {
  const guide = useWalletGuide()
  return (
    <GetWalletView
      wallets={guide.wallets.map((w) => ({ id: w.id, name: w.name, imageUrl: w.image_url, links: w.links }))}
      loading={guide.loading}
      error={guide.error}
      onRetry={guide.retry}
    />
  )
}
