// SSR safety: every package is imported and the default button is rendered to HTML in Node,
// where neither window nor document exists. Nothing may touch them at import or render time.
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

describe('server-side rendering', () => {
  it('runs with no window or document', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
  })

  // Every entry a browser app may import (package.json "exports"). Each is imported on its own, so a
  // failure names the entry; an unguarded window/document access at import throws a ReferenceError here.
  it.each<[string, () => Promise<Record<string, unknown>>]>([
    ['@portico/headless', () => import('@portico/headless')],
    ['@portico/headless/react', () => import('@portico/headless/react')],
    ['@portico/ui', () => import('@portico/ui')],
    ['@portico/ui/modal', () => import('@portico/ui/modal')],
    ['@portico/evm', () => import('@portico/evm')],
    ['@portico/solana', () => import('@portico/solana')],
    ['@portico/walletconnect', () => import('@portico/walletconnect')],
    ['@portico/devnet/wallet', () => import('@portico/devnet/wallet')],
  ])(
    'imports %s without window or document',
    async (_entry, load) => {
      const mod = await load()
      expect(Object.keys(mod).length).toBeGreaterThan(0)
      // Importing did not define them either (a polyfill would hide the next package's mistake).
      expect(['window', 'document'].filter((name) => name in globalThis)).toEqual([])
      // A cold import of the ui from source (vanilla-extract compiles every .css.ts) took over 5 s once
      // under a loaded fresh-clone CI: the import's time is not what this test is about.
    },
    60_000,
  )

  it('renders PorticoProvider + ConnectButton to HTML, disconnected, without prompting or fetching', async () => {
    const { createPortico } = await import('@portico/headless')
    const { evmAdapter } = await import('@portico/evm')
    const { ConnectButton, NetworkButton, PorticoProvider } = await import('@portico/ui')
    const requests: string[] = []
    const portico = createPortico({
      projectId: 'ssr',
      apiUrl: 'http://127.0.0.1:9',
      fetch: (async (url: string) => {
        requests.push(String(url))
        throw new Error('no fetch during SSR')
      }) as unknown as typeof fetch,
      networks: [
        {
          id: 1,
          caipNetworkId: 'eip155:1',
          chainNamespace: 'eip155',
          name: 'Ethereum',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
        },
      ],
      adapters: [evmAdapter()],
    })
    const html = renderToString(
      <PorticoProvider portico={portico}>
        <NetworkButton />
        <ConnectButton />
      </PorticoProvider>,
    )
    expect(html).toContain('Connect wallet')
    expect(html).toContain('data-testid="portico-connect-button"')
    expect(html).not.toContain('role="dialog"')
    await portico.ready
    expect(portico.connection.$connectors.get()).toEqual([])
    expect(requests).toEqual([])
  })
})
