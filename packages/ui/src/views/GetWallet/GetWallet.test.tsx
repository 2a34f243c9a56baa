import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { testAdapter, testPortico } from '../../testing'
import { GetWalletView } from './GetWalletView'

const rabbit = {
  id: 'w1',
  name: 'Rabbit Wallet',
  links: [
    { kind: 'chromeStore' as const, url: 'https://chromewebstore.google.com/detail/rabbit' },
    { kind: 'website' as const, url: 'https://rabbit.example' },
  ],
}

describe('GetWalletView', () => {
  it('each wallet with where to get it: named links that open a new tab without an opener', () => {
    render(
      <GetWalletView
        wallets={[rabbit, { id: 'w2', name: 'Trail', links: [{ kind: 'appStore', url: 'https://apps.apple.com/app/trail' }] }]}
      />,
    )
    const items = screen.getAllByTestId('portico-get-wallet-item')
    expect(items.map((i) => i.textContent)).toEqual(['RRabbit WalletChrome Web StoreWebsite', 'TTrailApp Store'])
    const links = within(items[0]!).getAllByRole('link')
    expect(
      links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]),
    ).toEqual([
      [
        'Get Rabbit Wallet: Chrome Web Store (opens a new tab)',
        'https://chromewebstore.google.com/detail/rabbit',
        '_blank',
        'noopener noreferrer',
      ],
      ['Get Rabbit Wallet: Website (opens a new tab)', 'https://rabbit.example', '_blank', 'noopener noreferrer'],
    ])
  })

  it.each<[string, Parameters<typeof GetWalletView>[0], string]>([
    ['loading: placeholder rows', { wallets: [], loading: true }, 'Loading wallets'],
    ['nothing to suggest', { wallets: [] }, 'No wallet to suggest right nowAny wallet that supports WalletConnect can connect here.'],
  ])('%s', (_name, props, status) => {
    render(<GetWalletView {...props} />)
    expect(screen.getByRole('status').textContent).toBe(status)
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('a failed explorer request: its error and Try again', () => {
    const onRetry = vi.fn()
    render(<GetWalletView wallets={[]} error="HTTP status code: 500" onRetry={onRetry} />)
    expect(screen.getByRole('alert').textContent).toBe('Wallets could not be loadedHTTP status code: 500Try again')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })
})

describe('the way from Connect to a wallet to get', () => {
  /** An explorer of 3 wallets: one the page has installed (io.test.wallet), one with no link to offer. */
  const explorer = (async (input: string | URL | Request) => {
    const url = new URL(String(input))
    if (url.pathname !== '/getWallets') throw new Error(`unexpected fetch ${url.href}`)
    const data = [
      { id: 'w1', name: 'Test Wallet', rdns: 'io.test.wallet', homepage: 'https://test.example' },
      {
        id: 'w2',
        name: 'Rabbit Wallet',
        homepage: 'https://rabbit.example',
        play_store: 'https://play.google.com/store/apps/details?id=rabbit',
      },
      { id: 'w3', name: 'Linkless Wallet' },
    ]
    return new Response(JSON.stringify({ count: data.length, data }), { status: 200 })
  }) as typeof fetch

  it('Connect → What is a wallet? → Get a wallet: only wallets not installed, with somewhere to get them', async () => {
    // The page's wallet announces the rdns of explorer wallet w1: it is installed.
    const adapter = testAdapter()
    adapter.setup = (ctx) =>
      ctx.setConnectors([{ id: 'io.test.wallet', name: 'Test Wallet', type: 'announced', namespace: 'eip155', rdns: 'io.test.wallet' }])
    const { portico } = testPortico({ apiUrl: 'http://127.0.0.1:9', fetch: explorer, adapters: [adapter] })
    await portico.ready
    render(
      <PorticoContextProvider portico={portico}>
        <ModalRoot inline />
      </PorticoContextProvider>,
    )
    const title = () => screen.getByRole('heading', { level: 2 }).textContent
    fireEvent.click(screen.getByRole('button', { name: 'New to wallets? What is a wallet?' }))
    expect(title()).toBe('What is a wallet?')
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual([
      'A home for your digital assets',
      'A new way to sign in',
      'You stay in control',
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Get a wallet' }))
    expect(title()).toBe('Get a wallet')
    expect(portico.router.$route.get().view).toBe('GetWallet')
    await waitFor(() => expect(screen.getAllByTestId('portico-get-wallet-item').map((i) => i.dataset.walletId)).toEqual(['w2']))
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      'https://rabbit.example',
      'https://play.google.com/store/apps/details?id=rabbit',
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(title()).toBe('What is a wallet?')
  })
})
