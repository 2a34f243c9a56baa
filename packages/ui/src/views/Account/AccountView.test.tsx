import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { testPortico } from '../../testing'
import { AccountView, type AccountViewProps } from './AccountView'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function Harness(props: Partial<AccountViewProps>) {
  const [tab, setTab] = useState(0)
  return (
    <AccountView
      address={ADDRESS}
      shortAddress="0x7099…dc79C8"
      balance="1.234"
      balanceSymbol="ETH"
      network={{ name: 'Ethereum', caipNetworkId: 'eip155:1' }}
      tab={tab}
      onTab={setTab}
      {...props}
    />
  )
}

describe('AccountView', () => {
  it.each([
    [[], null],
    [['swaps', 'onramp'], 'Swapping and buying are not available in your region.'],
    [['swaps'], 'Swaps are not available in your region.'],
    [['onramp'], 'Buying is not available in your region.'],
    [['receive'], null],
  ] as const)('region restriction %j: the note %s (SPEC §6)', (restricted, text) => {
    render(<Harness restricted={restricted} />)
    expect(screen.queryByTestId('portico-account-region-note')?.textContent ?? null).toBe(text)
  })
  it('shows the short address, balance with symbol and network', () => {
    const onNetwork = vi.fn()
    render(<Harness onNetwork={onNetwork} />)
    expect(screen.getByTestId('portico-account-address').textContent).toBe('0x7099…dc79C8')
    expect(screen.getByTestId('portico-account-balance').textContent).toBe('1.234 ETH')
    fireEvent.click(screen.getByTestId('portico-account-network'))
    expect(onNetwork).toHaveBeenCalledTimes(1)
  })
  it.each([
    [{ balance: undefined, balanceSymbol: undefined, balanceLoading: false }, '—'],
    [{ balance: '0.000', balanceSymbol: 'ETH', balanceLoading: false }, '0.000 ETH'],
    [{ balance: '2.500', balanceSymbol: 'ETH', balanceLoading: true }, '2.500 ETH'],
  ])('balance %j shows %s (never a made-up 0 while unknown)', (props, text) => {
    render(<Harness {...props} />)
    expect(screen.getByTestId('portico-account-balance').textContent).toBe(text)
  })
  it("links the address's block-explorer page in a new tab, and shows no link without one", () => {
    const { unmount } = render(<Harness explorerUrl={`https://etherscan.io/address/${ADDRESS}`} />)
    const link = screen.getByRole('link', { name: 'Block explorer' })
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/address/${ADDRESS}`)
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    unmount()
    render(<Harness />)
    expect(screen.queryByTestId('portico-account-explorer')).toBeNull()
  })
  it('prefers the profile name', () => {
    render(<Harness name="ada.portico" />)
    expect(screen.getByTestId('portico-account-address').textContent).toBe('ada.portico')
  })
  it('copies and disconnects', async () => {
    const onCopy = vi.fn()
    const onDisconnect = vi.fn()
    render(<Harness onCopy={onCopy} onDisconnect={onDisconnect} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy address' }))
    })
    expect(onCopy).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    expect(onDisconnect).toHaveBeenCalledTimes(1)
  })
  it('lists token balances in the Tokens tab', () => {
    render(
      <Harness
        tokens={[
          { id: 'eip155:1:ETH', name: 'Ether', symbol: 'ETH', quantity: '1.234', value: '$3,850.08' },
          { id: 'eip155:1:0xa0b8', name: 'USD Coin', symbol: 'USDC', quantity: '250', value: '$250.00' },
        ]}
      />,
    )
    const rows = screen.getByTestId('portico-account-tokens').querySelectorAll('li')
    expect(Array.from(rows).map((r) => r.textContent)).toEqual(['Ether1.234 ETH$3,850.08', 'USD Coin250 USDC$250.00'])
  })
  it('switches between Tokens and Activity', async () => {
    // The Activity tab reads useActivity: nothing connected, nothing to show.
    const { portico } = testPortico()
    render(
      <PorticoContextProvider portico={portico}>
        <Harness />
      </PorticoContextProvider>,
    )
    expect(screen.getByRole('tabpanel').textContent).toContain('No tokens yet')
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }))
    await waitFor(() => expect(screen.getByRole('tabpanel').textContent).toContain('No activity yet'))
  })
})

describe('AccountView: total value and the name entry (issue 12)', () => {
  it('the total in USD is shown under the name, read as "Total value"', () => {
    render(<Harness totalUsd="$5,408.96" />)
    expect(screen.getByTestId('portico-account-total').textContent).toBe('Total value $5,408.96')
  })

  it('while the balances load: a placeholder where the total goes; no total and not loading: nothing', () => {
    const { rerender } = render(<Harness totalLoading />)
    expect(screen.getByTestId('portico-account-total').getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('img', { name: 'Loading total value' })).toBeTruthy()
    rerender(<Harness />)
    expect(screen.queryByTestId('portico-account-total')).toBeNull()
  })

  it('"Choose a name" shows only with onChooseName, and calls it', () => {
    const onChooseName = vi.fn()
    const { rerender } = render(<Harness />)
    expect(screen.queryByText('Choose a name')).toBeNull()
    rerender(<Harness onChooseName={onChooseName} />)
    fireEvent.click(screen.getByRole('button', { name: /Choose a name/ }))
    expect(onChooseName).toHaveBeenCalledTimes(1)
  })
})
