import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { testPortico } from '../../testing'
import { ConnectingExternal } from './ConnectingExternal'
import { ConnectingExternalView } from './ConnectingExternalView'

describe('ConnectingExternal', () => {
  it('waiting: wallet icon, "Continue in <wallet>" and a spinner', () => {
    render(<ConnectingExternalView name="Rabbit Wallet" imageUrl="data:image/svg+xml,r" />)
    expect(screen.getByText('Continue in Rabbit Wallet')).toBeTruthy()
    expect(screen.getByRole('status', { name: 'Waiting for the wallet' })).toBeTruthy()
    expect(document.querySelector('img')?.getAttribute('src')).toBe('data:image/svg+xml,r')
    expect(screen.queryByRole('alert')).toBeNull()
  })

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
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Connection rejected'))
    expect(connects).toBe(1)
    adapter.reject = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(portico.router.$route.get().view).toBe('Account'))
    expect(connects).toBe(2)
    expect(portico.chain.$account.get().status).toBe('connected')
  })
})
