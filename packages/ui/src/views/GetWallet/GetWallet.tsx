import { useWalletGuide } from '@portico/headless/react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { GetWalletView } from './GetWalletView'

/** "Get a wallet": the explorer's wallets that are not installed, and where to get them (useWalletGuide). */
export function GetWallet() {
  const messages = useMessages()
  const guide = useWalletGuide()
  return (
    <GetWalletView
      wallets={guide.wallets.map((w) => ({ id: w.id, name: w.name, imageUrl: w.image_url, links: w.links }))}
      loading={guide.loading}
      error={codeText(guide.errorCode, messages) || null}
      onRetry={guide.retry}
    />
  )
}
