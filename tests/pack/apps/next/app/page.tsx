import { ConnectButton } from '@portico/ui'
import { version } from 'react'

// A server component: the ConnectButton is rendered into the HTML by the server, then hydrated.
export const dynamic = 'force-dynamic'

export default function Page() {
  return (
    <main>
      <h1>Portico from its tarballs</h1>
      <p data-testid="react-version">{version}</p>
      <ConnectButton />
    </main>
  )
}
