// Issue 23 §2: an app's own request held by a previewing provider (getProvider('eip155', { preview: true }))
// in the real modal's RequestPreview view, previewed by the real engine: a 0.01 ETH send with its simulated
// change and fee, an unlimited USDC approval to an address with no code (flagged), a Permit2 signature, a
// transaction that will fail ("Continue anyway"), one the node can not simulate, and a message. The chain
// is a fixture node on the network's RPC URL that answers what the engine asks (eth_simulateV1, eth_gasPrice,
// eth_getCode, the token's symbol, decimals and balance); nothing leaves the page. Light and dark panels,
// the 375×812 phone, and Arabic (right to left).
import { createPortico, localeOf, type Portico, type ThemeMode } from '@portico/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeErrorResult,
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  numberToHex,
  pad,
  parseAbi,
  parseEther,
  parseUnits,
  toEventSelector,
} from 'viem'
import { fixtureFetch } from './support/api'
import { ADDRESS, fixtureAdapter, type Instances, LEGAL, networks } from './support/fixtures'
import { PHONE, type PhoneArgs, renderOnPhone } from './support/phone'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
/** An address with no code (an approval to it is flagged). */
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const RPC = networks[0]?.rpcUrls.default.http[0] as string
const TRANSFER = toEventSelector('event Transfer(address indexed from, address indexed to, uint256 value)')

type Scenario = 'send' | 'approve' | 'permit2' | 'failing' | 'unsimulated' | 'message'

/** What the app asks, per scenario. */
const REQUESTS: Record<Scenario, { method: string; params: unknown[] }> = {
  send: { method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: RECEIVER, value: numberToHex(parseEther('0.01')) }] },
  approve: {
    method: 'eth_sendTransaction',
    params: [
      { from: ADDRESS, to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }) },
    ],
  },
  permit2: {
    method: 'eth_signTypedData_v4',
    params: [
      ADDRESS,
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
        domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
        // 250 USDC until 2027-01-01, the signature valid until 2026-12-03 (within the 30 days that are not flagged).
        message: {
          details: { token: USDC, amount: '250000000', expiration: 1_798_761_600, nonce: 0 },
          spender: SPENDER,
          sigDeadline: '1796256000',
        },
      }),
    ],
  },
  failing: {
    method: 'eth_sendTransaction',
    params: [
      {
        from: ADDRESS,
        to: USDC,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECEIVER, parseUnits('5000', 6)] }),
      },
    ],
  },
  unsimulated: { method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: RECEIVER, value: numberToHex(parseEther('0.25')) }] },
  message: {
    method: 'personal_sign',
    params: ['Welcome to Portico Demo!\n\nSign this message to save your settings.\nIt costs nothing.', ADDRESS],
  },
}

const word = (address: string) => pad(address as `0x${string}`)
/** A Transfer log (ERC-20, or ERC-7528's native one from 0xEeee…). */
const transferLog = (token: string, from: string, to: string, value: bigint) => ({
  address: token,
  topics: [TRANSFER, word(from), word(to)],
  data: numberToHex(value, { size: 32 }),
  blockNumber: '0x1',
  logIndex: '0x0',
  transactionIndex: '0x0',
  transactionHash: pad('0x1'),
  blockHash: pad('0x2'),
  removed: false,
})

/** One simulated call's answer in eth_simulateV1's shape. */
function simulated(scenario: Scenario): unknown {
  const call =
    scenario === 'send'
      ? { status: '0x1', returnData: '0x', gasUsed: '0x5208', logs: [transferLog(NATIVE, ADDRESS, RECEIVER, parseEther('0.01'))] }
      : scenario === 'failing'
        ? {
            status: '0x0',
            returnData: encodeErrorResult({
              abi: parseAbi(['error Error(string)']),
              errorName: 'Error',
              args: ['ERC20: transfer amount exceeds balance'],
            }),
            gasUsed: '0x6d60',
            logs: [],
          }
        : { status: '0x1', returnData: '0x', gasUsed: '0xb41c', logs: [] }
  return [{ number: '0x1', hash: pad('0x2'), timestamp: '0x6750a000', gasLimit: '0x1c9c380', gasUsed: call.gasUsed, calls: [call] }]
}

/** The network's node, as the engine reads it: enough of JSON-RPC for the scenario. */
function node(scenario: Scenario) {
  const answer = (method: string, params: unknown[]): { result?: unknown; error?: { code: number; message: string } } => {
    switch (method) {
      case 'eth_simulateV1':
        return scenario === 'unsimulated' ? { error: { code: -32601, message: 'Method not found' } } : { result: simulated(scenario) }
      case 'eth_gasPrice':
        return { result: '0x77359400' } // 2 gwei
      case 'eth_chainId':
        return { result: '0x1' }
      case 'eth_getCode':
        return { result: String(params[0]).toLowerCase() === USDC.toLowerCase() ? '0x6080604052' : '0x' }
      case 'eth_call': {
        const { data } = params[0] as { data: `0x${string}` }
        const { functionName } = decodeFunctionData({ abi: erc20Abi, data })
        if (functionName === 'symbol') return { result: encodeAbiParameters([{ type: 'string' }], ['USDC']) }
        if (functionName === 'decimals') return { result: encodeAbiParameters([{ type: 'uint8' }], [6]) }
        if (functionName === 'balanceOf') return { result: encodeAbiParameters([{ type: 'uint256' }], [parseUnits('1520.75', 6)]) }
        return { error: { code: 3, message: 'execution reverted' } }
      }
      default:
        return { error: { code: -32601, message: `Method not found: ${method}` } }
    }
  }
  return async (init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params?: unknown[] }
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, ...answer(body.method, body.params ?? []) }), {
      headers: { 'content-type': 'application/json' },
    })
  }
}

const memoryStorage = () => {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

async function make(mode: ThemeMode, scenario: Scenario, locale?: string): Promise<Portico> {
  const api = fixtureFetch()
  const chain = node(scenario)
  const portico = createPortico({
    projectId: 'storybook',
    networks,
    adapters: [fixtureAdapter()],
    themeMode: mode,
    storage: memoryStorage(),
    isMobile: false,
    ...LEGAL,
    apiUrl: 'http://127.0.0.1:1/portico-fixture',
    fetch: (input, init) => (String(input).startsWith(RPC) ? chain(init) : api(input, init)),
  })
  if (locale) localeOf(portico).setLocale(locale)
  await portico.ready
  await portico.connection.connect('io.portico.devwallet')
  // USD values come from the account's balances (the fixture API's prices).
  await portico.balance.fetchTokenBalances()
  // The app's request: held for review until Continue or Cancel (never answered here).
  void portico
    .getProvider('eip155', { preview: true })
    .request(REQUESTS[scenario])
    .catch(() => undefined)
  const flow = await waitFor(() => {
    const loaded = portico.peek('requestPreview')
    expect(loaded?.$requestPreview.get().phase).toBe('review')
    return loaded
  })
  expect(flow?.$requestPreview.get().request?.method).toBe(REQUESTS[scenario].method)
  return portico
}

const loader = (scenario: Scenario, locale?: string) => async (): Promise<{ portico: Instances }> => ({
  portico: { light: await make('light', scenario, locale), dark: await make('dark', scenario, locale) },
})

const meta = { title: 'Views/RequestPreview', render: renderOnPhone } satisfies Meta<PhoneArgs>
export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)

/** Every panel (or the sheet) shows `text` in the element with `testId`. */
const shows = (testId: string, text: string) => async () => {
  await waitFor(async () => {
    const shown = await body().findAllByTestId(testId)
    expect(shown.map((el) => el.textContent?.includes(text))).toEqual(shown.map(() => true))
  })
}

export const Send: Story = {
  name: 'RequestPreview (send 0.01 ETH: −0.01 ETH and the fee, simulated)',
  loaders: [loader('send')],
  play: async () => {
    await shows('portico-simulation-change', '-0.01')()
    await shows('portico-simulation-fee', 'ETH')()
    await waitFor(async () => expect((await body().findAllByRole('button', { name: 'Continue' })).length).toBeGreaterThan(0))
  },
}

export const UnlimitedApproval: Story = {
  name: 'RequestPreview (an unlimited USDC approval to an address with no code: flagged)',
  loaders: [loader('approve')],
  play: async () => {
    await shows('portico-request-preview-details', 'Unlimited')()
    await waitFor(async () =>
      expect((await body().findAllByTestId('portico-request-preview-flag-unlimitedAmount'))[0]?.getAttribute('data-level')).toBe('danger'),
    )
    await shows('portico-request-preview-flag-spenderNoCode', 'not a contract')()
  },
}

export const Permit2: Story = {
  name: 'RequestPreview (a Permit2 signature: spender, 250 USDC, until when)',
  loaders: [loader('permit2')],
  play: async () => {
    await shows('portico-request-preview-heading', 'Permit2 signature')()
    await shows('portico-request-preview-details', '250 USDC')()
  },
}

export const Failing: Story = {
  name: 'RequestPreview (a transaction that will fail: the reason, Continue anyway)',
  loaders: [loader('failing')],
  play: async () => {
    await shows('portico-simulation-failing', 'ERC20: transfer amount exceeds balance')()
    await waitFor(async () => expect((await body().findAllByRole('button', { name: 'Continue anyway' })).length).toBeGreaterThan(0))
  },
}

export const NotSimulated: Story = {
  name: 'RequestPreview (the node can not simulate: said so, the decoded send shown)',
  loaders: [loader('unsimulated')],
  play: async () => {
    await shows('portico-simulation-unavailable', 'could not be simulated')()
    await shows('portico-request-preview-details', '0.25 ETH')()
  },
}

export const Message: Story = {
  name: 'RequestPreview (a message to sign, shown whole)',
  loaders: [loader('message')],
  play: shows('portico-request-preview-message', 'Sign this message to save your settings.'),
}

export const ApprovalPhone: Story = {
  name: 'RequestPreview (unlimited approval, phone)',
  ...PHONE,
  loaders: [loader('approve')],
  args: { phone: true },
  play: shows('portico-request-preview-details', 'Unlimited'),
}

export const FailingPhoneDark: Story = {
  name: 'RequestPreview (failing, phone, dark)',
  ...PHONE,
  loaders: [loader('failing')],
  args: { phone: true, mode: 'dark' },
  play: shows('portico-simulation-failing', 'ERC20: transfer amount exceeds balance'),
}

export const SendArabic: Story = {
  name: 'RequestPreview (send, Arabic, right to left)',
  loaders: [loader('send', 'ar')],
  play: async () => {
    await shows('portico-request-preview-heading', 'إرسال')()
    await waitFor(async () => expect((await body().findAllByRole('button', { name: 'متابعة' })).length).toBeGreaterThan(0))
  },
}
