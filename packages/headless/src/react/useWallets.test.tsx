import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { ADDRESS, fakeAdapter, jsonFetch, mapStorage, testPortico } from '../core/test-utils'
import { PorticoContextProvider, useOrderedWallets, useWalletGuide, useWalletList, useWallets } from './index'

const wallets = Array.from({ length: 45 }, (_, i) => ({ id: `w${i + 1}`, name: `Wallet ${i + 1}`, rdns: `com.wallet${i + 1}` }))

function explorerFetch() {
  return jsonFetch((url) => {
    if (url.pathname !== '/getWallets') return { status: 404, body: {} }
    const p = url.searchParams
    const include = p.get('include')?.split(',')
    const exclude = p.get('exclude')?.split(',')
    const search = p.get('search')?.toLowerCase()
    const matches = wallets.filter(
      (w) => (!include || include.includes(w.id)) && !exclude?.includes(w.id) && (!search || w.name.toLowerCase().includes(search)),
    )
    const page = Number(p.get('page'))
    const entries = Number(p.get('entries'))
    return { body: { count: matches.length, data: matches.slice((page - 1) * entries, page * entries) } }
  })
}

function setup(storage = mapStorage()) {
  const f = explorerFetch()
  const adapter = fakeAdapter('eip155', [{ id: 'com.wallet2', name: 'Wallet 2', type: 'announced', rdns: 'com.wallet2' }])
  const portico = testPortico({
    adapters: [adapter],
    storage,
    fetch: f.fetch,
    featuredWalletIds: ['w9'],
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { f, portico, wrapper, adapter }
}

describe('useWallets', () => {
  it("a failed explorer request: error 'HTTP status code: 500', coded httpStatus { status: '500' } (useWallets, useWalletGuide, useWalletList's listError)", async () => {
    const portico = testPortico({ fetch: jsonFetch(() => ({ status: 500, body: {} })).fetch, adapters: [fakeAdapter('eip155')] })
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
    await portico.ready
    const { result } = renderHook(() => ({ wallets: useWallets(), guide: useWalletGuide(), list: useWalletList() }), { wrapper })
    const coded = { code: 'httpStatus', params: { status: '500' }, message: 'HTTP status code: 500' }
    await waitFor(() => expect(result.current.wallets.error).toBe('HTTP status code: 500'))
    await waitFor(() => expect(result.current.list.listError).toBe('HTTP status code: 500'))
    expect(result.current.wallets.errorCode).toEqual(coded)
    expect(result.current.guide).toMatchObject({ error: 'HTTP status code: 500', errorCode: coded })
    expect(result.current.list.listErrorCode).toEqual(coded)
  })

  it("a refused connect: useWalletList's error 'Connection rejected', coded connectionRejected", async () => {
    const { portico, wrapper, adapter } = setup()
    await portico.ready
    const { result } = renderHook(() => useWalletList(), { wrapper })
    expect(result.current.errorCode).toBeNull()
    adapter.connectImpl = async () => Promise.reject({ code: 4001 })
    await act(() => portico.connection.tryConnect('com.wallet2'))
    expect(result.current).toMatchObject({
      error: 'Connection rejected',
      errorCode: { code: 'connectionRejected', message: 'Connection rejected' },
    })
  })

  it('loads featured and the first page on mount, then the next page; installed wallets are marked', async () => {
    const { f, portico, wrapper } = setup()
    await portico.ready
    const { result } = renderHook(() => useWallets(), { wrapper })
    await waitFor(() => expect(result.current.wallets).toHaveLength(41))
    expect(result.current.wallets[0]?.id).toBe('w9')
    expect(result.current.hasMore).toBe(true)
    expect(result.current.wallets.find((w) => w.id === 'w2')).toMatchObject({ installed: true, connectorId: 'com.wallet2' })
    await act(() => result.current.loadMore())
    expect(result.current.wallets).toHaveLength(45)
    expect(result.current.hasMore).toBe(false)
    const pages = f.calls
      .filter((u) => u.searchParams.get('entries') === '40')
      .map((u) => [u.searchParams.get('page'), u.searchParams.get('exclude')])
    expect(pages).toEqual([
      ['1', 'w9'],
      ['2', 'w9'],
    ])
  })

  it('select: installed wallet → ConnectingExternal with its connector; other → ConnectingWalletConnect with its id; recent only once connected', async () => {
    const { portico, wrapper, adapter } = setup()
    await portico.ready
    const { result } = renderHook(() => useWallets(), { wrapper })
    await waitFor(() => expect(result.current.wallets.length).toBeGreaterThan(2))
    const installed = result.current.wallets.find((w) => w.id === 'w2')!
    act(() => result.current.select(installed))
    expect(portico.router.$route.get()).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'com.wallet2' } })
    // Chosen is not connected: not recent yet; a refused connect keeps it out.
    expect(portico.storage.get('recentWallets')).toBeUndefined()
    adapter.connectImpl = async () => Promise.reject({ code: 4001 })
    await act(() => portico.connection.tryConnect('com.wallet2'))
    expect(portico.storage.get('recentWallets')).toBeUndefined()
    // Chosen again and connected: recent.
    act(() => result.current.select(installed))
    adapter.connectImpl = async () => ({ address: ADDRESS, chainId: 1, accounts: [ADDRESS] })
    await act(() => portico.connection.connect('com.wallet2'))
    expect(portico.storage.get('recentWallets')?.map((w) => w.id)).toEqual(['w2'])
    portico.router.reset('AllWallets')
    act(() => result.current.select(result.current.wallets.find((w) => w.id === 'w5')!))
    expect(portico.router.$route.get()).toEqual({ view: 'ConnectingWalletConnect', data: { walletId: 'w5' } })
    expect(portico.storage.get('recentWallets')?.map((w) => w.id)).toEqual(['w2'])
  })
})

describe('useOrderedWallets', () => {
  it('merges connectors with featured, recent and recommended explorer wallets in SPEC §9 order', async () => {
    const storage = mapStorage({ 'portico:recentWallets': JSON.stringify([{ id: 'w30', name: 'Wallet 30' }]) })
    const { portico, wrapper } = setup(storage)
    await portico.ready
    const { result } = renderHook(() => useOrderedWallets(), { wrapper })
    // recommended: 4 asked (w1-w4, featured and recent left out); w2 is installed, so its connector stands for it
    await waitFor(() => expect(result.current.entries.filter((e) => e.kind === 'wallet' && e.group === 'recommended')).toHaveLength(3))
    const labels = result.current.entries.map((e) => (e.kind === 'connector' ? e.connector.id : `${e.group}:${e.wallet.id}`))
    expect(labels).toEqual(['recent:w30', 'com.wallet2', 'featured:w9', 'recommended:w1', 'recommended:w3', 'recommended:w4'])
  })
})
