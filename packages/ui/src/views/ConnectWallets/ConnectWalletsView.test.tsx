import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ConnectWalletsView } from './ConnectWalletsView'

const many = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Eta'].map((name) => ({ id: name.toLowerCase(), name }))

describe('ConnectWalletsView', () => {
  it('lists every wallet and connects on click', () => {
    const onWallet = vi.fn()
    render(<ConnectWalletsView wallets={many.slice(0, 3)} onWallet={onWallet} />)
    expect(screen.getAllByTestId('portico-wallet-item')).toHaveLength(3)
    fireEvent.click(screen.getByRole('button', { name: 'Beta' }))
    expect(onWallet).toHaveBeenCalledWith('beta')
  })
  it('filters long lists by name', () => {
    render(<ConnectWalletsView wallets={many} />)
    fireEvent.change(screen.getByRole('textbox', { name: 'Search wallet' }), { target: { value: 'et' } })
    expect(screen.getAllByTestId('portico-wallet-item')).toHaveLength(3)
    for (const name of ['Beta', 'Zeta', 'Eta']) expect(screen.getByRole('button', { name })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Alpha' })).toBeNull()
  })
})
