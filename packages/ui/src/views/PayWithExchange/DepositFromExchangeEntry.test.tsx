import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { testPortico } from '../../testing'
import { DepositFromExchangeEntry } from './DepositFromExchangeEntry'

describe('DepositFromExchangeEntry', () => {
  it("available (the flag on, EVM connected): the row opens PayWithExchange with the preset; the flow's code is not loaded for it", async () => {
    const { portico } = testPortico()
    await portico.ready
    await portico.connection.connect('io.test.wallet')
    render(
      <PorticoContextProvider portico={portico}>
        <DepositFromExchangeEntry preset={{ paymentAsset: 'USDC', amount: '50' }} />
      </PorticoContextProvider>,
    )
    const row = screen.getByRole('button', { name: /Deposit from an exchange/ })
    expect(row.textContent).toBe('Deposit from an exchangeSend crypto from your exchange account')
    expect(portico.peek('exchange')).toBeUndefined()
    await act(async () => {
      fireEvent.click(row)
    })
    expect(portico.router.$route.get()).toMatchObject({ view: 'PayWithExchange', data: { paymentAsset: 'USDC', amount: '50' } })
  })

  it('not available (every flag off): nothing', async () => {
    const { portico } = testPortico({ features: { payWithExchange: false, payments: false } })
    await portico.ready
    await portico.connection.connect('io.test.wallet')
    const { container } = render(
      <PorticoContextProvider portico={portico}>
        <DepositFromExchangeEntry />
      </PorticoContextProvider>,
    )
    expect(container.innerHTML).toBe('')
  })
})
