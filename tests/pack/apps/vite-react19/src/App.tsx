import { createPortico } from '@portico/headless'
import { base, mainnet, solana } from '@portico/headless/networks'
import { evmAdapter } from '@portico/evm'
import { solanaAdapter } from '@portico/solana'
import { ConnectButton, PorticoProvider } from '@portico/ui'
import { walletConnectAdapter } from '@portico/walletconnect'
import { version } from 'react'

// The pack harness passes the URL of the Portico API it runs from the @portico/server tarball.
const apiUrl: string = import.meta.env.VITE_PORTICO_API_URL ?? 'http://127.0.0.1:9'
// Nothing listens here; a pairing only starts when the visitor picks WalletConnect.
const relayUrl: string = import.meta.env.VITE_PORTICO_RELAY_URL ?? 'ws://127.0.0.1:9'

const metadata = { name: 'Portico pack test', description: 'Portico installed from its tarballs', url: 'http://127.0.0.1', icons: [] }

const portico = createPortico({
  projectId: 'portico-pack',
  apiUrl,
  metadata,
  networks: [mainnet, base, solana],
  adapters: [evmAdapter(), solanaAdapter(), walletConnectAdapter({ relayUrl, projectId: 'portico-pack', metadata })],
  themeVariables: { '--portico-color-accent': '#7c3aed' },
})

export function App() {
  return (
    <PorticoProvider portico={portico}>
      <main>
        <h1>Portico from its tarballs</h1>
        <p data-testid="react-version">{version}</p>
        <ConnectButton />
      </main>
    </PorticoProvider>
  )
}
