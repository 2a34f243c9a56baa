import '../../testing'
import { type ChainNamespace, type Connector, entriesForNamespace, type OrderedWallet } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SOL, twoNamespaces } from '../ProfileWallets/twoNamespaces.testing'
import { Connect } from './Connect'

const conn = (
  id: string,
  name: string,
  namespace: ChainNamespace,
  type: Connector['type'] = 'announced',
  rdns?: string,
): OrderedWallet => ({
  kind: 'connector',
  connector: { id, name, namespace, type, rdns },
  recent: false,
  installed: type === 'announced',
})
const ids = (list: OrderedWallet[]) => list.map((e) => (e.kind === 'connector' ? e.connector.id : `wallet:${e.wallet.id}`))

describe('entriesForNamespace', () => {
  const list: OrderedWallet[] = [
    conn('walletConnect', 'WalletConnect', 'eip155', 'walletConnect'),
    conn('evm-dev', 'Portico Dev Wallet', 'eip155'),
    conn('sol-dev', 'Portico Dev Wallet', 'solana'),
    conn('phantom', 'Phantom', 'solana'),
    conn('rabbit-evm', 'Rabbit', 'eip155', 'announced', 'com.rabbit'),
    conn('rabbit-sol', 'Rabbit (Solana)', 'solana', 'announced', 'com.rabbit'),
    { kind: 'wallet', wallet: { id: 'w1', name: 'Explorer One' } as never, group: 'featured' },
  ]
  it.each([
    ['eip155', ['walletConnect', 'evm-dev', 'rabbit-evm', 'wallet:w1']],
    ['solana', ['walletConnect', 'sol-dev', 'phantom', 'rabbit-sol', 'wallet:w1']],
    [undefined, ['walletConnect', 'evm-dev', 'phantom', 'rabbit-evm', 'wallet:w1']],
  ] as const)('active namespace %s → %j', (ns, expected) => {
    expect(ids(entriesForNamespace(list, ns))).toEqual(expected)
  })
  it('a wallet listed twice in the active namespace (same rdns) is shown once, at its first place', () => {
    const twice = [
      conn('a', 'Alpha', 'eip155'),
      conn('b', 'Beta', 'eip155', 'injected', 'io.x'),
      conn('c', 'Beta Browser', 'eip155', 'announced', 'io.x'),
    ]
    expect(ids(entriesForNamespace(twice, 'eip155'))).toEqual(['a', 'b'])
  })
})

describe('Connect (namespaces)', () => {
  it('lists the active namespace’s wallets once and connects with that namespace’s connector', async () => {
    const { portico, calls } = await twoNamespaces()
    render(
      <PorticoContextProvider portico={portico}>
        <Connect />
      </PorticoContextProvider>,
    )
    expect(screen.getAllByRole('button', { name: /Portico Dev Wallet/ })).toHaveLength(1)
    act(() => portico.network.switchActiveNamespace('solana'))
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Portico Dev Wallet/ })).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: /Portico Dev Wallet/ }))
    // The namespace's own connector: its "Continue in" view asks it.
    expect(portico.router.$route.get()).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'solana-dev' } })
    expect(calls).toEqual([])
    await act(() => portico.connection.connect('solana-dev'))
    await waitFor(() => expect(calls).toEqual(['connect solana-dev']))
    await waitFor(() => expect(portico.chain.getAccount('solana')?.address).toBe(SOL))
    expect(portico.chain.isConnected('eip155')).toBe(false)
  })
})
