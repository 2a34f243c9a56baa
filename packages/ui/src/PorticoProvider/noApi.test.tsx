/**
 * An instance without `apiUrl` (issue 25 §3, the quick start's first run): the modal connects the
 * browser's wallets and reads the balance through the adapter (the network's RPC), hides what needs
 * the Portico API, asks nothing of any host, and says so once in the console.
 */
import '../testing'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConnectButton } from '../components/ConnectButton/ConnectButton'
import { testPortico } from '../testing'
import { PorticoProvider } from './PorticoProvider'

/** headless's NO_API_MESSAGE (core/project/wire.ts), the console's one line. */
const NO_API_MESSAGE =
  'Portico runs without its API (no `apiUrl` in createPortico): browser wallets, WalletConnect and balances read through ' +
  "the networks' RPC work; email and social login, the explorer's wallet list, names, swaps, on-ramp, pay with exchange, " +
  "activity, analytics and error reports, and the API's images are hidden. To turn them on, run the Portico API " +
  '(`npx @portico/server` prints its URL) and pass that URL as `apiUrl` (docs/quick-start.md).'

const requested: string[] = []
const console_ = { info: [] as unknown[][], warn: [] as unknown[][], error: [] as unknown[][] }
beforeEach(() => {
  requested.length = 0
  for (const level of ['info', 'warn', 'error'] as const) {
    console_[level] = []
    vi.spyOn(console, level).mockImplementation((...args) => void console_[level].push(args))
  }
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** The instance's fetch (and the page's): records the URL and fails, so any request shows. */
const recordingFetch = (async (input: RequestInfo | URL) => {
  requested.push(String(input instanceof Request ? input.url : input))
  throw new TypeError('Failed to fetch')
}) as typeof fetch

function renderApp() {
  const { portico } = testPortico({ apiUrl: undefined, fetch: recordingFetch })
  vi.stubGlobal('fetch', recordingFetch)
  render(
    <PorticoProvider portico={portico} autoReconnect={false}>
      <ConnectButton />
    </PorticoProvider>,
  )
  return portico
}

const open = async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' })))
  return screen.findByRole('dialog', { name: 'Connect wallet' }, { timeout: 10_000 })
}

describe('no apiUrl: a quick start that works at once', { timeout: 20_000 }, () => {
  it('Connect lists the browser wallet alone: no explorer list, no "All wallets", no email or social, no "Get a wallet", no error', async () => {
    renderApp()
    const dialog = await open()
    const wallets = within(dialog).getByTestId('portico-connect-wallets')
    expect(
      within(wallets)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['TTest WalletInstalled'])
    expect(within(dialog).queryByTestId('portico-connect-all-wallets')).toBeNull()
    expect(within(dialog).queryByTestId('portico-connect-wallets-loading')).toBeNull()
    expect(within(dialog).queryByText('Wallets could not be loaded')).toBeNull()
    expect(within(dialog).queryByRole('textbox', { name: /email/i })).toBeNull()
    expect(within(dialog).queryByRole('button', { name: /Google|Continue with/ })).toBeNull()
    await waitFor(() => expect(console_.info).toEqual([[NO_API_MESSAGE]]))
    // Help stays; "Get a wallet" (the explorer's wallets) does not.
    await act(async () => fireEvent.click(within(dialog).getByTestId('portico-connect-what-is-a-wallet')))
    await screen.findByRole('dialog', { name: 'What is a wallet?' })
    expect(screen.queryByTestId('portico-get-a-wallet')).toBeNull()
    expect([requested, console_.warn, console_.error]).toEqual([[], [], []])
  })

  it('connecting: the balance from the adapter; Account offers Receive only, no name, no Tokens or Activity; nothing fetched; the message once', async () => {
    const portico = renderApp()
    const dialog = await open()
    await act(async () => fireEvent.click(within(dialog).getByText('Test Wallet')))
    await waitFor(() => expect(screen.getByTestId('portico-account-balance').textContent).toBe('1.234 ETH'), { timeout: 10_000 })
    const account = screen.getByRole('dialog')
    expect(within(account).queryByRole('tablist')).toBeNull()
    expect(within(account).queryByText('Choose a name')).toBeNull()
    for (const name of ['Buy', 'Swap', 'Send']) expect(within(account).queryByRole('button', { name })).toBeNull()
    expect(within(account).getByRole('button', { name: 'Receive' })).toBeTruthy()
    // Closed and opened again: still one message.
    await act(async () => portico.modal.close())
    await act(async () => portico.modal.open())
    await screen.findByRole('dialog')
    expect(console_.info).toEqual([[NO_API_MESSAGE]])
    expect([requested, console_.warn, console_.error]).toEqual([[], [], []])
  })
})
