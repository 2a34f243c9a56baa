import { testPortico } from '../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ModalRoot } from './ModalRoot'

async function connectedModal(switchImpl?: () => Promise<void>) {
  const { portico, adapter } = testPortico({
    termsConditionsUrl: 'https://example.com/terms',
    privacyPolicyUrl: 'https://example.com/privacy',
  })
  if (switchImpl) adapter.switchNetwork = switchImpl
  await portico.ready
  await portico.connection.connect('io.test.wallet')
  render(
    <PorticoContextProvider portico={portico}>
      <ModalRoot />
    </PorticoContextProvider>,
  )
  await act(async () => {
    await portico.modal.open()
  })
  return portico
}

describe('ModalRoot', () => {
  it('Account → Networks → pick Base switches and returns to Account', async () => {
    const portico = await connectedModal()
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByTestId('portico-account-network'))
    })
    expect(screen.getByRole('dialog', { name: 'Choose network' })).toBeTruthy()
    expect(screen.getByText(/Not sure which network/)).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Base/ }))
    })
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
    expect(portico.chain.getActiveNetwork()?.caipNetworkId).toBe('eip155:8453')
  })

  it('a declined switch shows the error and a retry, which succeeds', async () => {
    let declined = true
    const portico = await connectedModal(async () => {
      if (declined) throw Object.assign(new Error('User rejected the request'), { code: 4001 })
    })
    await act(async () => {
      portico.router.push('Networks')
    })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Base/ }))
    })
    expect(screen.getByRole('dialog', { name: 'Switch to Base' })).toBeTruthy()
    expect((await screen.findByRole('alert')).textContent).toBe('Switch declined')
    expect(screen.getByText('User rejected the request')).toBeTruthy()
    declined = false
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    })
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
  })

  it('Back returns to the previous view; the legal footer shows on Connect-family views only', async () => {
    const portico = await connectedModal()
    expect(screen.queryByTestId('portico-legal-footer')).toBeNull()
    await act(async () => {
      portico.router.push('ConnectWallets')
    })
    expect(screen.getByTestId('portico-legal-footer').textContent).toBe(
      'By connecting your wallet, you agree to our Terms of Service and Privacy Policy',
    )
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    })
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy()
  })

  it('shows the banner as a snackbar and shakes on request', async () => {
    const portico = await connectedModal()
    await act(async () => {
      portico.banner.show('Address copied', 'success')
      portico.modal.shake()
    })
    expect(screen.getByTestId('portico-snackbar').textContent).toBe('Address copied')
    expect(screen.getByRole('dialog').getAttribute('data-shake')).toBe('true')
  })

  it('a success snackbar hides by itself; an error stays until its Dismiss button (issue 25)', async () => {
    vi.useFakeTimers()
    try {
      const portico = await connectedModal()
      await act(async () => {
        portico.banner.show('Swapped ETH to 1 USDC', 'success')
      })
      expect(screen.getByTestId('portico-snackbar').textContent).toBe('Swapped ETH to 1 USDC')
      await act(async () => {
        vi.advanceTimersByTime(5000)
      })
      expect(screen.queryByTestId('portico-snackbar')).toBeNull()
      await act(async () => {
        portico.banner.show('Transaction error', 'error')
      })
      await act(async () => {
        vi.advanceTimersByTime(60_000)
      })
      expect(screen.getByRole('alert').textContent).toBe('Transaction error')
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
      })
      expect(screen.queryByTestId('portico-snackbar')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('the snackbar is in the flow under the view, not over it: its slot comes after the body (issue 25)', async () => {
    const portico = await connectedModal()
    await act(async () => {
      portico.banner.show('Transaction error', 'error')
    })
    const body = screen.getByTestId('portico-modal-body')
    const slot = screen.getByTestId('portico-snackbar-slot')
    expect(body.parentElement).toBe(slot.parentElement)
    expect(body.compareDocumentPosition(slot) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('Disconnect closes the account and the close button closes the modal', async () => {
    const portico = await connectedModal()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    })
    expect(portico.chain.isConnected()).toBe(false)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("focus follows the route: the new view's title on open and after each change, never body", async () => {
    await connectedModal()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Account' }))
    await act(async () => {
      fireEvent.click(screen.getByTestId('portico-account-network'))
    })
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose network' }))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    })
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Account' }))
  })

  it('Connect → All wallets: the search field has focus', async () => {
    const wallets = [{ id: 'w1', name: 'Wallet 1', image_url: 'data:image/svg+xml,1' }]
    const fetch = (async () => new Response(JSON.stringify({ count: 1, data: wallets }), { status: 200 })) as typeof globalThis.fetch
    const { portico } = testPortico({ apiUrl: 'http://127.0.0.1:9', fetch })
    await portico.ready
    render(
      <PorticoContextProvider portico={portico}>
        <ModalRoot />
      </PorticoContextProvider>,
    )
    await act(async () => {
      await portico.modal.open()
    })
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Connect wallet' }))
    await act(async () => {
      fireEvent.click(await screen.findByTestId('portico-connect-all-wallets'))
    })
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search wallet' }))
  })

  // The spinner before the chunk is in is lazyView.test.tsx's (here the chunk may be in already: another
  // test file of the same worker can have loaded it).
  it("a lazy view of the route table: its entry's title at once, then the view from its chunk, and no footer", async () => {
    const portico = await connectedModal()
    await act(async () => {
      portico.router.push('OriginNotAllowed')
    })
    expect(screen.getByRole('dialog', { name: 'Not available' })).toBeTruthy()
    expect(await screen.findByText('This site isn’t allowed to use this wallet connection', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.queryByTestId('portico-view-loading')).toBeNull()
    expect(screen.queryByTestId('portico-legal-footer')).toBeNull()
  })
})
