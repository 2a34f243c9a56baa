import '../../testing'
import { nextViewAfterActiveChain as nextView, type RouteData } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { mainnet } from '../../testing'
import { SOL, solana, twoNamespaces } from '../ProfileWallets/twoNamespaces.testing'
import { SwitchActiveChain } from './SwitchActiveChain'
import { SwitchActiveChainView } from './SwitchActiveChainView'

describe('nextView', () => {
  const data = (navigateTo?: RouteData<'SwitchActiveChain'>['navigateTo']): RouteData<'SwitchActiveChain'> => ({
    switchToChain: 'solana',
    navigateTo,
  })
  it.each([
    [undefined, false, 'Connect'],
    [undefined, true, 'Account'],
    ['Connect', false, 'Connect'],
    ['Connect', true, 'Connect'],
    ['Account', false, 'Connect'],
    ['Account', true, 'Account'],
    ['ProfileWallets', false, 'Connect'],
    ['Networks', false, 'Networks'],
  ] as const)('navigateTo %s, connected %s → %s', (to, connected, expected) => {
    expect(nextView(data(to), connected)).toBe(expected)
  })
})

describe('SwitchActiveChainView', () => {
  it('explains the switch and wires Continue / Cancel', () => {
    const onContinue = vi.fn()
    const onCancel = vi.fn()
    render(
      <SwitchActiveChainView
        namespaceName="Solana"
        network={{ name: 'Solana Devnet', caipNetworkId: solana.caipNetworkId }}
        onContinue={onContinue}
        onCancel={onCancel}
      />,
    )
    expect(screen.getByText('Switch to Solana')).toBeTruthy()
    expect(screen.getByText('This app switches to Solana (Solana Devnet). Your other wallets stay connected.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect([onContinue.mock.calls.length, onCancel.mock.calls.length]).toEqual([1, 1])
  })
  it('names the network only when it differs from the namespace; shows the error of a failed attempt', () => {
    render(
      <SwitchActiveChainView
        namespaceName="Solana"
        network={{ name: 'Solana', caipNetworkId: solana.caipNetworkId }}
        error="User rejected the request"
      />,
    )
    expect(screen.getByText('This app switches to Solana. Your other wallets stay connected.')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('User rejected the request')
  })
})

async function mounted(arrange: (p: Awaited<ReturnType<typeof twoNamespaces>>['portico']) => Promise<void> | void) {
  const t = await twoNamespaces()
  await arrange(t.portico)
  render(
    <PorticoContextProvider portico={t.portico}>
      <SwitchActiveChain />
    </PorticoContextProvider>,
  )
  return t
}

describe('SwitchActiveChain', () => {
  it('Continue (connected on EVM only): Solana becomes active on the carried network and Connect replaces the view', async () => {
    const { portico, calls } = await mounted(async (p) => {
      await p.connection.connect('eip155-dev')
      p.router.reset('Account')
      p.network.selectNetwork(solana)
    })
    expect(portico.router.$route.get().view).toBe('SwitchActiveChain')
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(portico.router.$history.get().map((e) => e.view)).toEqual(['Account', 'Connect']))
    expect(portico.chain.$activeChain.get()).toBe('solana')
    expect(portico.chain.getActiveNetwork()?.caipNetworkId).toBe(solana.caipNetworkId)
    // The Solana side is not connected, so no wallet was asked; EVM stays connected.
    expect(calls).toEqual(['connect eip155-dev'])
    expect(portico.chain.isConnected('eip155')).toBe(true)
  })

  it('Continue without the replace flag pushes the carried view; a connected namespace goes to Account', async () => {
    const { portico } = await mounted(async (p) => {
      await p.connection.connect('solana-dev')
      await p.connection.connect('eip155-dev')
      p.router.reset('Account')
      p.router.push('SwitchActiveChain', { switchToChain: 'solana' })
    })
    expect(portico.chain.$activeChain.get()).toBe('eip155')
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(portico.router.$history.get().map((e) => e.view)).toEqual(['Account', 'SwitchActiveChain', 'Account']))
    expect(portico.chain.$activeChain.get()).toBe('solana')
    expect(portico.chain.getAccount()?.address).toBe(SOL)
  })

  it('Cancel goes back and leaves the active namespace alone', async () => {
    const { portico } = await mounted(async (p) => {
      await p.connection.connect('eip155-dev')
      p.router.reset('Account')
      p.router.push('SwitchActiveChain', { switchToChain: 'solana', navigateTo: 'Connect', navigateWithReplace: true, network: solana })
    })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(portico.router.$route.get().view).toBe('Account')
    expect(portico.chain.$activeChain.get()).toBe('eip155')
    expect(portico.chain.getActiveNetwork()?.caipNetworkId).toBe(mainnet.caipNetworkId)
  })
})
