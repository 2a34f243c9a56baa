import '../../testing'
import type { CaipNetwork } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { ADDRESS, mainnet, manualTimers, testAdapter, testPortico } from '../../testing'
import { PayWithExchangeView, type PayWithExchangeViewProps } from './PayWithExchangeView'

const ETH = { symbol: 'ETH', networkName: 'Ethereum', networkId: 'eip155:1' }
const EXCHANGES = [
  { id: 'dev-exchange', name: 'Dev Exchange', imageUrl: 'http://127.0.0.1:9/dev.svg' },
  { id: 'other-exchange', name: 'Other Exchange' },
]
const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'
const renderView = (props: Partial<PayWithExchangeViewProps> = {}) => render(<PayWithExchangeView {...props} />)

describe('PayWithExchangeView', () => {
  it('the form: the USD amount focused first, the asset pill and its network, the token amount, presets, the exchanges', () => {
    const calls = { onAmount: vi.fn(), onAsset: vi.fn(), onExchange: vi.fn() }
    renderView({ ...calls, asset: ETH, amount: '100', tokenAmount: '0.03333333', presets: ['10', '50', '100'], exchanges: EXCHANGES })
    const amount = screen.getByLabelText('Amount in USD') as HTMLInputElement
    expect([amount.value, amount.getAttribute('inputmode'), amount.hasAttribute('data-autofocus')]).toEqual(['100', 'decimal', true])
    expect(screen.getByRole('button', { name: 'ETH on Ethereum. Change asset' })).toBe(screen.getByTestId('portico-exchange-asset'))
    expect(screen.getByTestId('portico-exchange-network').textContent).toBe('on Ethereum')
    expect(screen.getByTestId('portico-exchange-token-amount').textContent).toBe('≈ 0.03333333 ETH')
    const presets = within(screen.getByRole('list', { name: 'Suggested amounts' })).getAllByRole('button')
    expect(presets.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['$10', 'false'],
      ['$50', 'false'],
      ['$100', 'true'],
    ])
    fireEvent.click(presets[1]!)
    fireEvent.change(amount, { target: { value: '25' } })
    fireEvent.click(screen.getByTestId('portico-exchange-asset'))
    const rows = within(screen.getByRole('list', { name: 'Choose an exchange' })).getAllByRole('button')
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Deposit with Dev Exchange', 'Deposit with Other Exchange'])
    fireEvent.click(rows[1]!)
    expect(calls.onAmount.mock.calls).toEqual([['50'], ['25']])
    expect(calls.onAsset).toHaveBeenCalledTimes(1)
    expect(calls.onExchange).toHaveBeenCalledWith('other-exchange')
  })

  it("loading: skeletons for the asset, the token amount and the exchanges; the price's and the listing's failures with their retries", () => {
    const { rerender } = renderView({ loading: true })
    expect(screen.getByTestId('portico-exchange-loading').textContent).toBe('Loading deposit')
    expect(screen.getByTestId('portico-exchange-asset-skeleton')).toBeTruthy()
    expect(screen.getByTestId('portico-exchange-skeletons')).toBeTruthy()
    const onRetryPrice = vi.fn()
    const onRetryExchanges = vi.fn()
    rerender(
      <PayWithExchangeView
        asset={ETH}
        amount="100"
        priceError="Cannot get token price"
        onRetryPrice={onRetryPrice}
        exchangesError="Unable to get exchanges"
        onRetryExchanges={onRetryExchanges}
      />,
    )
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent)
    expect(alerts).toEqual(['Cannot get token price', 'Unable to get exchangesTry again'])
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect([onRetryPrice.mock.calls.length, onRetryExchanges.mock.calls.length]).toEqual([1, 1])
  })

  it('no amount yet: the exchanges are shown but cannot be chosen, and say why', () => {
    renderView({ asset: ETH, exchanges: EXCHANGES, canPay: false })
    const row = screen.getByRole('button', { name: 'Deposit with Dev Exchange' }) as HTMLButtonElement
    expect(row.disabled).toBe(true)
    expect(document.getElementById(row.getAttribute('aria-describedby')!)?.textContent).toBe('Enter an amount, then choose an exchange.')
  })

  it("unavailable: a notice with 'Switch network', focused first", () => {
    const onSwitchNetwork = vi.fn()
    renderView({ unavailable: { network: 'Sepolia' }, onSwitchNetwork })
    expect(screen.getByTestId('portico-exchange-unavailable').textContent).toContain(
      'No asset on Sepolia can be deposited from an exchange',
    )
    const button = screen.getByRole('button', { name: 'Switch network' })
    expect(button.hasAttribute('data-autofocus')).toBe(true)
    fireEvent.click(button)
    expect(onSwitchNetwork).toHaveBeenCalledTimes(1)
  })

  it("waiting: 'Complete the payment in the exchange's window', the status announced, Cancel", () => {
    const onCancel = vi.fn()
    renderView({ phase: 'waiting', exchange: EXCHANGES[0], status: 'IN_PROGRESS', onCancel })
    expect(screen.getByRole('heading', { name: "Complete the payment in the exchange's window" })).toBeTruthy()
    expect(screen.getByTestId('portico-exchange-status').textContent).toBe('In progress')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('success: the amount, the hash (Copy), the explorer link in a new tab, Done', () => {
    const onCopy = vi.fn()
    renderView({
      phase: 'success',
      asset: ETH,
      tokenAmount: '0.03333333',
      usd: '$100.00',
      exchange: EXCHANGES[0],
      hash: HASH,
      shortHash: '0x5c504ed4…a1b22060',
      explorerUrl: `https://etherscan.io/tx/${HASH}`,
      onCopy,
    })
    expect(screen.getByRole('heading', { name: '0.03333333 ETH deposited' })).toBeTruthy()
    expect(screen.getByText('$100.00 from Dev Exchange')).toBeTruthy()
    expect(screen.getByTestId('portico-exchange-hash').getAttribute('title')).toBe(HASH)
    const link = screen.getByRole('link', { name: 'View on block explorer' })
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual([`https://etherscan.io/tx/${HASH}`, '_blank'])
    fireEvent.click(screen.getByRole('button', { name: 'Copy transaction hash' }))
    expect(onCopy).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Done' }).hasAttribute('data-autofocus')).toBe(true)
  })
})

// ——— In the modal: the real flow, a fake Portico API and exchange JSON-RPC, window.open stubbed, timers by hand ———

const ETH_PRICE_ID = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const PAY_URL = 'http://127.0.0.1:9/exchange/pay?session=s1'
const ethereum: CaipNetwork = { ...mainnet, blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } } }

type Api = {
  /** The buy status answers, in order (the last one repeats). */
  statuses: { status: string; txHash?: string | null }[]
  listing: 'ok' | 'error'
  log: { method: string; params: Record<string, unknown> }[]
}

function exchangeFetch(api: Api): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    const rpc = (result: unknown) => json({ jsonrpc: '2.0', id: 1, result })
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}
    const path = url.pathname.replace('/portico-test', '')
    if (path === '/v1/json-rpc') {
      const method = body.method as string
      api.log.push({ method, params: body.params as Record<string, unknown> })
      if (method === 'portico_getExchanges')
        return api.listing === 'ok'
          ? rpc({ exchanges: [...EXCHANGES, { id: 'third', name: 'Third' }] })
          : json({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'down' } })
      if (method === 'portico_getExchangePayUrl') return rpc({ url: PAY_URL, sessionId: 's1' })
      if (method === 'portico_getExchangeBuyStatus') return rpc(api.statuses.length > 1 ? api.statuses.shift() : api.statuses[0])
    }
    if (path === '/v1/fungible/price') {
      const addresses = (body.addresses as string[]) ?? []
      return json({
        fungibles: addresses.filter((a) => a.toLowerCase() === ETH_PRICE_ID).map((a) => ({ symbol: 'ETH', price: 3000, address: a })),
      })
    }
    if (/^\/v1\/identity\//.test(path)) return json({ name: null, avatar: null })
    if (/\/balance$/.test(path)) return json({ balances: [] })
    if (/\/history$/.test(path)) return json({ data: [], next: null })
    return json({ message: 'not found' }, 404)
  }
}

let popups: { args: unknown[]; location: { href: string }; opener: unknown; closed: boolean; close(): void }[]
let refusePopup: boolean
beforeEach(() => {
  popups = []
  refusePopup = false
  vi.stubGlobal('open', (...args: unknown[]) => {
    if (refusePopup) return null
    const popup = {
      args,
      location: { href: '' },
      opener: {} as unknown,
      closed: false,
      close: () => {
        popup.closed = true
      },
    }
    popups.push(popup)
    return popup
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

async function openModal(opts: Partial<Pick<Api, 'statuses' | 'listing'>> = {}) {
  const api: Api = { statuses: opts.statuses ?? [{ status: 'IN_PROGRESS' }], listing: opts.listing ?? 'ok', log: [] }
  const timers = manualTimers(1_700_000_000_000)
  const { portico } = testPortico({ adapters: [testAdapter()], networks: [ethereum], fetch: exchangeFetch(api), timers })
  await portico.ready
  await portico.connection.connect('io.test.wallet')
  render(
    <PorticoContextProvider portico={portico}>
      <ModalRoot />
    </PorticoContextProvider>,
  )
  await act(async () => {
    await portico.modal.open({ view: 'PayWithExchange' })
  })
  await waitFor(() => expect(screen.getAllByRole('button', { name: /^Deposit with / })).toHaveLength(2))
  /** Advance the hand-driven clock by `ms`, then let the requests it started answer. */
  const advance = async (ms: number) => {
    await act(async () => {
      timers.advance(ms)
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0))
    })
  }
  return { portico, api, advance }
}

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el)
  })
}
const typeAmount = async (text: string) => {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Amount in USD'), { target: { value: text } })
  })
}

describe('PayWithExchange in the modal', () => {
  it('ETH on Ethereum: $100 → 0.03333333 ETH; the first 2 exchanges; one chosen opens its window, polls to SUCCESS with the hash and the explorer link', async () => {
    const ctx = await openModal({ statuses: [{ status: 'IN_PROGRESS' }, { status: 'SUCCESS', txHash: HASH }] })
    expect(screen.getByRole('heading', { name: 'Deposit from exchange' })).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Amount in USD')))
    expect(screen.getByRole('button', { name: 'ETH on Ethereum. Change asset' })).toBe(screen.getByTestId('portico-exchange-asset'))
    // No amount yet: the exchanges wait for one.
    expect((screen.getByRole('button', { name: 'Deposit with Dev Exchange' }) as HTMLButtonElement).disabled).toBe(true)
    await typeAmount('100')
    expect(screen.getByTestId('portico-exchange-token-amount').textContent).toBe('≈ 0.03333333 ETH')
    await click(screen.getByRole('button', { name: '$50' }))
    expect(screen.getByTestId('portico-exchange-token-amount').textContent).toBe('≈ 0.01666667 ETH')
    await typeAmount('100')
    // Choosing an exchange opens the 480×720 window in the click, then the exchange's page in it.
    await click(screen.getByRole('button', { name: 'Deposit with Dev Exchange' }))
    expect(popups).toHaveLength(1)
    expect(popups[0]!.args).toEqual(['', 'portico-exchange', 'scrollbars=yes,width=480,height=720'])
    await waitFor(() => expect(popups[0]!.location.href).toBe(PAY_URL))
    expect(ctx.api.log.find((c) => c.method === 'portico_getExchangePayUrl')!.params).toMatchObject({
      exchangeId: 'dev-exchange',
      asset: 'eip155:1/slip44:60',
      amount: '0.03333333',
      recipient: `eip155:1:${ADDRESS}`,
    })
    expect(screen.getByRole('heading', { name: "Complete the payment in the exchange's window" })).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('portico-exchange-status').textContent).toBe('In progress'))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })))
    await ctx.advance(5_000)
    expect(screen.getByTestId('portico-exchange-status').textContent).toBe('In progress')
    await ctx.advance(5_000)
    await waitFor(() => expect(screen.getByRole('heading', { name: '0.03333333 ETH deposited' })).toBeTruthy())
    expect(screen.getByText('$100.00 from Dev Exchange')).toBeTruthy()
    expect(screen.getByTestId('portico-exchange-hash').getAttribute('title')).toBe(HASH)
    expect(screen.getByRole('link', { name: 'View on block explorer' }).getAttribute('href')).toBe(`https://etherscan.io/tx/${HASH}`)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }))
    await click(screen.getByRole('button', { name: 'Done' }))
    expect(ctx.portico.router.$route.get().view).toBe('Account')
  })

  it("FAILED: 'Deposit failed' with the exchange's name; Try again opens the same exchange's window again", async () => {
    const ctx = await openModal({ statuses: [{ status: 'FAILED', txHash: null }] })
    await typeAmount('100')
    await click(screen.getByRole('button', { name: 'Deposit with Other Exchange' }))
    await waitFor(() => expect(popups[0]?.location.href).toBe(PAY_URL))
    await ctx.advance(5_000)
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Deposit failed' })).toBeTruthy())
    expect(screen.getByRole('alert').textContent).toBe('Other Exchange did not complete the payment.')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }))
    ctx.api.statuses = [{ status: 'IN_PROGRESS' }]
    await click(screen.getByRole('button', { name: 'Try again' }))
    expect(popups).toHaveLength(2)
    expect(ctx.api.log.filter((c) => c.method === 'portico_getExchangePayUrl').map((c) => c.params.exchangeId)).toEqual([
      'other-exchange',
      'other-exchange',
    ])
    await waitFor(() => expect(screen.getByTestId('portico-exchange-status').textContent).toBe('In progress'))
    // Cancel: the polling stops, back to the form with the amount kept.
    await click(screen.getByRole('button', { name: 'Cancel' }))
    expect((screen.getByLabelText('Amount in USD') as HTMLInputElement).value).toBe('100')
    const polls = ctx.api.log.filter((c) => c.method === 'portico_getExchangeBuyStatus').length
    await ctx.advance(30_000)
    expect(ctx.api.log.filter((c) => c.method === 'portico_getExchangeBuyStatus').length).toBe(polls)
  })

  it("a blocked popup: 'Could not create popup window' with the hint; nothing asked of the exchange; 'Choose another exchange' goes back", async () => {
    const ctx = await openModal()
    await typeAmount('100')
    refusePopup = true
    await click(screen.getByRole('button', { name: 'Deposit with Dev Exchange' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Deposit failed' })).toBeTruthy())
    expect(screen.getByRole('alert').textContent).toBe('Could not create popup windowAllow pop-ups for this site, then try again.')
    expect(ctx.api.log.some((c) => c.method === 'portico_getExchangePayUrl')).toBe(false)
    refusePopup = false
    await click(screen.getByRole('button', { name: 'Try again' }))
    expect(popups).toHaveLength(1)
    await waitFor(() => expect(screen.getByTestId('portico-exchange-status').textContent).toBe('In progress'))
    await click(screen.getByRole('button', { name: 'Cancel' }))
    refusePopup = true
    await click(screen.getByRole('button', { name: 'Deposit with Dev Exchange' }))
    await click(screen.getByRole('button', { name: 'Choose another exchange' }))
    expect(screen.getByRole('button', { name: 'Deposit with Other Exchange' })).toBeTruthy()
  })

  it("the listing failing: 'Unable to get exchanges' where the exchanges go; Try again lists them", async () => {
    const api: Api = { statuses: [{ status: 'IN_PROGRESS' }], listing: 'error', log: [] }
    const { portico } = testPortico({ adapters: [testAdapter()], networks: [ethereum], fetch: exchangeFetch(api), timers: manualTimers(0) })
    await portico.ready
    await portico.connection.connect('io.test.wallet')
    render(
      <PorticoContextProvider portico={portico}>
        <ModalRoot />
      </PorticoContextProvider>,
    )
    await act(async () => {
      await portico.modal.open({ view: 'PayWithExchange', data: { amount: '25', paymentAsset: 'ETH' } })
    })
    await waitFor(() => expect(screen.getByTestId('portico-exchange-list-error').textContent).toBe('Unable to get exchangesTry again'))
    expect((screen.getByLabelText('Amount in USD') as HTMLInputElement).value).toBe('25')
    api.listing = 'ok'
    await click(within(screen.getByTestId('portico-exchange-list-error')).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Deposit with / })).toHaveLength(2))
  })

  it('the asset picker: the network’s supported assets; a choice asks its price and goes back', async () => {
    const ctx = await openModal()
    await typeAmount('100')
    await click(screen.getByTestId('portico-exchange-asset'))
    expect(screen.getByRole('heading', { name: 'Select asset' })).toBeTruthy()
    const rows = within(screen.getByRole('list', { name: 'Assets' })).getAllByRole('button')
    expect(rows.map((r) => r.getAttribute('data-asset'))).toEqual(['ETH', 'USDC', 'USDT'])
    expect(rows[0]!.getAttribute('aria-current')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(rows[0]))
    await click(rows[1]!)
    expect(screen.getByRole('heading', { name: 'Deposit from exchange' })).toBeTruthy()
    // USDC has no price in this API: the failure shows with Retry.
    await waitFor(() => expect(screen.getByTestId('portico-exchange-token-amount').textContent).toBe('Cannot get token priceRetry'))
    expect(screen.getByRole('button', { name: 'USDC on Ethereum. Change asset' })).toBe(screen.getByTestId('portico-exchange-asset'))
    expect(ctx.api.log.at(-1)!.params).toMatchObject({ asset: 'eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', amount: '100' })
  })
})
