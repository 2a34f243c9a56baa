import '../../testing'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { WalletListItem } from './WalletListItem'

describe('WalletListItem', () => {
  it('shows name, tag and a decorative image', () => {
    render(<WalletListItem name="Dev Wallet" imageUrl="data:image/png;base64,AA==" tag="Installed" />)
    const btn = screen.getByRole('button', { name: /Dev Wallet.*Installed/ })
    expect(btn.querySelector('img')?.getAttribute('alt')).toBe('')
  })
  it('falls back to a monogram without an image', () => {
    render(<WalletListItem name="rabbit" />)
    expect(screen.getByRole('button', { name: 'rabbit' }).textContent).toContain('R')
  })
})
