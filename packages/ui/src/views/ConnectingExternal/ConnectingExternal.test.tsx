import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { ADDRESS, manualTimers, testPortico } from '../../testing'
import { ConnectingExternal } from './ConnectingExternal'
import { ConnectingExternalView } from './ConnectingExternalView'

const retryButton = () => screen.queryByRole('button', { name: 'Try again' })

describe('ConnectingExternalView', () => {
  it.each<[string, Parameters<typeof ConnectingExternalView>[0], string, string, string | null]>([
    // state, props, data-state, announced text, Try again
    ['waiting', { name: 'Rabbit Wallet' }, 'waiting', 'Continue in Rabbit WalletAccept the connection request in your wallet.', null],
    [
      'waiting a while',
      { name: 'Rabbit Wallet', slow: true, onRetry: () => {} },
      'slow',
      'Continue in Rabbit WalletNot seeing the request? Open Rabbit Wallet from your browser’s toolbar, or try again.',
      'Try again',
    ],
    [
      'failed',
      { name: 'Rabbit Wallet', error: 'Connection rejected', onRetry: () => {} },
      'error',
      'Connection rejectedThe wallet did not connect. Try again to send a new request.',
      'Try again',
    ],
  ])('%s', (_state, props, state, text, retry) => {
    render(<ConnectingExternalView {...props} />)
    expect(screen.getByTestId('portico-connecting-external').dataset.state).toBe(state)
    expect(screen.getByRole(props.error ? 'alert' : 'status').textContent).toBe(text)
    expect(retryButton()?.textContent ?? null).toBe(retry)
  })

  it('the wallet icon sits inside the ring', () => {
    render(<ConnectingExternalView name="Rabbit Wallet" imageUrl="data:image/svg+xml,r" />)
    expect(document.querySelector('img')?.getAttribute('src')).toBe('data:image/svg+xml,r')
    expect(document.querySelectorAll('svg rect')).toHaveLength(2)
  })
})

describe('ConnectingExternal', () => {
  it('connects the chosen connector once; a refusal shows "Connection rejected" and retry connects again', async () => {
    const { portico, adapter } = testPortico()
    await portico.ready
    adapter.reject = true
    let connects = 0
    const original = adapter.connect.bind(adapter)
    adapter.connect = (p) => {
      connects++
      return original(p)
    }
    portico.router.push('AllWallets')
    portico.router.push('ConnectingExternal', { connectorId: 'io.test.wallet' })
    render(
      <PorticoContextProvider portico={portico}>
        <ConnectingExternal />
      </PorticoContextProvider>,
    )
    expect(screen.getByText('Continue in Test Wallet')).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Connection rejected/))
    expect(connects).toBe(1)
    adapter.reject = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(portico.router.$route.get().view).toBe('Account'))
    expect(connects).toBe(2)
    expect(portico.chain.$account.get().status).toBe('connected')
  })

  it('a wallet that does not answer: the hint and Try again come after 5 s, not before', async () => {
    const timers = manualTimers()
    const { portico, adapter } = testPortico({ timers })
    await portico.ready
    let answer: (() => void) | undefined
    adapter.connect = () => new Promise((resolve) => (answer = () => resolve({ address: ADDRESS, chainId: 1, accounts: [ADDRESS] })))
    portico.router.push('ConnectingExternal', { connectorId: 'io.test.wallet' })
    render(
      <PorticoContextProvider portico={portico}>
        <ConnectingExternal />
      </PorticoContextProvider>,
    )
    const state = () => screen.getByTestId('portico-connecting-external').dataset.state
    await waitFor(() => expect(answer).toBeDefined())
    act(() => timers.advance(4999))
    expect(state()).toBe('waiting')
    expect(retryButton()).toBeNull()
    act(() => timers.advance(1))
    expect(state()).toBe('slow')
    expect(screen.getByRole('status').textContent).toContain('Not seeing the request? Open Test Wallet')
    expect(retryButton()).toBeTruthy()
    await act(async () => answer?.())
    expect(portico.router.$route.get().view).toBe('Account')
  })
})

describe('choosing an installed wallet in Connect', () => {
  it('opens "Continue in <wallet>", titled with the wallet, which asks the wallet once', async () => {
    const { portico, adapter } = testPortico({
      apiUrl: 'http://127.0.0.1:9',
      fetch: (async () => new Response(JSON.stringify({ count: 0, data: [] }))) as typeof fetch,
    })
    await portico.ready
    let connects = 0
    adapter.connect = () => {
      connects++
      return new Promise(() => {})
    }
    render(
      <PorticoContextProvider portico={portico}>
        <ModalRoot inline />
      </PorticoContextProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: /Test Wallet/ }))
    expect(portico.router.$route.get()).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'io.test.wallet' } })
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Test Wallet')
    expect(screen.getByText('Continue in Test Wallet')).toBeTruthy()
    await waitFor(() => expect(connects).toBe(1))
  })
})
