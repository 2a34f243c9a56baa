import '../../testing'
import type { AdapterContext, ChainAdapter, ConnectParams, ConnectResult } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ADDRESS, testPortico } from '../../testing'
import { ConnectingWalletConnect } from './ConnectingWalletConnect'
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView'

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000240'

describe('ConnectingWalletConnectView', () => {
  it('loading until the URI exists: status text, Copy link disabled, no QR', () => {
    render(<ConnectingWalletConnectView />)
    expect(screen.getByRole('status').textContent).toBe('Generating QR code')
    expect((screen.getByRole('button', { name: 'Copy link' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByTestId('portico-connecting-wc').dataset.state).toBe('loading')
  })

  it('shows the QR code and copies the URI', async () => {
    const onCopy = vi.fn()
    render(<ConnectingWalletConnectView uri={URI} onCopy={onCopy} />)
    expect(screen.getByRole('img', { name: 'WalletConnect QR code' })).toBeTruthy()
    expect(screen.getByTestId('portico-connecting-wc').dataset.uri).toBe(URI)
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(onCopy).toHaveBeenCalledWith(URI)
    expect(await screen.findByRole('button', { name: 'Link copied' })).toBeTruthy()
  })

  it('a chosen wallet: its name and its deep links', () => {
    render(<ConnectingWalletConnectView uri={URI} walletName="MetaMask" links={{ mobile: 'metamask://wc?uri=x' }} />)
    expect(screen.getByRole('img', { name: 'QR code to connect MetaMask' })).toBeTruthy()
    expect(screen.getByText('Scan this QR code with MetaMask on your phone')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Open MetaMask' }).getAttribute('href')).toBe('metamask://wc?uri=x')
  })

  it("error: one state in the QR code's place (what happened, what to do, Try again); no scan text, no QR, no links", () => {
    const onRetry = vi.fn()
    render(
      <ConnectingWalletConnectView
        uri={URI}
        walletName="MetaMask"
        links={{ mobile: 'metamask://wc?uri=x' }}
        error="Connection rejected"
        onRetry={onRetry}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe(
      'Connection rejectedThe pairing ended without a connection. Try again for a new QR code to scan with MetaMask.',
    )
    expect(screen.getByTestId('portico-connecting-wc').textContent).not.toMatch(/Scan this QR code|No QR code|Copy link/)
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Try again'])
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('unavailable (no pairing adapter): the reason and another way to go, no Try again', () => {
    render(<ConnectingWalletConnectView error="WalletConnect is not set up in this app" />)
    expect(screen.getByRole('alert').textContent).toBe('WalletConnect is not set up in this appChoose another way to connect.')
    expect(screen.queryByRole('button')).toBeNull()
  })
})

/** A WalletConnect-like adapter the test drives: it publishes URIs and resolves or rejects on demand. */
function wcAdapter() {
  const state: { ctx?: AdapterContext; params: ConnectParams[]; resolve?: (r: ConnectResult) => void; reject?: (e: unknown) => void } = {
    params: [],
  }
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
        state.reject = reject
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

describe('ConnectingWalletConnect (with headless)', () => {
  it('starts the pairing, follows refreshed URIs, connects; a refusal shows the error and retry pairs again', async () => {
    const { adapter, state } = wcAdapter()
    const { portico } = testPortico({ adapters: [adapter] })
    await portico.ready
    portico.router.push('ConnectingWalletConnect', {})
    render(
      <PorticoContextProvider portico={portico}>
        <ConnectingWalletConnect />
      </PorticoContextProvider>,
    )
    await waitFor(() => expect(state.params.length).toBe(1))
    act(() => state.ctx!.emit('walletConnect', { kind: 'pairingUri', uri: URI }))
    expect(screen.getByTestId('portico-connecting-wc').dataset.uri).toBe(URI)
    const next = URI.replace('7f6e', 'aaaa')
    act(() => state.ctx!.emit('walletConnect', { kind: 'pairingUri', uri: next }))
    expect(screen.getByTestId('portico-wc-copy').dataset.uri).toBe(next)

    await act(async () => state.reject!(Object.assign(new Error('User rejected.'), { code: 5000 })))
    expect(screen.getByRole('alert').textContent).toContain('Connection rejected')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(state.params.length).toBe(2))
    expect(screen.queryByRole('alert')).toBeNull()
    await act(async () => state.resolve!({ address: ADDRESS, chainId: 1, accounts: [ADDRESS] }))
    expect(portico.chain.$account.get()).toMatchObject({ address: ADDRESS, status: 'connected' })
    expect(portico.router.$route.get().view).toBe('Account')
  })

  it('leaving the view cancels the pending pairing', async () => {
    const { adapter, state } = wcAdapter()
    const { portico } = testPortico({ adapters: [adapter] })
    await portico.ready
    const view = render(
      <PorticoContextProvider portico={portico}>
        <ConnectingWalletConnect />
      </PorticoContextProvider>,
    )
    await waitFor(() => expect(state.params.length).toBe(1))
    view.unmount()
    expect(state.params[0]!.signal?.aborted).toBe(true)
    expect(state.params[0]!.signal?.reason).toHaveProperty('message', 'Modal closed')
  })
})

describe('the QR view title', () => {
  it.each<[string, { walletId?: string }, string]>([
    ['a chosen explorer wallet: its name', { walletId: 'w5' }, 'Rabbit Wallet'],
    ['no wallet chosen: WalletConnect', {}, 'WalletConnect'],
  ])('%s', async (_name, data, title) => {
    const { ModalRoot } = await import('../../Modal/ModalRoot')
    const explorer = (async () =>
      new Response(JSON.stringify({ count: 1, data: [{ id: 'w5', name: 'Rabbit Wallet' }] }), { status: 200 })) as typeof fetch
    const { portico } = testPortico({ apiUrl: 'http://127.0.0.1:9', fetch: explorer, featuredWalletIds: ['w5'] })
    await portico.ready
    await act(() => portico.load('explorer').then((e) => e.loadFeatured()))
    act(() => portico.router.push('ConnectingWalletConnect', data))
    render(
      <PorticoContextProvider portico={portico}>
        <ModalRoot inline />
      </PorticoContextProvider>,
    )
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(title)
  })
})
