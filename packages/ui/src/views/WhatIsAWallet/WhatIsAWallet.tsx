import { usePortico, useRouter } from '@portico/headless/react'
import { WhatIsAWalletView } from './WhatIsAWalletView'

/** "What is a wallet?", reached from Connect; "Get a wallet" goes on to GetWallet (the explorer's wallets: none without one). */
export function WhatIsAWallet() {
  const router = useRouter()
  const { options } = usePortico()
  return <WhatIsAWalletView onGetWallet={options.explorerUrl ? () => router.push('GetWallet') : undefined} />
}
