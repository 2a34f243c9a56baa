import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { WalletSendSuccessView } from './WalletSendSuccessView'

const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'

describe('WalletSendSuccessView', () => {
  it('what went to whom, the hash shortened (full in its title), the explorer link in a new tab; Done focused first', () => {
    const onDone = vi.fn()
    render(
      <WalletSendSuccessView
        hash={HASH}
        shortHash="0x5c504ed4…a1b22060"
        amount="0.5"
        symbol="ETH"
        usd="$1,560.25"
        to="0x3C44…4293BC"
        toName="alice.portico.id"
        explorerUrl={`https://etherscan.io/tx/${HASH}`}
        onDone={onDone}
      />,
    )
    expect(screen.getByRole('heading', { name: '0.5 ETH sent' })).toBeTruthy()
    expect(screen.getByTestId('portico-send-success-to').textContent).toBe('to alice.portico.id(0x3C44…4293BC)')
    const hash = screen.getByTestId('portico-send-hash')
    expect(hash.textContent).toBe('0x5c504ed4…a1b22060')
    expect(hash.getAttribute('title')).toBe(HASH)
    const link = screen.getByRole('link', { name: 'View on block explorer' })
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/${HASH}`)
    expect(link.getAttribute('target')).toBe('_blank')
    const done = screen.getByRole('button', { name: 'Done' })
    expect(done.hasAttribute('data-autofocus')).toBe(true)
    fireEvent.click(done)
    expect(onDone).toHaveBeenCalledTimes(1)
  })

  it('no explorer on the network: no link; Copy calls onCopy, copied shows and announces it', () => {
    const onCopy = vi.fn()
    const { rerender } = render(<WalletSendSuccessView hash={HASH} amount="2" symbol="SOL" to="9xQe…9Wz1Lk" onCopy={onCopy} />)
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByTestId('portico-send-success-to').textContent).toBe('to 9xQe…9Wz1Lk')
    fireEvent.click(screen.getByRole('button', { name: 'Copy transaction hash' }))
    expect(onCopy).toHaveBeenCalledTimes(1)
    rerender(<WalletSendSuccessView hash={HASH} amount="2" symbol="SOL" onCopy={onCopy} copied />)
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Copied')
  })
})
