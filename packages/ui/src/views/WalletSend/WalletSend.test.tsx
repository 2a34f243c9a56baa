import '../../testing'
import type { TransferParams } from '@portico/headless'
import { PorticoContextProvider } from '@portico/headless/react'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ModalRoot } from '../../Modal/ModalRoot'
import { ADDRESS, base, mainnet, testAdapter, testPortico } from '../../testing'
import { WalletSendView, type WalletSendViewProps } from './WalletSendView'

const TO = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const preview = { action: 'preview', disabled: false, fundWallet: false } as const
const eth = { symbol: 'ETH', balance: '1.234' }

const renderView = (props: Partial<WalletSendViewProps> = {}) =>
  render(<WalletSendView button={{ action: 'selectToken', disabled: true, fundWallet: false }} {...props} />)

describe('WalletSendView', () => {
  it('empty form: the token button asks for a token, no balance or Max, the fee unknown, the button disabled', () => {
    renderView()
    expect(screen.getByTestId('portico-send-token').getAttribute('aria-label')).toBe('Select token')
    expect(screen.queryByTestId('portico-send-balance')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Max' })).toBeNull()
    expect(screen.getByTestId('portico-send-fee').textContent).toBe('Network fee—')
    const button = screen.getByTestId('portico-send-button') as HTMLButtonElement
    expect(button.textContent).toBe('Select token')
    expect(button.disabled).toBe(true)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('the amount field: decimal keyboard, labelled, focused first; each keystroke goes to onAmount', () => {
    const onAmount = vi.fn()
    renderView({ token: eth, amount: '0.5', onAmount })
    const input = screen.getByLabelText('Amount to send') as HTMLInputElement
    expect(input.value).toBe('0.5')
    expect(input.getAttribute('inputmode')).toBe('decimal')
    expect(input.hasAttribute('data-autofocus')).toBe(true)
    fireEvent.change(input, { target: { value: '0.55' } })
    expect(onAmount).toHaveBeenCalledWith('0.55')
  })

  it('filled: token with balance, Max, the USD value, the resolved name with avatar and address, the fee in ETH and USD, Preview send', () => {
    const onMax = vi.fn()
    const onToken = vi.fn()
    const onPreview = vi.fn()
    renderView({
      token: eth,
      onToken,
      onMax,
      amount: '0.5',
      amountUsd: '$1,560.25',
      receiver: 'alice.portico.id',
      receiverName: 'alice.portico.id',
      receiverAddress: '0x3C44…4293BC',
      fee: { native: '0.000021', symbol: 'ETH', usd: '$0.07' },
      button: preview,
      onPreview,
    })
    // the icon is the symbol's letter without an image (decorative)
    expect(screen.getByRole('button', { name: 'Token: ETH. Change token' }).textContent).toBe('EETH')
    expect(screen.getByTestId('portico-send-balance').textContent).toBe('Balance: 1.234 ETH')
    expect(screen.getByTestId('portico-send-usd').textContent).toBe('$1,560.25')
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('alice.portico.id')
    expect(screen.getByTestId('portico-send-resolved').textContent).toBe('alice.portico.id0x3C44…4293BC')
    expect(screen.getByTestId('portico-send-fee').textContent).toBe('Network fee0.000021 ETH($0.07)')
    fireEvent.click(screen.getByRole('button', { name: 'Max' }))
    fireEvent.click(screen.getByTestId('portico-send-token'))
    fireEvent.click(screen.getByRole('button', { name: 'Preview send' }))
    expect([onMax, onToken, onPreview].map((f) => f.mock.calls.length)).toEqual([1, 1, 1])
  })

  it('a name being looked up: a spinner labelled in the receiver field; the fee estimating: its spinner', () => {
    renderView({ token: eth, receiver: 'alice', resolving: true, feeLoading: true, button: { ...preview, disabled: true } })
    expect(screen.getByRole('status', { name: 'Looking up the name' })).toBeTruthy()
    expect(screen.getByRole('status', { name: 'Estimating the network fee' })).toBeTruthy()
    expect((screen.getByTestId('portico-send-button') as HTMLButtonElement).disabled).toBe(true)
  })

  it("insufficient funds: the button says so; 'Fund wallet' only when offered and a handler is given", () => {
    const state = { action: 'insufficientFunds', disabled: true, fundWallet: true, switchWallet: false } as const
    const { rerender } = renderView({ token: eth, amount: '99', button: state })
    expect(screen.getByTestId('portico-send-button').textContent).toBe('Insufficient funds')
    expect(screen.queryByRole('button', { name: 'Fund wallet' })).toBeNull()
    const onFundWallet = vi.fn()
    rerender(<WalletSendView token={eth} amount="99" button={state} onFundWallet={onFundWallet} />)
    fireEvent.click(screen.getByRole('button', { name: 'Fund wallet' }))
    expect(onFundWallet).toHaveBeenCalledTimes(1)
  })

  it('the error is an alert', () => {
    renderView({ token: eth, error: 'User rejected the request', button: preview })
    expect(screen.getByRole('alert').textContent).toBe('User rejected the request')
  })
})

// ——— In the modal: Account → Send → token → amount → receiver → review → send → success → Done ———

const USDC_CONTRACT = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'
const explorerMainnet = { ...mainnet, blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } } }

/** The Portico API (balances, names) and the node (gas) as the modal sees them. */
const sendFetch: typeof fetch = async (input, init) => {
  const url = new URL(String(input instanceof Request ? input.url : input))
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
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
        {
          name: 'USD Coin',
          symbol: 'USDC',
          chainId,
          address: `${chainId}:${USDC_CONTRACT}`,
          value: 250,
          price: 1,
          iconUrl: '',
          quantity: { decimals: '6', numeric: '250' },
        },
      ],
    })
  }
  if (url.pathname.endsWith('/v1/profile/account/alice.portico.id')) {
    return json({
      name: 'alice.portico.id',
      registered_at: '2026-01-01',
      updated_at: '2026-01-01',
      addresses: { '2147483649': { address: TO } },
    })
  }
  if (url.port === '8545') {
    const { method } = JSON.parse(String(init?.body)) as { method: string }
    return json({ jsonrpc: '2.0', id: 1, result: method === 'eth_estimateGas' ? '0xfde8' : '0x3b9aca00' })
  }
  return json({ message: 'not found' }, 404)
}

async function openSend(transfer: (p: TransferParams) => Promise<string>) {
  const writeText = vi.fn(async (_text: string) => {})
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  const transfers: TransferParams[] = []
  const adapter = Object.assign(testAdapter(), {
    capabilities: ['nativeTransfer', 'tokenTransfer'] as const,
    transfer: (p: TransferParams) => {
      transfers.push(p)
      return transfer(p)
    },
  })
  const { portico } = testPortico({ adapters: [adapter], networks: [explorerMainnet, base], fetch: sendFetch })
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
  return { portico, transfers, writeText }
}

/** Fill the form: USDC from the list, 12.5, the name alice.portico.id; then open the review. */
async function fillAndReview() {
  const row = screen.getByRole('list', { name: 'Wallet actions' })
  expect(
    within(row)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
  await act(async () => {
    fireEvent.click(screen.getByTestId('portico-account-feature-send'))
  })
  expect(screen.getByRole('heading', { name: 'Send' })).toBeTruthy()
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Amount to send')))
  expect(screen.getByTestId('portico-send-button').textContent).toBe('Select token')
  // the token list: tokens with a balance, searched
  await act(async () => {
    fireEvent.click(screen.getByTestId('portico-send-token'))
  })
  expect(screen.getByRole('heading', { name: 'Select token' })).toBeTruthy()
  await waitFor(() =>
    expect(screen.getAllByTestId('portico-send-token-item').map((b) => b.getAttribute('data-token'))).toEqual(['ETH', 'USDC']),
  )
  fireEvent.change(screen.getByLabelText('Search tokens'), { target: { value: 'usd' } })
  expect(screen.getAllByTestId('portico-send-token-item').map((b) => b.getAttribute('data-token'))).toEqual(['USDC'])
  await act(async () => {
    fireEvent.click(screen.getByTestId('portico-send-token-item'))
  })
  // back on the form with USDC
  expect(screen.getByRole('heading', { name: 'Send' })).toBeTruthy()
  expect(screen.getByTestId('portico-send-token').getAttribute('aria-label')).toBe('Token: USDC. Change token')
  expect(screen.getByTestId('portico-send-balance').textContent).toBe('Balance: 250.000 USDC')
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Amount to send'), { target: { value: '12,5' } })
  })
  expect((screen.getByLabelText('Amount to send') as HTMLInputElement).value).toBe('12.5')
  expect(screen.getByTestId('portico-send-usd').textContent).toBe('$12.50')
  expect(screen.getByTestId('portico-send-button').textContent).toBe('Add address')
  await act(async () => {
    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'alice.portico.id' } })
  })
  await waitFor(() => expect(screen.getByTestId('portico-send-resolved').textContent).toBe('alice.portico.id0x3C44…4293BC'))
  // the fee: 65000 gas × 1 gwei = 0.000065 ETH at $3120.50
  await waitFor(() => expect(screen.getByTestId('portico-send-fee').textContent).toBe('Network fee0.000065 ETH($0.20)'))
  const button = screen.getByTestId('portico-send-button') as HTMLButtonElement
  expect(button.textContent).toBe('Preview send')
  await act(async () => {
    fireEvent.click(button)
  })
  expect(screen.getByRole('heading', { name: 'Review send' })).toBeTruthy()
  expect(screen.getByTestId('portico-send-preview-amount').textContent).toBe('U12.5 USDC')
  expect(screen.getByTestId('portico-send-preview-usd').textContent).toBe('$12.50')
  expect(screen.getByTestId('portico-send-preview-to').textContent).toBe('alice.portico.id0x3C44…4293BC')
  expect(screen.getByTestId('portico-send-preview-network').textContent).toBe('Ethereum')
}

describe('WalletSend in the modal', () => {
  it('Account → Send → USDC → 12.5 → a name → review → Send: the wallet is asked, then the hash and the explorer link; Done returns to Account', async () => {
    let approve: (hash: string) => void = () => {}
    const { transfers, writeText } = await openSend(() => new Promise<string>((resolve) => (approve = resolve)))
    await fillAndReview()
    await act(async () => {
      fireEvent.click(screen.getByTestId('portico-send-submit'))
    })
    // the wallet is asked
    expect(screen.getByTestId('portico-send-waiting').textContent).toContain('Confirm in your wallet')
    expect((screen.getByTestId('portico-send-submit') as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByTestId('portico-send-cancel') as HTMLButtonElement).disabled).toBe(true)
    await waitFor(() => expect(transfers).toHaveLength(1))
    expect(transfers).toEqual([
      expect.objectContaining({ to: TO, amount: 12_500_000n, token: { address: USDC_CONTRACT, decimals: 6 }, address: ADDRESS }),
    ])
    await act(async () => {
      approve(HASH)
    })
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sent' })).toBeTruthy())
    expect(screen.getByTestId('portico-send-success-heading').textContent).toBe('12.5 USDC sent')
    expect(screen.getByTestId('portico-send-hash').getAttribute('title')).toBe(HASH)
    expect(screen.getByTestId('portico-send-hash').textContent).toBe('0x5c504ed4…a1b22060')
    expect(screen.getByRole('link', { name: 'View on block explorer' }).getAttribute('href')).toBe(`https://etherscan.io/tx/${HASH}`)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy transaction hash' }))
    })
    expect(writeText).toHaveBeenCalledWith(HASH)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    })
    expect(screen.getByRole('heading', { name: 'Account' })).toBeTruthy()
  })

  it('a refusal in the wallet returns to the form with the values kept and the error shown', async () => {
    await openSend(async () => {
      throw Object.assign(new Error('User rejected the request'), { code: 4001 })
    })
    await fillAndReview()
    await act(async () => {
      fireEvent.click(screen.getByTestId('portico-send-submit'))
    })
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Send' })).toBeTruthy())
    expect(screen.getByRole('alert').textContent).toBe('User rejected the request')
    expect(screen.getByTestId('portico-send-token').getAttribute('aria-label')).toBe('Token: USDC. Change token')
    expect((screen.getByLabelText('Amount to send') as HTMLInputElement).value).toBe('12.5')
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('alice.portico.id')
    expect(screen.getByTestId('portico-send-button').textContent).toBe('Preview send')
  })

  it('Cancel in the review returns to the form', async () => {
    await openSend(async () => HASH)
    await fillAndReview()
    await act(async () => {
      fireEvent.click(screen.getByTestId('portico-send-cancel'))
    })
    expect(screen.getByRole('heading', { name: 'Send' })).toBeTruthy()
    expect((screen.getByLabelText('Amount to send') as HTMLInputElement).value).toBe('12.5')
  })

  it("insufficient funds offers 'Use another wallet', which opens Connect (issue 25 §4)", async () => {
    await openSend(async () => HASH)
    await act(async () => {
      fireEvent.click(screen.getByTestId('portico-account-feature-send'))
    })
    await act(async () => {
      fireEvent.click(screen.getByTestId('portico-send-token'))
    })
    await waitFor(() => expect(screen.getAllByTestId('portico-send-token-item').length).toBeGreaterThan(0))
    await act(async () => {
      fireEvent.click(screen.getAllByTestId('portico-send-token-item').find((b) => b.getAttribute('data-token') === 'USDC') as HTMLElement)
    })
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Amount to send'), { target: { value: '999' } })
    })
    expect(screen.getByTestId('portico-send-button').textContent).toBe('Insufficient funds')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use another wallet' }))
    })
    expect(screen.getByRole('heading', { name: 'Connect wallet' })).toBeTruthy()
    // The view's wallet list settles (its explorer flow loads; this test's API has no explorer) before the test ends.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Wallets could not be loaded'))
  })
})
