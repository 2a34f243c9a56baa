import '../../testing'
import type { AdapterContext, ChainAdapter, ConnectParams, ConnectResult } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { testPortico } from '../../testing'
import { ConnectingWalletConnectBasic } from './ConnectingWalletConnectBasic'
import { ConnectingWalletConnectBasicView } from './ConnectingWalletConnectBasicView'

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000240'
const WALLETS = [
  { id: 'a', name: 'Alpha Wallet' },
  { id: 'b', name: 'Beta Wallet' },
  { id: 'c', name: 'Gamma Wallet' },
  { id: 'd', name: 'Delta Wallet' },
]

const listNames = () =>
  within(screen.getByTestId('portico-connecting-wc-basic-wallets'))
    .getAllByRole('button')
    .map((b) => {
      // The visible name: without the monogram tile (aria-hidden)
      const copy = b.cloneNode(true) as HTMLElement
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
      return copy.textContent
    })

describe('ConnectingWalletConnectBasicView', () => {
  it('loading until the URI exists: status text, Copy link disabled, no QR code', () => {
    render(<ConnectingWalletConnectBasicView />)
    expect(screen.getByRole('status').textContent).toBe('Generating QR code')
    expect((screen.getByRole('button', { name: 'Copy link' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByTestId('portico-connecting-wc-basic').dataset.state).toBe('loading')
  })

  it('the QR code of the URI, the URI in data-uri, Copy link copies it', async () => {
    const onCopy = vi.fn()
    render(<ConnectingWalletConnectBasicView uri={URI} onCopy={onCopy} />)
    expect(screen.getByRole('img', { name: 'WalletConnect QR code' })).toBeTruthy()
    expect(screen.getByTestId('portico-connecting-wc-basic').dataset).toMatchObject({ state: 'ready', uri: URI })
    expect(screen.getByTestId('portico-wc-copy').dataset.uri).toBe(URI)
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(onCopy).toHaveBeenCalledWith(URI)
    expect(await screen.findByRole('button', { name: 'Link copied' })).toBeTruthy()
  })

  it.each([
    [0, ['All wallets']],
    [2, ['Alpha Wallet', 'Beta Wallet', 'All wallets']],
    [4, ['Alpha Wallet', 'Beta Wallet', 'Gamma Wallet', 'All wallets']],
  ])('%i wallets → a compact list of at most 3, then All wallets: %j', (n, names) => {
    render(<ConnectingWalletConnectBasicView uri={URI} wallets={WALLETS.slice(0, n)} />)
    expect(listNames()).toEqual(names)
    expect(screen.getByRole('list', { name: 'Or choose a wallet' })).toBeTruthy()
  })

  it('a wallet click reports its id; All wallets shows the explorer count', () => {
    const onWallet = vi.fn()
    const onAllWallets = vi.fn()
    render(
      <ConnectingWalletConnectBasicView
        uri={URI}
        wallets={WALLETS}
        onWallet={onWallet}
        onAllWallets={onAllWallets}
        allWalletsCount={412}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Beta Wallet' }))
    expect(onWallet).toHaveBeenCalledWith('b')
    const all = screen.getByTestId('portico-connect-all-wallets')
    expect(all.textContent).toBe('All wallets412')
    fireEvent.click(all)
    expect(onAllWallets).toHaveBeenCalledTimes(1)
  })

  it("an error: one state in the QR code's place with Try again; no QR code, scan text or Copy link; the wallets stay", () => {
    const onRetry = vi.fn()
    render(
      <ConnectingWalletConnectBasicView uri={URI} error="Connection rejected" onRetry={onRetry} wallets={[{ id: 'a', name: 'Alpha' }]} />,
    )
    expect(screen.getByRole('alert').textContent).toBe(
      'Connection rejectedThe pairing ended without a connection. Try again for a new QR code.',
    )
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull()
    expect(screen.getByTestId('portico-connecting-wc-basic').textContent).not.toMatch(/Scan with|No QR code/)
    expect(screen.getByRole('button', { name: /Alpha/ })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })
})

function wcAdapter() {
  const state: { ctx?: AdapterContext; params: ConnectParams[]; resolve?: (r: ConnectResult) => void } = { params: [] }
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    setup(ctx) {
      state.ctx = ctx
      ctx.setConnectors([{ id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect', namespace: 'eip155' }])
    },
    connect(p) {
      state.params.push(p)
      return new Promise((resolve, reject) => {
        state.resolve = resolve
        p.signal?.addEventListener('abort', () => reject(p.signal?.reason))
      })
    },
    reconnect: async () => null,
    disconnect: async () => {},
    switchNetwork: async () => {},
    getBalance: async () => ({ balance: '0', symbol: 'ETH' }),
    signMessage: async () => '0x',
    sendTransaction: async () => '0x',
  }
  return { adapter, state }
}

/** A fake explorer: featured wallets f1, f2 and 57 wallets in all; nothing leaves the test. */
const explorerFetch = (async (input: string | URL | Request) => {
  const url = new URL(String(input))
  if (url.pathname !== '/getWallets') throw new Error(`unexpected fetch ${url.href}`)
  const include = url.searchParams.get('include')
  const data = include
    ? include.split(',').map((id) => ({ id, name: id === 'f1' ? 'First Featured' : 'Second Featured' }))
    : [{ id: 'r1', name: 'Recommended One' }]
  return new Response(JSON.stringify({ count: include ? data.length : 57, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  })
}) as typeof fetch

describe('ConnectingWalletConnectBasic (with headless)', () => {
  it('pairs when shown, shows the URI, lists explorer wallets; choosing one opens ConnectingWalletConnect for it; leaving cancels', async () => {
    const { adapter, state } = wcAdapter()
    const { portico } = testPortico({
      adapters: [adapter],
      fetch: explorerFetch,
      apiUrl: 'http://127.0.0.1:9',
      featuredWalletIds: ['f1', 'f2'],
    })
    await portico.ready
    portico.router.reset('ConnectingWalletConnectBasic')
    const view = render(
      <PorticoContextProvider portico={portico}>
        <ConnectingWalletConnectBasic />
      </PorticoContextProvider>,
    )
    await waitFor(() => expect(state.params.length).toBe(1))
    act(() => state.ctx!.emit('walletConnect', { kind: 'pairingUri', uri: URI }))
    expect(screen.getByTestId('portico-connecting-wc-basic').dataset.uri).toBe(URI)
    await waitFor(() => expect(listNames()).toEqual(['First Featured', 'Second Featured', 'Recommended One', 'All wallets']))
    fireEvent.click(screen.getByRole('button', { name: 'Second Featured' }))
    expect(portico.router.$route.get()).toMatchObject({ view: 'ConnectingWalletConnect', data: { walletId: 'f2' } })
    view.unmount()
    expect(state.params[0]!.signal?.aborted).toBe(true)
  })

  it('without a WalletConnect connector: the unavailable error, no pairing, the wallet list stays', async () => {
    const { portico } = testPortico({ adapters: [] })
    await portico.ready
    render(
      <PorticoContextProvider portico={portico}>
        <ConnectingWalletConnectBasic />
      </PorticoContextProvider>,
    )
    expect(screen.getByRole('alert').textContent).toBe('WalletConnect is not set up in this appChoose another way to connect.')
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(screen.getByTestId('portico-connect-all-wallets')).toBeTruthy()
  })

  it('the modal of an app without adapters opens on it (desktop), titled Connect wallet', async () => {
    const { portico } = testPortico({ adapters: [] })
    await portico.ready
    await act(() => portico.modal.open())
    render(
      <PorticoContextProvider portico={portico}>
        <ModalRoot inline />
      </PorticoContextProvider>,
    )
    expect(portico.router.$route.get().view).toBe('ConnectingWalletConnectBasic')
    expect(screen.getByTestId('portico-connecting-wc-basic')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Connect wallet' })).toBeTruthy()
  })
})
