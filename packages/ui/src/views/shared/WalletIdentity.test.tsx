import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ADDRESS, testPortico } from '../../testing'
import { Account } from '../Account/Account'

const PEER_ICON = 'https://wallet.example/icon.png'

async function accountView(wallet?: { name: string; icon?: string }) {
  const { portico, adapter } = testPortico()
  adapter.connect = async () => ({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], ...(wallet ? { wallet } : {}) })
  await portico.ready
  await act(() => portico.connection.connect('io.test.wallet'))
  render(
    <PorticoContextProvider portico={portico}>
      <Account />
    </PorticoContextProvider>,
  )
}

describe('Account: the wallet behind the connection', () => {
  it('a session naming its wallet shows that wallet’s name and icon, "via" the connector on the line under', async () => {
    await accountView({ name: 'Rainbow', icon: PEER_ICON })
    const identity = screen.getByTestId('portico-account-wallet')
    expect(screen.getByTestId('portico-account-wallet-name').textContent).toBe('Rainbow')
    expect(identity.textContent).toBe('Rainbow' + 'via Test Wallet')
    expect(identity.querySelector('img')?.getAttribute('src')).toBe(PEER_ICON)
  })

  it('a wallet without an icon: its monogram tile, never the connector’s image', async () => {
    await accountView({ name: 'Node Wallet' })
    const identity = screen.getByTestId('portico-account-wallet')
    expect(identity.querySelector('img')).toBeNull()
    expect(screen.getByTestId('portico-account-wallet-name').textContent).toBe('Node Wallet')
  })

  it('a wallet connected directly (no wallet named): no extra line, the view as before', async () => {
    await accountView()
    expect(screen.queryByTestId('portico-account-wallet')).toBeNull()
  })
})
