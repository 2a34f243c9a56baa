import '../../testing'
import type { ListedWallet } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { manualTimers, testAdapter, testPortico } from '../../testing'
import { AllWallets } from './AllWallets'
import { AllWalletsView, OVERSCAN, ROW_HEIGHT, VIEWPORT_HEIGHT } from './AllWalletsView'
import { maxMountedRows } from './virtual'

const listed = (n: number, extra: Partial<ListedWallet> = {}): ListedWallet => ({
  id: `w${n}`,
  name: `Wallet ${n}`,
  image_url: `data:image/svg+xml,${n}`,
  installed: false,
  recent: false,
  ...extra,
})
const many = (count: number) => Array.from({ length: count }, (_, i) => listed(i + 1))

const mounted = () => screen.queryAllByTestId('portico-all-wallets-item')
const mountedIds = () => mounted().map((el) => el.getAttribute('data-wallet-id'))
const list = () => screen.getByRole('listbox', { name: 'Wallets' })

describe('AllWalletsView (virtualised)', () => {
  const bound = maxMountedRows(VIEWPORT_HEIGHT, ROW_HEIGHT, OVERSCAN)

  it('1000 wallets: only visible rows + overscan are mounted, and only they have an <img>', () => {
    render(<AllWalletsView wallets={many(1000)} query="" loading={false} error={null} hasMore={false} />)
    expect(mounted().length).toBeLessThanOrEqual(bound)
    expect(mountedIds()[0]).toBe('w1')
    expect(document.querySelectorAll('img')).toHaveLength(mounted().length)
    fireEvent.scroll(list(), { target: { scrollTop: 500 * ROW_HEIGHT } })
    expect(mounted().length).toBeLessThanOrEqual(bound)
    expect(mountedIds()).toContain('w501')
    expect(mountedIds()).not.toContain('w1')
    expect(document.querySelectorAll('img')).toHaveLength(mounted().length)
    // positioned by index inside a spacer as tall as the whole list
    const row = mounted().find((el) => el.getAttribute('data-wallet-id') === 'w501') as HTMLElement
    expect(row.style.top).toBe(`${500 * ROW_HEIGHT}px`)
  })

  it('asks for the next page when the last visible row is near the end, not before', () => {
    const onLoadMore = vi.fn()
    render(<AllWalletsView wallets={many(40)} query="" loading={false} error={null} hasMore onLoadMore={onLoadMore} />)
    expect(onLoadMore).not.toHaveBeenCalled()
    // rows 20-26 visible: 13 rows left after the last one
    fireEvent.scroll(list(), { target: { scrollTop: 20 * ROW_HEIGHT } })
    expect(onLoadMore).not.toHaveBeenCalled()
    // rows 24-30 visible: 9 left, within the threshold of 10
    fireEvent.scroll(list(), { target: { scrollTop: 24 * ROW_HEIGHT } })
    expect(onLoadMore).toHaveBeenCalledTimes(1)
  })

  it.each<[string, Partial<Parameters<typeof AllWalletsView>[0]>]>([
    ['while a page loads', { loading: true }],
    ['after an error', { error: 'HTTP status code: 500' }],
    ['when nothing is left', { hasMore: false }],
  ])('does not ask for more %s', (_name, props) => {
    const onLoadMore = vi.fn()
    render(<AllWalletsView wallets={many(40)} query="" loading={false} error={null} hasMore onLoadMore={onLoadMore} {...props} />)
    fireEvent.scroll(list(), { target: { scrollTop: 39 * ROW_HEIGHT } })
    expect(onLoadMore).not.toHaveBeenCalled()
  })

  it('keyboard: arrows, End, Home move the active option (scrolling it into view); Enter chooses it', () => {
    const onSelect = vi.fn()
    render(<AllWalletsView wallets={many(1000)} query="" loading={false} error={null} hasMore={false} onSelect={onSelect} />)
    const box = list()
    fireEvent.focus(box)
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Wallet 1' }).id)
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Wallet 3')
    fireEvent.keyDown(box, { key: 'End' })
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Wallet 1000')
    expect(mounted().length).toBeLessThanOrEqual(bound)
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'w1000' }))
    fireEvent.keyDown(box, { key: 'Home' })
    fireEvent.keyDown(box, { key: ' ' })
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'w1' }))
  })

  it('tags installed and recent wallets; a click chooses', () => {
    const onSelect = vi.fn()
    render(
      <AllWalletsView
        wallets={[listed(1, { installed: true, connectorId: 'c1' }), listed(2, { recent: true }), listed(3)]}
        query=""
        loading={false}
        error={null}
        hasMore={false}
        onSelect={onSelect}
      />,
    )
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Wallet 1Installed', 'Wallet 2Recent', 'Wallet 3'])
    fireEvent.click(screen.getByRole('option', { name: /Wallet 2/ }))
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'w2' }))
  })

  it.each<[string, Partial<Parameters<typeof AllWalletsView>[0]>, string]>([
    ['first load', { loading: true }, 'Loading wallets'],
    ['empty search', { query: 'zzz' }, 'No wallets found'],
  ])('state: %s', (_name, props, text) => {
    render(<AllWalletsView wallets={[]} query="" loading={false} error={null} hasMore={false} {...props} />)
    expect(screen.getByRole('status').textContent + (screen.getByRole('status').getAttribute('aria-label') ?? '')).toContain(text)
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it.each<[string, Partial<Parameters<typeof AllWalletsView>[0]>, string, number]>([
    // state, props, status text, placeholder rows (the 400 px list holds 6)
    ['first page on its way', { loading: true }, 'Loading wallets', 6],
    ['first search on its way', { loading: true, query: 'rab' }, 'Searching wallets', 6],
    ['a new search while the last results are shown', { loading: true, query: 'rabb', wallets: many(3) }, 'Searching wallets', 6],
    ['a short list', { loading: true, viewportHeight: 120 }, 'Loading wallets', 2],
  ])('placeholder rows, never a lone spinner: %s', (_name, props, text, rows) => {
    render(<AllWalletsView wallets={[]} query="" loading={false} error={null} hasMore={false} {...props} />)
    expect(screen.getByTestId('portico-all-wallets-loading').textContent).toBe(text)
    expect(screen.getAllByTestId('portico-skeleton-row')).toHaveLength(rows)
    expect(screen.queryByTestId('portico-spinner')).toBeNull()
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('the search field: a magnifier, and its own clear button (shown with text) that empties the field and keeps focus there', () => {
    const onQuery = vi.fn()
    const { rerender } = render(
      <AllWalletsView wallets={many(3)} query="" onQuery={onQuery} loading={false} error={null} hasMore={false} />,
    )
    const input = screen.getByRole('searchbox', { name: 'Search wallet' })
    // The magnifier's path (a circle and its handle), not the wallet icon.
    expect(input.parentElement?.querySelector('svg path')?.getAttribute('d')).toMatch(/^M10\.5 4a6\.5 6\.5/)
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull()
    rerender(<AllWalletsView wallets={many(3)} query="rab" onQuery={onQuery} loading={false} error={null} hasMore={false} />)
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(onQuery).toHaveBeenLastCalledWith('')
    expect(document.activeElement).toBe(input)
  })

  it('Escape in a typed search clears it and does not reach the dialog; in an empty field it does', () => {
    const onQuery = vi.fn()
    const onDialogKey = vi.fn()
    const { rerender } = render(
      <div role="dialog" onKeyDown={(e) => onDialogKey(e.key)}>
        <AllWalletsView wallets={many(3)} query="rab" onQuery={onQuery} loading={false} error={null} hasMore={false} />
      </div>,
    )
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Escape' })
    expect(onQuery).toHaveBeenCalledWith('')
    expect(onDialogKey).not.toHaveBeenCalled()
    rerender(
      <div role="dialog" onKeyDown={(e) => onDialogKey(e.key)}>
        <AllWalletsView wallets={many(3)} query="" onQuery={onQuery} loading={false} error={null} hasMore={false} />
      </div>,
    )
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Escape' })
    expect(onDialogKey).toHaveBeenCalledWith('Escape')
    expect(onQuery).toHaveBeenCalledTimes(1)
  })

  it('state: error with retry', () => {
    const onRetry = vi.fn()
    render(<AllWalletsView wallets={[]} query="" loading={false} error="HTTP status code: 503" hasMore onRetry={onRetry} />)
    expect(screen.getByRole('alert').textContent).toBe('Wallets could not be loadedHTTP status code: 503Try again')
    // In the list's place, under the search field.
    expect(screen.getByTestId('portico-list-error').previousElementSibling?.contains(screen.getByRole('searchbox'))).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })
})

/** A fake explorer over `count` wallets (no request leaves the test). */
function explorerFetch(count: number) {
  const wallets = Array.from({ length: count }, (_, i) => ({
    id: `w${i + 1}`,
    name: `Wallet ${i + 1}`,
    rdns: i === 1 ? 'io.test.wallet' : `com.w${i + 1}`,
  }))
  const calls: URL[] = []
  const fetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input))
    if (url.pathname !== '/getWallets') throw new Error(`unexpected fetch ${url.href}`)
    calls.push(url)
    const p = url.searchParams
    const search = p.get('search')?.toLowerCase()
    const matches = wallets.filter((w) => !search || w.name.toLowerCase().includes(search))
    const page = Number(p.get('page'))
    const entries = Number(p.get('entries'))
    return new Response(JSON.stringify({ count: matches.length, data: matches.slice((page - 1) * entries, page * entries) }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

function renderAllWallets(count: number) {
  const f = explorerFetch(count)
  const timers = manualTimers()
  // The test wallet announces itself with rdns io.test.wallet: explorer wallet w2 has that rdns.
  const adapter = testAdapter()
  adapter.setup = (ctx) =>
    ctx.setConnectors([{ id: 'io.test.wallet', name: 'Test Wallet', type: 'announced', namespace: 'eip155', rdns: 'io.test.wallet' }])
  const { portico } = testPortico({ apiUrl: 'http://127.0.0.1:9', fetch: f.fetch, timers, adapters: [adapter] })
  portico.router.push('AllWallets')
  render(
    <PorticoContextProvider portico={portico}>
      <AllWallets />
    </PorticoContextProvider>,
  )
  return { f, timers, portico }
}

describe('AllWallets (headless explorer + fake fetch)', () => {
  it('loads page 1 (40), then page 2 when scrolled near the end', async () => {
    const { f } = renderAllWallets(1000)
    await waitFor(() => expect(list()).toBeTruthy())
    expect(f.calls.map((u) => [u.searchParams.get('page'), u.searchParams.get('entries')])).toEqual([['1', '40']])
    fireEvent.scroll(list(), { target: { scrollTop: 30 * ROW_HEIGHT } })
    await waitFor(() => expect(f.calls).toHaveLength(2))
    expect(f.calls[1]?.searchParams.get('page')).toBe('2')
    await waitFor(() => expect(screen.queryByTestId('portico-all-wallets-more')).toBeNull())
    expect(mounted().length).toBeLessThanOrEqual(maxMountedRows(VIEWPORT_HEIGHT, ROW_HEIGHT, OVERSCAN))
  })

  it('search is debounced 300 ms: one request for the last text typed', async () => {
    const { f, timers } = renderAllWallets(1000)
    await waitFor(() => expect(list()).toBeTruthy())
    const input = screen.getByRole('searchbox', { name: 'Search wallet' })
    fireEvent.change(input, { target: { value: 'W' } })
    act(() => timers.advance(100))
    fireEvent.change(input, { target: { value: 'Wallet 99' } })
    act(() => timers.advance(299))
    expect(f.calls.filter((u) => u.searchParams.has('search'))).toHaveLength(0)
    act(() => timers.advance(1))
    await waitFor(() => expect(mountedIds()).toEqual(['w99', 'w990', 'w991', 'w992', 'w993', 'w994', 'w995', 'w996', 'w997', 'w998']))
    const searches = f.calls.filter((u) => u.searchParams.has('search'))
    expect(searches.map((u) => [u.searchParams.get('search'), u.searchParams.get('entries')])).toEqual([['Wallet 99', '100']])
    expect((input as HTMLInputElement).value).toBe('Wallet 99')
  })

  it('choosing an installed wallet goes to ConnectingExternal; another to ConnectingWalletConnect', async () => {
    const { portico } = renderAllWallets(10)
    await waitFor(() => expect(mounted().length).toBe(10))
    expect(screen.getByRole('option', { name: /Wallet 2/ }).textContent).toContain('Installed')
    expect(screen.getByRole('option', { name: /Wallet 7/ }).textContent).not.toContain('Installed')
    fireEvent.click(screen.getByRole('option', { name: /Wallet 2/ }))
    expect(portico.router.$route.get()).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'io.test.wallet' } })
    portico.router.goBack()
    fireEvent.click(screen.getByRole('option', { name: /Wallet 7/ }))
    expect(portico.router.$route.get()).toEqual({ view: 'ConnectingWalletConnect', data: { walletId: 'w7' } })
  })
})
