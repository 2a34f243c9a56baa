import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { testPortico } from '../../testing'
import { Networks } from './Networks'
import { NetworksView } from './NetworksView'

const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum' },
  { caipNetworkId: 'eip155:8453', name: 'Base' },
  { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Portico Local Solana Devnet' },
]
const items = () => screen.getAllByTestId('portico-network-item')
/** Each row's text (the monogram tile draws its letter with CSS: no part of the text). */
const texts = () => items().map((i) => i.textContent)

describe('NetworksView', () => {
  it('lists networks in order and marks the current one (aria-current)', () => {
    render(<NetworksView networks={networks} current="eip155:8453" />)
    expect(texts()).toEqual(['Ethereum', 'Base', 'Portico Local Solana Devnet'])
    expect(items().map((i) => i.getAttribute('aria-current'))).toEqual([null, 'true', null])
  })

  it.each<[boolean, (string | undefined)[]]>([
    [false, ['Ethereum', 'Base', 'Portico Local Solana Devnet']],
    [true, ['Ethereum', 'BaseConnected', 'Portico Local Solana Devnet']],
  ])('connected=%s: "Connected" only under the current network of a connected wallet', (connected, out) => {
    render(<NetworksView networks={networks} current="eip155:8453" connected={connected} />)
    expect(texts()).toEqual(out)
  })

  it('selects a network by its CAIP id', () => {
    const onSelect = vi.fn()
    render(<NetworksView networks={networks} current="eip155:1" onSelect={onSelect} />)
    fireEvent.click(screen.getByRole('button', { name: /Solana/ }))
    expect(onSelect).toHaveBeenCalledWith('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })
})

describe('Networks', () => {
  it('says "Connected" once a wallet connects, not before', async () => {
    const { portico } = testPortico()
    await portico.ready
    render(
      <PorticoContextProvider portico={portico}>
        <Networks />
      </PorticoContextProvider>,
    )
    expect(screen.queryByText('Connected')).toBeNull()
    expect(items()[0]?.getAttribute('aria-current')).toBe('true')
    await act(() => portico.connection.connect('io.test.wallet'))
    expect(screen.getByRole('button', { name: /Ethereum/ }).textContent).toBe('EthereumConnected')
  })
})
