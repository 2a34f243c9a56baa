import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { SwapPreviewView, type SwapPreviewViewProps } from './SwapPreviewView'

const props: SwapPreviewViewProps = {
  from: { amount: '100', symbol: 'USDC', usd: '$100.00' },
  to: { amount: '0.033', symbol: 'ETH', usd: '$99.00' },
  rate: '1 USDC = 0.00033 ETH',
  priceImpact: '1.00%',
  maxSlippage: '1%',
  minimumReceived: '0.03267 ETH',
  providerFee: '0.85 USDC (0.85%)',
  networkCost: '0.003 ETH ($9.00)',
}

describe('SwapPreviewView', () => {
  it('both sides with amounts and USD; rate, price impact, max slippage, minimum received, provider fee, network cost; Swap focused first', () => {
    render(<SwapPreviewView {...props} />)
    expect(screen.getByTestId('portico-swap-preview-from-amount').textContent).toBe('100 USDC')
    expect(screen.getByTestId('portico-swap-preview-from-usd').textContent).toBe('$100.00')
    expect(screen.getByTestId('portico-swap-preview-to-amount').textContent).toBe('0.033 ETH')
    expect(screen.getByTestId('portico-swap-preview-to-usd').textContent).toBe('$99.00')
    const terms = screen.getAllByRole('term').map((t) => t.textContent)
    const values = screen.getAllByRole('definition').map((d) => d.textContent)
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      Rate: '1 USDC = 0.00033 ETH',
      'Price impact': '1.00%',
      'Max. slippage': '1%',
      'Minimum received': '0.03267 ETH',
      'Provider fee': '0.85 USDC (0.85%)',
      'Network cost': '0.003 ETH ($9.00)',
    })
    expect(screen.getByRole('button', { name: 'Swap' }).hasAttribute('data-autofocus')).toBe(true)
    expect(screen.queryByTestId('portico-swap-steps')).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("an approval first: the two steps and 'Approve USDC', which calls onApprove", () => {
    const onApprove = vi.fn()
    const onSwap = vi.fn()
    render(<SwapPreviewView {...props} needsApproval onApprove={onApprove} onSwap={onSwap} />)
    expect(screen.getByTestId('portico-swap-steps').textContent).toBe(
      '1Allow USDCFirst allow the swap contract to use your USDC, then confirm the swap.2Swap',
    )
    expect(screen.queryByRole('button', { name: 'Swap' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Approve USDC' }))
    expect([onApprove.mock.calls.length, onSwap.mock.calls.length]).toEqual([1, 0])
  })

  it.each(['Approve limit increase in your wallet', 'Confirm transaction in your wallet', 'Swapping ...'])(
    "waiting on the wallet ('%s', the flow's snackbar): both buttons disabled, the main one busy",
    (text) => {
      const onSwap = vi.fn()
      render(<SwapPreviewView {...props} waiting={text} onSwap={onSwap} />)
      expect(screen.getByTestId('portico-swap-preview').getAttribute('aria-busy')).toBe('true')
      const submit = screen.getByTestId('portico-swap-submit') as HTMLButtonElement
      expect([
        submit.disabled,
        submit.getAttribute('aria-busy'),
        (screen.getByTestId('portico-swap-cancel') as HTMLButtonElement).disabled,
      ]).toEqual([true, 'true', true])
      fireEvent.click(submit)
      expect(onSwap).not.toHaveBeenCalled()
    },
  )

  it('a failure is an alert, the values stay; Cancel calls back', () => {
    const onCancel = vi.fn()
    render(<SwapPreviewView {...props} error="User rejected the request" onCancel={onCancel} />)
    expect(screen.getByRole('alert').textContent).toBe('User rejected the request')
    expect(screen.getByTestId('portico-swap-preview-rate').textContent).toBe('1 USDC = 0.00033 ETH')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('values not known yet: dashes', () => {
    render(<SwapPreviewView from={props.from} to={props.to} />)
    expect(screen.getByTestId('portico-swap-preview-network-cost').textContent).toBe('—')
    expect(screen.getByTestId('portico-swap-preview-impact').textContent).toBe('—')
  })
})
