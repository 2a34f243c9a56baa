import '../../testing'
import type { CaipNetwork } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NetworkButton } from '../../components/NetworkButton/NetworkButton'
import { testPortico } from '../../testing'
import { Account } from '../Account/Account'
import { Networks } from '../Networks/Networks'
import { NetworkImage } from './NetworkImage'

const API = 'http://127.0.0.1:1/portico-test'

const preset = (id: number, name: string, assets: CaipNetwork['assets']): CaipNetwork => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:8545/${id}`] } },
  assets,
})
const ethereum = preset(1, 'Ethereum', { imageId: 'ethereum' })
const base = preset(8453, 'Base', { imageId: 'base', imageUrl: 'https://cdn.example/base.svg' })
const plain = preset(31337, 'Portico Local A', undefined)

describe('NetworkImage', () => {
  it('loads its image lazily, decoratively', () => {
    render(<NetworkImage name="Ethereum" caipNetworkId="eip155:1" imageUrl={`${API}/network-images/ethereum`} size={26} />)
    const img = screen.getByTestId('portico-network-image')
    expect(img.tagName).toBe('IMG')
    expect([img.getAttribute('src'), img.getAttribute('loading'), img.getAttribute('alt'), img.getAttribute('width')]).toEqual([
      `${API}/network-images/ethereum`,
      'lazy',
      '',
      '26',
    ])
  })

  it('falls back to the monogram tile when the image fails to load, its letter no part of the text', () => {
    const { container } = render(<NetworkImage name="ethereum" caipNetworkId="eip155:1" imageUrl={`${API}/network-images/nope`} />)
    fireEvent.error(screen.getByTestId('portico-network-image'))
    const tile = screen.getByTestId('portico-network-image')
    expect(tile.tagName).toBe('SPAN')
    expect(tile.getAttribute('data-mark')).toBe('E')
    expect(tile.getAttribute('aria-hidden')).toBe('true')
    expect(container.textContent).toBe('')
  })
})

describe('the same logo in the NetworkButton and the views', () => {
  it('Networks, Account and the NetworkButton draw the URL of the active network', async () => {
    const { portico } = testPortico({ networks: [ethereum, base, plain] })
    await portico.ready
    render(
      <PorticoContextProvider portico={portico}>
        <NetworkButton />
        <div data-testid="list">
          <Networks />
        </div>
      </PorticoContextProvider>,
    )
    const srcOf = (el: Element | null | undefined) =>
      el?.querySelector('[data-testid="portico-network-image"]')?.getAttribute('src') ?? null
    const rows = screen.getAllByTestId('portico-network-item')
    expect(rows.map(srcOf)).toEqual([`${API}/network-images/ethereum`, 'https://cdn.example/base.svg', null])
    // The button is on the page before the modal opened: no API logo yet (no request before the first open).
    expect(srcOf(screen.getByTestId('portico-network-button'))).toBeNull()
    await act(() => portico.modal.open())
    expect(srcOf(screen.getByTestId('portico-network-button'))).toBe(`${API}/network-images/ethereum`)

    await act(() => portico.network.switchNetwork(base))
    expect(srcOf(screen.getByTestId('portico-network-button'))).toBe('https://cdn.example/base.svg')
    await act(() => portico.network.switchNetwork(plain))
    // No logo: the same monogram tile as the Networks row, no letter in the button's text.
    const button = screen.getByTestId('portico-network-button')
    expect(button.querySelector('[data-testid="portico-network-image"]')?.getAttribute('data-mark')).toBe('P')
    expect(rows[2]?.querySelector('[data-testid="portico-network-image"]')?.getAttribute('data-mark')).toBe('P')
    expect(button.textContent).toBe('Portico Local A')
  })

  it('the Account view shows the network’s logo from the API', async () => {
    const { portico } = testPortico({ networks: [ethereum, base] })
    await portico.ready
    await portico.connection.connect('io.test.wallet')
    render(
      <PorticoContextProvider portico={portico}>
        <Account />
      </PorticoContextProvider>,
    )
    expect(screen.getByTestId('portico-account-network').querySelector('img')?.getAttribute('src')).toBe(`${API}/network-images/ethereum`)
  })
})
