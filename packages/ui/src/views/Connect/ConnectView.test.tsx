import '../../testing'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ConnectView, type ConnectViewProps } from './ConnectView'

const wallets = [
  { id: 'io.dev.wallet', name: 'Dev Wallet', tag: 'Installed' },
  { id: 'walletConnect', name: 'WalletConnect' },
]
const base: ConnectViewProps = { methodsOrder: ['email', 'social', 'wallet'], wallets, socials: ['google', 'x', 'github'], email: true }

const groupOrder = () =>
  Array.from(document.querySelectorAll('[data-testid^="portico-connect-"]'))
    .map((el) => el.getAttribute('data-testid'))
    .filter((id) => ['portico-connect-email', 'portico-connect-socials', 'portico-connect-wallets'].includes(id as string))

describe('ConnectView', () => {
  it.each<[ConnectViewProps['methodsOrder'], string[]]>([
    [
      ['email', 'social', 'wallet'],
      ['portico-connect-email', 'portico-connect-socials', 'portico-connect-wallets'],
    ],
    [
      ['wallet', 'email', 'social'],
      ['portico-connect-wallets', 'portico-connect-email', 'portico-connect-socials'],
    ],
    [
      ['social', 'wallet'],
      ['portico-connect-socials', 'portico-connect-wallets'],
    ],
  ])('renders methods in order %j', (order, expected) => {
    render(<ConnectView {...base} methodsOrder={order} />)
    expect(groupOrder()).toEqual(expected)
  })

  it('hides email and socials when disabled', () => {
    render(<ConnectView {...base} email={false} socials={[]} />)
    expect(groupOrder()).toEqual(['portico-connect-wallets'])
  })

  it('lists wallets with their tag and an All wallets entry', () => {
    const onWallet = vi.fn()
    const onAllWallets = vi.fn()
    render(<ConnectView {...base} onWallet={onWallet} onAllWallets={onAllWallets} />)
    fireEvent.click(screen.getByRole('button', { name: /Dev Wallet.*Installed/ }))
    expect(onWallet).toHaveBeenCalledWith('io.dev.wallet')
    fireEvent.click(screen.getByRole('button', { name: /All wallets/ }))
    expect(onAllWallets).toHaveBeenCalledTimes(1)
  })

  it('submits a valid email and rejects an invalid one', () => {
    const onEmail = vi.fn()
    render(<ConnectView {...base} onEmail={onEmail} />)
    const input = screen.getByRole('textbox', { name: 'Email' })
    fireEvent.change(input, { target: { value: 'not-an-email' } })
    fireEvent.submit(input.closest('form') as HTMLFormElement)
    expect(onEmail).not.toHaveBeenCalled()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    // SPEC §5: the exact text.
    expect(screen.getByText('Invalid email. Try again.').id).toBe(input.getAttribute('aria-describedby'))
    fireEvent.change(input, { target: { value: ' ada@example.com ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(onEmail).toHaveBeenCalledWith('ada@example.com')
  })

  it('calls onSocial for the first and the other providers', () => {
    const onSocial = vi.fn()
    render(<ConnectView {...base} onSocial={onSocial} />)
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }))
    fireEvent.click(screen.getByRole('button', { name: 'Continue with GitHub' }))
    expect(onSocial.mock.calls).toEqual([['google'], ['github']])
  })

  it('shows the connection error with a retry', () => {
    const onRetry = vi.fn()
    render(<ConnectView {...base} error="Connection rejected" onRetry={onRetry} />)
    expect(screen.getByRole('alert').textContent).toContain('Connection rejected')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })
})
