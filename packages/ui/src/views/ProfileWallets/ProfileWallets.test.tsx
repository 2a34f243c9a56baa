import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ADDRESS, testPortico } from '../../testing'
import { Account } from '../Account/Account'
import { SwitchActiveChain } from '../SwitchActiveChain/SwitchActiveChain'
import { ProfileWallets } from './ProfileWallets'
import { type ProfileWalletRow, ProfileWalletsView } from './ProfileWalletsView'
import { SOL, twoNamespaces } from './twoNamespaces.testing'

const evmRow: ProfileWalletRow = {
  namespace: 'eip155',
  namespaceName: 'EVM',
  network: { name: 'Ethereum', caipNetworkId: 'eip155:1' },
  wallet: { name: 'Portico Dev Wallet', address: ADDRESS, shortAddress: '0x7099…dc79C8' },
  active: true,
}
const solRow: ProfileWalletRow = {
  namespace: 'solana',
  namespaceName: 'Solana',
  network: { name: 'Solana', caipNetworkId: 'solana:x' },
  active: false,
}

describe('ProfileWalletsView', () => {
  it('shows a connected wallet with its address and badge, the active one marked; an empty namespace offers Add wallet', () => {
    const onAdd = vi.fn()
    const onMakeActive = vi.fn()
    render(<ProfileWalletsView rows={[evmRow, solRow]} onAdd={onAdd} onMakeActive={onMakeActive} />)
    const card = screen.getByTestId('portico-profile-wallet')
    expect(card.getAttribute('aria-current')).toBe('true')
    expect(within(card).getByTestId('portico-profile-wallet-address').textContent).toBe('0x7099…dc79C8')
    expect(within(card).getByTestId('portico-profile-wallet-badge').textContent).toBe('EVM · Ethereum')
    expect(within(card).getByText('Active')).toBeTruthy()
    // The active wallet has nothing to switch to.
    expect(within(card).queryByRole('button', { name: /active/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /^Add wallet/ }))
    expect(onAdd).toHaveBeenCalledWith('solana')
  })
  it('an inactive wallet can be made active or disconnected', () => {
    const onMakeActive = vi.fn()
    const onDisconnect = vi.fn()
    render(<ProfileWalletsView rows={[{ ...evmRow, active: false }]} onMakeActive={onMakeActive} onDisconnect={onDisconnect} />)
    fireEvent.click(screen.getByRole('button', { name: 'Make active: Portico Dev Wallet on EVM' }))
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect: Portico Dev Wallet on EVM' }))
    expect([onMakeActive.mock.calls, onDisconnect.mock.calls]).toEqual([[['eip155']], [['eip155']]])
  })
})

async function mountedWith(both: boolean) {
  const t = await twoNamespaces()
  if (both) await t.portico.connection.connect('solana-dev')
  await t.portico.connection.connect('eip155-dev')
  t.portico.router.push('ProfileWallets')
  render(
    <PorticoContextProvider portico={t.portico}>
      <ProfileWallets />
    </PorticoContextProvider>,
  )
  return t
}

const cards = () =>
  screen
    .queryAllByTestId('portico-profile-wallet')
    .map((c) => `${c.getAttribute('data-namespace')}${c.hasAttribute('data-active') ? '*' : ''}`)

describe('ProfileWallets', () => {
  it('lists the connected wallet per namespace and Add wallet for the other; Add goes to SwitchActiveChain with Connect next', async () => {
    const { portico } = await mountedWith(false)
    expect(cards()).toEqual(['eip155*'])
    expect(screen.getByTestId('portico-profile-wallet-empty').getAttribute('data-namespace')).toBe('solana')
    fireEvent.click(screen.getByRole('button', { name: /^Add wallet/ }))
    expect(portico.router.$route.get()).toEqual({
      view: 'SwitchActiveChain',
      data: {
        switchToChain: 'solana',
        navigateTo: 'Connect',
        navigateWithReplace: true,
        network: portico.chain.getActiveNetwork('solana'),
      },
    })
  })

  it('make active: the other namespace becomes active without a prompt and Account shows its address', async () => {
    const { portico, calls } = await mountedWith(true)
    expect(cards()).toEqual(['eip155*', 'solana'])
    fireEvent.click(screen.getByRole('button', { name: 'Make active: Portico Dev Wallet on Solana' }))
    expect(portico.chain.$activeChain.get()).toBe('solana')
    expect(portico.chain.getAccount()?.address).toBe(SOL)
    expect(portico.router.$history.get().map((e) => e.view)).toEqual(['Account'])
    expect(calls).toEqual(['connect solana-dev', 'connect eip155-dev'])
  })

  it('disconnecting the inactive namespace keeps the active wallet and the list', async () => {
    const { portico, calls } = await mountedWith(true)
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect: Portico Dev Wallet on Solana' }))
    await waitFor(() => expect(cards()).toEqual(['eip155*']))
    expect(calls.at(-1)).toBe('disconnect solana-dev')
    expect(portico.chain.isConnected('eip155')).toBe(true)
    expect(portico.chain.isConnected('solana')).toBe(false)
    expect(portico.router.$route.get().view).toBe('ProfileWallets')
    // Focus stays in the list (the clicked button is gone).
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Disconnect: Portico Dev Wallet on EVM' }))
  })

  it('disconnecting the active namespace makes the other connected one active', async () => {
    const { portico } = await mountedWith(true)
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect: Portico Dev Wallet on EVM' }))
    await waitFor(() => expect(cards()).toEqual(['solana*']))
    expect(portico.chain.$activeChain.get()).toBe('solana')
    expect(portico.router.$history.get().map((e) => e.view)).toEqual(['Account', 'ProfileWallets'])
  })

  it('the whole add flow: Add wallet → Continue → Connect replaces SwitchActiveChain; connecting lists both', async () => {
    const { portico } = await mountedWith(false)
    fireEvent.click(screen.getByRole('button', { name: /^Add wallet/ }))
    const view = render(
      <PorticoContextProvider portico={portico}>
        <SwitchActiveChain />
      </PorticoContextProvider>,
    )
    fireEvent.click(within(view.container).getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(portico.router.$history.get().map((e) => e.view)).toEqual(['Account', 'ProfileWallets', 'Connect']))
    await act(() => portico.connection.connect('solana-dev'))
    expect(cards()).toEqual(['eip155', 'solana*'])
  })
})

describe('Account entry point', () => {
  it('a multi-namespace app shows a "Wallets" row with the connected count that opens ProfileWallets', async () => {
    const { portico } = await twoNamespaces()
    await portico.connection.connect('eip155-dev')
    render(
      <PorticoContextProvider portico={portico}>
        <Account />
      </PorticoContextProvider>,
    )
    const row = screen.getByTestId('portico-account-wallets')
    expect(row.textContent).toContain('1 wallet connected')
    await act(() => portico.connection.connect('solana-dev'))
    expect(screen.getByTestId('portico-account-wallets').textContent).toContain('2 wallets connected')
    fireEvent.click(screen.getByTestId('portico-account-wallets'))
    expect(portico.router.$route.get().view).toBe('ProfileWallets')
  })
  it('a single-namespace app has no "Wallets" row', async () => {
    const { portico } = testPortico()
    await portico.ready
    await portico.connection.connect('io.test.wallet')
    render(
      <PorticoContextProvider portico={portico}>
        <Account />
      </PorticoContextProvider>,
    )
    expect(screen.getByTestId('portico-account-address')).toBeTruthy()
    expect(screen.queryByTestId('portico-account-wallets')).toBeNull()
  })
})
