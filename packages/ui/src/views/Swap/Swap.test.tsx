import '../../testing'
import type { CaipNetwork, SendTransactionParams, SwapButtonState } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { ADDRESS, mainnet, testAdapter, testPortico } from '../../testing'
import { SwapView, type SwapViewProps } from './SwapView'

const review: SwapButtonState = { action: 'review', label: 'Review swap', disabled: false, loading: false }
const renderView = (props: Partial<SwapViewProps> = {}) =>
  render(<SwapView button={{ action: 'selectToken', label: 'Select token', disabled: true, loading: false }} {...props} />)

describe('SwapView', () => {
  it("empty: the amount focused first, 'Select token' on the target, no details, the button disabled", () => {
    renderView({ source: { symbol: 'ETH' }, balance: '1.234', onMax: () => {} })
    const amount = screen.getByLabelText('Amount to swap') as HTMLInputElement
    expect([amount.value, amount.getAttribute('inputmode'), amount.hasAttribute('data-autofocus')]).toEqual(['', 'decimal', true])
    expect(screen.getByTestId('portico-swap-source-token').getAttribute('aria-label')).toBe('You pay: ETH. Change token')
    expect(screen.getByTestId('portico-swap-to-token').getAttribute('aria-label')).toBe('You receive: Select token')
    expect(screen.getByTestId('portico-swap-balance').textContent).toBe('Balance: 1.234 ETH')
    expect(screen.queryByTestId('portico-swap-details')).toBeNull()
    const button = screen.getByTestId('portico-swap-button') as HTMLButtonElement
    expect([button.textContent, button.disabled]).toEqual(['Select token', true])
  })

  it('quoted: both amounts and USD values, the target read-only; rate, price impact, network cost; Review swap, Max, switch and token buttons call back', () => {
    const calls = { onAmount: vi.fn(), onMax: vi.fn(), onSwitch: vi.fn(), onSourceToken: vi.fn(), onToToken: vi.fn(), onButton: vi.fn() }
    renderView({
      ...calls,
      source: { symbol: 'ETH' },
      balance: '1.234',
      amount: '0.5',
      sourceUsd: '$1,500.00',
      target: { symbol: 'USDC' },
      toAmount: '1485.000000',
      toUsd: '$1,485.00',
      details: { rate: '1 ETH = 2,970 USDC', priceImpact: '1.00%', networkCost: '0.003 ETH ($9.00)' },
      button: review,
    })
    expect(screen.getByTestId('portico-swap-source-usd').textContent).toBe('$1,500.00')
    const to = screen.getByLabelText('Amount you receive') as HTMLInputElement
    expect([to.value, to.readOnly]).toEqual(['1485.000000', true])
    expect(screen.getByTestId('portico-swap-to-usd').textContent).toBe('$1,485.00')
    expect(screen.getByTestId('portico-swap-details').textContent).toBe(
      'Rate1 ETH = 2,970 USDCPrice impact1.00%Network cost0.003 ETH ($9.00)',
    )
    fireEvent.change(screen.getByLabelText('Amount to swap'), { target: { value: '0.55' } })
    fireEvent.click(screen.getByRole('button', { name: 'Max' }))
    fireEvent.click(screen.getByRole('button', { name: 'Switch tokens' }))
    fireEvent.click(screen.getByTestId('portico-swap-source-token'))
    fireEvent.click(screen.getByTestId('portico-swap-to-token'))
    fireEvent.click(screen.getByRole('button', { name: 'Review swap' }))
    expect(calls.onAmount).toHaveBeenCalledWith('0.55')
    expect([calls.onMax, calls.onSwitch, calls.onSourceToken, calls.onToToken, calls.onButton].map((f) => f.mock.calls.length)).toEqual([
      1, 1, 1, 1, 1,
    ])
  })

  it("quoting: a spinner on the target, no details; the button 'Getting quote' busy", () => {
    renderView({
      source: { symbol: 'ETH' },
      target: { symbol: 'USDC' },
      amount: '0.5',
      quoting: true,
      details: { rate: 'x' },
      button: { action: 'quoting', label: 'Getting quote', disabled: true, loading: true },
    })
    expect(screen.getByRole('status', { name: 'Getting a quote' })).toBeTruthy()
    expect(screen.queryByTestId('portico-swap-details')).toBeNull()
    const button = screen.getByTestId('portico-swap-button')
    expect([button.textContent, button.getAttribute('aria-busy')]).toEqual(['Getting quote', 'true'])
  })

  it('input errors are the button label: insufficient balance, insufficient gas', () => {
    const { rerender } = renderView({
      source: { symbol: 'ETH' },
      target: { symbol: 'USDC' },
      amount: '20',
      button: {
        action: 'inputError',
        error: { code: 'insufficientBalance', message: 'Insufficient balance' },
        label: 'Insufficient balance',
        disabled: true,
        loading: false,
      },
    })
    expect(screen.getByTestId('portico-swap-button').textContent).toBe('Insufficient balance')
    rerender(
      <SwapView
        source={{ symbol: 'USDC' }}
        target={{ symbol: 'ETH' }}
        amount="1"
        button={{
          action: 'inputError',
          error: { code: 'insufficientGas', params: { symbol: 'ETH' }, message: 'Insufficient ETH for gas' },
          label: 'Insufficient ETH for gas',
          disabled: true,
          loading: false,
        }}
      />,
    )
    expect(screen.getByTestId('portico-swap-button').textContent).toBe('Insufficient ETH for gas')
  })

  it('loading: skeletons for the tokens, a status, the switch and the button disabled; the amount still focusable', () => {
    renderView({ loading: true })
    expect(screen.getByRole('status').textContent).toBe('Loading swap')
    expect(screen.getByTestId('portico-swap-source-token-skeleton')).toBeTruthy()
    expect(screen.queryByTestId('portico-swap-source-token')).toBeNull()
    expect((screen.getByRole('button', { name: 'Switch tokens' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByTestId('portico-swap-button') as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByLabelText('Amount to swap') as HTMLInputElement).disabled).toBe(false)
  })

  it("an unsupported network: 'Network not supported for Swaps', no token buttons, everything disabled", () => {
    renderView({
      unsupported: true,
      button: { action: 'unsupported', label: 'Network not supported for Swaps', disabled: true, loading: false },
    })
    expect(screen.getByTestId('portico-swap-unsupported').textContent).toBe(
      'Network not supported for SwapsSwitch to a network that supports swaps to continue.',
    )
    // Without onSwitchNetwork, no button in the notice.
    expect(screen.queryByTestId('portico-swap-switch-network')).toBeNull()
    expect(screen.queryByTestId('portico-swap-source-token')).toBeNull()
    expect((screen.getByLabelText('Amount to swap') as HTMLInputElement).disabled).toBe(true)
    const button = screen.getByTestId('portico-swap-button') as HTMLButtonElement
    expect([button.textContent, button.disabled]).toEqual(['Network not supported for Swaps', true])
  })
})

// ——— In the modal: Account → Swap → tokens → amount → quote → Review → (approval) → Swap → Account ———

const ETH_ID = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const USDC_CONTRACT = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const USDC_ID = `eip155:1:${USDC_CONTRACT}`
const PTK_ID = 'eip155:1:0x5fbdb2315678afecb367f032d93f642f64180aa3'
const ROUTER = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0'
const TOKENS = [
  { name: 'Ether', symbol: 'ETH', address: ETH_ID, decimals: 18 },
  { name: 'USD Coin', symbol: 'USDC', address: USDC_ID, decimals: 6 },
  { name: 'Portico Token', symbol: 'PTK', address: PTK_ID, decimals: 18 },
]
const PRICES: Record<string, number> = { [ETH_ID]: 3000, [USDC_ID]: 1, [PTK_ID]: 0.5 }

/** The Portico API as the swap sees it: balances (2 ETH, 250 USDC), the convert routes (1 ETH = 2970 USDC, 1 USDC = 0.00033 ETH), prices, gas 20 gwei. */
function swapFetch(state: { allowance: string; log: string[] }): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined
    const path = url.pathname.replace('/portico-test', '')
    if (path.startsWith('/v1/convert') || path === '/v1/fungible/price') state.log.push(path)
    if (/^\/v1\/identity\//.test(path)) return json({ name: null, avatar: null })
    if (/\/v1\/account\/[^/]+\/balance$/.test(path)) {
      const chainId = url.searchParams.get('chainId') ?? 'eip155:1'
      return json({
        balances:
          chainId === 'eip155:1'
            ? [
                {
                  name: 'Ether',
                  symbol: 'ETH',
                  chainId,
                  value: 6000,
                  price: 3000,
                  iconUrl: '',
                  quantity: { decimals: '18', numeric: '2' },
                },
                {
                  name: 'USD Coin',
                  symbol: 'USDC',
                  chainId,
                  address: USDC_ID,
                  value: 250,
                  price: 1,
                  iconUrl: '',
                  quantity: { decimals: '6', numeric: '250' },
                },
              ]
            : [],
      })
    }
    if (/\/history$/.test(path)) return json({ data: [], next: null })
    if (path === '/v1/fungible/price') {
      const addresses = (body?.addresses as string[]) ?? []
      return json({
        fungibles: addresses
          .filter((a) => PRICES[a.toLowerCase()] !== undefined)
          .map((a) => ({ symbol: '', price: PRICES[a.toLowerCase()], address: a })),
      })
    }
    if (path === '/v1/convert/tokens') return json({ tokens: TOKENS })
    if (path === '/v1/convert/gas-price') return json({ standard: '20000000000', fast: '30000000000', instant: '40000000000' })
    if (path === '/v1/convert/quotes') {
      const amount = BigInt(url.searchParams.get('amount')!)
      const from = url.searchParams.get('from')
      if (from === ETH_ID) return json({ quotes: [{ id: null, toAmount: ((amount * 2970n) / 10n ** 12n).toString() }] })
      if (from === USDC_ID) return json({ quotes: [{ id: null, toAmount: (amount * 330_000_000n).toString() }] })
      return json({ quotes: [] })
    }
    if (path === '/v1/convert/allowance') return json({ allowance: state.allowance })
    if (path === '/v1/convert/build-approve')
      return json({ tx: { from: ADDRESS, to: USDC_CONTRACT, data: '0x095ea7b3', value: '0', eip155: { gasPrice: '20000000000' } } })
    if (path === '/v1/convert/build-transaction') {
      return json({
        tx: {
          from: ADDRESS,
          to: `eip155:1:${ROUTER}`,
          data: '0x7ff36ab5',
          value: body?.from === ETH_ID ? String(body?.amount) : '0',
          eip155: { gas: '150000', gasPrice: '20000000000' },
        },
      })
    }
    return json({ message: 'not found' }, 404)
  }
}

const testnet: CaipNetwork = { ...mainnet, id: 4242, caipNetworkId: 'eip155:4242', name: 'Testnet' }

async function openModal(opts: { send?: (p: SendTransactionParams) => Promise<string>; network?: CaipNetwork } = {}) {
  const state = { allowance: '0', log: [] as string[] }
  const sent: SendTransactionParams[] = []
  const network = opts.network ?? mainnet
  const adapter = Object.assign(testAdapter(), {
    async connect() {
      return { address: ADDRESS, chainId: Number(network.id), accounts: [ADDRESS] }
    },
    async sendTransaction(p: SendTransactionParams) {
      sent.push(p)
      return (opts.send ?? (async () => '0xhash'))(p)
    },
  })
  const { portico } = testPortico({ adapters: [adapter], networks: [network], fetch: swapFetch(state) })
  await portico.ready
  await portico.connection.connect('io.test.wallet')
  render(
    <PorticoContextProvider portico={portico}>
      <ModalRoot />
    </PorticoContextProvider>,
  )
  return { portico, state, sent }
}

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el)
  })
}
const tokensIn = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('data-token'))
const button = () => screen.getByTestId('portico-swap-button') as HTMLButtonElement

/** Account → Swap (ETH preselected) → USDC as the source from 'Your tokens' → ETH as the target → 100 → quoted → Review swap. */
async function usdcToEthReview() {
  const row = screen.getByRole('list', { name: 'Wallet actions' })
  expect(
    within(row)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
  await click(screen.getByTestId('portico-account-feature-swaps'))
  expect(screen.getByRole('heading', { name: 'Swap' })).toBeTruthy()
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Amount to swap')))
  await waitFor(() => expect(screen.getByTestId('portico-swap-source-token').getAttribute('aria-label')).toBe('You pay: ETH. Change token'))
  expect(button().textContent).toBe('Select token')
  // the source: USDC from the account's tokens
  await click(screen.getByTestId('portico-swap-source-token'))
  expect(screen.getByRole('heading', { name: 'Select token' })).toBeTruthy()
  expect(tokensIn('Your tokens')).toEqual(['ETH', 'USDC'])
  expect(tokensIn('Popular')).toEqual(['ETH', 'PTK', 'USDC'])
  expect(within(screen.getByRole('list', { name: 'Your tokens' })).getAllByRole('button')[1]!.textContent).toBe(
    'UUSD Coin250.000 USDC$250.00',
  )
  await click(within(screen.getByRole('list', { name: 'Your tokens' })).getAllByRole('button')[1]!)
  expect(screen.getByRole('heading', { name: 'Swap' })).toBeTruthy()
  await waitFor(() =>
    expect(screen.getByTestId('portico-swap-source-token').getAttribute('aria-label')).toBe('You pay: USDC. Change token'),
  )
  expect(screen.getByTestId('portico-swap-balance').textContent).toBe('Balance: 250.000 USDC')
  // the target: ETH, found by search
  await click(screen.getByTestId('portico-swap-to-token'))
  fireEvent.change(screen.getByLabelText('Search tokens'), { target: { value: 'eth' } })
  expect(tokensIn('Results')).toEqual(['ETH'])
  await click(within(screen.getByRole('list', { name: 'Results' })).getByRole('button'))
  await waitFor(() => expect(screen.getByTestId('portico-swap-to-token').getAttribute('aria-label')).toBe('You receive: ETH. Change token'))
  expect(button().textContent).toBe('Enter amount')
  // the amount, quoted after the pause: 100 USDC → 0.033 ETH
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Amount to swap'), { target: { value: '100' } })
  })
  expect(button().textContent).toBe('Getting quote')
  await waitFor(() => expect((screen.getByLabelText('Amount you receive') as HTMLInputElement).value).toBe('0.033000'))
  await waitFor(() => expect(button().textContent).toBe('Review swap'))
  expect(screen.getByTestId('portico-swap-source-usd').textContent).toBe('$100.00')
  expect(screen.getByTestId('portico-swap-to-usd').textContent).toBe('$99.00')
  expect(screen.getByTestId('portico-swap-rate').textContent).toBe('1 USDC = 0.00033 ETH')
  // The market's impact: $99 out of the $99.15 left after the 0.85 % provider fee, not $99 of $100 (issue 25).
  expect(screen.getByTestId('portico-swap-impact').textContent).toBe('0.15%')
  // 150000 gas × 20 gwei = 0.003 ETH at $3000
  expect(screen.getByTestId('portico-swap-network-cost').textContent).toBe('0.003000 ETH ($9.00)')
  await click(button())
  expect(screen.getByRole('heading', { name: 'Review swap' })).toBeTruthy()
  expect(screen.getByTestId('portico-swap-preview-from-amount').textContent).toBe('100 USDC')
  expect(screen.getByTestId('portico-swap-preview-to-amount').textContent).toBe('0.033 ETH')
  expect(screen.getByTestId('portico-swap-preview-slippage').textContent).toBe('1%')
  expect(screen.getByTestId('portico-swap-preview-minimum').textContent).toBe('0.03267 ETH')
  expect(screen.getByTestId('portico-swap-preview-fee').textContent).toBe('0.85 USDC (0.85%)')
}

describe('Swap in the modal', () => {
  it('Account → Swap → USDC → ETH → 100 → quote → Review → Approve USDC → Swap → back at Account with the success banner', async () => {
    let approveWallet: (hash: string) => void = () => {}
    let swapWallet: (hash: string) => void = () => {}
    const ctx = await openModal({
      send: (p) =>
        new Promise<string>((resolve) => {
          if (p.to.toLowerCase() === USDC_CONTRACT) approveWallet = resolve
          else swapWallet = resolve
        }),
    })
    await act(async () => {
      await ctx.portico.modal.open()
    })
    await usdcToEthReview()
    // the approval comes first
    expect(screen.getByTestId('portico-swap-steps').textContent).toContain('Allow USDC')
    await click(screen.getByRole('button', { name: 'Approve USDC' }))
    // the wallet is asked: the flow's snackbar says so, the buttons wait
    await waitFor(() => expect(screen.getByTestId('portico-snackbar').textContent).toContain('Approve limit increase in your wallet'))
    expect(screen.getByTestId('portico-swap-preview').getAttribute('data-waiting')).toBe('Approve limit increase in your wallet')
    expect((screen.getByTestId('portico-swap-approve') as HTMLButtonElement).disabled).toBe(true)
    await waitFor(() => expect(ctx.sent).toHaveLength(1))
    expect(ctx.sent[0]).toMatchObject({ to: USDC_CONTRACT, data: '0x095ea7b3', value: 0n })
    ctx.state.allowance = '1000000000000'
    await act(async () => {
      approveWallet('0xapprove')
    })
    // re-quoted and rebuilt: now the swap
    await waitFor(() => expect(screen.queryByTestId('portico-swap-steps')).toBeNull())
    expect(screen.getByRole('heading', { name: 'Review swap' })).toBeTruthy()
    expect(screen.getByTestId('portico-swap-preview').hasAttribute('data-waiting')).toBe(false)
    await click(screen.getByRole('button', { name: 'Swap' }))
    await waitFor(() => expect(screen.getByTestId('portico-snackbar').textContent).toContain('Confirm transaction in your wallet'))
    expect((screen.getByTestId('portico-swap-submit') as HTMLButtonElement).disabled).toBe(true)
    await waitFor(() => expect(ctx.sent).toHaveLength(2))
    // No gas limit: the wallet estimates it (the API's 150000 default only prices the network cost).
    expect(ctx.sent[1]).toMatchObject({ to: ROUTER, data: '0x7ff36ab5', value: 0n })
    expect(ctx.sent[1]).not.toHaveProperty('gas')
    await act(async () => {
      swapWallet('0xswap')
    })
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Account' })).toBeTruthy())
    await waitFor(() =>
      expect(ctx.portico.banner.$banner.get()).toMatchObject({ message: 'Swapped 100 USDC to 0.033 ETH', variant: 'success' }),
    )
  })

  it('a refusal of the swap keeps the preview, its values and the error; Cancel goes back to the form with the amount kept', async () => {
    const ctx = await openModal({ send: async () => Promise.reject(Object.assign(new Error('User rejected the request'), { code: 4001 })) })
    ctx.state.allowance = '1000000000000'
    await act(async () => {
      await ctx.portico.modal.open()
    })
    await usdcToEthReview()
    await click(screen.getByRole('button', { name: 'Swap' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('User rejected the request'))
    expect(screen.getByRole('heading', { name: 'Review swap' })).toBeTruthy()
    expect(screen.getByTestId('portico-swap-preview-to-amount').textContent).toBe('0.033 ETH')
    expect((screen.getByTestId('portico-swap-submit') as HTMLButtonElement).disabled).toBe(false)
    await click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('heading', { name: 'Swap' })).toBeTruthy()
    expect((screen.getByLabelText('Amount to swap') as HTMLInputElement).value).toBe('100')
    expect(button().textContent).toBe('Review swap')
  })

  it("open({ view: 'Swap', data }) preselects the tokens and the amount, then quotes; the switch arrow swaps them", async () => {
    const ctx = await openModal()
    await act(async () => {
      await ctx.portico.modal.open({ view: 'Swap', data: { fromToken: 'ETH', toToken: 'USDC', amount: '0.5' } })
    })
    await waitFor(() => expect((screen.getByLabelText('Amount you receive') as HTMLInputElement).value).toBe('1485.000000'))
    expect((screen.getByLabelText('Amount to swap') as HTMLInputElement).value).toBe('0.5')
    expect(screen.getByTestId('portico-swap-rate').textContent).toBe('1 ETH = 2,970 USDC')
    await waitFor(() => expect(button().textContent).toBe('Review swap'))
    await click(screen.getByRole('button', { name: 'Switch tokens' }))
    await waitFor(() =>
      expect(screen.getByTestId('portico-swap-source-token').getAttribute('aria-label')).toBe('You pay: USDC. Change token'),
    )
    expect((screen.getByLabelText('Amount to swap') as HTMLInputElement).value).toBe('1485')
    await waitFor(() => expect((screen.getByLabelText('Amount you receive') as HTMLInputElement).value).toBe('0.490050'))
  })

  it("Max on the network token keeps the network cost back; an amount above the balance says 'Insufficient balance'", async () => {
    const ctx = await openModal()
    await act(async () => {
      await ctx.portico.modal.open({ view: 'Swap', data: { toToken: 'USDC' } })
    })
    await waitFor(() => expect(screen.getByTestId('portico-swap-balance').textContent).toBe('Balance: 2.000 ETH'))
    await click(screen.getByRole('button', { name: 'Max' }))
    expect((screen.getByLabelText('Amount to swap') as HTMLInputElement).value).toBe('1.997')
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Amount to swap'), { target: { value: '3' } })
    })
    await waitFor(() => expect(button().textContent).toBe('Insufficient balance'))
    expect(button().disabled).toBe(true)
  })

  it("an unsupported network: 'Network not supported for Swaps', nothing asked of the convert API", async () => {
    const ctx = await openModal({ network: testnet })
    await act(async () => {
      await ctx.portico.modal.open({ view: 'Swap' })
    })
    await waitFor(() => expect(screen.getByTestId('portico-swap-unsupported')).toBeTruthy())
    expect(button().textContent).toBe('Network not supported for Swaps')
    expect(button().disabled).toBe(true)
    expect(ctx.state.log).toEqual([])
    // The notice offers the way out, focused first: Switch network → Networks.
    const switchNetwork = screen.getByRole('button', { name: 'Switch network' })
    await waitFor(() => expect(document.activeElement).toBe(switchNetwork))
    await click(switchNetwork)
    expect(ctx.portico.router.$route.get().view).toBe('Networks')
  })
})
