import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
// act from Testing Library: it marks the environment as an act() environment for the call (React's own
// act warns that the environment is not configured, on React 18 and 19).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { testPortico } from '../../testing'
import { Connect } from './Connect'

const wallets = Array.from({ length: 12 }, (_, i) => ({ id: `w${i + 1}`, name: `Explorer ${i + 1}`, rdns: `com.e${i + 1}` }))
const explorerFetch = (async (input: string | URL | Request) => {
  const url = input instanceof URL ? input : new URL(String(input))
  if (url.pathname !== '/getWallets') throw new Error(`unexpected fetch ${url.href}`)
  const include = url.searchParams.get('include')?.split(',')
  const exclude = url.searchParams.get('exclude')?.split(',') ?? []
  const matches = wallets.filter((w) => (!include || include.includes(w.id)) && !exclude.includes(w.id))
  const entries = Number(url.searchParams.get('entries'))
  return new Response(JSON.stringify({ count: matches.length, data: matches.slice(0, entries) }), { status: 200 })
}) as typeof fetch

function setup() {
  const storage = new Map<string, string>([['portico:recentWallets', JSON.stringify([{ id: 'w9', name: 'Explorer 9' }])]])
  const { portico } = testPortico({
    apiUrl: 'http://127.0.0.1:9',
    fetch: explorerFetch,
    featuredWalletIds: ['w5'],
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
  })
  render(
    <PorticoContextProvider portico={portico}>
      <Connect />
    </PorticoContextProvider>,
  )
  return portico
}

const walletButtons = () => screen.getAllByTestId('portico-wallet-item').map((b) => b.textContent)

describe('Connect (wallet group)', () => {
  it('lists recent, installed, featured wallets in SPEC §9 order (first 3; the monogram letter leads each name)', async () => {
    const portico = setup()
    await portico.ready
    await waitFor(() => expect(walletButtons()).toEqual(['EExplorer 9Recent', 'TTest WalletInstalled', 'EExplorer 5']))
  })

  it('"All wallets" opens AllWallets; an explorer wallet opens ConnectingWalletConnect with its id', async () => {
    const portico = setup()
    await portico.ready
    fireEvent.click(screen.getByRole('button', { name: /All wallets/ }))
    expect(portico.router.$route.get().view).toBe('AllWallets')
    portico.router.reset('Connect')
    await waitFor(() => expect(screen.getByRole('button', { name: /Explorer 5/ })).toBeTruthy())
    fireEvent.click(screen.getByRole('button', { name: /Explorer 5/ }))
    expect(portico.router.$route.get()).toEqual({ view: 'ConnectingWalletConnect', data: { walletId: 'w5' } })
    // Recent means connected: choosing it is not enough.
    expect(portico.storage.get('recentWallets')?.map((w) => w.id)).toEqual(['w9'])
  })

  it('"All wallets" shows the explorer total once the first page is in (the listed entries before)', async () => {
    const portico = setup()
    await portico.ready
    const badge = () => screen.getByTestId('portico-connect-all-wallets').textContent
    // before: the entries listed (recent w9, Test Wallet, featured w5, 4 recommended)
    await waitFor(() => expect(badge()).toBe('All wallets7'))
    await act(() => portico.load('explorer').then((e) => e.loadMore()))
    // 11 in the pages (featured w5 left out) + 1 featured
    await waitFor(() => expect(badge()).toBe('All wallets12'))
  })
})

describe('Connect renders at once, while the explorer answers (issue 9 §1)', () => {
  /** An explorer whose answers the test releases; `fail` answers 500 instead (not retried by the client). */
  function heldExplorer() {
    const held: (() => void)[] = []
    let fail = false
    let calls = 0
    const fetch = (async (input: string | URL | Request) => {
      const url = new URL(String(input))
      calls++
      await new Promise<void>((resolve) => held.push(resolve))
      if (fail) return new Response('{}', { status: 500 })
      return explorerFetch(url)
    }) as typeof globalThis.fetch
    return {
      fetch,
      release: () => {
        for (const r of held.splice(0)) r()
      },
      setFail: (f: boolean) => {
        fail = f
      },
      calls: () => calls,
    }
  }

  function show(fetch: typeof globalThis.fetch) {
    const { portico } = testPortico({ apiUrl: 'http://127.0.0.1:9', fetch })
    render(
      <PorticoContextProvider portico={portico}>
        <Connect />
      </PorticoContextProvider>,
    )
    return portico
  }
  const skeletonRows = () => screen.queryAllByTestId('portico-skeleton-row')

  it('placeholder rows fill the free wallet slots until the explorer answers, then its wallets take them', async () => {
    const explorer = heldExplorer()
    const portico = show(explorer.fetch)
    await portico.ready
    // At once: the installed wallet, 2 placeholders for the explorer rows, then All wallets.
    expect(walletButtons()).toEqual(['TTest WalletInstalled'])
    expect(screen.getByTestId('portico-connect-all-wallets').textContent).toBe('All wallets1')
    expect(skeletonRows()).toHaveLength(2)
    expect(screen.getByTestId('portico-connect-wallets-loading').textContent).toBe('Loading wallets')
    await waitFor(() => expect(explorer.calls()).toBeGreaterThan(0))
    await act(async () => explorer.release())
    await waitFor(() => expect(walletButtons()).toEqual(['TTest WalletInstalled', 'EExplorer 1', 'EExplorer 2']))
    expect(skeletonRows()).toHaveLength(0)
  })

  it('a failed explorer request shows its error and Try again inside the list; Try again fills it', async () => {
    const explorer = heldExplorer()
    explorer.setFail(true)
    const portico = show(explorer.fetch)
    await portico.ready
    await waitFor(() => expect(explorer.calls()).toBeGreaterThan(0))
    await act(async () => explorer.release())
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Wallets could not be loadedHTTP status code: 500Try again')
    expect(screen.getByTestId('portico-connect-wallets').contains(alert)).toBe(true)
    expect(skeletonRows()).toHaveLength(0)
    // The rest of the view is there: the installed wallet and All wallets.
    expect(walletButtons()).toEqual(['TTest WalletInstalled'])
    expect(screen.getByTestId('portico-connect-all-wallets')).toBeTruthy()
    explorer.setFail(false)
    const before = explorer.calls()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(explorer.calls()).toBeGreaterThan(before))
    expect(skeletonRows()).toHaveLength(2)
    await act(async () => explorer.release())
    await waitFor(() => expect(walletButtons()).toEqual(['TTest WalletInstalled', 'EExplorer 1', 'EExplorer 2']))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
