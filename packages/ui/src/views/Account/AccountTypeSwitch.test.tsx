import '../../testing'
import type { AccountType, PreferredAccountResult } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ADDRESS, testAdapter, testPortico } from '../../testing'
import { Account } from './Account'

type Deferred = { type: AccountType; resolve: (r: PreferredAccountResult) => void; reject: (e: unknown) => void }

/** The test adapter with an auth connector signed in as an email, whose account type switch waits to be settled. */
function embeddedAdapter() {
  const adapter = testAdapter()
  const calls: Deferred[] = []
  const setup = adapter.setup.bind(adapter)
  adapter.setup = (c) =>
    setup({ ...c, setConnectors: (list) => c.setConnectors([{ id: 'auth', name: 'Email', type: 'auth', namespace: 'eip155' }, ...list]) })
  const connect = adapter.connect.bind(adapter)
  adapter.connect = async (params) =>
    params.connectorId === 'auth' ? { address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: 'me@mail.com' } : connect(params)
  adapter.setPreferredAccountType = ({ type }) => new Promise((resolve, reject) => calls.push({ type, resolve, reject }))
  return { adapter, calls }
}

async function open(connectorId: 'auth' | 'io.test.wallet' = 'auth') {
  const { adapter, calls } = embeddedAdapter()
  const { portico } = testPortico({ adapters: [adapter] })
  await portico.ready
  await portico.connection.connect(connectorId)
  // As in the modal: the embedded account flow (a lazy chunk, loaded for an embedded account) is there
  // before the visitor clicks, so the switch reaches the connector within the click.
  await portico.load('embeddedAccount')
  render(
    <PorticoContextProvider portico={portico}>
      <Account />
    </PorticoContextProvider>,
  )
  return { calls, portico }
}

const group = () => screen.getByRole('radiogroup', { name: 'Account type' })
const option = (name: 'Regular account' | 'Smart account') => within(group()).getByRole('radio', { name })
const checked = () =>
  within(group())
    .getAllByRole('radio')
    .filter((r) => r.getAttribute('aria-checked') === 'true')
    .map((r) => r.textContent)
const hint = () => screen.getByTestId('portico-account-type-hint').textContent
const settle = async (call: Deferred | undefined, result: Partial<PreferredAccountResult> & { type: 'eoa' | 'smartAccount' }) =>
  act(async () => call?.resolve({ address: ADDRESS, ...result }))

describe('Account: the account type switch of an embedded EVM account (SPEC §3/§4)', () => {
  it('shows the current type: a regular account, one tab stop', async () => {
    await open()
    expect(checked()).toEqual(['Regular account'])
    expect(option('Regular account').tabIndex).toBe(0)
    expect(option('Smart account').tabIndex).toBe(-1)
    expect(hint()).toBe('Sends one call per transaction')
    expect(group().getAttribute('aria-busy')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('switch to a smart account: busy (spinner, disabled, aria-busy), then the smart account shown', async () => {
    const { calls, portico } = await open()
    fireEvent.click(option('Smart account'))
    expect(calls.map((c) => c.type)).toEqual(['smartAccount'])
    expect(group().getAttribute('aria-busy')).toBe('true')
    expect(
      within(group())
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-disabled')),
    ).toEqual(['true', 'true'])
    expect(screen.getByRole('status', { name: 'Switching account type' })).toBeTruthy()
    expect(hint()).toBe('Switching to a smart account…')
    // Still the regular account until the transaction is through.
    expect(checked()).toEqual(['Regular account'])
    // Busy: another pick is ignored.
    fireEvent.click(option('Regular account'))
    fireEvent.click(option('Smart account'))
    expect(calls).toHaveLength(1)
    await settle(calls[0], { type: 'smartAccount', smartAccountDeployed: true })
    await waitFor(() => expect(checked()).toEqual(['Smart account']))
    expect(group().getAttribute('aria-busy')).toBeNull()
    expect(screen.queryByRole('status', { name: 'Switching account type' })).toBeNull()
    expect(hint()).toBe('Sends several calls in one transaction')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(portico.chain.$account.get().preferredAccountType).toBe('smartAccount')
    // And back to a regular account.
    fireEvent.click(option('Regular account'))
    expect(hint()).toBe('Switching to a regular account…')
    await settle(calls[1], { type: 'eoa' })
    await waitFor(() => expect(checked()).toEqual(['Regular account']))
    expect(calls.map((c) => c.type)).toEqual(['smartAccount', 'eoa'])
  })

  it("a fallback to the regular account: the server's reason in an alert under the row; a later success clears it", async () => {
    const { calls } = await open()
    fireEvent.click(option('Smart account'))
    await settle(calls[0], { type: 'eoa', reason: 'Falling back to EOA: insufficient funds for gas * price + value' })
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not switch to a smart account: Falling back to EOA: insufficient funds for gas * price + value',
      ),
    )
    expect(checked()).toEqual(['Regular account'])
    expect(group().getAttribute('aria-busy')).toBeNull()
    fireEvent.click(option('Smart account'))
    // A new try hides the old reason.
    expect(screen.queryByRole('alert')).toBeNull()
    await settle(calls[1], { type: 'smartAccount' })
    await waitFor(() => expect(checked()).toEqual(['Smart account']))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it.each([
    [
      'a fallback without a reason',
      (c: Deferred) => c.resolve({ type: 'eoa', address: ADDRESS }),
      'Could not switch to a smart account: Unknown error',
    ],
    [
      'a rejection',
      (c: Deferred) => c.reject(new Error('Not connected to email or social')),
      'Could not switch to a smart account: Not connected to email or social',
    ],
  ])('%s: its alert, not busy any more', async (_name, end, text) => {
    const { calls } = await open()
    fireEvent.click(option('Smart account'))
    await act(async () => end(calls[0] as Deferred))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text))
    expect(group().getAttribute('aria-busy')).toBeNull()
    expect(checked()).toEqual(['Regular account'])
  })

  it('keyboard: Tab reaches the checked option, the arrow keys move and switch, Space and Enter pick, keys do nothing while busy', async () => {
    const user = userEvent.setup()
    const { calls } = await open()
    option('Regular account').focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(option('Smart account'))
    expect(calls.map((c) => c.type)).toEqual(['smartAccount'])
    // Busy: the arrows neither move nor switch.
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(option('Smart account'))
    expect(calls).toHaveLength(1)
    await settle(calls[0], { type: 'smartAccount' })
    await waitFor(() => expect(option('Smart account').tabIndex).toBe(0))
    expect(option('Regular account').tabIndex).toBe(-1)
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(option('Regular account'))
    expect(calls.map((c) => c.type)).toEqual(['smartAccount', 'eoa'])
    await settle(calls[1], { type: 'eoa' })
    await waitFor(() => expect(checked()).toEqual(['Regular account']))
    // Space on the unchecked option (reached without the arrows) picks it; Enter too.
    option('Smart account').focus()
    await user.keyboard(' ')
    expect(calls.map((c) => c.type)).toEqual(['smartAccount', 'eoa', 'smartAccount'])
    await settle(calls[2], { type: 'smartAccount' })
    await waitFor(() => expect(checked()).toEqual(['Smart account']))
    option('Regular account').focus()
    await user.keyboard('{Enter}')
    expect(calls.map((c) => c.type)).toEqual(['smartAccount', 'eoa', 'smartAccount', 'eoa'])
  })

  it('a wallet account has no switch', async () => {
    await open('io.test.wallet')
    expect(screen.getByTestId('portico-account-address')).toBeTruthy()
    expect(screen.queryByRole('radiogroup')).toBeNull()
    expect(screen.queryByTestId('portico-account-type')).toBeNull()
  })
})
