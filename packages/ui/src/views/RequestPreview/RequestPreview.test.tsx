import '../../testing'
import type { PreviewState, RequestPreviewState, SimulationResult } from '@portico/headless'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { messages } from '../../messages'
import { numberFormatOf } from '../../messages/numbers'
import { PorticoProvider } from '../../PorticoProvider/PorticoProvider'
import { ADDRESS, testPortico } from '../../testing'
import { requestPreviewProps, unitsText } from './RequestPreview'
import { RequestPreviewView, type RequestPreviewViewProps } from './RequestPreviewView'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const en = numberFormatOf('en')

const IDLE: PreviewState = {
  status: 'ready',
  method: 'eth_sendTransaction',
  decoded: null,
  authorizations: [],
  tokens: {},
  simulation: null,
  flags: [],
  failing: false,
  level: 'none',
  error: null,
}
const state = (preview: Partial<PreviewState>, extra: Partial<RequestPreviewState> = {}) => ({
  phase: 'review' as const,
  action: 'continue' as const,
  queued: 0,
  request: { id: 1, method: 'eth_sendTransaction' as const, params: [] },
  preview: { ...IDLE, ...preview },
  ...extra,
})
const simulated = (formatted: string, amount: bigint): SimulationResult => ({
  simulation: 'ok',
  status: 'success',
  changes: [{ asset: 'native', symbol: 'ETH', decimals: 18, amount, formatted }],
  fee: { gas: 21000n, gasPrice: 1_000_000_000n, amount: 21_000_000_000_000n, formatted: '0.000021', symbol: 'ETH' },
  calls: [],
})

describe('unitsText', () => {
  it.each([
    [10_000_000n, 6, 'en-US', '10'],
    [1_234_567_891n, 6, 'en-US', '1,234.567891'],
    [10n ** 16n, 18, 'en-US', '0.01'],
    [-(10n ** 16n), 18, 'en-US', '-0.01'],
    [1_500_000n, 6, 'de', '1,5'],
    [1n, 18, 'en-US', '0'],
  ])('%s base units with %s decimals in %s: %s', (amount, decimals, locale, text) => {
    expect(unitsText(amount, decimals, locale)).toBe(text)
  })
})

describe('requestPreviewProps: the headless state as the view shows it', () => {
  it('a 0.01 ETH send: heading Send, the receiver shortened (full as title), the amount; the simulation passed through', () => {
    const simulation = simulated('-0.01', -(10n ** 16n))
    const props = requestPreviewProps(
      state({ decoded: { kind: 'nativeTransfer', to: BOB, value: 10n ** 16n, flags: [] }, simulation }),
      messages,
      en,
    )
    expect(props).toEqual({
      phase: 'review',
      action: 'continue',
      queued: 0,
      warnings: [],
      simulation,
      heading: 'Send',
      details: [
        { label: 'To', value: '0x7099…dc79C8', full: BOB, mono: true },
        { label: 'Amount', value: '0.01 ETH' },
      ],
    })
  })

  it('an unlimited USDC approval to an address with no code: Unlimited, two warnings, the unlimited one a danger', () => {
    const props = requestPreviewProps(
      state({
        decoded: {
          kind: 'tokenApproval',
          to: USDC,
          value: 0n,
          token: USDC,
          spender: BOB,
          amount: 2n ** 256n - 1n,
          flags: ['unlimitedAmount'],
        },
        tokens: { [USDC]: { symbol: 'USDC', decimals: 6 } },
        flags: ['spenderNoCode', 'unlimitedAmount'],
        level: 'danger',
      }),
      messages,
      en,
    )
    expect(props.heading).toBe('Allow spending')
    expect(props.details).toEqual([
      { label: 'Token', value: 'USDC', full: USDC },
      { label: 'Spender', value: '0x7099…dc79C8', full: BOB, mono: true },
      { label: 'Amount', value: 'Unlimited' },
    ])
    expect(props.warnings).toEqual([
      { code: 'unlimitedAmount', text: 'Warning: this allows an unlimited amount.', danger: true },
      { code: 'spenderNoCode', text: 'Warning: the spender is not a contract.', danger: false },
    ])
  })

  it('a Permit2 PermitSingle of 25 USDC: spender, token, amount, the allowance end and the deadline in UTC', () => {
    const props = requestPreviewProps(
      state({
        decoded: {
          kind: 'permit',
          standard: 'permit2',
          primaryType: 'PermitSingle',
          verifyingContract: PERMIT2,
          spender: BOB,
          tokens: [{ token: USDC, amount: 25_000_000n, expiration: 1_798_761_600 }],
          nonce: 0n,
          deadline: 1_796_083_200,
          chainId: 1,
          flags: [],
        },
        tokens: { [USDC]: { symbol: 'USDC', decimals: 6 } },
      }),
      messages,
      en,
    )
    expect(props.heading).toBe('Permit2 signature')
    expect(props.details).toEqual([
      { label: 'Spender', value: '0x7099…dc79C8', full: BOB, mono: true },
      { label: 'Token', value: 'USDC', full: USDC },
      { label: 'Amount', value: '25 USDC' },
      { label: 'Allowance ends', value: 'Jan 1, 2027, 12:00 AM UTC' },
      { label: 'Valid until', value: 'Dec 1, 2026, 12:00 AM UTC' },
    ])
    expect(props.simulation).toBeUndefined()
  })

  it('a message: no details, the text whole; a batch: its calls; an unreadable request: undecodable with its method', () => {
    expect(requestPreviewProps(state({ decoded: { kind: 'message', text: 'Hello\nworld', flags: [] } }), messages, en)).toMatchObject({
      heading: 'Sign a message',
      details: [],
      message: 'Hello\nworld',
    })
    const batch = requestPreviewProps(
      state({
        decoded: {
          kind: 'batch',
          atomic: false,
          flags: [],
          calls: [
            { kind: 'nativeTransfer', to: BOB, value: 1n, flags: [] },
            { kind: 'contractCall', to: USDC, value: 0n, selector: '0x12345678', data: '0x12345678', flags: ['unknownCall'] },
          ],
        },
      }),
      messages,
      en,
    )
    expect(batch.heading).toBe('Batch of 2 calls')
    expect(batch.calls?.map((c) => c.heading)).toEqual(['Send', 'Call a contract'])
    expect(batch.calls?.[1]?.details).toEqual([
      { label: 'Contract', value: '0x700b…dbAD35', full: USDC, mono: true },
      { label: 'Function', value: '0x12345678', mono: true },
    ])
    expect(requestPreviewProps(state({ status: 'error', error: { code: 'otherError', params: {} } as never }), messages, en)).toMatchObject(
      { heading: 'eth_sendTransaction', details: [], undecodable: true },
    )
  })
})

const base: RequestPreviewViewProps = {
  phase: 'review',
  heading: 'Send',
  details: [
    { label: 'To', value: '0x7099…dc79C8', full: BOB, mono: true },
    { label: 'Amount', value: '0.01 ETH' },
  ],
  simulation: simulated('-0.01', -(10n ** 16n)),
}

describe('RequestPreviewView', () => {
  it('what it does, the simulated change and fee; Continue focused first; Continue and Cancel call back', () => {
    const onContinue = vi.fn()
    const onCancel = vi.fn()
    render(<RequestPreviewView {...base} onContinue={onContinue} onCancel={onCancel} />)
    expect(screen.getByTestId('portico-request-preview-heading').textContent).toBe('Send')
    const details = within(screen.getByTestId('portico-request-preview-details'))
    expect(details.getAllByRole('term').map((t) => t.textContent)).toEqual(['To', 'Amount'])
    expect(details.getAllByRole('definition').map((d) => d.textContent)).toEqual(['0x7099…dc79C8', '0.01 ETH'])
    expect(screen.getByTestId('portico-simulation-change').textContent).toContain('-0.01')
    expect(screen.getByTestId('portico-simulation-fee').textContent).toBe('Network fee0.000021 ETH')
    const next = screen.getByRole('button', { name: 'Continue' })
    expect(next.hasAttribute('data-autofocus')).toBe(true)
    fireEvent.click(next)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect([onContinue.mock.calls.length, onCancel.mock.calls.length]).toEqual([1, 1])
  })

  it('warnings: a danger in the error style, a warning in the warning style', () => {
    render(
      <RequestPreviewView
        {...base}
        warnings={[
          { code: 'unlimitedAmount', text: 'Warning: this allows an unlimited amount.', danger: true },
          { code: 'spenderNoCode', text: 'Warning: the spender is not a contract.', danger: false },
        ]}
      />,
    )
    expect(screen.getByRole('list', { name: 'Warnings' })).toBeDefined()
    expect(screen.getByTestId('portico-request-preview-flag-unlimitedAmount').getAttribute('data-level')).toBe('danger')
    expect(screen.getByTestId('portico-request-preview-flag-spenderNoCode').getAttribute('data-level')).toBe('warning')
  })

  it("a failing simulation: the reason as an alert, the button 'Continue anyway'", () => {
    const simulation: SimulationResult = {
      simulation: 'ok',
      status: 'reverted',
      revert: { callIndex: 0, data: '0x', reason: 'ERC20: transfer amount exceeds balance' },
      changes: [],
      fee: { gas: 30000n, gasPrice: 1n, amount: 30000n, formatted: '0.00000000000003', symbol: 'ETH' },
      calls: [],
    }
    render(<RequestPreviewView {...base} simulation={simulation} action="continueAnyway" />)
    expect(screen.getByRole('alert').textContent).toContain('ERC20: transfer amount exceeds balance')
    expect(screen.getByRole('button', { name: 'Continue anyway' })).toBeDefined()
  })

  it('previewing: a status, Continue disabled, Cancel enabled; confirming: Confirm in your wallet, both disabled', () => {
    const { rerender } = render(<RequestPreviewView {...base} phase="previewing" />)
    expect(screen.getByRole('status').textContent).toBe('Checking what this request does')
    expect((screen.getByTestId('portico-request-preview-continue') as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByTestId('portico-request-preview-cancel') as HTMLButtonElement).disabled).toBe(false)
    rerender(<RequestPreviewView {...base} phase="confirming" queued={2} />)
    expect(screen.getByTestId('portico-request-preview-waiting').textContent).toBe(
      'Confirm in your walletYour wallet shows the request to approve.',
    )
    expect((screen.getByTestId('portico-request-preview-continue') as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByTestId('portico-request-preview-cancel') as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByTestId('portico-request-preview-queued').textContent).toBe('2 more requests waiting')
  })
})

describe('RequestPreview in the modal', { timeout: 20_000 }, () => {
  async function app() {
    const { portico, adapter } = testPortico()
    const sign = vi.spyOn(adapter, 'signMessage')
    render(<PorticoProvider portico={portico} autoReconnect={false} />)
    await act(() => portico.connection.connect('io.test.wallet'))
    const provider = portico.getProvider('eip155', { preview: true })
    return { portico, provider, sign }
  }

  it("a previewing provider's personal_sign opens 'Review request' with the message; Continue signs, the modal closes", async () => {
    const { portico, provider, sign } = await app()
    let result: unknown
    const signed = provider.request({ method: 'personal_sign', params: ['Hello from the app', ADDRESS] }).then((r) => {
      result = r
    })
    const dialog = await screen.findByRole('dialog', { name: 'Review request' }, { timeout: 10_000 })
    expect((await within(dialog).findByTestId('portico-request-preview-message')).textContent).toBe('Hello from the app')
    expect(sign).not.toHaveBeenCalled()
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' })))
    await act(() => signed)
    expect(result).toBe('0x')
    expect(sign).toHaveBeenCalledTimes(1)
    expect(portico.modal.$modal.get().open).toBe(false)
  })

  it('Cancel, and Escape: the provider rejects with 4001, the wallet is never asked', async () => {
    const { provider, sign } = await app()
    for (const leave of ['cancel', 'escape'] as const) {
      const signed = provider
        .request({ method: 'personal_sign', params: [`leave by ${leave}`, ADDRESS] })
        .catch((e: { code: number }) => e.code)
      const dialog = await screen.findByRole('dialog', { name: 'Review request' }, { timeout: 10_000 })
      await within(dialog).findByText(`leave by ${leave}`)
      await act(async () => {
        if (leave === 'cancel') fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
        else fireEvent.keyDown(dialog, { key: 'Escape' })
      })
      expect(await signed).toBe(4001)
    }
    expect(sign).not.toHaveBeenCalled()
  })
})
