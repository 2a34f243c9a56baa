import '../../testing'
import type { AdapterContext, ConnectParams, ConnectResult } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { ADDRESS, testAdapter, testPortico } from '../../testing'
import { ConnectingSocialView } from './ConnectingSocialView'

const URL_G = 'http://127.0.0.1:4300/auth?provider=google'

describe('ConnectingSocialView', () => {
  it.each<[string, Parameters<typeof ConnectingSocialView>[0], 'status' | 'alert', string, string | null]>([
    [
      'popup open',
      { provider: 'google', step: 'popup' },
      'status',
      'Continue in the Google windowSign in with Google in the window that opened. It closes by itself when you are done.',
      null,
    ],
    ['connecting', { provider: 'github', step: 'connecting' }, 'status', 'Signing inSetting up your wallet. This takes a moment.', null],
    [
      'popup closed',
      { provider: 'x', step: 'error', error: 'Popup closed', popupClosed: true, onRetry: () => {} },
      'alert',
      'Popup closedThe X window was closed before signing in. Try again to open it once more.',
      'Try again',
    ],
    [
      'could not start',
      { provider: 'discord', step: 'error', error: 'Failed to initiate social connection', onRetry: () => {} },
      'alert',
      'Failed to initiate social connectionSigning in with Discord did not finish. Try again to open a new window.',
      'Try again',
    ],
    [
      'nothing under way',
      { provider: 'apple', step: 'idle', onStart: () => {} },
      'status',
      'Continue with AppleA Apple window opens to sign you in.',
      'Continue with Apple',
    ],
  ])('%s', (_name, props, role, text, button) => {
    render(<ConnectingSocialView {...props} />)
    expect(screen.getByTestId('portico-connecting-social').dataset.step).toBe(props.step)
    expect(screen.getByRole(role).textContent).toContain(text)
    if (button) expect(screen.getByRole('button', { name: button })).toBeTruthy()
    else expect(screen.queryByRole('button')).toBeNull()
  })

  it.each(['google', 'github', 'apple', 'facebook', 'x', 'discord'])('%s: the provider’s drawn mark (an SVG), decorative', (provider) => {
    const { container } = render(<ConnectingSocialView provider={provider} step="popup" />)
    const mark = container.querySelector(`[data-provider="${provider}"] svg`)
    expect(mark).not.toBeNull()
    expect(mark!.closest('[aria-hidden="true"]')).not.toBeNull()
  })

  it('a failure focuses Try again', () => {
    const { rerender } = render(<ConnectingSocialView provider="google" step="popup" onRetry={() => {}} />)
    rerender(<ConnectingSocialView provider="google" step="error" error="Popup closed" popupClosed onRetry={() => {}} />)
    expect(document.activeElement).toBe(screen.getByTestId('portico-connecting-social-retry'))
  })
})

/** An auth connector that opens its "popup" inside connect (synchronously), prompts social, and settles when told. */
function socialTestAdapter() {
  const adapter = testAdapter()
  const popups: string[] = []
  let ctx: AdapterContext | undefined
  let settle: { resolve: (r: ConnectResult) => void; reject: (e: unknown) => void } | undefined
  const emit = (prompt: Parameters<AdapterContext['emit']>[1]) => ctx?.emit('auth', prompt)
  const setup = adapter.setup.bind(adapter)
  adapter.setup = (c) => {
    ctx = c
    setup({
      ...c,
      setConnectors: (list) => c.setConnectors([{ id: 'auth', name: 'Email and socials', type: 'auth', namespace: 'eip155' }, ...list]),
    })
  }
  const connect = adapter.connect.bind(adapter)
  adapter.connect = (params: ConnectParams) => {
    if (params.connectorId !== 'auth') return connect(params)
    if (params.auth?.kind === 'social') popups.push(params.auth.provider)
    return new Promise((resolve, reject) => {
      settle = { resolve, reject }
      queueMicrotask(() => emit({ kind: 'prompt', prompt: { kind: 'social', provider: 'google', url: URL_G } }))
    })
  }
  adapter.respond = async ({ answer }) => {
    if (answer.kind !== 'cancel') return
    emit({ kind: 'prompt', prompt: undefined })
    settle?.reject(new Error('Modal closed'))
  }
  return {
    adapter,
    popups,
    closePopup: () => {
      emit({ kind: 'prompt', prompt: undefined })
      settle?.reject(new Error('Popup closed'))
    },
    signedIn: () => {
      emit({ kind: 'prompt', prompt: undefined })
      settle?.resolve({ address: ADDRESS, chainId: 1, accounts: [ADDRESS], authName: 'ada', socialProvider: 'google' })
    },
  }
}

async function open() {
  const social = socialTestAdapter()
  const { portico } = testPortico({
    adapters: [social.adapter],
    apiUrl: 'http://127.0.0.1:9',
    fetch: (async () => new Response(JSON.stringify({ count: 0, data: [] }))) as typeof fetch,
  })
  await portico.ready
  render(
    <StrictMode>
      <PorticoContextProvider portico={portico}>
        <ModalRoot inline />
      </PorticoContextProvider>
    </StrictMode>,
  )
  return { ...social, portico }
}

const view = () => screen.getByTestId('portico-connecting-social')

describe('ConnectingSocial in the modal', () => {
  it('a social button opens the popup in the click, the view follows it; closed → "Popup closed" and Try again (in a click) opens it again; signed in → Account', async () => {
    const s = await open()
    const google = (await screen.findAllByRole('button', { name: 'Continue with Google' }))[0]!
    fireEvent.click(google)
    // Synchronously, inside the click handler: the connector was asked and opened its window.
    expect(s.popups).toEqual(['google'])
    await waitFor(() => expect(view().dataset.step).toBe('popup'))
    expect(screen.getByRole('status').textContent).toContain('Continue in the Google window')
    act(() => s.closePopup())
    await waitFor(() => expect(view().dataset.step).toBe('error'))
    expect(screen.getByRole('alert').textContent).toContain('Popup closed')
    const retry = screen.getByTestId('portico-connecting-social-retry')
    expect(document.activeElement).toBe(retry)
    fireEvent.click(retry)
    expect(s.popups).toEqual(['google', 'google'])
    await waitFor(() => expect(view().dataset.step).toBe('popup'))
    act(() => s.signedIn())
    await waitFor(() => expect(s.portico.router.$route.get().view).toBe('Account'))
  })

  it('leaving the view gives the sign-in up (the connector is told: its popup closes)', async () => {
    const s = await open()
    fireEvent.click((await screen.findAllByRole('button', { name: 'Continue with Google' }))[0]!)
    await waitFor(() => expect(view().dataset.step).toBe('popup'))
    await waitFor(() => expect(s.portico.connection.$prompt.get()?.prompt.kind).toBe('social'))
    act(() => s.portico.router.goBack())
    await waitFor(() => expect(s.portico.connection.$prompt.get()).toBeUndefined())
    expect(s.portico.connection.$error.get()).toBeNull()
  })
})
