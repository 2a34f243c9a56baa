import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { ADDRESS, testPortico } from '../../testing'
import { WalletReceiveView } from './WalletReceiveView'

const ethereum = { name: 'Ethereum', caipNetworkId: 'eip155:1' }
const base = { name: 'Base', caipNetworkId: 'eip155:8453' }
const arbitrum = { name: 'Arbitrum', caipNetworkId: 'eip155:42161' }

describe('WalletReceiveView', () => {
  it('shows the full address, the QR code, every network it receives on with the current one marked (named once: no pill, issue 25) and the warning naming them', () => {
    render(
      <WalletReceiveView address={ADDRESS} payload={`ethereum:${ADDRESS}@8453`} network={base} networks={[ethereum, base, arbitrum]} />,
    )
    expect(screen.getByTestId('portico-receive-address').textContent).toBe(ADDRESS)
    expect(screen.getByRole('img', { name: 'QR code of your address on Base' })).toBeTruthy()
    expect(screen.queryByTestId('portico-receive-network')).toBeNull()
    const list = screen.getByRole('list', { name: 'Receives on these 3 networks' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ethereum', 'Base', 'Arbitrum'])
    expect(within(list).getByText('Base').closest('li')?.getAttribute('aria-current')).toBe('true')
    // the current network first in the warning
    expect(screen.getByTestId('portico-receive-warning').textContent).toBe(
      'Only send assets on Base, Ethereum or Arbitrum. Assets sent on any other network can be lost.',
    )
  })

  it('one network: the pill names it (no list of one), the warning names it alone', () => {
    render(<WalletReceiveView address={ADDRESS} network={ethereum} networks={[ethereum]} />)
    expect(screen.getByTestId('portico-receive-network').textContent).toContain('Ethereum')
    expect(screen.queryByRole('list')).toBeNull()
    expect(screen.getByTestId('portico-receive-warning').textContent).toBe(
      'Only send assets on Ethereum. Assets sent on any other network can be lost.',
    )
  })

  it('Copy calls onCopy; copied shows "Copied" and announces it', () => {
    const onCopy = vi.fn()
    const { rerender } = render(<WalletReceiveView address={ADDRESS} network={ethereum} networks={[ethereum]} onCopy={onCopy} />)
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }))
    expect(onCopy).toHaveBeenCalledTimes(1)
    rerender(<WalletReceiveView address={ADDRESS} network={ethereum} networks={[ethereum]} onCopy={onCopy} copied />)
    expect(screen.getByTestId('portico-receive-copy').textContent).toBe('Copied')
    expect(screen.getByRole('status').textContent).toBe('Copied')
  })

  it('no address: asks to connect, no QR code', () => {
    render(<WalletReceiveView />)
    expect(screen.queryByTestId('portico-receive-qr')).toBeNull()
    expect(screen.getByTestId('portico-receive').textContent).toBe('Connect a wallet to see your address.')
  })
})

describe('WalletReceive in the modal', () => {
  it('Account → Receive: focus on Copy, the connected address and the app networks; Copy writes the clipboard; Back returns to Account', async () => {
    const writeText = vi.fn(async (_text: string) => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { portico } = testPortico()
    await portico.ready
    await portico.connection.connect('io.test.wallet')
    render(
      <PorticoContextProvider portico={portico}>
        <ModalRoot />
      </PorticoContextProvider>,
    )
    await act(async () => {
      await portico.modal.open()
    })
    // Buy, Swap, Receive and Send are offered on EVM (SPEC §9 order).
    const row = screen.getByRole('list', { name: 'Wallet actions' })
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
    await act(async () => {
      fireEvent.click(screen.getByTestId('portico-account-feature-receive'))
    })
    expect(screen.getByRole('heading', { name: 'Receive' })).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByTestId('portico-receive-copy'))
    expect(screen.getByTestId('portico-receive-address').textContent).toBe(ADDRESS)
    expect(screen.getAllByTestId('portico-receive-network-item').map((li) => li.getAttribute('data-network'))).toEqual([
      'eip155:1',
      'eip155:8453',
    ])
    await act(async () => {
      fireEvent.click(screen.getByTestId('portico-receive-copy'))
    })
    expect(writeText).toHaveBeenCalledWith(ADDRESS)
    expect(screen.getByTestId('portico-receive-copy').textContent).toBe('Copied')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    })
    expect(screen.getByRole('heading', { name: 'Account' })).toBeTruthy()
  })
})
