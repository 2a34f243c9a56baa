import { testFetch, testPortico } from '../../testing'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PorticoProvider } from '../../PorticoProvider/PorticoProvider'
import { AccountButton } from '../AccountButton/AccountButton'
import { NetworkButton } from '../NetworkButton/NetworkButton'
import { ConnectButton } from './ConnectButton'

async function setup() {
  const { portico, adapter } = testPortico()
  await portico.ready
  render(
    <PorticoProvider portico={portico} autoReconnect={false}>
      <ConnectButton />
      <AccountButton />
      <NetworkButton />
    </PorticoProvider>,
  )
  return { portico, adapter }
}

describe('ConnectButton', () => {
  it("shows 'Connect wallet' while disconnected and no AccountButton", async () => {
    await setup()
    expect(screen.getByTestId('portico-connect-button').textContent).toBe('Connect wallet')
    expect(screen.queryByTestId('portico-account-button')).toBeNull()
    expect(screen.getByTestId('portico-network-button').textContent).toBe('Ethereum')
  })

  it('shows the shortened address and floored balance once connected', async () => {
    const { portico } = await setup()
    await act(async () => {
      await portico.connection.connect('io.test.wallet')
      await portico.balance.fetchTokenBalances()
    })
    const btn = screen.getByTestId('portico-connect-button')
    expect(btn.textContent).toContain('0x7099…dc79C8')
    expect(btn.textContent).toContain('1.234 ETH')
    expect(screen.getByTestId('portico-account-button').textContent).toContain('0x7099…dc79C8')
  })

  it('an email account shows its email in both buttons, not the 0x address (issue 25 §1)', async () => {
    const { portico, adapter } = await setup()
    const connect = adapter.connect.bind(adapter)
    adapter.connect = async (params) => ({ ...(await connect(params)), authName: 'ada@example.com' })
    await act(async () => {
      await portico.connection.connect('io.test.wallet')
    })
    expect(screen.getByTestId('portico-connect-button').textContent).toContain('ada@example.com')
    expect(screen.getByTestId('portico-account-button').textContent).toContain('ada@example.com')
    expect(screen.getByTestId('portico-account-button').textContent).not.toContain('0x7099')
  })

  it('a registered name (the identity read on connect) stands for the address, the whole address in the tooltip', async () => {
    const named: typeof fetch = async (input, init) => {
      const url = new URL(String(input))
      if (url.pathname.includes('/v1/identity/'))
        return new Response(JSON.stringify({ name: 'alice.portico.id', avatar: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })
      return testFetch(input, init)
    }
    const { portico } = testPortico({ fetch: named })
    await portico.ready
    render(
      <PorticoProvider portico={portico} autoReconnect={false}>
        <ConnectButton />
        <AccountButton />
      </PorticoProvider>,
    )
    await act(async () => {
      await portico.connection.connect('io.test.wallet')
    })
    // ConnectButton and AccountButton both
    await waitFor(() =>
      expect(screen.getAllByTestId('portico-connect-button-name').map((n) => [n.textContent, n.getAttribute('title')])).toEqual([
        ['alice.portico.id', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
        ['alice.portico.id', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
      ]),
    )
    expect(screen.queryByTestId('portico-connect-button-address')).toBeNull()
  })

  it('opens the lazily loaded modal on Connect, Escape closes it and focus returns to the button', async () => {
    await setup()
    const btn = screen.getByTestId('portico-connect-button')
    btn.focus()
    await act(async () => {
      fireEvent.click(btn)
    })
    const dialog = await screen.findByRole('dialog', { name: 'Connect wallet' }, { timeout: 10_000 })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    expect(screen.getByRole('button', { name: /Test Wallet/ })).toBeTruthy()
    await act(async () => {
      fireEvent.keyDown(dialog, { key: 'Escape' })
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(btn)
  })

  it('connects from the wallet list and lands on Account', async () => {
    await setup()
    await act(async () => {
      fireEvent.click(screen.getByTestId('portico-connect-button'))
    })
    await screen.findByRole('dialog', { name: 'Connect wallet' })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Test Wallet/ }))
    })
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
    expect(screen.getByTestId('portico-account-address').textContent).toBe('0x7099…dc79C8')
  })

  it("shows 'Connection rejected' with a retry when the wallet refuses", async () => {
    const { adapter } = await setup()
    adapter.reject = true
    await act(async () => {
      fireEvent.click(screen.getByTestId('portico-connect-button'))
    })
    await screen.findByRole('dialog', { name: 'Connect wallet' })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Test Wallet/ }))
    })
    expect(screen.getByRole('alert').textContent).toContain('Connection rejected')
    adapter.reject = false
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    })
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
  })

  it("NetworkButton says 'Switch network' when the wallet is on an unsupported chain", async () => {
    const { portico, adapter } = await setup()
    adapter.connect = async () => ({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 56, accounts: [] })
    await act(async () => {
      await portico.connection.connect('io.test.wallet')
    })
    const btn = screen.getByTestId('portico-network-button')
    expect(btn.textContent).toBe('Switch network')
    expect(btn.getAttribute('data-supported')).toBe('false')
  })

  it('NetworkButton opens the Networks view with the current network marked', async () => {
    await setup()
    await act(async () => {
      fireEvent.click(screen.getByTestId('portico-network-button'))
    })
    await screen.findByRole('dialog', { name: 'Choose network' })
    const items = screen.getAllByTestId('portico-network-item')
    expect(items.map((i) => i.getAttribute('aria-current'))).toEqual(['true', null])
  })
})
