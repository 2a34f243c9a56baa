import '../../testing'
import type { SiwxConfig, SiwxSession } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { ADDRESS, testPortico } from '../../testing'
import { SIWXSignMessageView } from './SIWXSignMessageView'

const props = { appName: 'Portico Demo', address: ADDRESS, shortAddress: '0x7099…dc79C8' }

describe('SIWXSignMessageView', () => {
  it('idle: the app, the account, Sign in (focused first) and Cancel', () => {
    const onSignIn = vi.fn()
    const onCancel = vi.fn()
    render(<SIWXSignMessageView {...props} onSignIn={onSignIn} onCancel={onCancel} />)
    expect(screen.getByTestId('portico-siwx-heading').textContent).toBe('Sign in to Portico Demo')
    expect(screen.getByText(/asks you to sign a message to prove this account is yours/)).toBeTruthy()
    expect(screen.getByTestId('portico-siwx-account').textContent).toBe('0x7099…dc79C8')
    const sign = screen.getByRole('button', { name: 'Sign in' })
    expect(sign.hasAttribute('data-autofocus')).toBe(true)
    fireEvent.click(sign)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onSignIn).toHaveBeenCalledTimes(1)
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("the account's avatar: its name's image when it has one, else the address's pattern", () => {
    const avatar = 'data:image/svg+xml;base64,PHN2Zy8+'
    const { unmount } = render(<SIWXSignMessageView {...props} profileImage={avatar} />)
    expect(screen.getByTestId('portico-avatar').querySelector('img')?.getAttribute('src')).toBe(avatar)
    unmount()
    render(<SIWXSignMessageView {...props} />)
    expect(screen.getByTestId('portico-avatar').querySelector('img')).toBeNull()
  })

  it('signing: "Approve in your wallet", busy (a second click asks nothing)', () => {
    const onSignIn = vi.fn()
    render(<SIWXSignMessageView {...props} state="signing" onSignIn={onSignIn} />)
    const button = screen.getByRole('button', { name: 'Approve in your wallet' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    fireEvent.click(button)
    expect(onSignIn).not.toHaveBeenCalled()
  })

  it('error: the reason as an alert and Try again; required: Disconnect in place of Cancel', () => {
    const onSignIn = vi.fn()
    const onDisconnect = vi.fn()
    render(
      <SIWXSignMessageView
        {...props}
        state="error"
        error="User rejected the request"
        required
        onSignIn={onSignIn}
        onDisconnect={onDisconnect}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe('User rejected the request')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    expect(onSignIn).toHaveBeenCalledTimes(1)
    expect(onDisconnect).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    expect(screen.getByText(/Portico Demo needs you to sign in to continue/)).toBeTruthy()
  })
})

/** An app's own backend in memory. */
function backend(): SiwxConfig & { sessions: SiwxSession[] } {
  const sessions: SiwxSession[] = []
  return {
    sessions,
    createMessage: async ({ accountAddress, chainId }) => ({
      accountAddress,
      chainId,
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      version: '1',
      nonce: 'abcdefgh12',
      issuedAt: '2026-11-23T22:00:00.000Z',
    }),
    addSession: async (s) => void sessions.push(s),
    getSessions: async (chainId, address) => sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address),
    revokeSession: async () => void sessions.splice(0),
  }
}

describe('SIWXSignMessage in the modal', () => {
  it('a connect opens the modal on the sign-in view; a refusal shows the error; Try again signs in and closes the modal', async () => {
    const siwx = backend()
    const { portico, adapter } = testPortico({
      siwx,
      metadata: { name: 'Portico Demo', description: '', url: 'https://app.example.com', icons: [] },
    })
    let refuse = true
    const signed: string[] = []
    adapter.signMessage = async ({ message }) => {
      signed.push(message)
      if (refuse) throw Object.assign(new Error('User denied message signature'), { code: 4001 })
      return '0xsigned'
    }
    await portico.ready
    render(
      <PorticoContextProvider portico={portico}>
        <ModalRoot />
      </PorticoContextProvider>,
    )
    await act(async () => {
      await portico.connection.connect('io.test.wallet')
    })
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy())
    const sign = await screen.findByRole('button', { name: 'Sign in' })
    await waitFor(() => expect(document.activeElement).toBe(sign))
    expect(screen.getByTestId('portico-siwx-heading').textContent).toBe('Sign in to Portico Demo')
    await act(async () => {
      fireEvent.click(sign)
    })
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('User rejected the request'))
    expect(signed[0]?.split('\n')[0]).toBe('app.example.com wants you to sign in with your Ethereum account:')
    refuse = false
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    })
    await waitFor(() => expect(portico.modal.$modal.get().open).toBe(false))
    expect(siwx.sessions).toHaveLength(1)
    expect(siwx.sessions[0]).toMatchObject({ signature: '0xsigned', data: { accountAddress: ADDRESS, chainId: 'eip155:1' } })
    expect(portico.peek('siwx')?.$siwx.get().status).toBe('signed-in')
  })

  it("an email account's pill shows its email, as the rest of the modal does, not the 0x address (issue 25 §1)", async () => {
    const { portico, adapter } = testPortico({ siwx: backend() })
    const connect = adapter.connect.bind(adapter)
    adapter.connect = async (params) => ({ ...(await connect(params)), authName: 'ada@example.com' })
    await portico.ready
    render(
      <PorticoContextProvider portico={portico}>
        <ModalRoot />
      </PorticoContextProvider>,
    )
    await act(async () => {
      await portico.connection.connect('io.test.wallet')
    })
    await waitFor(() => expect(screen.getByTestId('portico-siwx-account').textContent).toBe('ada@example.com'))
  })

  it('Cancel closes the modal; the state says why, and the wallet stays connected', async () => {
    const { portico } = testPortico({ siwx: backend() })
    await portico.ready
    render(
      <PorticoContextProvider portico={portico}>
        <ModalRoot />
      </PorticoContextProvider>,
    )
    await act(async () => {
      await portico.connection.connect('io.test.wallet')
    })
    const cancel = await screen.findByRole('button', { name: 'Cancel' })
    await act(async () => {
      fireEvent.click(cancel)
    })
    expect(portico.modal.$modal.get().open).toBe(false)
    expect(portico.peek('siwx')?.$siwx.get()).toMatchObject({ status: 'error', error: 'Modal closed' })
    expect(portico.chain.isConnected()).toBe(true)
  })
})
