// Issue 21 §4: a custom UI gets every decision and every state from the hooks as codes. This one is
// built from the swap's and the exchange's hooks alone — no default-modal component, no English
// literal — and words the codes in German through the German locale's strings; after each step no
// English text of the states shown (nor of any code's English message) is on the page.
import '../testing'
import type { CodedMessage, SendTransactionParams } from '@portico/headless'
import { PorticoContextProvider, useBanner, usePayWithExchange, useRouter, useSwap } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Messages, messages } from '../messages'
import { ADDRESS, mainnet, manualTimers, testAdapter, testPortico } from '../testing'
import de from './locales/de'

/** The German strings (the locale's shape is English's). */
const DE = de as unknown as Messages
/** The order in which a code's message function takes its parameters. */
const PARAMS: Record<string, readonly string[]> = {
  insufficientGas: ['symbol'],
  swapped: ['paid', 'from', 'amount', 'to'],
  otherError: ['detail'],
}

/** A coded state in German, from the codes alone (the English `message` is never read). */
function german(state: (Pick<CodedMessage, 'params'> & { code?: string }) | undefined): string {
  if (!state?.code) return ''
  const entry = (DE.errors as Record<string, unknown>)[state.code]
  if (typeof entry === 'string') return entry
  if (typeof entry === 'function') return entry(...(PARAMS[state.code] ?? []).map((name) => state.params?.[name] ?? ''))
  throw new Error(`no German text for ${state.code}`)
}

/** Every English text a code or a swap or exchange state can show. */
const ENGLISH: string[] = [
  ...Object.values(messages.errors as Record<string, unknown>).filter((v): v is string => typeof v === 'string'),
  messages.errors.insufficientGas('ETH'),
  messages.errors.swapped('1', 'ETH', '2970', 'USDC'),
  ...(Object.values(messages.swap.button) as string[]),
  messages.swap.loading,
  messages.swap.amount,
  messages.exchange.loading,
  messages.exchange.amountLabel,
  messages.exchange.waitingTitle,
  messages.exchange.failedTitle,
  messages.exchange.failed('Dev Exchange'),
  messages.exchange.popupHint,
  messages.exchange.tryAgain,
  messages.exchange.otherExchange,
  messages.exchange.retry,
]

/** The page's text and accessible names hold none of the English texts. */
function expectNoEnglish(): void {
  const shown = [
    document.body.textContent ?? '',
    ...[...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label') ?? ''),
  ].join('\n')
  expect(ENGLISH.filter((text) => shown.includes(text))).toEqual([])
}

function Banner() {
  const banner = useBanner()
  return banner.open ? <output data-testid="banner">{banner.code ? german(banner) : banner.message}</output> : null
}

/** A swap form from useSwap's codes: the flow starts itself, decides the button and what pressing it does. */
function CustomSwap() {
  const swap = useSwap()
  const router = useRouter()
  const { pending, start, initialized } = swap
  // Asked again whenever the swap is not started (the flow decides whether that is a start).
  useEffect(() => {
    if (!pending && !initialized) void start()
  }, [pending, start, initialized])
  if (swap.pending || swap.phase === 'loading') return <p>{DE.swap.loading}</p>
  if (swap.phase === 'unsupported') return <p>{DE.swap.unsupported}</p>
  if (router.view === 'SwapPreview')
    return (
      <section>
        <h2>{DE.swap.previewTitle}</h2>
        {swap.loadingCode && <p data-testid="waiting">{german(swap.loadingCode)}</p>}
        {swap.transactionErrorCode && <p role="alert">{german(swap.transactionErrorCode)}</p>}
        <button type="button" onClick={() => void swap.sendTransactionForSwap()}>
          {DE.swap.swap}
        </button>
      </section>
    )
  return (
    <section>
      <h2>{DE.swap.title}</h2>
      <input aria-label={DE.swap.amount} value={swap.sourceTokenAmount} onChange={(e) => swap.setSourceTokenAmount(e.target.value)} />
      <p>
        {swap.sourceToken?.symbol} → {swap.toToken?.symbol ?? DE.swap.chooseToken}
      </p>
      {(swap.tokens ?? []).map((t) => (
        <button key={t.address} type="button" data-testid={`to-${t.symbol}`} onClick={() => void swap.setToToken(t)}>
          {t.symbol}
        </button>
      ))}
      <button type="button" data-testid="swap-button" disabled={swap.button.disabled} onClick={() => void swap.pressButton()}>
        {swap.button.action === 'inputError' ? german(swap.button.error) : DE.swap.button[swap.button.action]}
      </button>
    </section>
  )
}

/** Pay with exchange from usePayWithExchange's codes: the phase, the failure and where each error shows are the flow's. */
function CustomExchange() {
  const ex = usePayWithExchange()
  const { pending, start, paymentAsset } = ex
  // Asked again whenever no asset is chosen (the flow decides whether that is a start).
  useEffect(() => {
    if (!pending && !paymentAsset) void start()
  }, [pending, start, paymentAsset])
  const m = DE.exchange
  if (ex.pending || ex.starting) return <p>{m.loading}</p>
  const name = ex.exchanges.find((x) => x.id === ex.exchangeId)?.name ?? ex.exchangeId ?? ''
  const pay = (id: string) => void ex.payWithExchange(id).catch(() => undefined)
  if (ex.phase === 'waiting') return <h2>{m.waitingTitle}</h2>
  if (ex.phase === 'success') return <h2>{m.depositedTitle}</h2>
  if (ex.phase === 'failed' && ex.failure)
    return (
      <section>
        <h2>{m.failedTitle}</h2>
        <p role="alert">{ex.failure.reason === 'paymentFailed' ? m.failed(name) : german(ex.failure.error)}</p>
        {ex.failure.reason === 'popupBlocked' && <p>{m.popupHint}</p>}
        <button type="button" onClick={() => pay(ex.exchangeId ?? '')}>
          {m.tryAgain}
        </button>
        <button type="button" onClick={ex.resetPayment}>
          {m.otherExchange}
        </button>
      </section>
    )
  return (
    <section>
      <h2>{m.title}</h2>
      <input aria-label={m.amountLabel} value={ex.amount} onChange={(e) => ex.setAmount(e.target.value)} />
      {ex.priceError && <p role="alert">{german(ex.priceError)}</p>}
      {ex.exchangesError ? (
        <p role="alert">
          {german(ex.exchangesError)}
          <button type="button" onClick={() => void ex.fetchExchanges()}>
            {m.retry}
          </button>
        </p>
      ) : (
        ex.exchanges.map((x) => (
          <button key={x.id} type="button" onClick={() => pay(x.id)}>
            {m.payWith(x.name)}
          </button>
        ))
      )}
      {ex.formError && <p role="alert">{german(ex.formError)}</p>}
    </section>
  )
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const ETH_ID = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const USDC_ID = 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const PRICES: Record<string, number> = { [ETH_ID]: 3000, [USDC_ID]: 1 }

/** The Portico API: 2 ETH held, ETH and USDC swappable (1 ETH = 2970 USDC), gas 20 gwei; two exchanges, their status as told. */
function api(state: { listing: 'ok' | 'error'; statuses: { status: string }[] }): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}
    const path = url.pathname.replace('/portico-test', '')
    if (/^\/v1\/identity\//.test(path)) return json({ name: null, avatar: null })
    if (/\/balance$/.test(path))
      return json({
        balances: [
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId: 'eip155:1',
            value: 6000,
            price: 3000,
            iconUrl: '',
            quantity: { decimals: '18', numeric: '2' },
          },
        ],
      })
    if (/\/history$/.test(path)) return json({ data: [], next: null })
    if (path === '/v1/fungible/price') {
      const addresses = (body.addresses as string[]) ?? []
      return json({
        fungibles: addresses
          .filter((a) => PRICES[a.toLowerCase()])
          .map((a) => ({ symbol: '', price: PRICES[a.toLowerCase()], address: a })),
      })
    }
    if (path === '/v1/convert/tokens')
      return json({
        tokens: [
          { name: 'Ether', symbol: 'ETH', address: ETH_ID, decimals: 18 },
          { name: 'USD Coin', symbol: 'USDC', address: USDC_ID, decimals: 6 },
        ],
      })
    if (path === '/v1/convert/gas-price') return json({ standard: '20000000000', fast: '30000000000', instant: '40000000000' })
    if (path === '/v1/convert/quotes') {
      const amount = BigInt(url.searchParams.get('amount') ?? '0')
      return json({ quotes: [{ id: null, toAmount: ((amount * 2970n) / 10n ** 12n).toString() }] })
    }
    if (path === '/v1/convert/build-transaction')
      return json({
        tx: {
          from: ADDRESS,
          to: 'eip155:1:0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0',
          data: '0x7ff36ab5',
          value: String(body.amount),
          eip155: { gas: '150000', gasPrice: '20000000000' },
        },
      })
    if (path === '/v1/json-rpc') {
      const rpc = (result: unknown) => json({ jsonrpc: '2.0', id: 1, result })
      if (body.method === 'portico_getExchanges')
        return state.listing === 'ok'
          ? rpc({ exchanges: [{ id: 'dev-exchange', name: 'Dev Exchange' }] })
          : json({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'down' } })
      if (body.method === 'portico_getExchangePayUrl') return rpc({ url: 'http://127.0.0.1:9/pay', sessionId: 's1' })
      if (body.method === 'portico_getExchangeBuyStatus') return rpc(state.statuses.length > 1 ? state.statuses.shift() : state.statuses[0])
    }
    return json({ message: 'not found' }, 404)
  }
}

let refusePopup = false
beforeEach(() => {
  refusePopup = false
  vi.stubGlobal('open', () => (refusePopup ? null : { location: { href: '' }, opener: {}, closed: false, close() {} }))
})
afterEach(() => vi.unstubAllGlobals())

async function mount(ui: React.ReactNode, state: Parameters<typeof api>[0], send?: (p: SendTransactionParams) => Promise<string>) {
  const timers = manualTimers(1_700_000_000_000)
  const adapter = Object.assign(testAdapter(), send ? { sendTransaction: send } : {})
  const { portico } = testPortico({ adapters: [adapter], networks: [mainnet], fetch: api(state), timers })
  await portico.ready
  await portico.connection.connect('io.test.wallet')
  render(
    <PorticoContextProvider portico={portico}>
      {ui}
      <Banner />
    </PorticoContextProvider>,
  )
  const advance = async (ms: number) => {
    await act(async () => {
      timers.advance(ms)
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0))
    })
  }
  return { portico, advance }
}
const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el)
  })
}

describe('a custom UI from hook codes alone, in German (issue 21 §4)', () => {
  it('swap: the button from its action and input error, the preview, a refusal and the waiting text from codes', async () => {
    let refuse: ((e: Error) => void) | undefined
    const { advance } = await mount(<CustomSwap />, { listing: 'ok', statuses: [] }, () => new Promise((_, reject) => (refuse = reject)))
    const button = () => screen.getByTestId('swap-button')
    await waitFor(() => expect(button().textContent).toBe('Token auswählen'))
    expectNoEnglish()
    await click(screen.getByTestId('to-USDC'))
    await waitFor(() => expect(button().textContent).toBe('Betrag eingeben'))
    expectNoEnglish()
    // 3 ETH with 2 held: the input error, coded, in German.
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Zu tauschender Betrag'), { target: { value: '3' } })
    })
    expect(button().textContent).toBe('Angebot wird eingeholt')
    await advance(200)
    await waitFor(() => expect(button().textContent).toBe('Unzureichendes Guthaben'))
    expect((button() as HTMLButtonElement).disabled).toBe(true)
    expectNoEnglish()
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Zu tauschender Betrag'), { target: { value: '1' } })
    })
    await advance(200)
    await waitFor(() => expect(button().textContent).toBe('Tausch prüfen'))
    expectNoEnglish()
    // The flow decides what the button does: review opens the preview.
    await click(button())
    expect(screen.getByRole('heading', { name: 'Tausch prüfen' })).toBeTruthy()
    await click(screen.getByRole('button', { name: 'Tauschen' }))
    expect(screen.getByTestId('waiting').textContent).toBe('Transaktion in deiner Wallet bestätigen')
    expect(screen.getByTestId('banner').textContent).toBe('Transaktion in deiner Wallet bestätigen')
    expectNoEnglish()
    await waitFor(() => expect(refuse).toBeDefined())
    await act(async () => refuse?.(Object.assign(new Error('User rejected the request'), { code: 4001 })))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Anfrage vom Nutzer abgelehnt'))
    expect(screen.queryByTestId('waiting')).toBeNull()
    expectNoEnglish()
  })

  it('exchange: the listing failure in place, a blocked popup and a FAILED payment as failures, all from codes', async () => {
    const state: Parameters<typeof api>[0] = { listing: 'error', statuses: [{ status: 'IN_PROGRESS' }, { status: 'FAILED' }] }
    const { advance } = await mount(<CustomExchange />, state)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Börsen konnten nicht geladen werdenErneut versuchen'))
    await waitFor(() => expect(screen.getByTestId('banner').textContent).toBe('Börsen konnten nicht geladen werden'))
    expectNoEnglish()
    state.listing = 'ok'
    await click(screen.getByRole('button', { name: 'Erneut versuchen' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mit Dev Exchange einzahlen' })).toBeTruthy())
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Betrag in USD'), { target: { value: '100' } })
    })
    // The browser refuses the window: the flow calls it a failure, coded createPopup.
    refusePopup = true
    await click(screen.getByRole('button', { name: 'Mit Dev Exchange einzahlen' }))
    expect(screen.getByRole('heading', { name: 'Einzahlung fehlgeschlagen' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Pop-up-Fenster konnte nicht geöffnet werden')
    expectNoEnglish()
    // Try again (the exchange chosen is the flow's), now with a window: waiting, then the exchange answers FAILED.
    refusePopup = false
    await click(screen.getByRole('button', { name: 'Erneut versuchen' }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(DE.exchange.waitingTitle))
    expectNoEnglish()
    await advance(5_000)
    await advance(5_000)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(DE.exchange.failed('Dev Exchange')))
    expectNoEnglish()
  })
})
