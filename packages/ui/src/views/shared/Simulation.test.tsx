import '../../testing'
import type { SimulationResult } from '@portico/headless'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { WalletSendPreviewView } from '../WalletSendPreview/WalletSendPreviewView'
import { changeText, Simulation } from './Simulation'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const fee = { gas: 21_000n, gasPrice: 2_000_000_000n, amount: 42_000_000_000_000n, formatted: '0.000042', symbol: 'ETH', usd: 0.126 }

const success: SimulationResult = {
  simulation: 'ok',
  status: 'success',
  changes: [
    { asset: 'native', symbol: 'ETH', decimals: 18, amount: -1_000_000_000_000_000_000n, formatted: '-1', usd: -3000 },
    { asset: USDC, symbol: 'USDC', decimals: 6, amount: 2_970_123_456n, formatted: '2970.123456' },
  ],
  fee,
  calls: [],
}
const reverted: SimulationResult = {
  simulation: 'ok',
  status: 'reverted',
  revert: { callIndex: 0, data: '0x', reason: 'ERC20: transfer amount exceeds balance' },
  changes: [],
  fee,
  calls: [],
}

describe('Simulation', () => {
  it('each change with its sign, colour and USD value, the exact base units in data-amount; the fee when asked', () => {
    render(<Simulation result={success} showFee />)
    const rows = screen.getAllByTestId('portico-simulation-change')
    expect(rows.map((r) => [r.textContent, r.getAttribute('data-asset'), r.getAttribute('data-amount')])).toEqual([
      ['EETH-1$3,000.00', 'native', '-1000000000000000000'],
      ['UUSDC+2,970.123456', USDC, '2970123456'],
    ])
    expect(screen.getByTestId('portico-simulation-fee').textContent).toBe('Network fee0.000042 ETH ($0.13)')
    expect(screen.getByTestId('portico-simulation').getAttribute('data-status')).toBe('success')
    expect(screen.getByRole('heading', { name: 'Balance changes' })).toBeTruthy()
  })

  it('a revert: an alert that it will fail, with the reason; no changes listed', () => {
    render(<Simulation result={reverted} />)
    expect(screen.getByRole('alert').textContent).toBe(
      'This transaction will failThe simulation says it fails: ERC20: transfer amount exceeds balance. Sent anyway, it costs its network fee.',
    )
    expect(screen.queryAllByTestId('portico-simulation-change')).toEqual([])
  })

  it('no simulation possible: says so; while simulating: a status; nothing asked: nothing shown', () => {
    const { rerender, container } = render(
      <Simulation
        result={{ simulation: 'unavailable', reason: 'unsupported', calls: [{ kind: 'nativeTransfer', to: TO, value: 1n, flags: [] }] }}
      />,
    )
    expect(screen.getByTestId('portico-simulation-unavailable').textContent).toBe(
      'This transaction could not be simulated: check the details before you continue.',
    )
    rerender(<Simulation result={null} loading />)
    expect(screen.getByRole('status').textContent).toBe('Simulating the transaction')
    rerender(<Simulation result={null} />)
    expect(container.innerHTML).toBe('')
  })

  it.each([
    [{ amount: -1n, formatted: '-0.000000000000000001' }, 'en-US', '-<0.000001'],
    [{ amount: 1_500_000n, formatted: '1.5' }, 'de', '+1,5'],
    [{ amount: -1234567891234567891n, formatted: '-1.234567891234567891' }, 'en-US', '-1.234568'],
  ])('changeText(%o, %s) is %s', (change, locale, text) => {
    expect(changeText(change, locale)).toBe(text)
  })

  it('the send review: a failing simulation makes its button "Send anyway"', () => {
    render(<WalletSendPreviewView amount="1" symbol="ETH" to="0x7099…dc79C8" simulation={reverted} />)
    expect(screen.getByTestId('portico-send-submit').textContent).toBe('Send anyway')
    expect(screen.getByTestId('portico-simulation-failing')).toBeTruthy()
  })
})
