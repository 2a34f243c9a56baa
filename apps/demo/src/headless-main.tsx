// A page whose whole UI is the app's own markup over @portico/headless/react — no @portico/ui.
import { shortenAddress } from '@portico/headless'
import { PorticoContextProvider, useAccount, useConnect, useDisconnect, useNetwork } from '@portico/headless/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './demo.css'
import { NOT_STARTED, setup } from './setup'
import { SignMessage } from './SignMessage'

/** A wallet with sides in several chain families (the dev wallet: EIP-6963 and Wallet Standard) is listed once per family. */
const NAMESPACE_LABELS: Partial<Record<string, string>> = { eip155: 'EVM', solana: 'Solana' }

function Wallets() {
  const { connectors, connect, status, error } = useConnect()
  return (
    <section className="card" aria-labelledby="wallets-title">
      <h2 id="wallets-title">Choose a wallet</h2>
      {connectors.length === 0 && <p className="muted">No browser wallet found.</p>}
      <ul className="list">
        {connectors.map((c) => (
          <li key={`${c.namespace}:${c.id}`}>
            <button
              type="button"
              className="btn"
              disabled={status === 'connecting'}
              onClick={() => void connect(c.id).catch(() => undefined)}
            >
              {c.imageUrl && <img src={c.imageUrl} alt="" />}
              {c.name} <span className="muted">({NAMESPACE_LABELS[c.namespace] ?? c.namespace})</span>
            </button>
          </li>
        ))}
      </ul>
      {status === 'connecting' && <p className="muted">Approve in your wallet…</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}

function Account() {
  const { address, balance, balanceSymbol } = useAccount()
  const { network, networks, switchNetwork } = useNetwork()
  const { disconnect } = useDisconnect()
  return (
    <section className="card" aria-labelledby="acct-title">
      <h2 id="acct-title">Connected</h2>
      <dl>
        <dt>Address</dt>
        <dd data-testid="portico-demo-address" title={address}>
          {address && shortenAddress(address)}
        </dd>
        <dt>Full address</dt>
        <dd data-testid="portico-demo-address-full">
          <code>{address}</code>
        </dd>
        <dt>Balance</dt>
        <dd data-testid="portico-demo-balance">{balance !== undefined ? `${balance} ${balanceSymbol ?? ''}` : '…'}</dd>
        <dt>Network</dt>
        <dd data-testid="portico-demo-network">{network && `${network.name} (${network.caipNetworkId})`}</dd>
      </dl>
      <div className="row" style={{ marginTop: 16 }}>
        {networks.map((n) => (
          <button
            key={n.caipNetworkId}
            type="button"
            className="btn"
            aria-pressed={n.caipNetworkId === network?.caipNetworkId}
            onClick={() => void switchNetwork(n).catch(() => undefined)}
          >
            {n.name}
          </button>
        ))}
        <button type="button" className="btn" onClick={() => void disconnect()}>
          Disconnect
        </button>
      </div>
    </section>
  )
}

function App() {
  const { isConnected } = useAccount()
  return (
    <main className="page">
      <header className="topbar">
        <h1>Portico — headless hooks only</h1>
        <a className="nav" href="./">
          ← Default modal
        </a>
      </header>
      {isConnected ? <Account /> : <Wallets />}
      <SignMessage />
    </main>
  )
}

const portico = setup()
if (portico) void portico.reconnect()
const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('The page has no #root element')
createRoot(rootElement).render(
  <StrictMode>
    {portico ? (
      <PorticoContextProvider portico={portico}>
        <App />
      </PorticoContextProvider>
    ) : (
      <main className="page">
        <p>{NOT_STARTED}</p>
      </main>
    )}
  </StrictMode>,
)
