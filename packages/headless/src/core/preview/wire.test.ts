// The preview flow as an instance wires it: the active EVM network's RPC (the app's fetch), the
// connected account as the sender, USD from the account's balances. The node is a stub that answers
// eth_simulateV1 as anvil 1.7.1 does (a traced 1 ETH transfer as an ERC-7528 Transfer log).
import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../chain/chain'
import { ADDRESS, fakeAdapter, testPortico } from '../test-utils'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ETH: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 6000,
  price: 3000,
  iconUrl: 'http://img/eth.png',
  quantity: { decimals: '18', numeric: '2' },
}
const pad = (hex: string) => `0x${hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')}`
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

function setup() {
  const rpc: { url: string; method: string; params: unknown }[] = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    if (url.pathname.endsWith('/balance')) return json({ balances: [ETH] })
    const body = init?.body ? (JSON.parse(String(init.body)) as { id: number; method?: string; params?: unknown }) : undefined
    if (!body?.method) return json({})
    rpc.push({ url: url.origin + url.pathname, method: body.method, params: body.params })
    if (body.method === 'eth_gasPrice') return json({ jsonrpc: '2.0', id: body.id, result: '0x3b9aca00' })
    if (body.method === 'eth_simulateV1')
      return json({
        jsonrpc: '2.0',
        id: body.id,
        result: [
          {
            number: '0x15',
            hash: `0x${'ab'.repeat(32)}`,
            timestamp: '0x6b0f9eeb',
            gasLimit: '0x1c9c380',
            gasUsed: '0x5208',
            baseFeePerGas: '0x4a3bd89',
            transactions: [],
            calls: [
              {
                returnData: '0x',
                status: '0x1',
                gasUsed: '0x5208',
                logs: [
                  {
                    address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
                    topics: [TRANSFER_TOPIC, pad(ADDRESS), pad(TO)],
                    data: pad('de0b6b3a7640000'),
                    blockNumber: '0x15',
                    transactionIndex: '0x0',
                    logIndex: '0x0',
                    removed: false,
                  },
                ],
              },
            ],
          },
        ],
      })
    return json({ jsonrpc: '2.0', id: body.id, error: { code: -32601, message: 'Method not found' } })
  }) as typeof globalThis.fetch
  const portico = testPortico({ adapters: [fakeAdapter('eip155')], fetch })
  return { portico, rpc }
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5))
  expect(check()).toBe(true)
}

describe('preview wiring', () => {
  it('1 ETH from the connected account: simulated on the active network through the app’s fetch, −1 ETH = −$3000, fee in USD', async () => {
    const { portico, rpc } = setup()
    await portico.connection.connect('io.metamask')
    await until(() => portico.chain.$account.get().tokenBalance.length === 1)
    const preview = await portico.load('preview')
    const state = await preview.preview({ method: 'eth_sendTransaction', params: [{ to: TO, value: '0xde0b6b3a7640000' }] })
    expect(state.simulation).toEqual({
      simulation: 'ok',
      status: 'success',
      changes: [{ asset: 'native', symbol: 'ETH', decimals: 18, amount: -(10n ** 18n), formatted: '-1', usd: -3000 }],
      fee: { gas: 21000n, gasPrice: 1_000_000_000n, amount: 21_000_000_000_000n, formatted: '0.000021', symbol: 'ETH', usd: 0.063 },
      calls: [{ kind: 'nativeTransfer', to: TO, value: 10n ** 18n, flags: [] }],
    })
    const simulated = rpc.find((r) => r.method === 'eth_simulateV1')
    expect(simulated?.url).toBe(portico.chain.getActiveNetwork('eip155')?.rpcUrls.default.http[0]?.replace(/\?.*$/, ''))
    expect(JSON.stringify(simulated?.params)).toContain(`"from":"${ADDRESS}"`)
  })

  it('no account connected: the call decoded, no simulation (noNetwork)', async () => {
    const { portico, rpc } = setup()
    const preview = await portico.load('preview')
    const state = await preview.preview({ method: 'eth_sendTransaction', params: [{ to: TO, value: '0x1' }] })
    expect(state.simulation).toMatchObject({ simulation: 'unavailable', reason: 'noNetwork' })
    expect(rpc.filter((r) => r.method === 'eth_simulateV1')).toEqual([])
  })
})
