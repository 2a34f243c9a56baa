import { createPortico } from '@portico/headless'
import { base, mainnet } from '@portico/headless/networks'
import { evmAdapter } from '@portico/evm'
import { ConnectButton, PorticoProvider } from '@portico/ui'
import { version } from 'react'
import * as styles from './app.css.js'

// The pack harness passes a loopback URL where nothing listens: the Connect view needs no API.
const apiUrl: string = import.meta.env.VITE_PORTICO_API_URL ?? 'http://127.0.0.1:9'

const portico = createPortico({
  projectId: 'portico-pack',
  apiUrl,
  metadata: { name: 'Portico pack test', description: 'Portico installed from its tarballs', url: 'http://127.0.0.1', icons: [] },
  networks: [mainnet, base],
  adapters: [evmAdapter()],
  themeVariables: { '--portico-color-accent': '#7c3aed' },
})

export function App() {
  return (
    <PorticoProvider portico={portico}>
      <main className={styles.main} data-testid="app-main">
        <h1>Portico from its tarballs</h1>
        <p data-testid="react-version">{version}</p>
        <ConnectButton />
      </main>
    </PorticoProvider>
  )
}
