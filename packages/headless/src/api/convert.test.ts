/** The swap client (SPEC §7 /v1/convert/*): what each call sends, what it returns, its failure text. */
import { describe, expect, it } from 'vitest'
import type { ApiClient } from './client'
import { API_BASE, recordingFetch, SDK, testClient, type Answer } from './test-support'

const USER = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'
const USDC = 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const ETH = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

interface Row {
  name: string
  call: (api: ApiClient) => Promise<unknown>
  method: 'GET' | 'POST'
  path: string
  query: Record<string, string>
  body?: unknown
  answer: unknown
  result: unknown
  /** Text when the body has the wrong shape. */
  text: string
}

const approveTx = {
  from: USER,
  to: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  data: '0x095ea7b3',
  value: '0',
  eip155: { gasPrice: '1000000000' },
}
const swapTx = {
  from: USER,
  to: '0x1111111254eeb25477b68fb85ed929f73a960582',
  data: '0x12aa3caf',
  value: '1000000000000000',
  eip155: { gas: '150000', gasPrice: '1000000000' },
}

const rows: Row[] = [
  {
    name: 'quotes',
    call: (api) => api.convert.getQuotes({ amount: '1000000', userAddress: USER, from: USDC, to: ETH, gasPrice: '1000000000' }),
    method: 'GET',
    path: '/v1/convert/quotes',
    query: { amount: '1000000', userAddress: USER, from: USDC, to: ETH, gasPrice: '1000000000' },
    answer: { quotes: [{ id: null, fromAmount: '1000000', fromAccount: USDC, toAmount: '400000000000000', toAccount: ETH }] },
    result: { quotes: [{ id: null, fromAmount: '1000000', fromAccount: USDC, toAmount: '400000000000000', toAccount: ETH }] },
    text: 'Incorrect amount',
  },
  {
    name: 'tokens',
    call: (api) => api.convert.getTokens('eip155:1'),
    method: 'GET',
    path: '/v1/convert/tokens',
    query: { chainId: 'eip155:1' },
    answer: {
      tokens: [{ name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6, logoUri: 'http://127.0.0.1/usdc.svg', eip2612: true }],
    },
    result: {
      tokens: [{ name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6, logoUri: 'http://127.0.0.1/usdc.svg', eip2612: true }],
    },
    text: 'Failed to initialize swap',
  },
  {
    name: 'gas price',
    call: (api) => api.convert.getGasPrice('eip155:1'),
    method: 'GET',
    path: '/v1/convert/gas-price',
    query: { chainId: 'eip155:1' },
    answer: { standard: '1000000000', fast: '1500000000', instant: '2000000000' },
    result: { standard: '1000000000', fast: '1500000000', instant: '2000000000' },
    text: 'Failed to initialize swap',
  },
  {
    name: 'network token price',
    call: (api) => api.convert.getNetworkTokenPrice(ETH),
    method: 'POST',
    path: '/v1/fungible/price',
    query: {},
    body: { currency: 'usd', addresses: [ETH], projectId: SDK.projectId },
    answer: { fungibles: [{ name: 'Ether', symbol: 'ETH', price: 2500, address: ETH, iconUrl: 'http://127.0.0.1/eth.svg' }] },
    result: { fungibles: [{ name: 'Ether', symbol: 'ETH', price: 2500, address: ETH, iconUrl: 'http://127.0.0.1/eth.svg' }] },
    text: 'Failed to fetch network token price',
  },
  {
    name: 'allowance',
    call: (api) => api.convert.getAllowance({ tokenAddress: USDC, userAddress: USER }),
    method: 'GET',
    path: '/v1/convert/allowance',
    query: { tokenAddress: USDC, userAddress: USER },
    answer: { allowance: '0' },
    result: { allowance: '0' },
    text: 'Failed to check allowance',
  },
  {
    name: 'build approve',
    call: (api) => api.convert.buildApprove({ from: USDC, to: ETH, userAddress: USER }),
    method: 'GET',
    path: '/v1/convert/build-approve',
    query: { from: USDC, to: ETH, userAddress: USER },
    answer: { tx: approveTx },
    result: { tx: approveTx },
    text: 'Failed to create approval transaction',
  },
  {
    name: 'build transaction',
    call: (api) =>
      api.convert.buildTransaction({
        amount: '1000000',
        eip155: { slippage: '1' },
        from: USDC,
        to: ETH,
        userAddress: USER,
        disableEstimate: true,
      }),
    method: 'POST',
    path: '/v1/convert/build-transaction',
    query: {},
    body: { amount: '1000000', eip155: { slippage: '1' }, from: USDC, to: ETH, userAddress: USER, disableEstimate: true },
    answer: { tx: swapTx },
    result: { tx: swapTx },
    text: 'Failed to create transaction',
  },
]

describe('convert client (SPEC §7)', () => {
  it.each(rows)('$name: $method $path, the query and body sent, the parsed answer', async (row) => {
    const f = recordingFetch(() => ({ body: row.answer }))
    await expect(row.call(testClient(f.fetch))).resolves.toEqual(row.result)
    expect(f.calls).toHaveLength(1)
    const sent = f.calls[0]!
    expect(sent.url.origin + sent.url.pathname).toBe(`${API_BASE}${row.path}`)
    expect([sent.method, sent.query, sent.sdk, sent.body]).toEqual([row.method, row.query, SDK, row.body])
    if (row.body !== undefined) expect(sent.headers['content-type']).toBe('application/json')
  })

  it.each(rows)('$name: a body of the wrong shape ends with "$text"', async (row) => {
    const f = recordingFetch(() => ({ body: { unexpected: true } }))
    await expect(row.call(testClient(f.fetch))).rejects.toMatchObject({ name: 'PorticoError', message: row.text })
  })

  it.each(rows)('$name: a non-OK answer keeps "HTTP status code: 400"', async (row) => {
    const f = recordingFetch((): Answer => ({ status: 400, body: { error: 'bad' } }))
    await expect(row.call(testClient(f.fetch))).rejects.toMatchObject({
      name: 'PorticoError',
      message: 'HTTP status code: 400',
      status: 400,
    })
  })

  it('approval and swap transactions read the fields SPEC §7 names', async () => {
    const f = recordingFetch((s) => ({ body: s.path.endsWith('build-approve') ? { tx: approveTx } : { tx: swapTx } }))
    const api = testClient(f.fetch)
    const approve = await api.convert.buildApprove({ from: USDC, to: ETH, userAddress: USER })
    expect([approve.tx.from, approve.tx.data, approve.tx.value, approve.tx.eip155.gasPrice]).toEqual([
      USER,
      '0x095ea7b3',
      '0',
      '1000000000',
    ])
    const swap = await api.convert.buildTransaction({ amount: '1', eip155: { slippage: '1' }, from: USDC, to: ETH, userAddress: USER })
    expect([swap.tx.to, swap.tx.data, swap.tx.value, swap.tx.eip155.gas, swap.tx.eip155.gasPrice]).toEqual([
      '0x1111111254eeb25477b68fb85ed929f73a960582',
      '0x12aa3caf',
      '1000000000000000',
      '150000',
      '1000000000',
    ])
  })
})
