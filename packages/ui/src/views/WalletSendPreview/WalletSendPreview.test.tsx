import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { WalletSendPreviewView, type WalletSendPreviewViewProps } from './WalletSendPreviewView'

const props: WalletSendPreviewViewProps = {
  amount: '0.5',
  symbol: 'ETH',
  usd: '$1,560.25',
  to: '0x3C44…4293BC',
  toFull: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  network: { name: 'Ethereum', caipNetworkId: 'eip155:1' },
  fee: { native: '0.000021', symbol: 'ETH', usd: '$0.07' },
}

describe('WalletSendPreviewView', () => {
  it('shows the amount with its USD value, the receiver shortened, the network and the fee; Send is focused first', () => {
    render(<WalletSendPreviewView {...props} />)
    expect(screen.getByTestId('portico-send-preview-amount').textContent).toBe('E0.5 ETH')
    expect(screen.getByTestId('portico-send-preview-usd').textContent).toBe('$1,560.25')
    expect(screen.getByTestId('portico-send-preview-to').textContent).toBe('0x3C44…4293BC')
    expect(screen.getByTestId('portico-send-preview-to').querySelector('[title]')?.getAttribute('title')).toBe(props.toFull)
    expect(screen.getByTestId('portico-send-preview-network').textContent).toBe('Ethereum')
    expect(screen.getByTestId('portico-send-preview-fee').textContent).toBe('0.000021 ETH($0.07)')
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('data-autofocus')).toBe(true)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('a name: its name above the short address', () => {
    render(<WalletSendPreviewView {...props} toName="alice.portico.id" />)
    expect(screen.getByTestId('portico-send-preview-to').textContent).toBe('alice.portico.id0x3C44…4293BC')
  })

  it('Cancel and Send call back', () => {
    const onCancel = vi.fn()
    const onSend = vi.fn()
    render(<WalletSendPreviewView {...props} onCancel={onCancel} onSend={onSend} />)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect([onCancel.mock.calls.length, onSend.mock.calls.length]).toEqual([1, 1])
  })

  it("sending: 'Confirm in your wallet' with a spinner; both buttons disabled and Send busy", () => {
    const onSend = vi.fn()
    render(<WalletSendPreviewView {...props} sending onSend={onSend} />)
    expect(screen.getByRole('status').textContent).toBe('Confirm in your walletApprove the transaction in your wallet to send it.')
    const send = screen.getByTestId('portico-send-submit') as HTMLButtonElement
    expect(send.disabled).toBe(true)
    expect(send.getAttribute('aria-busy')).toBe('true')
    expect((screen.getByTestId('portico-send-cancel') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(send)
    expect(onSend).not.toHaveBeenCalled()
  })

  it('no fee estimate yet: a dash', () => {
    render(<WalletSendPreviewView {...props} fee={undefined} />)
    expect(screen.getByTestId('portico-send-preview-fee').textContent).toBe('—')
  })
})
