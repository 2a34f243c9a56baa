import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { NetworksView } from './NetworksView'

const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum' },
  { caipNetworkId: 'eip155:8453', name: 'Base' },
  { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana' },
]

describe('NetworksView', () => {
  it('lists networks in order and marks the current one', () => {
    render(<NetworksView networks={networks} current="eip155:8453" />)
    const items = screen.getAllByTestId('portico-network-item')
    expect(items.map((i) => i.textContent?.replace('Connected', '').slice(1))).toEqual(['Ethereum', 'Base', 'Solana'])
    expect(items.map((i) => i.getAttribute('aria-current'))).toEqual([null, 'true', null])
  })
  it('selects a network by its CAIP id', () => {
    const onSelect = vi.fn()
    render(<NetworksView networks={networks} current="eip155:1" onSelect={onSelect} />)
    fireEvent.click(screen.getByRole('button', { name: /Solana/ }))
    expect(onSelect).toHaveBeenCalledWith('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })
})
