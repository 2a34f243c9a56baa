import '../../testing'
import type { ChainAdapter } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ADDRESS, testAdapter, testPortico } from '../../testing'
import { ConnectWallets } from './ConnectWallets'

/** A walletConnect-type connector that records connect calls (a pairing would start there). */
function pairingAdapter(calls: string[]): ChainAdapter {
  return {
    ...testAdapter(),
    setup(ctx) {
      ctx.setConnectors([{ id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect', namespace: 'eip155' }])
    },
    async connect({ connectorId }) {
      calls.push(connectorId)
      return { address: ADDRESS, chainId: 1, accounts: [ADDRESS] }
    },
  }
}

function setup() {
  const calls: string[] = []
  const evm = testAdapter()
  const wrapped: ChainAdapter = {
    ...evm,
    connect: async (p) => {
      calls.push(p.connectorId)
      return evm.connect(p)
    },
  }
  const { portico } = testPortico({ adapters: [wrapped, pairingAdapter(calls)] })
  render(
    <PorticoContextProvider portico={portico}>
      <ConnectWallets />
    </PorticoContextProvider>,
  )
  return { portico, calls }
}

describe('ConnectWallets', () => {
  it('WalletConnect opens ConnectingWalletConnect, another wallet its "Continue in" view; neither connects here', async () => {
    const { portico, calls } = setup()
    await portico.ready
    portico.router.push('ConnectWallets')
    await waitFor(() => expect(screen.getByRole('button', { name: /WalletConnect/ })).toBeTruthy())
    fireEvent.click(screen.getByRole('button', { name: /WalletConnect/ }))
    expect(portico.router.$route.get()).toEqual({ view: 'ConnectingWalletConnect', data: {} })
    expect(calls).toEqual([])
    expect(portico.chain.$account.get().status).toBe('disconnected')

    portico.router.goBack()
    fireEvent.click(screen.getByRole('button', { name: /Test Wallet/ }))
    expect(portico.router.$route.get()).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'io.test.wallet' } })
    expect(calls).toEqual([])
  })
})
