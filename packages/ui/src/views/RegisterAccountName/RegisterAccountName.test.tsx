import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { ADDRESS, testPortico } from '../../testing'
import { RegisterAccountNameSuccessView } from '../RegisterAccountNameSuccess/RegisterAccountNameSuccessView'
import { RegisterAccountNameView } from './RegisterAccountNameView'

const zone = 'portico.id'

describe('RegisterAccountNameView', () => {
  it('the empty form: the field with its zone, the hint, Register disabled, nothing announced', () => {
    render(<RegisterAccountNameView zone={zone} />)
    const input = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement
    expect(input.value).toBe('')
    expect(input.hasAttribute('data-autofocus')).toBe(true)
    expect(screen.getByTestId('portico-register-name-zone').textContent).toBe('.portico.id')
    expect(screen.getByText('At least 4 characters: letters, digits and hyphens.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('status').textContent).toBe('')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('typing calls onChange with the value', () => {
    const onChange = vi.fn()
    render(<RegisterAccountNameView zone={zone} onChange={onChange} />)
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'ali' } })
    expect(onChange).toHaveBeenCalledWith('ali')
  })

  it('the SPEC §5 rule error at once: the field is invalid and described by it; no availability', () => {
    render(<RegisterAccountNameView zone={zone} input="ab" ruleError="Name must be at least 4 characters" />)
    const input = screen.getByRole('textbox', { name: 'Name' })
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Name must be at least 4 characters')
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it.each([
    [{ checking: true }, 'Checking availability…', true],
    [{ available: true, canRegister: true }, 'alice.portico.id is available', false],
    [{ available: false }, 'alice.portico.id is taken', true],
  ])('%j: status %j, Register disabled %s', (props, status, disabled) => {
    render(<RegisterAccountNameView zone={zone} input="alice" {...props} />)
    expect(screen.getByRole('status').textContent).toBe(status)
    expect((screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement).disabled).toBe(disabled)
  })

  it('suggestions are buttons; choosing one calls onSuggestion with the full name', () => {
    const onSuggestion = vi.fn()
    render(
      <RegisterAccountNameView
        zone={zone}
        input="alice"
        available={false}
        suggestions={['alice1.portico.id', 'alice-eth.portico.id']}
        onSuggestion={onSuggestion}
      />,
    )
    const list = screen.getByRole('list', { name: 'Available names' })
    expect(Array.from(list.querySelectorAll('button')).map((b) => b.textContent)).toEqual(['alice1.portico.id', 'alice-eth.portico.id'])
    fireEvent.click(screen.getByRole('button', { name: 'Use alice-eth.portico.id' }))
    expect(onSuggestion).toHaveBeenCalledWith('alice-eth.portico.id')
  })

  it('Register (button or Enter) calls onRegister only when canRegister', () => {
    const onRegister = vi.fn()
    const { rerender } = render(<RegisterAccountNameView zone={zone} input="alice" available={false} onRegister={onRegister} />)
    fireEvent.submit(screen.getByTestId('portico-register-name'))
    expect(onRegister).not.toHaveBeenCalled()
    rerender(<RegisterAccountNameView zone={zone} input="alice" available canRegister onRegister={onRegister} />)
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    expect(onRegister).toHaveBeenCalledTimes(1)
  })

  it.each([
    [{ signing: true, registering: true }, 'Confirm in your wallet'],
    [{ signing: false, registering: true }, 'Registering…'],
  ])('%j: the button says %j and is busy, the field is locked, suggestions hidden', (props, label) => {
    const onRegister = vi.fn()
    render(
      <RegisterAccountNameView
        zone={zone}
        input="alice"
        available
        canRegister={false}
        suggestions={['alice1.portico.id']}
        onRegister={onRegister}
        {...props}
      />,
    )
    const button = screen.getByTestId('portico-register-name-submit')
    expect(button.textContent).toBe(label)
    expect(button.getAttribute('aria-busy')).toBe('true')
    fireEvent.click(button)
    expect(onRegister).not.toHaveBeenCalled()
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).disabled).toBe(true)
    expect(screen.queryByRole('list', { name: 'Available names' })).toBeNull()
  })

  it('an error is announced as an alert with its text', () => {
    render(<RegisterAccountNameView zone={zone} input="alice" error="Error registering name alice" />)
    expect(screen.getByRole('alert').textContent).toBe('Error registering name alice')
  })
})

describe('RegisterAccountNameSuccessView', () => {
  it('the name, the confirmation, and Back to account (focused first)', () => {
    const onDone = vi.fn()
    render(<RegisterAccountNameSuccessView name="alice.portico.id" onDone={onDone} />)
    expect(screen.getByTestId('portico-register-name-success-name').textContent).toBe('alice.portico.id')
    expect(screen.getByText('The name is yours. It now shows in place of your address.')).toBeTruthy()
    const done = screen.getByRole('button', { name: 'Back to account' })
    expect(done.hasAttribute('data-autofocus')).toBe(true)
    fireEvent.click(done)
    expect(onDone).toHaveBeenCalledTimes(1)
  })
})

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The Portico API at its HTTP boundary: balances, identity, and the names service of SPEC §7. */
function namesApi(opts: { registerStatus?: number } = {}) {
  const posted: { coin_type: number; address: string; message: string; signature: string }[] = []
  let registered: string | null = null
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    if (/\/v1\/account\/[^/]+\/balance$/.test(url.pathname)) {
      const chainId = url.searchParams.get('chainId') ?? 'eip155:1'
      return json({
        balances: [
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId,
            value: 3852.5,
            price: 3120.5,
            iconUrl: '',
            quantity: { decimals: '18', numeric: '1.23456789' },
          },
        ],
      })
    }
    if (url.pathname.endsWith(`/v1/identity/${ADDRESS}`)) return json({ name: registered, avatar: null })
    const suggest = /\/v1\/profile\/suggestions\/([^/]+)$/.exec(url.pathname)
    if (suggest) {
      const name = decodeURIComponent(suggest[1]!)
      return json({
        suggestions: [
          { name: `${name}.portico.id`, registered: name === 'taken' },
          { name: `${name}1.portico.id`, registered: false },
        ],
      })
    }
    if (url.pathname.endsWith('/v1/profile/account') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as (typeof posted)[number]
      posted.push(body)
      if (opts.registerStatus) return json({ reasons: [{ description: 'This name is already registered' }] }, opts.registerStatus)
      registered = `${(JSON.parse(body.message) as { name: string }).name}.portico.id`
      return json({
        name: registered,
        registered_at: '2026-11-23T00:00:00Z',
        updated_at: '2026-11-23T00:00:00Z',
        addresses: {},
        attributes: {},
      })
    }
    throw new Error(`unexpected fetch in test: ${url.href}`)
  }
  return { fetch, posted }
}

async function openAccount(api: ReturnType<typeof namesApi>, sign?: () => Promise<string>) {
  const { portico, adapter } = testPortico({ fetch: api.fetch })
  if (sign) adapter.signMessage = sign
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

async function chooseAndType(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId('portico-account-choose-name'))
  })
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Choose your name' })).toBeTruthy())
  const input = await screen.findByRole('textbox', { name: 'Name' })
  await waitFor(() => expect(document.activeElement).toBe(input))
  await act(async () => {
    fireEvent.change(input, { target: { value: name } })
  })
  return input
}

describe('RegisterAccountName in the modal', () => {
  it('Account → Choose a name → type → available → Register → success shows the name → Back to account → Account shows the name, no entry any more', async () => {
    const api = namesApi()
    await openAccount(api)
    await waitFor(() => expect(screen.getByTestId('portico-account-total').textContent).toBe('Total value $3,852.50'))
    await chooseAndType('alice')
    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent).toBe('alice.portico.id is available'), {
      timeout: 2_000,
    })
    expect(screen.getByRole('button', { name: 'Use alice1.portico.id' })).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    })
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Name registered' })).toBeTruthy())
    expect(screen.getByTestId('portico-register-name-success-name').textContent).toBe('alice.portico.id')
    expect(api.posted).toHaveLength(1)
    expect(api.posted[0]).toMatchObject({ coin_type: 0x80000001, address: ADDRESS, signature: '0x' })
    expect(JSON.parse(api.posted[0]!.message)).toMatchObject({ name: 'alice', attributes: {} })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back to account' }))
    })
    expect(screen.getByRole('heading', { name: 'Account' })).toBeTruthy()
    expect(screen.getByTestId('portico-account-address').textContent).toBe('alice.portico.id')
    expect(screen.queryByTestId('portico-account-choose-name')).toBeNull()
  })

  it('a taken name offers suggestions; choosing one fills the field and checks it', async () => {
    await openAccount(namesApi())
    const input = (await chooseAndType('taken')) as HTMLInputElement
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('taken.portico.id is taken'), { timeout: 2_000 })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use taken1.portico.id' }))
    })
    expect(input.value).toBe('taken1')
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('taken1.portico.id is available'), { timeout: 2_000 })
  })

  it("a failed registration returns to RegisterAccountName with the service's reason as an alert; the name is kept", async () => {
    await openAccount(namesApi({ registerStatus: 409 }))
    const input = (await chooseAndType('alice')) as HTMLInputElement
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('alice.portico.id is available'), { timeout: 2_000 })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    })
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This name is already registered'))
    expect(screen.getByRole('heading', { name: 'Choose your name' })).toBeTruthy()
    expect(input.value).toBe('alice')
    expect(input.disabled).toBe(false)
  })

  it("a refusal in the wallet (cancel) returns to RegisterAccountName with 'User rejected the request'; nothing is posted", async () => {
    const api = namesApi()
    await openAccount(api, async () => Promise.reject(Object.assign(new Error('User rejected the request'), { code: 4001 })))
    await chooseAndType('alice')
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('alice.portico.id is available'), { timeout: 2_000 })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    })
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('User rejected the request'))
    expect(screen.getByRole('heading', { name: 'Choose your name' })).toBeTruthy()
    expect(api.posted).toEqual([])
  })

  it("while the wallet is asked: 'Confirm in your wallet', the field locked", async () => {
    await openAccount(namesApi(), () => new Promise<string>(() => {}))
    const input = (await chooseAndType('alice')) as HTMLInputElement
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('alice.portico.id is available'), { timeout: 2_000 })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    })
    expect(screen.getByTestId('portico-register-name-submit').textContent).toBe('Confirm in your wallet')
    expect(input.disabled).toBe(true)
  })
})
