import { type ChainNamespace, formatBalance, LOCALES, type ThemeMode } from '@portico/headless'
import { useAccount, useLocale, useNetwork, usePortico, useTheme } from '@portico/headless/react'
import { ConnectButton, NetworkButton, PorticoProvider } from '@portico/ui'
import { StrictMode, useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import './demo.css'
import { NOT_STARTED, setup } from './setup'
import { SignMessage } from './SignMessage'
import { SiwxCard } from './SiwxCard'

/** The connected account of every namespace (a WalletConnect session may span several), active or not. */
function NamespaceAccounts() {
  const portico = usePortico()
  const chains = useSyncExternalStore(
    (cb) => portico.chain.$chains.listen(cb),
    () => portico.chain.$chains.get(),
    () => portico.chain.$chains.get(),
  )
  const rows = (Object.keys(chains) as ChainNamespace[]).flatMap((ns) => {
    const account = chains[ns]?.accountState
    return account?.caipAddress && account.address ? [{ ns, address: account.address }] : []
  })
  return (
    <ul className="list" data-testid="portico-demo-accounts">
      {rows.length === 0 ? (
        <li>—</li>
      ) : (
        rows.map(({ ns, address }) => (
          <li key={ns} data-namespace={ns}>
            {ns}: {address}
          </li>
        ))
      )}
    </ul>
  )
}

function AccountCard() {
  const { address, isConnected, status, balance, balanceSymbol, connectorId } = useAccount()
  const { network } = useNetwork()
  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title">From the hooks</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="portico-demo-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="portico-demo-address">{isConnected ? address : '—'}</dd>
        <dt>Accounts</dt>
        <dd>
          <NamespaceAccounts />
        </dd>
        <dt>Wallet</dt>
        <dd>{connectorId ?? '—'}</dd>
        <dt>Network</dt>
        <dd data-testid="portico-demo-network">{network ? `${network.name} (${network.caipNetworkId})` : '—'}</dd>
        <dt>Balance</dt>
        <dd data-testid="portico-demo-balance">
          {isConnected && balance !== undefined ? `${formatBalance(balance)} ${balanceSymbol ?? ''}` : '—'}
        </dd>
      </dl>
    </section>
  )
}

const THEME_MODES: { mode: ThemeMode; label: string }[] = [
  { mode: 'system', label: 'System' },
  { mode: 'light', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
]

/** The modal's theme: follow the system (the default), or light or dark. */
function ThemeSwitch() {
  const { themeMode, resolvedThemeMode, setThemeMode } = useTheme()
  return (
    <fieldset className="row" style={{ border: 0, padding: 0, margin: '0 0 16px' }} data-testid="portico-demo-theme">
      <legend className="muted" style={{ float: 'left', marginRight: 4 }}>
        Theme
      </legend>
      {THEME_MODES.map(({ mode, label }) => (
        <button
          key={mode}
          type="button"
          className={`btn${themeMode === mode ? ' primary' : ''}`}
          aria-pressed={themeMode === mode}
          onClick={() => setThemeMode(mode)}
        >
          {mode === 'system' ? `${label} (${resolvedThemeMode})` : label}
        </button>
      ))}
    </fieldset>
  )
}

/** Each locale's name in its own language. */
const LOCALE_NAMES: Record<(typeof LOCALES)[number], string> = {
  en: 'English',
  ar: 'العربية',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  'pt-BR': 'Português (Brasil)',
  'zh-CN': '简体中文',
}

/** The modal's language (useLocale): the ?locale= parameter or the browser's at start, switched here at runtime. */
function LocaleSwitch() {
  const { locale, setLocale, dir } = useLocale()
  return (
    <label className="row muted" style={{ margin: '0 0 16px', gap: 8 }}>
      Language
      <select value={locale} onChange={(e) => setLocale(e.target.value)} data-testid="portico-demo-locale" data-dir={dir}>
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  )
}

const portico = setup()
const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('The page has no #root element')
const root = createRoot(rootElement)
root.render(
  <StrictMode>
    {portico ? (
      <PorticoProvider portico={portico}>
        <main className="page">
          <header className="topbar">
            <h1>Portico demo</h1>
            <div className="actions">
              <NetworkButton />
              <ConnectButton />
            </div>
          </header>
          <ThemeSwitch />
          <LocaleSwitch />
          <AccountCard />
          <SignMessage />
          <SiwxCard />
          <p className="nav">
            <a href="./headless.html">The same product built from the headless hooks only →</a>
          </p>
        </main>
      </PorticoProvider>
    ) : (
      <main className="page">
        <p>{NOT_STARTED}</p>
      </main>
    )}
  </StrictMode>,
)
