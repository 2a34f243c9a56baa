/** The exchange JSON-RPC client (SPEC §7): envelope, methods, params, results and error texts. */
import { describe, expect, it } from 'vitest'
import type { ApiClient } from './client'
import { JsonRpcFailure } from './exchange'
import { API_BASE, recordingFetch, SDK, testClient, type Answer } from './test-support'

const ASSET = 'eip155:8453/erc20:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const RECIPIENT = 'eip155:8453:0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'

interface Row {
  name: string
  call: (api: ApiClient) => Promise<unknown>
  method: string
  params: Record<string, unknown>
  result: unknown
  text: string
}

const rows: Row[] = [
  {
    name: 'exchanges',
    call: (api) => api.exchange.getExchanges({ asset: ASSET, amount: 25 }),
    method: 'portico_getExchanges',
    params: { page: 0, asset: ASSET, amount: 25, projectId: SDK.projectId },
    result: {
      exchanges: [
        { id: 'dev-exchange', name: 'Dev Exchange', imageUrl: 'http://127.0.0.1/x.svg' },
        { id: 'other', name: 'Other' },
      ],
      total: 2,
    },
    text: 'Unable to get exchanges',
  },
  {
    name: 'pay url',
    call: (api) => api.exchange.getPayUrl({ exchangeId: 'dev-exchange', asset: ASSET, amount: '25', recipient: RECIPIENT }),
    method: 'portico_getExchangePayUrl',
    params: { exchangeId: 'dev-exchange', asset: ASSET, amount: '25', recipient: RECIPIENT, projectId: SDK.projectId },
    result: { url: 'http://127.0.0.1:4200/pay/s1', sessionId: 's1' },
    text: 'Unable to initiate payment',
  },
  {
    name: 'buy status',
    call: (api) => api.exchange.getBuyStatus({ sessionId: 's1', exchangeId: 'dev-exchange' }),
    method: 'portico_getExchangeBuyStatus',
    params: { sessionId: 's1', exchangeId: 'dev-exchange', projectId: SDK.projectId },
    result: { status: 'SUCCESS', txHash: '0xabc' },
    text: 'Unable to get deposit status',
  },
]

describe('exchange JSON-RPC client (SPEC §7)', () => {
  it.each(rows)('$name: POST $method with its params, the result returned', async (row) => {
    const f = recordingFetch(() => ({ body: { jsonrpc: '2.0', id: 1, result: row.result } }))
    await expect(row.call(testClient(f.fetch))).resolves.toEqual(row.result)
    const sent = f.calls[0]!
    expect(sent.url.origin + sent.url.pathname).toBe(`${API_BASE}/v1/json-rpc`)
    expect([sent.method, sent.query, sent.sdk]).toEqual(['POST', { source: 'fund-wallet' }, SDK])
    expect(sent.body).toEqual({ jsonrpc: '2.0', id: 1, method: row.method, params: row.params })
  })

  it.each(rows)('$name: an error answer ends with "$text", the server message on cause', async (row) => {
    const f = recordingFetch(() => ({ body: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'exchange offline' } } }))
    const error = await row.call(testClient(f.fetch)).catch((e: unknown) => e as Error)
    expect(error).toMatchObject({ name: 'PorticoError', message: row.text })
    expect((error as Error).cause).toBeInstanceOf(JsonRpcFailure)
    expect((error as Error).cause).toMatchObject({ code: -32000, message: 'exchange offline' })
  })

  it.each(rows)('$name: a result of the wrong shape ends with "$text"', async (row) => {
    const f = recordingFetch(() => ({ body: { jsonrpc: '2.0', id: 1, result: { status: 'MAYBE', url: 1, exchanges: 'none' } } }))
    await expect(row.call(testClient(f.fetch))).rejects.toMatchObject({ name: 'PorticoError', message: row.text })
  })

  it.each([
    [
      '200 with an error saying the asset is not supported',
      { body: { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Asset eip155:1/slip44:60 is not supported' } } },
      'Asset not supported',
    ],
    [
      '400 with a JSON-RPC error body',
      { status: 400, body: { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params' } } },
      'Unable to initiate payment',
    ],
    ['500 without a JSON-RPC body', { status: 500, text: 'oops' }, 'HTTP status code: 500'],
    ['not JSON', { text: '<html>' }, 'Unable to initiate payment'],
  ] as [string, Answer, string][])('pay url: %s -> %s', async (_name, answer, text) => {
    const f = recordingFetch(() => answer)
    await expect(
      testClient(f.fetch).exchange.getPayUrl({ exchangeId: 'x', asset: ASSET, amount: 1, recipient: RECIPIENT }),
    ).rejects.toMatchObject({ message: text })
  })

  it('the exchange listing asks for the given page', async () => {
    const f = recordingFetch(() => ({ body: { jsonrpc: '2.0', id: 1, result: { exchanges: [] } } }))
    await testClient(f.fetch).exchange.getExchanges({ page: 3, asset: ASSET, amount: 1 })
    expect((f.calls[0]!.body as { params: { page: number } }).params.page).toBe(3)
  })
})
