// A wagmi app that keeps its wagmi hooks and connects with Portico's modal: WagmiProvider +
// QueryClientProvider as any wagmi app has them, PorticoProvider for the modal, and one config from
// createPorticoWagmiConfig. The page shows wagmi's view and Portico's view side by side.
import { evmAdapter } from '@portico/evm'
import { type CaipNetwork, createPortico } from '@portico/headless'
import { PorticoProvider } from '@portico/ui'
import { createPorticoWagmiConfig } from '@portico/wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { App } from './App'
import { readConfig } from './config'

const config = readConfig()
const root = createRoot(document.getElementById('root') as HTMLElement)

if (!config) {
  root.render(<p>This page needs the local stack: its e2e journey (apps/wagmi-demo/e2e) starts it.</p>)
} else {
  // The browser dev wallet arrives on its own and announces itself over EIP-6963, like an extension.
  void import('@portico/devnet/wallet').then(({ installDevWallet }) => {
    window.__porticoDevWallet = installDevWallet({ chains: config.wallet.chains, mnemonic: config.wallet.mnemonic })
  })
  const portico = createPortico({
    projectId: config.projectId,
    apiUrl: config.apiUrl,
    explorerUrl: config.apiUrl,
    networks: config.networks.map((n): CaipNetwork => ({ ...n, assets: { imageId: 'ethereum' } })),
    adapters: [evmAdapter()],
    metadata: { name: 'wagmi demo', description: 'A wagmi app with the Portico modal', url: window.location.origin, icons: [] },
  })
  const wagmiConfig = createPorticoWagmiConfig({ portico })
  const queryClient = new QueryClient()
  root.render(
    <StrictMode>
      <WagmiProvider config={wagmiConfig}>
        <QueryClientProvider client={queryClient}>
          <PorticoProvider portico={portico}>
            <App />
          </PorticoProvider>
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  )
}
