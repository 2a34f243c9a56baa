import '../../testing'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type SwapSelectableToken, SwapSelectTokenView } from './SwapSelectTokenView'

const ETH: SwapSelectableToken = { id: 'eip155:1:0xeeee', name: 'Ether', symbol: 'ETH', balance: '1.234', value: '$3,852.50' }
const USDC: SwapSelectableToken = { id: 'eip155:1:0xa0b8', name: 'USD Coin', symbol: 'USDC', balance: '250.000', value: '$250.00' }
const PTK: SwapSelectableToken = { id: 'eip155:1:0x5fbd', name: 'Portico Token', symbol: 'PTK' }

describe('SwapSelectTokenView', () => {
  it("the suggested chips, 'Your tokens' with balances and values, 'Popular' with symbols; the current one marked; a click gives its id", () => {
    const onSelect = vi.fn()
    render(
      <SwapSelectTokenView
        suggested={[ETH, USDC]}
        yourTokens={[ETH, USDC]}
        popular={[ETH, PTK, USDC]}
        currentId={USDC.id}
        onSelect={onSelect}
      />,
    )
    expect(
      within(screen.getByRole('list', { name: 'Suggested' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['EETH', 'UUSDC'])
    const yours = within(screen.getByRole('list', { name: 'Your tokens' })).getAllByRole('button')
    expect(yours.map((b) => b.textContent)).toEqual(['EEther1.234 ETH$3,852.50', 'UUSD Coin250.000 USDC$250.00'])
    expect(yours.map((b) => b.getAttribute('aria-current'))).toEqual([null, 'true'])
    const popular = within(screen.getByRole('list', { name: 'Popular' })).getAllByRole('button')
    expect(popular.map((b) => b.getAttribute('data-token'))).toEqual(['ETH', 'PTK', 'USDC'])
    expect(popular[1]!.textContent).toBe('PPortico TokenPTK')
    fireEvent.click(popular[1]!)
    fireEvent.click(screen.getAllByTestId('portico-swap-suggested-item')[0]!)
    expect(onSelect.mock.calls).toEqual([[PTK.id], [ETH.id]])
  })

  it('the search is focused first; typing goes to onQuery; while searching only the results show', () => {
    const onQuery = vi.fn()
    render(
      <SwapSelectTokenView
        query="usd"
        onQuery={onQuery}
        suggested={[ETH]}
        yourTokens={[ETH, USDC]}
        popular={[ETH, USDC]}
        results={[USDC]}
      />,
    )
    const search = screen.getByLabelText('Search tokens') as HTMLInputElement
    expect(search.value).toBe('usd')
    expect(search.placeholder).toBe('Name, symbol or address')
    expect(search.hasAttribute('data-autofocus')).toBe(true)
    fireEvent.change(search, { target: { value: 'usdc' } })
    expect(onQuery).toHaveBeenCalledWith('usdc')
    expect(screen.queryByRole('list', { name: 'Your tokens' })).toBeNull()
    expect(screen.queryByRole('list', { name: 'Suggested' })).toBeNull()
    expect(
      within(screen.getByRole('list', { name: 'Results' }))
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-token')),
    ).toEqual(['USDC'])
  })

  it('empty states: nothing matches the search; no tokens at all', () => {
    const { rerender } = render(<SwapSelectTokenView query=" btc " results={[]} popular={[ETH]} />)
    expect(screen.getByRole('status').textContent).toBe('No token matches “btc”.')
    expect(screen.queryByRole('list')).toBeNull()
    rerender(<SwapSelectTokenView />)
    expect(screen.getByRole('status').textContent).toBe('No tokens to swap on this network.')
  })
})
