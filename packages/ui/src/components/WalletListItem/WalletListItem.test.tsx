import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { WalletListItem } from './WalletListItem'

const API = 'http://127.0.0.1:1/portico-test'

describe('WalletListItem', () => {
  it('shows name, tag and a decorative image', () => {
    render(<WalletListItem name="Dev Wallet" imageUrl="data:image/png;base64,AA==" tag="Installed" />)
    const btn = screen.getByRole('button', { name: /Dev Wallet.*Installed/ })
    expect(btn.querySelector('img')?.getAttribute('alt')).toBe('')
  })

  it("uses the explorer's image URL (MetaMask's logo from the API's /wallet-images), lazily", () => {
    render(<WalletListItem name="MetaMask" imageUrl={`${API}/wallet-images/8c2c4b1e-0000-4000-8000-000000000001`} />)
    const img = screen.getByRole('button', { name: 'MetaMask' }).querySelector('img')
    expect([img?.getAttribute('src'), img?.getAttribute('loading')]).toEqual([
      `${API}/wallet-images/8c2c4b1e-0000-4000-8000-000000000001`,
      'lazy',
    ])
  })

  it('falls back to a monogram without an image', () => {
    render(<WalletListItem name="rabbit" />)
    const btn = screen.getByRole('button', { name: 'rabbit' })
    expect(btn.querySelector('img')).toBeNull()
    expect(btn.textContent).toContain('R')
  })

  it('falls back to the monogram when the image fails to load (Frame: "F")', () => {
    render(<WalletListItem name="Frame" imageUrl={`${API}/wallet-images/00000000-0000-0000-0000-000000000000`} />)
    const btn = screen.getByRole('button', { name: 'Frame' })
    fireEvent.error(btn.querySelector('img') as HTMLImageElement)
    expect(btn.querySelector('img')).toBeNull()
    expect(btn.querySelector('[aria-hidden="true"]')?.textContent).toBe('F')
  })

  it('tries a new URL again after a failed one', () => {
    const { rerender } = render(<WalletListItem name="Rainbow" imageUrl={`${API}/wallet-images/a`} />)
    fireEvent.error(screen.getByRole('button', { name: 'Rainbow' }).querySelector('img') as HTMLImageElement)
    rerender(<WalletListItem name="Rainbow" imageUrl={`${API}/wallet-images/b`} />)
    expect(screen.getByRole('button', { name: 'Rainbow' }).querySelector('img')?.getAttribute('src')).toBe(`${API}/wallet-images/b`)
  })
})
