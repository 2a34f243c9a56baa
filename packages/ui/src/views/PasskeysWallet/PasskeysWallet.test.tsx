import '../../testing'
import type { ChainAdapter, EmbeddedPasskey } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { ADDRESS, testAdapter, testPortico } from '../../testing'

const LAST = 'This passkey is your only way to sign in. Add another passkey or an email first.'
const PHONE: EmbeddedPasskey = {
  id: 'cred-phone',
  name: 'Phone',
  createdAt: '2026-11-01T12:00:00.000Z',
  lastUsedAt: '2026-12-01T12:00:00.000Z',
  backedUp: true,
}

/**
 * An auth connector with passkeys, like the embedded one: `calls` records each call as it reaches the connector
 * (`during click` when it came inside a click handler); the last passkey is refused with the API's text.
 */
function passkeyAdapter(opts: { passkeys?: EmbeddedPasskey[]; addFailures?: string[]; withPasskeys?: boolean } = {}) {
  const base = testAdapter()
  let list = [...(opts.passkeys ?? [PHONE])]
  const addFailures = [...(opts.addFailures ?? [])]
  const calls: string[] = []
  const state = { inClick: false }
  const adapter: ChainAdapter = {
    ...base,
    setup(ctx) {
      ctx.setConnectors([{ id: 'auth', name: 'Email', type: 'auth', namespace: 'eip155' }])
    },
    connect: async () => ({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: 'ada@example.com' }),
    ...(opts.withPasskeys === false
      ? {}
      : {
          getPasskeys: async () => list,
          addPasskey: ({ name }: { name?: string }) => {
            calls.push(`add ${name ?? '(no name)'}${state.inClick ? ' during click' : ''}`)
            const failure = addFailures.shift()
            if (failure) return Promise.reject(new Error(failure))
            const passkey: EmbeddedPasskey = {
              id: `cred-${list.length + 1}`,
              name: name ?? 'Passkey',
              createdAt: '2026-12-02T12:00:00.000Z',
              lastUsedAt: null,
              backedUp: false,
            }
            list = [...list, passkey]
            return Promise.resolve(passkey)
          },
          removePasskey: async ({ id }: { id: string }) => {
            calls.push(`remove ${id}`)
            if (list.length === 1) throw new Error(LAST)
            list = list.filter((p) => p.id !== id)
            return list
          },
        }),
  }
  return { adapter, calls, state }
}

/** Signed in with the auth connector, the modal open on Account. */
async function open(opts: Parameters<typeof passkeyAdapter>[0] & { features?: boolean } = {}) {
  const auth = passkeyAdapter(opts)
  const { portico } = testPortico({
    adapters: [auth.adapter],
    // The app offers passkey login (Connect's passkey buttons and this row go together).
    ...(opts.features === false ? {} : { features: { passkeys: true } }),
    apiUrl: 'http://127.0.0.1:9',
    fetch: (async () => new Response(JSON.stringify({ count: 0, data: [] }))) as typeof fetch,
  })
  await portico.ready
  await portico.connection.connect('auth')
  render(
    <StrictMode>
      <PorticoContextProvider portico={portico}>
        <ModalRoot inline />
      </PorticoContextProvider>
    </StrictMode>,
  )
  await act(() => portico.modal.open())
  // The embedded account flow (a lazy chunk the Account view loads) brings the embedded rows.
  await waitFor(() => expect(portico.peek('embeddedAccount')).toBeDefined())
  await screen.findByTestId('portico-account-disconnect')
  return { ...auth, portico }
}

/** A click whose handlers run with `state.inClick` set, as the browser's user activation would be. */
function click(state: { inClick: boolean }, element: HTMLElement) {
  state.inClick = true
  try {
    fireEvent.click(element)
  } finally {
    state.inClick = false
  }
}

async function openPasskeys(opts: Parameters<typeof passkeyAdapter>[0] = {}) {
  const o = await open(opts)
  fireEvent.click(await screen.findByTestId('portico-account-passkeys'))
  await waitFor(() => expect(screen.getByTestId('portico-passkeys').dataset.phase).toBe('ready'))
  return o
}

const rows = () => screen.queryAllByTestId('portico-passkey').map((r) => r.textContent)

describe('Account → PasskeysWallet', () => {
  it('the Passkeys row shows for a connector with passkeys and opens the list: name, days added and last used, synced', async () => {
    const { portico } = await openPasskeys()
    expect(portico.router.$route.get().view).toBe('PasskeysWallet')
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Passkeys')
    const list = screen.getByRole('list', { name: 'Your passkeys' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(rows()).toEqual(['PhoneSyncedAdded Nov 1, 2026Last used Dec 1, 2026Remove'])
    expect(screen.getByRole('button', { name: 'Remove passkey Phone' })).toBeTruthy()
  })

  it('no Passkeys row for a connector without passkeys, nor in an app without passkey login (features.passkeys)', async () => {
    await open({ withPasskeys: false })
    expect(screen.queryByTestId('portico-account-passkeys')).toBeNull()
    cleanup()
    await open({ features: false })
    expect(screen.queryByTestId('portico-account-passkeys')).toBeNull()
    expect(screen.getByTestId('portico-account-address').textContent).toBe('ada@example.com')
  })

  it('Add a passkey: the connector is reached inside the click, with the typed name; the new passkey is listed, never used', async () => {
    const { calls, state } = await openPasskeys()
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of the new passkey (optional)' }), { target: { value: '  Laptop ' } })
    click(state, screen.getByTestId('portico-passkeys-add'))
    expect(calls).toEqual(['add Laptop during click'])
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows()[1]).toBe('LaptopAdded Dec 2, 2026Never usedRemove')
    expect(screen.getByTestId('portico-passkeys-notice').textContent).toBe('Passkey “Laptop” added')
    expect((screen.getByTestId('portico-passkeys-name') as HTMLInputElement).value).toBe('')
    // No name typed: none sent (the API names it).
    click(state, screen.getByTestId('portico-passkeys-add'))
    expect(calls.at(-1)).toBe('add (no name) during click')
  })

  it('Remove asks first (focus on Keep); Keep goes back (focus on Remove); confirmed, the passkey goes and focus moves to Add', async () => {
    const { calls, portico } = await openPasskeys({ passkeys: [PHONE, { ...PHONE, id: 'cred-old', name: 'Old phone', backedUp: false }] })
    fireEvent.click(screen.getByRole('button', { name: 'Remove passkey Old phone' }))
    expect(screen.getByText('Remove “Old phone”? You can no longer sign in with it.')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('portico-passkey-keep')))
    expect(calls).toEqual([])
    fireEvent.click(screen.getByTestId('portico-passkey-keep'))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove passkey Old phone' })))
    // Escape in the question keeps the passkey, and the modal stays open.
    fireEvent.click(screen.getByRole('button', { name: 'Remove passkey Old phone' }))
    fireEvent.keyDown(await screen.findByTestId('portico-passkey-keep'), { key: 'Escape' })
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove passkey Old phone' })))
    expect(portico.modal.$modal.get().open).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Remove passkey Old phone' }))
    fireEvent.click(await screen.findByTestId('portico-passkey-confirm-remove'))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(calls).toEqual(['remove cred-old'])
    expect(screen.getByTestId('portico-passkeys-notice').textContent).toBe('Passkey “Old phone” removed')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('portico-passkeys-add')))
  })

  it('removing the only way to sign in: the reason, no Try again; the passkey stays', async () => {
    await openPasskeys()
    fireEvent.click(screen.getByRole('button', { name: 'Remove passkey Phone' }))
    fireEvent.click(await screen.findByTestId('portico-passkey-confirm-remove'))
    expect((await screen.findByTestId('portico-passkeys-error')).textContent).toBe(LAST)
    expect(screen.queryByTestId('portico-passkeys-retry')).toBeNull()
    expect(rows()).toHaveLength(1)
    // The question is closed (an effect of the error, a render after it), the focus back on the row's Remove.
    await waitFor(() => expect(screen.queryByTestId('portico-passkey-keep')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove passkey Phone' })))
  })

  it('the passkey window closed: says so; Try again adds again inside its click', async () => {
    const { calls, state } = await openPasskeys({ addFailures: ['Popup closed'] })
    fireEvent.change(screen.getByTestId('portico-passkeys-name'), { target: { value: 'Laptop' } })
    click(state, screen.getByTestId('portico-passkeys-add'))
    expect((await screen.findByTestId('portico-passkeys-error')).textContent).toBe(
      'The passkey window was closed before the passkey was made.',
    )
    click(state, screen.getByTestId('portico-passkeys-retry'))
    expect(calls).toEqual(['add Laptop during click', 'add Laptop during click'])
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(screen.queryByTestId('portico-passkeys-error')).toBeNull()
  })

  it('no passkeys yet: the empty state and Add', async () => {
    await openPasskeys({ passkeys: [] })
    expect(screen.getByTestId('portico-passkeys-empty').textContent).toBe('No passkeys yetAdd one to sign in without waiting for a code.')
    expect(screen.queryByRole('list', { name: 'Your passkeys' })).toBeNull()
    expect(screen.getByTestId('portico-passkeys-add').textContent).toBe('Add a passkey')
  })
})
