import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { ADDRESS, fakeAdapter, jsonFetch, testPortico } from '../core/test-utils'
import type { Timers } from '../core/timers'
import { PorticoContextProvider, useActivity } from './index'

const NOW = Date.parse('2026-11-23T12:00:00Z')
const tx = (id: string, minedAt: string, status = 'confirmed') => ({
  id: `eip155:1:${id}`,
  metadata: {
    minedAt,
    chain: 'eip155:1',
    operationType: 'send',
    status,
    sentFrom: ADDRESS,
    sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  },
  transfers: [{ direction: 'out', quantity: { numeric: '1.5' }, fungible_info: { symbol: 'ETH' } }],
})

function setup(history: (cursor: string | null) => { status?: number; body: unknown }, clock = { now: NOW }) {
  const api = jsonFetch((url) => (url.pathname.endsWith('/history') ? history(url.searchParams.get('cursor')) : { body: { balances: [] } }))
  const timers: Timers = {
    now: () => clock.now,
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as number),
  }
  const portico = testPortico({
    fetch: api.fetch,
    adapters: [fakeAdapter('eip155', [{ id: 'io.metamask', name: 'MetaMask', type: 'announced' }])],
    timers,
    features: { email: false },
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoContextProvider portico={portico}>{children}</PorticoContextProvider>
  return { portico, wrapper }
}

describe('useActivity: what the Activity tab shows', () => {
  it('placeholders first, then month groups with relative times, description and explorer link; hasMore follows the cursor', async () => {
    const { portico, wrapper } = setup((cursor) =>
      cursor === null
        ? { body: { data: [tx('0xaa', '2026-11-23T11:55:00Z', 'pending'), tx('0xbb', '2026-10-02T10:00:00Z', 'failed')], next: 'p2' } }
        : { body: { data: [tx('0xcc', '2026-09-02T10:00:00Z')], next: null } },
    )
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => useActivity({ timeZone: 'UTC' }), { wrapper })
    expect(result.current).toMatchObject({ initialLoading: true, empty: false, groups: [] })
    await waitFor(() => expect(result.current.groups.length).toBe(2))
    expect(result.current).toMatchObject({ initialLoading: false, empty: false, hasMore: true })
    expect(result.current.groups.map((g) => [g.label, g.rows.map((r) => [r.description, r.time, r.status, r.explorerUrl])])).toEqual([
      ['This month', [['Sent 1.500 ETH', '5 minutes ago', 'pending', 'http://127.0.0.1:4000/1/tx/0xaa']]],
      ['October 2026', [['Sent 1.500 ETH', 'Oct 2', 'failed', 'http://127.0.0.1:4000/1/tx/0xbb']]],
    ])
    result.current.loadMore()
    await waitFor(() => expect(result.current.groups.map((g) => g.label)).toEqual(['This month', 'October 2026', 'September 2026']))
    expect(result.current.hasMore).toBe(false)
  })

  it('nothing in the history: the empty state', async () => {
    const { portico, wrapper } = setup(() => ({ body: { data: [], next: null } }))
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => useActivity(), { wrapper })
    await waitFor(() => expect(result.current.empty).toBe(true))
    expect(result.current).toMatchObject({ initialLoading: false, error: null, groups: [] })
  })

  it("a failure: 'Failed to fetch transactions', neither loading nor empty", async () => {
    const { portico, wrapper } = setup(() => ({ status: 500, body: {} }))
    await portico.connection.connect('io.metamask')
    const { result } = renderHook(() => useActivity(), { wrapper })
    await waitFor(() => expect(result.current.error).toBe('Failed to fetch transactions'))
    expect(result.current).toMatchObject({ initialLoading: false, empty: false })
  })

  it('while mounted the first page is re-read every pollMs, quietly: a new transaction appears first and a pending one turns confirmed', async () => {
    const clock = { now: NOW }
    let data = [tx('0xaa', '2026-11-23T11:55:00Z', 'pending')]
    let calls = 0
    const { portico, wrapper } = setup(() => {
      calls++
      return { body: { data, next: null } }
    }, clock)
    await portico.connection.connect('io.metamask')
    const { result, unmount } = renderHook(() => useActivity({ timeZone: 'UTC', pollMs: 25 }), { wrapper })
    await waitFor(() => expect(result.current.rows.map((r) => r.status)).toEqual(['pending']))
    // the server's answer changes; past the API's 15 s cache the next poll reads it
    data = [tx('0xbb', '2026-11-23T11:58:00Z'), tx('0xaa', '2026-11-23T11:55:00Z', 'confirmed')]
    clock.now += 16_000
    await waitFor(() =>
      expect(result.current.rows.map((r) => [r.hash, r.status])).toEqual([
        ['0xbb', 'confirmed'],
        ['0xaa', 'confirmed'],
      ]),
    )
    expect(result.current).toMatchObject({ loading: false, initialLoading: false })
    unmount()
    const after = calls
    clock.now += 16_000
    await new Promise((r) => setTimeout(r, 80))
    expect(calls).toBe(after)
  })
})
