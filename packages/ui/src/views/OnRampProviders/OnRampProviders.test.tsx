import '../../testing'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { ADDRESS, mainnet, testAdapter, testPortico } from '../../testing'
import { OnRampFiatSelectView } from '../OnRampFiatSelect/OnRampFiatSelectView'
import { OnRampTokenSelectView } from '../OnRampTokenSelect/OnRampTokenSelectView'
import { OnRampProvidersView, type OnRampProvidersViewProps } from './OnRampProvidersView'

const FEE_RANGE = 'Fee 1–2%'
const renderView = (props: Partial<OnRampProvidersViewProps> = {}) => render(<OnRampProvidersView feeRange={FEE_RANGE} {...props} />)
const USD = { code: 'USD', symbol: '$' }
const USDC = { symbol: 'USDC', name: 'USD Coin', network: 'Ethereum' }
const PRESETS = ['50', '100', '250', '500'].map((amount) => ({ amount, label: `$${amount}` }))
const PROVIDERS = [
  { id: 'coinbase', name: 'Coinbase', amount: '99', fee: '$1.00', best: true },
  { id: 'meld', name: 'Meld', amount: '98', fee: '$2.00' },
]

describe('OnRampProvidersView', () => {
  it('empty: the amount focused first, the presets, the currency and token buttons; the providers wait for an amount', () => {
    const calls = { onAmount: vi.fn(), onPreset: vi.fn(), onCurrency: vi.fn(), onToken: vi.fn(), onProvider: vi.fn() }
    renderView({ ...calls, currency: USD, presets: PRESETS, token: USDC, providers: PROVIDERS.map(({ id, name }) => ({ id, name })) })
    const amount = screen.getByLabelText('Amount to pay') as HTMLInputElement
    expect([amount.value, amount.getAttribute('inputmode'), amount.hasAttribute('data-autofocus')]).toEqual(['', 'decimal', true])
    expect(
      within(screen.getByRole('list', { name: 'Preset amounts' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['$50', '$100', '$250', '$500'])
    expect(screen.getByTestId('portico-onramp-currency').getAttribute('aria-label')).toBe('Currency: USD. Change currency')
    expect(screen.getByTestId('portico-onramp-token').textContent).toBe('UUSDCUSD Coin on Ethereum')
    expect(screen.getByTestId('portico-onramp-hint').textContent).toBe('Enter an amount to compare the providers.')
    const rows = screen.getAllByTestId('portico-onramp-provider') as HTMLButtonElement[]
    expect(rows.map((r) => [r.textContent, r.disabled])).toEqual([
      ['CCoinbaseFee 1–2%', true],
      ['MMeldFee 1–2%', true],
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Pay $100' }))
    fireEvent.change(amount, { target: { value: '42' } })
    fireEvent.click(screen.getByTestId('portico-onramp-currency'))
    fireEvent.click(screen.getByTestId('portico-onramp-token'))
    expect(calls.onPreset).toHaveBeenCalledWith('100')
    expect(calls.onAmount).toHaveBeenCalledWith('42')
    expect([calls.onCurrency, calls.onToken, calls.onProvider].map((f) => f.mock.calls.length)).toEqual([1, 1, 0])
  })

  it('quoted: each provider with what it gives and its fee, the best marked; the pressed preset; a provider chosen', () => {
    const onProvider = vi.fn()
    renderView({ amount: '100', currency: USD, presets: PRESETS, token: USDC, providers: PROVIDERS, canBuy: true, onProvider })
    expect(screen.getByRole('button', { name: 'Pay $100' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: 'Pay $50' }).getAttribute('aria-pressed')).toBe('false')
    const rows = screen.getAllByTestId('portico-onramp-provider')
    expect(rows.map((r) => r.textContent)).toEqual(['CCoinbaseBestYou get 99 USDCFee $1.00', 'MMeldYou get 98 USDCFee $2.00'])
    // The rows' names are their visible text (no label that says otherwise).
    expect(rows[1]!.hasAttribute('aria-label')).toBe(false)
    expect(screen.queryByTestId('portico-onramp-hint')).toBeNull()
    fireEvent.click(rows[1]!)
    expect(onProvider).toHaveBeenCalledWith('meld')
  })

  it('quoting: skeletons in the rows and a status; a failed quote says why, with a retry', () => {
    const { rerender } = renderView({ amount: '100', currency: USD, token: USDC, providers: PROVIDERS, canBuy: true, quoting: true })
    expect(screen.getAllByTestId('portico-onramp-quote-skeleton')).toHaveLength(2)
    expect(screen.getByRole('status').textContent).toBe('Getting a quote')
    const onRetryQuotes = vi.fn()
    rerender(
      <OnRampProvidersView
        feeRange={FEE_RANGE}
        amount="100"
        currency={USD}
        token={USDC}
        canBuy
        providers={[PROVIDERS[0]!, { id: 'meld', name: 'Meld', error: 'HTTP status code: 500' }]}
        onRetryQuotes={onRetryQuotes}
      />,
    )
    expect(screen.getByTestId('portico-onramp-quote-error').textContent).toBe('No quote: HTTP status code: 500')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetryQuotes).toHaveBeenCalledTimes(1)
  })

  it('an amount outside the limits: the worded error tied to the field, the field marked invalid', () => {
    renderView({ amount: '5', currency: USD, token: USDC, providers: PROVIDERS, amountError: 'The minimum is 10.00 USD' })
    const amount = screen.getByLabelText('Amount to pay')
    expect(screen.getByRole('alert').textContent).toBe('The minimum is 10.00 USD')
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)?.textContent).toBe('The minimum is 10.00 USD')
  })

  it('loading: a status and skeletons for the currency, the token and the providers', () => {
    renderView({ loading: true })
    expect(screen.getByRole('status').textContent).toBe('Loading the providers')
    expect(screen.getByTestId('portico-onramp-currency-skeleton')).toBeTruthy()
    expect(screen.getByTestId('portico-onramp-token-skeleton')).toBeTruthy()
    expect(screen.getAllByTestId('portico-onramp-provider-skeleton')).toHaveLength(2)
    expect(screen.queryByTestId('portico-onramp-provider')).toBeNull()
  })

  it('waiting: opening the provider, then the purchase in its window, with Open again and Back to wallet', () => {
    const calls = { onOpenAgain: vi.fn(), onDone: vi.fn() }
    const { rerender } = renderView({
      ...calls,
      amount: '100',
      currency: USD,
      token: USDC,
      providers: PROVIDERS,
      canBuy: true,
      waiting: { provider: 'Meld', opening: true },
    })
    expect(screen.getByTestId('portico-onramp-waiting').textContent).toContain('Opening Meld…')
    expect(screen.queryByTestId('portico-onramp-providers')).toBeNull()
    rerender(
      <OnRampProvidersView
        feeRange={FEE_RANGE}
        {...calls}
        amount="100"
        currency={USD}
        token={USDC}
        providers={PROVIDERS}
        canBuy
        waiting={{ provider: 'Meld', opening: false }}
      />,
    )
    expect(screen.getByTestId('portico-onramp-waiting').textContent).toBe(
      "Complete your purchase in the provider's windowFinish paying in the Meld window. Your balance updates when you come back here.Open Meld againBack to wallet",
    )
    fireEvent.click(screen.getByRole('button', { name: 'Open Meld again' }))
    fireEvent.click(screen.getByRole('button', { name: 'Back to wallet' }))
    expect([calls.onOpenAgain, calls.onDone].map((f) => f.mock.calls.length)).toEqual([1, 1])
  })

  it('the failures and notices: options with a retry, unsupported, no token on the network, a page error; the exchange slot', () => {
    const onRetryOptions = vi.fn()
    const { rerender } = renderView({ optionsError: 'HTTP status code: 503', onRetryOptions })
    expect(screen.getByRole('alert').textContent).toContain('Providers unavailableHTTP status code: 503')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetryOptions).toHaveBeenCalledTimes(1)
    rerender(<OnRampProvidersView feeRange={FEE_RANGE} unsupported />)
    expect(screen.getByTestId('portico-onramp-unsupported').textContent).toContain('Buying crypto is not available here')
    const onSwitchNetwork = vi.fn()
    rerender(<OnRampProvidersView feeRange={FEE_RANGE} noCurrencyOn="Sepolia" onSwitchNetwork={onSwitchNetwork} />)
    expect(screen.getByTestId('portico-onramp-unsupported').textContent).toBe('No token can be bought on SepoliaSwitch network')
    fireEvent.click(screen.getByRole('button', { name: 'Switch network' }))
    expect(onSwitchNetwork).toHaveBeenCalledTimes(1)
    rerender(
      <OnRampProvidersView
        feeRange={FEE_RANGE}
        amount="100"
        currency={USD}
        token={USDC}
        providers={PROVIDERS}
        canBuy
        error="Could not create popup window"
        exchangeEntry={<button type="button">Deposit from an exchange</button>}
      />,
    )
    expect(screen.getByTestId('portico-onramp-error').textContent).toBe('Could not create popup window')
    expect(screen.getByRole('button', { name: 'Deposit from an exchange' })).toBeTruthy()
  })
})

describe('OnRampProvidersView: the purchase arrived (issue 25 §1)', () => {
  const HASH = `0x${'ab'.repeat(32)}`
  it('says what arrived, with its transaction (Copy, explorer) and Back to wallet, in place of the returned note', () => {
    const onCopy = vi.fn()
    const onDone = vi.fn()
    renderView({
      token: USDC,
      providers: PROVIDERS,
      returnedFrom: 'SandPay',
      onDone,
      purchased: { amount: '99.000 USDC', hash: HASH, shortHash: '0xabababab…abababab', explorerUrl: `https://x.test/tx/${HASH}`, onCopy },
    })
    expect(screen.queryByTestId('portico-onramp-returned')).toBeNull()
    const panel = screen.getByTestId('portico-onramp-purchased')
    expect(panel.getAttribute('role')).toBe('status')
    expect(within(panel).getByText('Purchase complete')).toBeTruthy()
    expect(screen.getByTestId('portico-onramp-purchased-amount').textContent).toBe('99.000 USDC arrived in your wallet')
    expect(screen.getByTestId('portico-onramp-purchased-hash').getAttribute('title')).toBe(HASH)
    expect(screen.getByRole('link', { name: 'View on block explorer' }).getAttribute('href')).toBe(`https://x.test/tx/${HASH}`)
    fireEvent.click(screen.getByRole('button', { name: 'Copy transaction hash' }))
    expect(onCopy).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByTestId('portico-onramp-purchased-done'))
    expect(onDone).toHaveBeenCalledTimes(1)
  })

  it('before the history lists it: the amount alone', () => {
    renderView({ token: USDC, providers: PROVIDERS, purchased: { amount: '0.198 SOL' } })
    expect(screen.getByTestId('portico-onramp-purchased-amount').textContent).toBe('0.198 SOL arrived in your wallet')
    expect(screen.queryByTestId('portico-onramp-purchased-hash')).toBeNull()
  })
})

describe('OnRampTokenSelectView and OnRampFiatSelectView', () => {
  it('the purchase currencies: icon, name, symbol and network, the current one marked; a choice calls back', () => {
    const onSelect = vi.fn()
    render(
      <OnRampTokenSelectView
        tokens={[
          { id: 'ETH', name: 'Ether', symbol: 'ETH', network: 'Ethereum' },
          { id: 'USDC', name: 'USD Coin', symbol: 'USDC', iconUrl: 'https://icons.test/usdc.png', network: 'Ethereum' },
        ]}
        currentId="USDC"
        onSelect={onSelect}
      />,
    )
    const rows = within(screen.getByRole('list', { name: 'Tokens you can buy' })).getAllByRole('button')
    expect(rows.map((r) => [r.textContent, r.getAttribute('aria-current')])).toEqual([
      ['EEtherETH · Ethereum', null],
      ['USD CoinUSDC · Ethereum', 'true'],
    ])
    expect(rows[1]!.querySelector('img')?.getAttribute('src')).toBe('https://icons.test/usdc.png')
    fireEvent.click(rows[0]!)
    expect(onSelect).toHaveBeenCalledWith('ETH')
  })

  it('no purchase currency: the empty state', () => {
    render(<OnRampTokenSelectView tokens={[]} />)
    expect(screen.getByTestId('portico-onramp-tokens-empty').textContent).toBe('No token can be bought on this network.')
  })

  it('the payment currencies: symbol, name, code and limits; the current one marked and focused first', () => {
    const onSelect = vi.fn()
    render(
      <OnRampFiatSelectView
        currencies={[
          { id: 'EUR', name: 'Euro', symbol: '€', limits: '20.00–5,000.00 EUR' },
          { id: 'USD', name: 'US Dollar', symbol: '$', limits: '10.00–7,500.00 USD' },
          { id: 'GBP', name: 'British Pound', symbol: '£' },
        ]}
        currentId="USD"
        onSelect={onSelect}
      />,
    )
    const rows = within(screen.getByRole('list', { name: 'Currencies you can pay with' })).getAllByRole('button')
    expect(rows.map((r) => [r.textContent, r.getAttribute('aria-current'), r.hasAttribute('data-autofocus')])).toEqual([
      ['€EuroEUR · 20.00–5,000.00 EUR', null, false],
      ['$US DollarUSD · 10.00–7,500.00 USD', 'true', true],
      ['£British PoundGBP · Any amount', null, false],
    ])
    fireEvent.click(rows[0]!)
    expect(onSelect).toHaveBeenCalledWith('EUR')
  })
})

// ——— In the modal: Account → Buy → amount → quotes → a provider's window; the pickers; Send's 'Fund wallet' ———

const USDC_CONTRACT = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const net = (name: string, display: string, chainId: string) => ({ name, display_name: display, chain_id: chainId, contract_address: '' })
const OPTIONS = {
  providers: ['coinbase', 'meld'],
  purchaseCurrencies: [
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [net('ethereum', 'Ethereum', '1')] },
    { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [net('ethereum', 'Ethereum', '1'), net('solana', 'Solana', 'solana')] },
  ],
  // USD without limits: SPEC §9's fallbacks (card 10–7500); EUR with the provider's own.
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: [] },
    { id: 'EUR', payment_method_limits: [{ id: 'card', min: '20.00', max: '5000.00' }] },
  ],
}
/** The providers keep 1% and 2% (USDC at 1 USD; ETH at 2000 USD). */
const FEES: Record<string, number> = { coinbase: 0.01, meld: 0.02 }

type Api = { options: 'ok' | 'fail'; quote: (provider: string) => 'ok' | 'fail'; log: { path: string; body?: Record<string, unknown> }[] }

function onrampFetch(api: Api): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined
    const path = url.pathname.replace('/portico-test', '')
    if (path.startsWith('/v1/onramp') || path.startsWith('/v1/generators')) api.log.push({ path, ...(body ? { body } : {}) })
    if (/^\/v1\/identity\//.test(path)) return json({ name: null, avatar: null })
    if (/\/history$/.test(path)) return json({ data: [], next: null })
    if (/\/v1\/account\/[^/]+\/balance$/.test(path)) {
      const chainId = url.searchParams.get('chainId') ?? 'eip155:1'
      return json({
        balances: [
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId,
            value: 2000,
            price: 2000,
            iconUrl: 'https://icons.test/eth.png',
            quantity: { decimals: '18', numeric: '1' },
          },
          {
            name: 'USD Coin',
            symbol: 'USDC',
            chainId,
            address: `${chainId}:${USDC_CONTRACT}`,
            value: 5,
            price: 1,
            iconUrl: 'https://icons.test/usdc.png',
            quantity: { decimals: '6', numeric: '5' },
          },
        ],
      })
    }
    if (path === '/v1/onramp/options') return api.options === 'ok' ? json(OPTIONS) : json({ message: 'down' }, 503)
    if (path === '/v1/onramp/quote') {
      const provider = String(body?.provider)
      if (api.quote(provider) === 'fail') return json({ message: 'no quote' }, 500)
      const amount = Number(body?.amount)
      const fee = amount * (FEES[provider] ?? 0)
      const price = body?.purchaseCurrency === 'ETH' ? 2000 : 1
      return json({
        purchaseAmount: { amount: String((amount - fee) / price), currency: body?.purchaseCurrency },
        providerFee: { amount: fee.toFixed(2), currency: body?.paymentCurrency },
      })
    }
    if (path === '/v1/generators/onrampurl') return json({ url: `http://127.0.0.1:4100/checkout?provider=${String(body?.provider)}` })
    if (url.port === '8545') {
      const { method } = JSON.parse(String(init?.body)) as { method: string }
      return json({ jsonrpc: '2.0', id: 1, result: method === 'eth_estimateGas' ? '0xfde8' : '0x3b9aca00' })
    }
    return json({ message: 'not found' }, 404)
  }
}

type FakeWindow = { closed: boolean; location: { href: string }; opener: unknown; close(): void }

async function openModal(opts: { api?: Partial<Api>; features?: { onramp?: boolean } } = {}) {
  const api: Api = { options: 'ok', quote: () => 'ok', log: [], ...opts.api }
  const windows: FakeWindow[] = []
  const open = vi.spyOn(window, 'open').mockImplementation(() => {
    const w: FakeWindow = {
      closed: false,
      location: { href: 'about:blank' },
      opener: window,
      close() {
        w.closed = true
      },
    }
    windows.push(w)
    return w as unknown as Window
  })
  const adapter = Object.assign(testAdapter(), {
    capabilities: ['nativeTransfer', 'tokenTransfer'] as const,
    transfer: async () => '0xhash',
  })
  const { portico } = testPortico({
    adapters: [adapter],
    networks: [mainnet],
    fetch: onrampFetch(api),
    termsConditionsUrl: 'https://example.com/terms',
    privacyPolicyUrl: 'https://example.com/privacy',
    ...(opts.features ? { features: opts.features } : {}),
  })
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
  return { portico, api, open, windows }
}

afterEach(() => {
  vi.restoreAllMocks()
})

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el)
  })
}
const type = async (text: string) => {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Amount to pay'), { target: { value: text } })
  })
}
const rows = () => screen.getAllByTestId('portico-onramp-provider') as HTMLButtonElement[]
const quoted = () => rows().map((r) => r.textContent)

/** Account → Buy → the form with the options in. */
async function openBuy() {
  const row = screen.getByRole('list', { name: 'Wallet actions' })
  expect(
    within(row)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
  await click(screen.getByTestId('portico-account-feature-onramp'))
  expect(screen.getByRole('heading', { name: 'Buy crypto' })).toBeTruthy()
  await waitFor(() => expect(screen.getByTestId('portico-onramp-token').textContent).toBe('USDCUSD Coin on Ethereum'))
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Amount to pay')))
}

describe('On-ramp in the modal', () => {
  it('Account → Buy: presets, quotes per provider, the limits, a provider opened in the click, the waiting state until its window closes', async () => {
    const ctx = await openModal()
    await openBuy()
    // the real token icon, from the account's balances
    expect(screen.getByTestId('portico-onramp-token').querySelector('img')?.getAttribute('src')).toBe('https://icons.test/usdc.png')
    expect(screen.getByTestId('portico-legal-footer').textContent).toContain('By connecting your wallet, you agree to our')
    expect(
      within(screen.getByRole('list', { name: 'Preset amounts' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['$50', '$100', '$250', '$500'])
    expect(quoted()).toEqual(['CCoinbaseFee 1–2%', 'MMeldFee 1–2%'])
    expect(rows().every((r) => r.disabled)).toBe(true)
    // a preset: quoted per provider after the pause
    await click(screen.getByRole('button', { name: 'Pay $100' }))
    expect((screen.getByLabelText('Amount to pay') as HTMLInputElement).value).toBe('100')
    await waitFor(() => expect(quoted()).toEqual(['CCoinbaseBestYou get 99 USDCFee $1.00', 'MMeldYou get 98 USDCFee $2.00']))
    expect(ctx.api.log.filter((r) => r.path === '/v1/onramp/quote').map((r) => r.body)).toEqual([
      { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'ethereum', provider: 'coinbase' },
      { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'ethereum', provider: 'meld' },
    ])
    // the limits (SPEC §9 card 10–7500 USD)
    await type('5')
    expect(screen.getByTestId('portico-onramp-amount-error').textContent).toBe('The minimum is 10.00 USD')
    expect(rows().every((r) => r.disabled)).toBe(true)
    await type('8000')
    expect(screen.getByTestId('portico-onramp-amount-error').textContent).toBe('The maximum is 7,500.00 USD')
    await type('250')
    expect(screen.queryByTestId('portico-onramp-amount-error')).toBeNull()
    await waitFor(() => expect(quoted()).toEqual(['CCoinbaseBestYou get 247.5 USDCFee $2.50', 'MMeldYou get 245 USDCFee $5.00']))
    // Meld: the window opens in the click itself, then its page loads into it
    act(() => {
      fireEvent.click(rows()[1]!)
    })
    expect(ctx.open).toHaveBeenCalledTimes(1)
    expect(ctx.open.mock.calls[0]!.slice(0, 2)).toEqual(['about:blank', 'portico-onramp'])
    await waitFor(() => expect(ctx.windows[0]!.location.href).toBe('http://127.0.0.1:4100/checkout?provider=meld'))
    expect(ctx.windows[0]!.opener).toBeNull()
    expect(ctx.api.log.find((r) => r.path === '/v1/generators/onrampurl')?.body).toEqual({
      provider: 'meld',
      destinationWallets: [{ address: ADDRESS, blockchains: ['ethereum'], assets: ['USDC'] }],
      defaultNetwork: 'ethereum',
      partnerUserId: ADDRESS,
      presetFiatAmount: 250,
      presetCryptoAmount: 245,
    })
    await waitFor(() =>
      expect(screen.getByTestId('portico-onramp-waiting').textContent).toContain("Complete your purchase in the provider's window"),
    )
    expect(screen.getByTestId('portico-onramp-waiting').textContent).toContain('Finish paying in the Meld window.')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open Meld again' })))
    // the user closes the provider's window: the providers come back, with a note; Back to wallet → Account
    ctx.windows[0]!.closed = true
    await waitFor(() => expect(screen.getByTestId('portico-onramp-providers')).toBeTruthy(), { timeout: 2500 })
    expect(screen.getByTestId('portico-onramp-returned').textContent).toBe(
      'Back from Meld. If you paid, your balance updates once the purchase arrives.Back to wallet',
    )
    await click(screen.getByTestId('portico-onramp-returned-done'))
    expect(screen.getByRole('heading', { name: 'Account' })).toBeTruthy()
  })

  it('the token and currency pickers: ETH to buy, EUR to pay with (its own limits and presets); the quotes follow', async () => {
    const ctx = await openModal()
    await openBuy()
    await click(screen.getByTestId('portico-onramp-token'))
    expect(screen.getByRole('heading', { name: 'Select token' })).toBeTruthy()
    expect(screen.getByTestId('portico-legal-footer').textContent).toContain('By connecting your wallet, you agree to our')
    const tokens = within(screen.getByRole('list', { name: 'Tokens you can buy' })).getAllByRole('button')
    expect(tokens.map((b) => [b.getAttribute('data-token'), b.getAttribute('aria-current')])).toEqual([
      ['ETH', null],
      ['USDC', 'true'],
    ])
    await waitFor(() => expect(document.activeElement).toBe(tokens[1]))
    await click(tokens[0]!)
    expect(screen.getByRole('heading', { name: 'Buy crypto' })).toBeTruthy()
    expect(screen.getByTestId('portico-onramp-token').textContent).toBe('ETHEther on Ethereum')
    await click(screen.getByTestId('portico-onramp-currency'))
    expect(screen.getByRole('heading', { name: 'Select currency' })).toBeTruthy()
    const fiats = within(screen.getByRole('list', { name: 'Currencies you can pay with' })).getAllByRole('button')
    expect(fiats.map((b) => b.textContent)).toEqual(['$US DollarUSD · 10.00–7,500.00 USD', '€EuroEUR · 20.00–5,000.00 EUR'])
    await waitFor(() => expect(document.activeElement).toBe(fiats[0]))
    await click(fiats[1]!)
    expect(screen.getByTestId('portico-onramp-currency').getAttribute('aria-label')).toBe('Currency: EUR. Change currency')
    expect(
      within(screen.getByRole('list', { name: 'Preset amounts' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['€50', '€100', '€250', '€500'])
    await type('15')
    expect(screen.getByTestId('portico-onramp-amount-error').textContent).toBe('The minimum is 20.00 EUR')
    await click(screen.getByRole('button', { name: 'Pay €100' }))
    await waitFor(() => expect(quoted()).toEqual(['CCoinbaseBestYou get 0.0495 ETHFee €1.00', 'MMeldYou get 0.049 ETHFee €2.00']))
    expect(ctx.api.log.filter((r) => r.path === '/v1/onramp/quote').at(-1)?.body).toMatchObject({
      purchaseCurrency: 'ETH',
      paymentCurrency: 'EUR',
      amount: '100',
    })
  })

  it('a failed quote says why in its row and offers a retry; a failed options call offers a retry too', async () => {
    let meld: 'ok' | 'fail' = 'fail'
    let options: 'ok' | 'fail' = 'fail'
    const ctx = await openModal({ api: { quote: (p) => (p === 'meld' ? meld : 'ok') } })
    Object.defineProperty(ctx.api, 'options', { get: () => options })
    await click(screen.getByTestId('portico-account-feature-onramp'))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Providers unavailableHTTP status code: 503'))
    options = 'ok'
    await click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByTestId('portico-onramp-token').textContent).toBe('USDCUSD Coin on Ethereum'))
    await click(screen.getByRole('button', { name: 'Pay $50' }))
    await waitFor(() => expect(screen.getByTestId('portico-onramp-quote-error').textContent).toBe('No quote: HTTP status code: 500'))
    // the quote error is the row's, not a second alert
    expect(screen.queryByTestId('portico-onramp-error')).toBeNull()
    expect(quoted()[0]).toBe('CCoinbaseYou get 49.5 USDCFee $0.50')
    meld = 'ok'
    await click(screen.getByTestId('portico-onramp-retry-quotes'))
    await waitFor(() => expect(quoted()).toEqual(['CCoinbaseBestYou get 49.5 USDCFee $0.50', 'MMeldYou get 49 USDCFee $1.00']))
    expect(screen.queryByTestId('portico-onramp-retry-quotes')).toBeNull()
  })

  it('a blocked popup: no page asked, the error shown', async () => {
    const ctx = await openModal()
    ctx.open.mockImplementation(() => null)
    await openBuy()
    await click(screen.getByRole('button', { name: 'Pay $50' }))
    await waitFor(() => expect(rows()[0]!.disabled).toBe(false))
    await click(rows()[0]!)
    await waitFor(() => expect(screen.getByTestId('portico-onramp-error').textContent).toBe('Could not create popup window'))
    expect(ctx.api.log.map((r) => r.path)).not.toContain('/v1/generators/onrampurl')
  })

  it("Send's insufficient funds offers 'Fund wallet' → OnRampProviders", async () => {
    await openModal()
    await click(screen.getByTestId('portico-account-feature-send'))
    await click(screen.getByTestId('portico-send-token'))
    await waitFor(() =>
      expect(screen.getAllByTestId('portico-send-token-item').map((b) => b.getAttribute('data-token'))).toEqual(['ETH', 'USDC']),
    )
    await click(screen.getAllByTestId('portico-send-token-item')[1]!)
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Amount to send'), { target: { value: '12' } })
    })
    expect(screen.getByTestId('portico-send-button').textContent).toBe('Insufficient funds')
    await click(screen.getByRole('button', { name: 'Fund wallet' }))
    expect(screen.getByRole('heading', { name: 'Buy crypto' })).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('portico-onramp-token').textContent).toBe('USDCUSD Coin on Ethereum'))
  })

  it('the onramp flag off: no Buy in Account, no Fund wallet in Send', async () => {
    await openModal({ features: { onramp: false } })
    const row = screen.getByRole('list', { name: 'Wallet actions' })
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Swap', 'Receive', 'Send'])
    await click(screen.getByTestId('portico-account-feature-send'))
    await click(screen.getByTestId('portico-send-token'))
    await waitFor(() => expect(screen.getAllByTestId('portico-send-token-item')).toHaveLength(2))
    await click(screen.getAllByTestId('portico-send-token-item')[1]!)
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Amount to send'), { target: { value: '12' } })
    })
    expect(screen.getByTestId('portico-send-button').textContent).toBe('Insufficient funds')
    expect(screen.queryByRole('button', { name: 'Fund wallet' })).toBeNull()
  })
})
