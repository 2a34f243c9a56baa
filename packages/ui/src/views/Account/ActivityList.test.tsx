import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ADDRESS, testPortico } from '../../testing'
import { ActivityList, ActivityListView, type ActivityListViewProps } from './ActivityList'

type Group = ActivityListViewProps['groups'][number]
type Row = Group['rows'][number]

const row = (id: string, over: Partial<Row> = {}): Row =>
  ({
    id,
    hash: id,
    minedAt: '2026-11-23T11:55:00Z',
    status: 'confirmed',
    sign: '',
    description: 'Sent 1.500 ETH',
    amount: '1.500 ETH',
    counterpart: { direction: 'to', address: ADDRESS, short: '0x7099…dc79C8', label: '0x7099…dc79C8' },
    explorerUrl: `https://etherscan.io/tx/${id}`,
    time: '5 minutes ago',
    transaction: {} as Row['transaction'],
    transfers: [],
    ...over,
  }) as Row

const base: ActivityListViewProps = {
  groups: [],
  initialLoading: false,
  loading: false,
  error: null,
  empty: false,
  hasMore: false,
  onLoadMore: () => {},
  onRetry: () => {},
}

describe('ActivityListView (the Activity tab renders what useActivity gives)', () => {
  it('first load: placeholder rows with one status for assistive technology', () => {
    render(<ActivityListView {...base} initialLoading loading />)
    expect(screen.getByRole('status').textContent).toContain('Loading transactions')
    expect(screen.getAllByTestId('portico-skeleton-row')).toHaveLength(4)
  })

  it("an error: 'Failed to fetch transactions' with Retry", () => {
    const onRetry = vi.fn()
    render(<ActivityListView {...base} error="Failed to fetch transactions" onRetry={onRetry} />)
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch transactions')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('nothing: the empty panel it is given', () => {
    render(<ActivityListView {...base} empty emptyState={<p>No activity yet</p>} />)
    expect(screen.getByText('No activity yet')).toBeTruthy()
  })

  it('a network without history: the unavailable panel, never "No activity yet"', () => {
    render(
      <ActivityListView
        {...base}
        unavailable
        emptyState={<p>No activity yet</p>}
        unavailableState={<p>History is not available on this network</p>}
      />,
    )
    expect(screen.getByText('History is not available on this network')).toBeTruthy()
    expect(screen.queryByText('No activity yet')).toBeNull()
  })

  it('month groups with their rows: description (signed), counterpart and time, status, explorer link in a new tab', () => {
    const groups: Group[] = [
      {
        key: '2026-11',
        label: 'This month',
        rows: [
          row('0xa', { status: 'pending' }),
          row('0xb', {
            sign: '+',
            description: 'Received +3.000 USDC',
            amount: '+3.000 USDC',
            counterpart: { direction: 'from', address: ADDRESS, short: '0x7099…dc79C8', label: '0x7099…dc79C8' },
            time: '2 days ago',
          }),
          row('0xd', {
            description: 'Swapped 1.000 ETH for 2,962.647 USDC',
            counterpart: { direction: 'to', address: ADDRESS, name: 'Swap router', short: '0x7099…dc79C8', label: 'Swap router' },
            time: '3 days ago',
          }),
        ],
      },
      { key: '2026-10', label: 'October 2026', rows: [row('0xc', { status: 'failed', time: 'Oct 3', explorerUrl: undefined })] },
    ]
    render(<ActivityListView {...base} groups={groups} />)
    const sections = screen.getAllByRole('group')
    expect(sections.map((s) => within(s).getByRole('heading').textContent)).toEqual(['This month', 'October 2026'])
    const rows = screen.getAllByTestId('portico-activity-row')
    expect(rows.map((r) => r.textContent)).toEqual([
      'Sent 1.500 ETHPending · to 0x7099…dc79C8 · 5 minutes ago',
      'Received +3.000 USDCfrom 0x7099…dc79C8 · 2 days ago',
      // A named counterparty shows its name (the address stays in the title).
      'Swapped 1.000 ETH for 2,962.647 USDCto Swap router · 3 days ago',
      'Sent 1.500 ETHFailed · to 0x7099…dc79C8 · Oct 3',
    ])
    const link = screen.getAllByRole('link')[0]!
    expect(link.getAttribute('href')).toBe('https://etherscan.io/tx/0xa')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(link.getAttribute('aria-label')).toBe('View on block explorer: Sent 1.500 ETH')
    expect(within(rows[2]!).getByTitle(ADDRESS).textContent).toBe('to Swap router · 3 days ago')
    // no explorer on the network: no link
    expect(screen.getAllByRole('link')).toHaveLength(3)
  })

  it("more pages: a keyboard-reachable 'Load more' (and a scroll sentinel); a failed page offers Retry under the rows", () => {
    const onLoadMore = vi.fn()
    const groups: Group[] = [{ key: '2026-11', label: 'This month', rows: [row('0xa')] }]
    const { rerender } = render(<ActivityListView {...base} groups={groups} hasMore onLoadMore={onLoadMore} />)
    expect(screen.getByTestId('portico-activity-sentinel')).toBeTruthy()
    const more = screen.getByRole('button', { name: 'Load more' })
    more.focus()
    expect(document.activeElement).toBe(more)
    fireEvent.click(more)
    expect(onLoadMore).toHaveBeenCalledOnce()
    rerender(<ActivityListView {...base} groups={groups} hasMore error="Failed to fetch transactions" onLoadMore={onLoadMore} />)
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch transactions')
    expect(screen.getAllByTestId('portico-activity-row')).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onLoadMore).toHaveBeenCalledTimes(2)
  })
})

describe('ActivityList on useActivity', () => {
  const tx = (hash: string) => ({
    id: `eip155:1:${hash}`,
    metadata: {
      minedAt: new Date(Date.now() - 120_000).toISOString(),
      chain: 'eip155:1',
      operationType: 'send',
      status: 'confirmed',
      sentFrom: ADDRESS,
      sentTo: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    },
    transfers: [{ direction: 'out', quantity: { numeric: '1.5' }, fungible_info: { symbol: 'ETH' } }],
  })

  async function mount(history: () => Response) {
    const { portico } = testPortico({
      fetch: async (input) => {
        const url = new URL(String(input instanceof Request ? input.url : input))
        if (url.pathname.endsWith('/history')) return history()
        return new Response(JSON.stringify({ balances: [] }), { status: 200, headers: { 'content-type': 'application/json' } })
      },
    })
    await portico.ready
    await portico.connection.connect('io.test.wallet')
    render(
      <PorticoContextProvider portico={portico}>
        <ActivityList emptyState={<p>No activity yet</p>} />
      </PorticoContextProvider>,
    )
  }
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

  it('loads the connected account’s history: skeleton, then the rows', async () => {
    await mount(() => json({ data: [tx('0xabc')], next: null }))
    expect(screen.getByTestId('portico-activity-loading')).toBeTruthy()
    await waitFor(() => expect(screen.getAllByTestId('portico-activity-row')).toHaveLength(1))
    expect(screen.getByTestId('portico-activity-description').textContent).toBe('Sent 1.500 ETH')
    expect(screen.getByTestId('portico-activity-row').textContent).toContain('to 0xf39F…b92266 · 2 minutes ago')
  })

  it('the empty panel when the history is empty; Retry after a failure fetches again', async () => {
    let fail = true
    await mount(() => (fail ? json({}, 500) : json({ data: [], next: null })))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to fetch transactions'))
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.getByText('No activity yet')).toBeTruthy())
  })
})
