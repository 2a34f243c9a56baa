// The page wallet's UI: paste a wc: URI → Pair; approve or reject the session proposal; active
// sessions with their accounts per namespace and Disconnect; incoming requests with Approve/Reject.
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { DemoConfig } from '../config'
import { createPageWallet, type PageWallet, type PageWalletState } from './engine'

const STARTING: PageWalletState = { status: 'starting', proposals: [], requests: [], sessions: [] }
const noop = () => () => undefined

/** One wallet per page: sign-client's Core is a per-page singleton, so React's StrictMode double
 * effects must not create a second client (it would take the relay messages of the first). */
let started: Promise<PageWallet> | undefined
function startOnce(config: DemoConfig): Promise<PageWallet> {
  started ??= createPageWallet({
    relayUrl: config.relayUrl,
    mnemonic: config.wallet.mnemonic,
    projectId: config.projectId,
    evmChains: config.wallet.chains,
    solana: { rpcUrl: config.solana.rpcUrl, caipNetworkId: config.solana.caipNetworkId },
  })
  return started
}

function useWallet(config: DemoConfig | undefined): { wallet?: PageWallet; state: PageWalletState; initError?: string } {
  const [wallet, setWallet] = useState<PageWallet>()
  const [initError, setInitError] = useState<string>()
  useEffect(() => {
    if (!config) return
    let live = true
    startOnce(config).then(
      (w) => live && setWallet(w),
      (e: unknown) => live && setInitError(e instanceof Error ? e.message : String(e)),
    )
    return () => {
      live = false
    }
  }, [config])
  const state = useSyncExternalStore(
    wallet?.subscribe ?? noop,
    () => wallet?.getState() ?? STARTING,
    () => STARTING,
  )
  return { wallet, state, initError }
}

export function WalletPage({ config }: { config: DemoConfig | undefined }) {
  const { wallet, state, initError } = useWallet(config)
  const [uri, setUri] = useState('')
  const [pairError, setPairError] = useState<string>()
  const [pairing, setPairing] = useState(false)

  if (!config) {
    return (
      <main className="pw">
        <h1>Portico page wallet</h1>
        <p className="error" role="alert">
          No local stack: start it with <code>npm start</code> and open this page from the URL it prints.
        </p>
      </main>
    )
  }

  const run = (fn: (w: PageWallet) => Promise<void>) => () => {
    if (!wallet) return
    void fn(wallet).catch((e: unknown) => setPairError(e instanceof Error ? e.message : String(e)))
  }
  const pair = async () => {
    if (!wallet) return
    setPairError(undefined)
    setPairing(true)
    try {
      await wallet.pair(uri)
      setUri('')
    } catch (e) {
      setPairError(e instanceof Error ? e.message : String(e))
    } finally {
      setPairing(false)
    }
  }

  return (
    <main className="pw">
      <header className="head">
        <h1>Portico page wallet</h1>
        <span
          className={`pill ${initError ? 'bad' : state.status}`}
          data-testid="portico-pagewallet-status"
          data-status={initError ? 'error' : state.status}
        >
          {initError ? `Could not start: ${initError}` : state.status === 'ready' ? 'Connected to the relay' : 'Starting…'}
        </span>
      </header>
      <p className="sub">A WalletConnect wallet in this page, on the local relay. Paste a dapp’s pairing link to connect.</p>

      <section className="card" aria-labelledby="pw-accounts">
        <h2 id="pw-accounts">Accounts (devnet mnemonic, account 0)</h2>
        <dl className="accounts">
          <dt>EVM</dt>
          <dd className="mono" data-testid="portico-pagewallet-evm-address">
            {wallet?.addresses.eip155 ?? '…'}
          </dd>
          <dt>Solana</dt>
          <dd className="mono">{wallet?.addresses.solana ?? '…'}</dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="pw-pair">
        <h2 id="pw-pair">Pair with a dapp</h2>
        <textarea
          aria-label="WalletConnect URI"
          placeholder="Paste a wc: URI"
          value={uri}
          onChange={(e) => setUri(e.target.value)}
          data-testid="portico-pagewallet-uri"
        />
        <div className="row">
          <button
            type="button"
            className="btn primary"
            disabled={!wallet || !uri.trim() || pairing}
            onClick={() => void pair()}
            data-testid="portico-pagewallet-pair"
          >
            {pairing ? 'Pairing…' : 'Pair'}
          </button>
        </div>
      </section>

      {(pairError || state.error) && (
        <p className="error" role="alert" data-testid="portico-pagewallet-error">
          {pairError ?? state.error}
        </p>
      )}
      {state.notice && (
        <p className="notice" role="status" data-testid="portico-pagewallet-notice">
          {state.notice}
        </p>
      )}

      {state.proposals.length > 0 && (
        <section className="card" aria-labelledby="pw-proposals">
          <h2 id="pw-proposals">Connection requests</h2>
          {state.proposals.map((p) => (
            <div className="item" key={p.id} data-testid="portico-pagewallet-proposal">
              <div className="title">{p.dappName}</div>
              <div className="url">{p.dappUrl}</div>
              <ul className="ns">
                {p.namespaces.map((ns) => (
                  <li key={`${ns.namespace}-${ns.required}`}>
                    <span className="tag">{ns.required ? 'required' : 'optional'}</span>
                    <strong>{ns.namespace}</strong> <span className="mono">{ns.chains.join(', ') || 'any chain'}</span>
                  </li>
                ))}
              </ul>
              <div className="row">
                <button
                  type="button"
                  className="btn primary"
                  onClick={run((w) => w.approveProposal(p.id))}
                  data-testid="portico-pagewallet-approve-proposal"
                >
                  Approve
                </button>
                <button
                  type="button"
                  className="btn"
                  onClick={run((w) => w.rejectProposal(p.id))}
                  data-testid="portico-pagewallet-reject-proposal"
                >
                  Reject
                </button>
              </div>
            </div>
          ))}
        </section>
      )}

      {state.requests.length > 0 && (
        <section className="card" aria-labelledby="pw-requests">
          <h2 id="pw-requests">Requests</h2>
          {state.requests.map((r) => (
            <div className="item" key={r.id} data-testid="portico-pagewallet-request" data-method={r.method}>
              <div className="title">
                {r.method}{' '}
                <span className="url">
                  from {r.dappName} on {r.chainId}
                </span>
              </div>
              <p className="muted" data-testid="portico-pagewallet-request-summary">
                {r.summary}
              </p>
              <div className="row">
                <button
                  type="button"
                  className="btn primary"
                  onClick={run((w) => w.approveRequest(r.id))}
                  data-testid="portico-pagewallet-approve-request"
                >
                  Approve
                </button>
                <button
                  type="button"
                  className="btn"
                  onClick={run((w) => w.rejectRequest(r.id))}
                  data-testid="portico-pagewallet-reject-request"
                >
                  Reject
                </button>
              </div>
            </div>
          ))}
        </section>
      )}

      <section className="card" aria-labelledby="pw-sessions">
        <h2 id="pw-sessions">Sessions</h2>
        {state.sessions.length === 0 && <p className="muted">No active sessions.</p>}
        {state.sessions.map((s) => (
          <div className="item" key={s.topic} data-testid="portico-pagewallet-session">
            <div className="title">{s.dappName}</div>
            <div className="url">{s.dappUrl}</div>
            <ul className="ns">
              {s.accounts.map((ns) => (
                <li key={ns.namespace}>
                  <strong>{ns.namespace}</strong>
                  {ns.accounts.map((a) => (
                    <div className="mono" key={a}>
                      {a}
                    </div>
                  ))}
                </li>
              ))}
            </ul>
            <div className="row">
              <button
                type="button"
                className="btn danger"
                onClick={run((w) => w.disconnect(s.topic))}
                data-testid="portico-pagewallet-disconnect"
              >
                Disconnect
              </button>
            </div>
          </div>
        ))}
      </section>
    </main>
  )
}
