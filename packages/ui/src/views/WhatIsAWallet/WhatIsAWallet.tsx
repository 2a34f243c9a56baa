import { useRouter } from '@portico/headless/react'
import { WhatIsAWalletView } from './WhatIsAWalletView'

/** "What is a wallet?", reached from Connect; "Get a wallet" goes on to GetWallet. */
export function WhatIsAWallet() {
  const router = useRouter()
  return <WhatIsAWalletView onGetWallet={() => router.push('GetWallet')} />
}
