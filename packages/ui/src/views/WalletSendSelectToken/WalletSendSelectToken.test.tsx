import '../../testing'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type SelectableToken, WalletSendSelectTokenView } from './WalletSendSelectTokenView'

const TOKENS: SelectableToken[] = [
  { id: 'eip155:1|native', name: 'Ether', symbol: 'ETH', balance: '1.234', value: '$3,852.50' },
  { id: 'eip155:1|usdc', name: 'USD Coin', symbol: 'USDC', balance: '250.000', value: '$250.00', iconUrl: 'data:image/png;base64,' },
]

describe('WalletSendSelectTokenView', () => {
  it('lists each token with its name, balance and value; the chosen one is current; a click gives its id', () => {
    const onSelect = vi.fn()
    render(<WalletSendSelectTokenView tokens={TOKENS} currentId="eip155:1|usdc" onSelect={onSelect} />)
    const list = screen.getByRole('list', { name: 'Tokens with a balance' })
    const items = within(list).getAllByRole('button')
    expect(items.map((b) => b.textContent)).toEqual(['EEther1.234 ETH$3,852.50', 'USD Coin250.000 USDC$250.00'])
    expect(items.map((b) => b.getAttribute('aria-current'))).toEqual([null, 'true'])
    fireEvent.click(items[0]!)
    expect(onSelect).toHaveBeenCalledWith('eip155:1|native')
  })

  it('the search field is focused first; typing goes to onQuery', () => {
    const onQuery = vi.fn()
    render(<WalletSendSelectTokenView tokens={TOKENS} query="us" onQuery={onQuery} />)
    const search = screen.getByLabelText('Search tokens') as HTMLInputElement
    expect(search.value).toBe('us')
    expect(search.hasAttribute('data-autofocus')).toBe(true)
    fireEvent.change(search, { target: { value: 'usd' } })
    expect(onQuery).toHaveBeenCalledWith('usd')
  })

  it('empty states: no token matching the search; no token with a balance at all', () => {
    const { rerender } = render(<WalletSendSelectTokenView tokens={[]} query=" btc " />)
    expect(screen.getByRole('status').textContent).toBe('No token matches “btc”.')
    expect(screen.queryByRole('list')).toBeNull()
    rerender(<WalletSendSelectTokenView tokens={[]} />)
    expect(screen.getByRole('status').textContent).toBe('No tokens with a balance on this network.')
  })
})
