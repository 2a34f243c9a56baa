// Issue 23 §1–2: the frame's confirmation window — the document the frame page shows on its own origin
// (`?portico-confirm=request`) — rendered by its own code (runConfirmWindow) with the views the frame makes
// (describeRequest, in the host's locale): a send with its simulated balance changes and fee, a transaction
// that will fail ("Send anyway"), an unlimited token approval, a sign-in, the confirmation policy's step-up
// by a code and by a passkey, and a passkey's removal. Light, dark, the 375 px phone, and Arabic (right to
// left). The window's messages are delivered as the frame would post them; nothing leaves the page.
import type { Meta, StoryObj } from '@storybook/react-vite'
import { waitFor } from 'storybook/test'
import { useEffect, useRef } from 'react'
import { CONFIRM_CHANNEL, type ConfirmRequest, describeRequest } from '../packages/embedded/src/frame/confirm'
import { runConfirmWindow } from '../packages/embedded/src/frame/confirm-window'
import '../packages/embedded/src/frame/frame.css'
import { ENGLISH, loadTexts } from '../packages/embedded/src/frame/texts'
import { shows } from './support/panels'

const HOST = 'http://localhost:5173'
const ETH = 10n ** 18n
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const hex = (n: bigint) => `0x${n.toString(16)}`

const SEND: ConfirmRequest = {
  kind: 'rpc',
  method: 'eth_sendTransaction',
  params: [{ to: RECEIVER, value: hex(ETH) }],
  namespace: 'eip155',
  chainId: 31337,
  simulation: {
    status: 'success',
    changes: [
      { amount: '-1', symbol: 'ETH' },
      { amount: '+29.5', symbol: 'USDC' },
    ],
    fee: { amount: '0.0000443', symbol: 'ETH' },
  },
}

/** 0.6 ETH to the receiver, as simulated. */
const SEND_06: ConfirmRequest = {
  ...SEND,
  params: [{ to: RECEIVER, value: hex((ETH * 6n) / 10n) }],
  simulation: { status: 'success', changes: [{ amount: '-0.6', symbol: 'ETH' }], fee: { amount: '0.0000443', symbol: 'ETH' } },
}

const REQUESTS = {
  send: SEND,
  failing: {
    ...SEND,
    params: [
      {
        to: USDC,
        data: `0xa9059cbb${RECEIVER.slice(2).toLowerCase().padStart(64, '0')}${(5000n * 10n ** 6n).toString(16).padStart(64, '0')}`,
      },
    ],
    simulation: {
      status: 'reverted',
      changes: [],
      reason: 'ERC20: transfer amount exceeds balance',
      fee: { amount: '0.0000512', symbol: 'ETH' },
    },
  },
  approve: {
    kind: 'rpc',
    method: 'eth_sendTransaction',
    params: [{ to: USDC, data: `0x095ea7b3${SPENDER.slice(2).toLowerCase().padStart(64, '0')}${'f'.repeat(64)}` }],
    namespace: 'eip155',
    chainId: 31337,
    simulation: { status: 'success', changes: [], fee: { amount: '0.0000461', symbol: 'ETH' } },
  },
  signIn: {
    kind: 'rpc',
    method: 'personal_sign',
    params: [
      `0x${Array.from(
        new TextEncoder().encode(
          'localhost:5173 wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\nSign in to Portico Demo.\n\nURI: http://localhost:5173\nVersion: 1\nChain ID: 31337\nNonce: abcdef123456\nIssued At: 2026-12-02T10:00:00.000Z',
        ),
        (b) => b.toString(16).padStart(2, '0'),
      ).join('')}`,
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    ],
    namespace: 'eip155',
    chainId: 31337,
  },
  stepUpCode: { ...SEND_06, stepUp: { above: String(ETH / 2n) } },
  stepUpPasskey: { ...SEND_06, stepUp: { above: String(ETH / 2n), passkey: { challenge: 'c2lnbi11cA', allowCredentials: [] } } },
  removePasskey: { kind: 'removePasskey', name: 'MacBook passkey', createdAt: '2026-11-20T09:30:00.000Z' },
  permit2: {
    kind: 'rpc',
    method: 'eth_signTypedData_v4',
    params: [
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      JSON.stringify({
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'chainId', type: 'uint256' },
            { name: 'verifyingContract', type: 'address' },
          ],
          PermitSingle: [
            { name: 'details', type: 'PermitDetails' },
            { name: 'spender', type: 'address' },
            { name: 'sigDeadline', type: 'uint256' },
          ],
          PermitDetails: [
            { name: 'token', type: 'address' },
            { name: 'amount', type: 'uint160' },
            { name: 'expiration', type: 'uint48' },
            { name: 'nonce', type: 'uint48' },
          ],
        },
        primaryType: 'PermitSingle',
        domain: { name: 'Permit2', chainId: 31337, verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3' },
        message: {
          details: { token: USDC, amount: String(2n ** 160n - 1n), expiration: 2_000_000_000, nonce: 0 },
          spender: SPENDER,
          sigDeadline: '2000000000',
        },
      }),
    ],
    namespace: 'eip155',
    chainId: 31337,
  },
  delegation: {
    kind: 'rpc',
    method: 'eth_sendTransaction',
    params: [
      {
        to: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        authorizationList: [{ address: '0x9999999999999999999999999999999999999999', chainId: '0x7a69', nonce: '0x0' }],
      },
    ],
    namespace: 'eip155',
    chainId: 31337,
  },
  batch: {
    kind: 'rpc',
    method: 'wallet_sendCalls',
    params: [
      {
        from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        calls: [
          { to: RECEIVER, value: hex(ETH / 10n) },
          {
            to: USDC,
            data: `0xa9059cbb${RECEIVER.slice(2).toLowerCase().padStart(64, '0')}${(25n * 10n ** 6n).toString(16).padStart(64, '0')}`,
          },
        ],
      },
    ],
    namespace: 'eip155',
    chainId: 31337,
    simulation: {
      status: 'success',
      changes: [
        { amount: '-0.1', symbol: 'ETH' },
        { amount: '-25', symbol: 'USDC' },
      ],
      fee: { amount: '0.0000871', symbol: 'ETH' },
    },
  },
  solana: {
    kind: 'rpc',
    method: 'solana_signAndSendTransaction',
    // 1.5 SOL from 7S3P…AaKv to 9xQe…VFin (a wire transaction built with @solana/kit).
    params: [
      {
        transaction:
          'AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACAAQABA1+QVUuz2ML8grbuWcSaqhQ+d/fUmoPpVs4dvvF6Q/gFhQ8tbgKkevgk0Jq2ncQtcMsoy/okn7fuV7nSVsEnYu8AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAMxJDpKM0uOHO7ND/JXaMxecpg9Nv0bCw26RKZ1V1Oa5AQICAAEMAgAAAAAvaFkAAAAAAA==',
      },
    ],
    namespace: 'solana',
    chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  },
} satisfies Record<string, ConfirmRequest>

type Which = keyof typeof REQUESTS
type Args = { request: Which; mode: 'light' | 'dark'; locale?: Parameters<typeof loadTexts>[0] }

/** The window, as the frame page runs it, in this story's document; the frame's REQUEST delivered to it. */
function ConfirmWindow({ request, mode, locale = 'en' }: Args) {
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    const origin = location.origin
    const opener = { closed: false, frames: { length: 0 } } as unknown as Window
    const ui = runConfirmWindow(document, { origin, opener, close: () => undefined, announceMs: 60_000, languages: [locale] })
    // The frame's messages come from a window (a browser checks it): this page's own stands in for the frame.
    const frame = window
    void (async () => {
      const texts = locale === 'en' ? ENGLISH : await loadTexts(locale)
      const view = { ...describeRequest(REQUESTS[request], new URL(HOST).host, texts), origin: HOST }
      window.dispatchEvent(
        new MessageEvent('message', {
          origin,
          source: frame,
          data: { channel: CONFIRM_CHANNEL, type: 'REQUEST', id: 1, view, look: { themeMode: mode, locale } },
        }),
      )
    })()
    return () => {
      ui.stop()
      document.querySelector('main.portico-confirm')?.remove()
      document.body.className = ''
    }
  }, [request, mode, locale])
  return null
}

const meta = {
  title: 'Frame/ConfirmWindow',
  component: ConfirmWindow,
  parameters: { panels: false, layout: 'fullscreen' },
  args: { request: 'send', mode: 'light' },
} satisfies Meta<typeof ConfirmWindow>
export default meta
type Story = StoryObj<typeof meta>

const titled = (text: string) => shows('portico-confirm', text)

export const Send: Story = { name: 'Send: balance changes and fee (light)', play: titled('Balance changes') }
export const SendDark: Story = { name: 'Send: balance changes and fee (dark)', args: { mode: 'dark' }, play: titled('Balance changes') }
export const Failing: Story = {
  name: 'A transaction that will fail: Send anyway (dark)',
  args: { request: 'failing', mode: 'dark' },
  play: titled('This transaction will fail'),
}
export const Approve: Story = { name: 'An unlimited approval, flagged (light)', args: { request: 'approve' }, play: titled('unlimited') }
export const SignIn: Story = { name: 'A sign-in for this page (light)', args: { request: 'signIn' }, play: titled('localhost:5173') }
export const StepUpCode: Story = {
  name: "The policy's step-up: a code (light)",
  args: { request: 'stepUpCode' },
  play: titled('authenticator app'),
}
export const StepUpPasskey: Story = {
  name: "The policy's step-up: a passkey (dark)",
  args: { request: 'stepUpPasskey', mode: 'dark' },
  play: titled('Confirm with your passkey'),
}
export const Permit2: Story = {
  name: 'A Permit2 signature: spender, amount, deadline (dark)',
  args: { request: 'permit2', mode: 'dark' },
  play: titled('Permit'),
}
export const Delegation: Story = {
  name: 'An EIP-7702 delegation to an unknown contract, flagged (light)',
  args: { request: 'delegation' },
  play: titled('not a known executor'),
}
export const Batch: Story = { name: 'A batch of two calls, simulated (light)', args: { request: 'batch' }, play: titled('Balance changes') }
export const Solana: Story = {
  name: 'A Solana transfer of 1.5 SOL (dark)',
  args: { request: 'solana', mode: 'dark' },
  play: titled('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'),
}
export const RemovePasskey: Story = {
  name: 'Removing a passkey (light)',
  args: { request: 'removePasskey' },
  play: titled('MacBook passkey'),
}
export const Phone: Story = {
  name: 'Send on a 375 px phone (dark)',
  args: { mode: 'dark' },
  globals: { viewport: { value: 'iphonex', isRotated: false } },
  parameters: {
    viewport: { options: { iphonex: { name: 'iPhone X', styles: { width: '375px', height: '812px' }, type: 'mobile' } } },
  },
  play: titled('Balance changes'),
}
export const Arabic: Story = {
  name: "The policy's step-up in Arabic (light, right to left)",
  args: { request: 'stepUpCode', locale: 'ar' },
  play: async () => {
    await shows('portico-confirm')()
    // The locale's texts load first; then the document turns right to left.
    await waitFor(() => {
      if (document.documentElement.dir !== 'rtl') throw new Error('The window is not right to left')
    })
  },
}
