// The legal checkbox in the default modal (SPEC §3 isLegalCheckboxChecked; AppKit's legalCheckbox):
// Connect-family views show it and keep every connect method disabled until it is checked.
import '../../testing'
import type { PorticoOptions } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { UiConfig } from '../../config'
import { ModalRoot } from '../../Modal/ModalRoot'
import { testPortico } from '../../testing'
import { ConnectView } from './ConnectView'

const LINKS: UiConfig = { termsConditionsUrl: 'https://my.app/terms', privacyPolicyUrl: 'https://my.app/privacy' }
const explorer = [
  { id: 'w1', name: 'Explorer One' },
  { id: 'w2', name: 'Explorer Two' },
]

/** Explorer: two wallets; balance: none. Anything else fails the test. */
const fetch = (async (input: string | URL | Request) => {
  const url = new URL(String(input))
  if (url.pathname === '/getWallets') return new Response(JSON.stringify({ count: explorer.length, data: explorer }), { status: 200 })
  if (/\/v1\/account\/[^/]+\/balance$/.test(url.pathname)) return new Response(JSON.stringify({ balances: [] }), { status: 200 })
  throw new Error(`unexpected fetch in test: ${url.href}`)
}) as typeof globalThis.fetch

async function openModal(options: Partial<PorticoOptions>, config: UiConfig = LINKS) {
  const { portico, adapter } = testPortico({ apiUrl: 'http://127.0.0.1:9', fetch, ...config, ...options })
  const calls: string[] = []
  const connect = adapter.connect.bind(adapter)
  adapter.connect = (params) => {
    calls.push('connect')
    return connect(params)
  }
  await portico.ready
  render(
    <PorticoContextProvider portico={portico}>
      <ModalRoot />
    </PorticoContextProvider>,
  )
  await act(async () => {
    await portico.modal.open()
  })
  return { portico, calls }
}

const checkbox = () => screen.getByRole('checkbox', { name: 'I agree to our Terms of Service and Privacy Policy' }) as HTMLInputElement
const testWallet = () => screen.getByRole('button', { name: /Test Wallet/ }) as HTMLButtonElement
const allWallets = () => screen.getByTestId('portico-connect-all-wallets') as HTMLButtonElement
const footer = () => screen.queryByTestId('portico-legal-footer')

describe('legal checkbox in the modal', () => {
  it('option off (default): no checkbox, the legal footer, wallets clickable, a click connects', async () => {
    const { portico, calls } = await openModal({})
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(footer()?.textContent).toBe('By connecting your wallet, you agree to our Terms of Service and Privacy Policy')
    expect(testWallet().disabled).toBe(false)
    expect(testWallet().getAttribute('aria-disabled')).toBeNull()
    await userEvent.click(testWallet())
    await waitFor(() => expect(portico.connection.$status.get()).toBe('connected'))
    expect(calls).toEqual(['connect'])
  })

  it('option on but no terms or privacy link: nothing to agree to, so no checkbox and nothing locked', async () => {
    await openModal({ features: { legalCheckbox: true } }, {})
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(testWallet().disabled).toBe(false)
  })

  it('option on: wallets disabled until checked; the state survives All wallets and back; then a click connects', async () => {
    const { portico, calls } = await openModal({ features: { legalCheckbox: true } })
    const user = userEvent.setup()
    expect(checkbox().checked).toBe(false)
    // The checkbox replaces the footer sentence on this view.
    expect(footer()).toBeNull()
    for (const button of [testWallet(), allWallets()]) {
      expect(button.disabled).toBe(true)
      expect(button.getAttribute('aria-disabled')).toBe('true')
    }
    await user.click(testWallet())
    await user.click(allWallets())
    expect(calls).toEqual([])
    expect(portico.router.$route.get().view).toBe('Connect')
    expect(portico.connection.$status.get()).toBe('disconnected')

    await user.click(checkbox())
    expect(portico.legal.$legal.get()).toEqual({ isLegalCheckboxChecked: true })
    expect(testWallet().disabled).toBe(false)
    expect(testWallet().getAttribute('aria-disabled')).toBeNull()

    await user.click(allWallets())
    expect(screen.getByRole('dialog', { name: 'All wallets' })).toBeTruthy()
    expect(checkbox().checked).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByRole('dialog', { name: 'Connect wallet' })).toBeTruthy()
    expect(checkbox().checked).toBe(true)

    await user.click(testWallet())
    await waitFor(() => expect(portico.connection.$status.get()).toBe('connected'))
    expect(calls).toEqual(['connect'])
  })

  it('closing and reopening the modal keeps the box checked', async () => {
    const { portico } = await openModal({ features: { legalCheckbox: true } })
    await userEvent.click(checkbox())
    await act(async () => portico.modal.close())
    expect(screen.queryByRole('dialog')).toBeNull()
    await act(async () => {
      await portico.modal.open()
    })
    expect(checkbox().checked).toBe(true)
    expect(testWallet().disabled).toBe(false)
  })

  it('ConnectWallets: the same checkbox locks and unlocks its list', async () => {
    const { portico, calls } = await openModal({ features: { legalCheckbox: true } })
    await act(async () => portico.router.push('ConnectWallets'))
    const list = screen.getByTestId('portico-wallet-list')
    const wallet = within(list).getByRole('button', { name: /Test Wallet/ }) as HTMLButtonElement
    expect(wallet.disabled).toBe(true)
    await userEvent.click(wallet)
    expect(calls).toEqual([])
    await userEvent.click(checkbox())
    expect(wallet.disabled).toBe(false)
    await userEvent.click(wallet)
    await waitFor(() => expect(portico.connection.$status.get()).toBe('connected'))
    expect(calls).toEqual(['connect'])
  })

  it('AllWallets: wallets cannot be chosen (click or Enter) until checked, then one opens its pairing view', async () => {
    const { portico } = await openModal({ features: { legalCheckbox: true } })
    await act(async () => portico.router.push('AllWallets'))
    const user = userEvent.setup()
    const list = await screen.findByRole('listbox', { name: 'Wallets' })
    expect(list.getAttribute('aria-disabled')).toBe('true')
    const first = () => screen.getAllByRole('option')[0] as HTMLElement
    expect(first().getAttribute('aria-disabled')).toBe('true')
    await user.click(first())
    list.focus()
    await user.keyboard('{ArrowDown}{Enter}')
    expect(portico.router.$route.get().view).toBe('AllWallets')
    await user.click(checkbox())
    expect(list.getAttribute('aria-disabled')).toBeNull()
    await user.click(first())
    expect(portico.router.$route.get()).toEqual({ view: 'ConnectingWalletConnect', data: { walletId: 'w1' } })
  })
})

describe('ConnectView locked', () => {
  it('email field, social buttons, wallets and All wallets are disabled; a submitted email does nothing', async () => {
    const emails: string[] = []
    render(
      <ConnectView
        methodsOrder={['email', 'social', 'wallet']}
        email
        socials={['google', 'github', 'x']}
        wallets={[{ id: 'a', name: 'Alpha' }]}
        onEmail={(e) => emails.push(e)}
        legal={<span>checkbox here</span>}
        locked
      />,
    )
    expect(screen.getByText('checkbox here')).toBeTruthy()
    const email = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement
    expect(email.disabled).toBe(true)
    const buttons = screen.getAllByRole('button') as HTMLButtonElement[]
    expect(buttons.map((b) => [b.textContent || b.getAttribute('aria-label'), b.disabled])).toEqual([
      ['Continue with Google', true],
      ['Continue with GitHub', true],
      ['Continue with X', true],
      ['AAlpha', true],
      ['All wallets1', true],
    ])
    screen.getByTestId('portico-connect-email').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    expect(emails).toEqual([])
  })
})
