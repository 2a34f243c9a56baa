// The page `npm run bench:open` measures: what an app that drops in the default modal ships. One EVM
// network, the EVM adapter, a ConnectButton and a plain button of the app's own that calls
// useModal().open. The API is the bench server's stub on the same origin (bench/open/server.mjs).
// `?idle=0` turns the idle preload off (the cold path: nothing of the modal is loaded before the click).
import { evmAdapter } from '@portico/evm'
import { type CaipNetwork, createPortico } from '@portico/headless'
import { useModal } from '@portico/headless/react'
import { ConnectButton, PorticoProvider } from '@portico/ui'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

const here = (p: string) => new URL(p, location.href).href

const ethereum: CaipNetwork = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [here('/rpc')] } },
}

const portico = createPortico({
  projectId: 'bench-open',
  apiUrl: here('/api'),
  networks: [ethereum],
  adapters: [evmAdapter()],
  metadata: { name: 'Open-time bench', description: 'bench/open', url: location.origin, icons: [] },
})

function PlainOpenButton() {
  const { open } = useModal()
  return (
    <button type="button" data-testid="portico-bench-open" onClick={() => void open()} style={{ font: 'inherit', padding: '10px 16px' }}>
      Sign in
    </button>
  )
}

const idle = new URLSearchParams(location.search).get('idle') !== '0'

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <PorticoProvider portico={portico} preloadOnIdle={idle}>
      <main style={{ display: 'flex', gap: 16, padding: 32, fontFamily: 'system-ui, sans-serif' }}>
        <ConnectButton />
        <PlainOpenButton />
      </main>
    </PorticoProvider>
  </StrictMode>,
)
