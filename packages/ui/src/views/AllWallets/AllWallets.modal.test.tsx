import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { testPortico } from '../../testing'

const wallets = Array.from({ length: 120 }, (_, i) => ({
  id: `w${i + 1}`,
  name: `Wallet ${i + 1}`,
  image_url: `data:image/svg+xml,${i + 1}`,
}))

describe('AllWallets in the modal', () => {
  it('Connect → All wallets → search → Back: Connect again, and the search is cleared on return', async () => {
    const urls: URL[] = []
    const fetch = (async (input: string | URL | Request) => {
      const url = new URL(String(input))
      urls.push(url)
      const p = url.searchParams
      const search = p.get('search')?.toLowerCase()
      const matches = wallets.filter((w) => !search || w.name.toLowerCase().includes(search))
      const page = Number(p.get('page'))
      const entries = Number(p.get('entries'))
      return new Response(JSON.stringify({ count: matches.length, data: matches.slice((page - 1) * entries, page * entries) }), {
        status: 200,
      })
    }) as typeof globalThis.fetch
    const { portico } = testPortico({ apiUrl: 'http://127.0.0.1:9', fetch })
    await portico.ready
    // Nothing is asked of the explorer before the modal opens.
    render(
      <PorticoContextProvider portico={portico}>
        <ModalRoot />
      </PorticoContextProvider>,
    )
    expect(urls).toEqual([])
    await act(async () => {
      await portico.modal.open()
    })
    await waitFor(() => expect(screen.getByTestId('portico-connect-all-wallets').textContent).toBe('All wallets120'))
    fireEvent.click(screen.getByTestId('portico-connect-all-wallets'))
    expect(screen.getByRole('dialog', { name: 'All wallets' })).toBeTruthy()
    // page 1 came with the opening: AllWallets shows it without asking again
    expect(screen.getAllByRole('option').length).toBeGreaterThan(0)
    expect(urls.filter((u) => u.searchParams.get('entries') === '40')).toHaveLength(1)
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search wallet' }), { target: { value: 'Wallet 11' } })
    await waitFor(
      () =>
        expect(screen.getAllByRole('option').map((o) => o.getAttribute('data-wallet-id'))).toEqual([
          'w11',
          'w110',
          'w111',
          'w112',
          'w113',
          'w114',
          'w115',
          'w116',
          'w117',
          'w118',
        ]),
      { timeout: 2000 },
    )
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByRole('dialog', { name: 'Connect wallet' })).toBeTruthy()
    fireEvent.click(screen.getByTestId('portico-connect-all-wallets'))
    expect((screen.getByRole('searchbox', { name: 'Search wallet' }) as HTMLInputElement).value).toBe('')
    expect(screen.getAllByRole('option')[0]?.getAttribute('data-wallet-id')).toBe('w1')
  })
})
