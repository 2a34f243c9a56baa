import { useRouter, useWalletList } from '@portico/headless/react'
import { WhatIsAWalletView } from './WhatIsAWalletView'

/** "What is a wallet?", reached from Connect; "Get a wallet" goes on to GetWallet (the explorer's wallets: none without one). */
export function WhatIsAWallet() {
  const router = useRouter()
  const { explorer } = useWalletList({ source: 'connectors' })
  return <WhatIsAWalletView onGetWallet={explorer ? () => router.push('GetWallet') : undefined} />
}
