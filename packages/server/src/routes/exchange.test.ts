// The exchange JSON-RPC (POST /v1/json-rpc) against the real exchange sandbox of @portico/devnet, on
// a real anvil chain and the local Solana chain: listings, pay URLs, and payments that really move
// ETH and USDC on anvil and SOL and USDC on Solana, or fail (cancel, page closed, low balance).
import { startDevnet, type Devnet } from '@portico/devnet'
import { EXCHANGE_HOT_WALLET_INDEXES, lowBalanceExchange, startExchangeSandbox, type ExchangeSandbox } from '@portico/devnet/exchange'
import { solanaDevSigner, startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import {
  getExchangeBuyStatusResultSchema,
  getExchangePayUrlResultSchema,
  getExchangesResultSchema,
  jsonRpcResponseSchema,
} from '@portico/protocol/exchange'
import { createPublicClient, decodeEventLog, erc20Abi, http, parseEther, type Address, type Hex, type PublicClient } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { openTestApp, type TestApp } from '../test-support.ts'
import { EXCHANGE_RPC_ERRORS, roundExchangeAmount } from './exchange.ts'

const MNEMONIC = 'test test test test test test test test test test test junk'
const QUERY = '?projectId=p1&st=appkit&sv=html-react-1.0.0&source=fund-wallet'
/** Dev account 6 on EVM, Solana dev account 56: used by nothing else. */
const EVM_RECIPIENT = mnemonicToAccount(MNEMONIC, { addressIndex: 6 }).address

let devnet: Devnet
let solana: SolanaDevnet
let sandbox: ExchangeSandbox
let app: TestApp
let close: () => Promise<void>
let client: PublicClient
let solanaRecipient: string
let ETH: string
let USDC: string
let usdc: Address
let SOL: string
let SPL_USDC: string

beforeAll(async () => {
  ;[devnet, solana] = await Promise.all([startDevnet({ chains: [{ chainId: 31337 }] }), startSolanaDevnet()])
  const chain = devnet.chains[0]!
  usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address
  sandbox = await startExchangeSandbox({
    evm: [{ chainId: chain.chainId, name: chain.name, rpcUrl: chain.rpcUrl, usdc }],
    solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: solana.rpcUrl, usdcMint: solana.usdcMint },
    exchanges: [
      { id: 'harbor', name: 'Harbor Exchange', hotWalletIndex: EXCHANGE_HOT_WALLET_INDEXES.harbor },
      { id: 'lantern', name: 'Lantern Exchange', hotWalletIndex: EXCHANGE_HOT_WALLET_INDEXES.lantern },
      lowBalanceExchange(),
    ],
  })
  ;({ app, close } = await openTestApp({ exchanges: [{ kind: 'sandbox', url: sandbox.url }] }))
  client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) }) as PublicClient
  solanaRecipient = (await solanaDevSigner(56)).address
  ETH = 'eip155:31337/slip44:60'
  USDC = `eip155:31337/erc20:${usdc}`
  SOL = `${solana.caipNetworkId}/slip44:501`
  SPL_USDC = `${solana.caipNetworkId}/token:${solana.usdcMint}`
}, 120_000)
afterAll(async () => {
  await close?.()
  await sandbox?.stop()
  await Promise.all([devnet?.stop(), solana?.stop()])
})

type RpcAnswer = { status: number; body: z.infer<typeof jsonRpcResponseSchema> }

async function post(body: unknown, options: { query?: string; contentType?: string; to?: TestApp } = {}): Promise<RpcAnswer> {
  const res = await (options.to ?? app).request(`/v1/json-rpc${options.query ?? QUERY}`, {
    method: 'POST',
    headers: { 'content-type': options.contentType ?? 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: jsonRpcResponseSchema.parse(await res.json()) }
}
const rpc = (method: string, params: Record<string, unknown>, to?: TestApp) =>
  post({ jsonrpc: '2.0', id: 1, method, params: { projectId: 'p1', ...params } }, to ? { to } : {})

async function payUrl(exchangeId: string, asset: string, amount: number | string, recipient: string) {
  const { status, body } = await rpc('portico_getExchangePayUrl', { exchangeId, asset, amount, recipient })
  expect(body.error, JSON.stringify(body.error)).toBeUndefined()
  expect(status).toBe(200)
  return getExchangePayUrlResultSchema.parse(body.result)
}
async function buyStatus(exchangeId: string, sessionId: string) {
  const { body } = await rpc('portico_getExchangeBuyStatus', { exchangeId, sessionId })
  expect(body.error, JSON.stringify(body.error)).toBeUndefined()
  return getExchangeBuyStatusResultSchema.parse(body.result)
}
/** What the pay page's Confirm button does. */
const confirmOnPage = (url: string) => fetch(`${url}/confirm`, { method: 'POST', headers: { accept: 'application/json' } })

/** One JSON-RPC call to the local Solana chain; `T` is the shape of the result the caller reads. */
const solanaCall = async <T>(method: string, params: unknown[]): Promise<T> => {
  const res = await fetch(solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: T }).result
}
const lamportsOf = async (owner: string): Promise<bigint> => BigInt((await solanaCall<{ value: number }>('getBalance', [owner])).value)
async function splUnitsOf(owner: string): Promise<bigint> {
  const { value } = await solanaCall<{ value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }>(
    'getTokenAccountsByOwner',
    [owner, { mint: solana.usdcMint }, { encoding: 'jsonParsed' }],
  )
  const [first] = value
  return first === undefined ? 0n : BigInt(first.account.data.parsed.info.tokenAmount.amount)
}
const usdcOf = (owner: Address) => client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('roundExchangeAmount: amounts rounded to 8 decimals (SPEC §9)', () => {
  it.each([
    [0.123456789, '0.12345679'],
    ['0.123456789', '0.12345679'],
    ['0.123456784', '0.12345678'],
    [25, '25'],
    ['25.10', '25.1'],
    [1e-7, '0.0000001'],
    [0.000000005, '0.00000001'],
    ['999999999999999.99999999', '999999999999999.99999999'],
    [0.000000004, undefined],
    ['0', undefined],
    [0, undefined],
    [-1, undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    ['1e5', undefined],
    ['-1', undefined],
    [' 1', undefined],
    ['1000000000000000', undefined],
    [1e21, undefined],
    ['10.', '10'],
    ['.5', '0.5'],
    ['.', undefined],
    ['', undefined],
  ] as [number | string, string | undefined][])('%s → %s', (input, output) => {
    expect(roundExchangeAmount(input)).toBe(output)
  })

  it.each([
    ['0', '0'],
    [0, '0'],
    [0.000000004, '0'],
    ['12.345', '12.345'],
    [-1, undefined],
    ['', undefined],
  ] as [number | string, string | undefined][])('the listing amount (0 allowed): %s → %s', (input, output) => {
    expect(roundExchangeAmount(input, { allowZero: true })).toBe(output)
  })
})

describe('exchange JSON-RPC on the sandbox', () => {
  it('lists the exchanges that can send an asset (page 0), with their names and data: logos', async () => {
    const { status, body } = await rpc('portico_getExchanges', { page: 0, asset: USDC, amount: 25 })
    expect([status, body.id, body.jsonrpc]).toEqual([200, 1, '2.0'])
    const result = getExchangesResultSchema.parse(body.result)
    expect(result.exchanges.map((e) => [e.id, e.name])).toEqual([
      ['harbor', 'Harbor Exchange'],
      ['lantern', 'Lantern Exchange'],
      ['empty-vault', 'Empty Vault Exchange'],
    ])
    expect(result.exchanges.every((e) => e.imageUrl?.startsWith('data:image/svg+xml;base64,'))).toBe(true)
    expect(result.total).toBe(3)
  })

  it('lists the exchanges before an amount is typed (amount 0, as the modal sends it)', async () => {
    for (const amount of ['0', 0]) {
      const { body } = await rpc('portico_getExchanges', { page: 0, asset: SOL, amount })
      expect(getExchangesResultSchema.parse(body.result).exchanges.map((e) => e.id)).toEqual(['harbor', 'lantern', 'empty-vault'])
    }
  })

  it.each([
    ['an asset of a chain the exchanges do not serve', 'eip155:1/slip44:60'],
    ['Ethereum mainnet USDC', 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
    ['an unsupported namespace', 'cosmos:cosmoshub-4/slip44:118'],
  ])('%s is "not supported" (the modal shows "Asset not supported")', async (_name, asset) => {
    for (const [method, params] of [
      ['portico_getExchanges', { page: 0, asset, amount: 1 }],
      [
        'portico_getExchangePayUrl',
        { exchangeId: 'harbor', asset, amount: 1, recipient: `${asset.split('/')[0]}:0x0000000000000000000000000000000000000001` },
      ],
    ] as const) {
      const { status, body } = await rpc(method, params)
      expect(status).toBe(200)
      expect(body.error).toEqual({ code: EXCHANGE_RPC_ERRORS.assetNotSupported, message: `Asset ${asset} is not supported` })
    }
  })

  it('rounds the amount to 8 decimals before the exchange sees it (then to the asset decimals: USDC 6)', async () => {
    const eth = await payUrl('lantern', ETH, 0.123456789, `eip155:31337:${EVM_RECIPIENT}`)
    expect(sandbox.session(eth.sessionId)).toMatchObject({
      amount: '0.12345679',
      symbol: 'ETH',
      exchangeId: 'lantern',
      status: 'IN_PROGRESS',
    })
    const token = await payUrl('lantern', USDC, '1.123456789', `eip155:31337:${EVM_RECIPIENT}`)
    expect(sandbox.session(token.sessionId)).toMatchObject({ amount: '1.123456', symbol: 'USDC' })
    sandbox.cancel(eth.sessionId)
    sandbox.cancel(token.sessionId)
  })

  it('pays ETH on anvil: the pay page, IN_PROGRESS, then SUCCESS with the hash of the transfer to the recipient', async () => {
    const before = await client.getBalance({ address: EVM_RECIPIENT })
    const { url, sessionId } = await payUrl('harbor', ETH, '0.75', `eip155:31337:${EVM_RECIPIENT}`)
    expect(url).toBe(sandbox.payUrl(sessionId))
    expect(await buyStatus('harbor', sessionId)).toEqual({ status: 'IN_PROGRESS', txHash: null })
    expect((await fetch(url)).status).toBe(200)
    expect((await confirmOnPage(url)).status).toBe(200)
    const done = await buyStatus('harbor', sessionId)
    expect(done.status).toBe('SUCCESS')
    const tx = await client.getTransaction({ hash: done.txHash as Hex })
    expect([tx.from, tx.to, tx.value]).toEqual([
      sandbox.exchanges[0]!.evmAddress.toLowerCase(),
      EVM_RECIPIENT.toLowerCase(),
      parseEther('0.75'),
    ])
    expect(await client.getBalance({ address: EVM_RECIPIENT })).toBe(before + parseEther('0.75'))
  })

  it('pays USDC on anvil: a Transfer of 12.5 USDC from the hot wallet, SUCCESS with its hash', async () => {
    const before = await usdcOf(EVM_RECIPIENT)
    const { url, sessionId } = await payUrl('lantern', USDC.toLowerCase(), 12.5, `eip155:31337:${EVM_RECIPIENT}`)
    await confirmOnPage(url)
    const done = await buyStatus('lantern', sessionId)
    expect(done.status).toBe('SUCCESS')
    const receipt = await client.getTransactionReceipt({ hash: done.txHash as Hex })
    const transfer = decodeEventLog({ abi: erc20Abi, ...receipt.logs[0]! })
    expect(transfer).toMatchObject({
      eventName: 'Transfer',
      args: { from: sandbox.exchanges[1]!.evmAddress, to: EVM_RECIPIENT, value: 12_500_000n },
    })
    expect(await usdcOf(EVM_RECIPIENT)).toBe(before + 12_500_000n)
  })

  it('pays SOL on the local Solana chain: the recipient gains it, SUCCESS with the transaction signature', async () => {
    const before = await lamportsOf(solanaRecipient)
    const { url, sessionId } = await payUrl('harbor', SOL, '1.25', `${solana.caipNetworkId}:${solanaRecipient}`)
    await confirmOnPage(url)
    const done = await buyStatus('harbor', sessionId)
    expect(done.status).toBe('SUCCESS')
    expect(await lamportsOf(solanaRecipient)).toBe(before + 1_250_000_000n)
    const [status] = (await solanaCall<{ value: unknown[] }>('getSignatureStatuses', [[done.txHash]])).value
    expect(status).toMatchObject({ err: null })
  })

  it('pays USDC on the local Solana chain (the recipient token account created): SUCCESS with the signature', async () => {
    const before = await splUnitsOf(solanaRecipient)
    const { url, sessionId } = await payUrl('harbor', SPL_USDC, '7.000001', `${solana.caipNetworkId}:${solanaRecipient}`)
    await confirmOnPage(url)
    const done = await buyStatus('harbor', sessionId)
    expect(done.status).toBe('SUCCESS')
    expect(await splUnitsOf(solanaRecipient)).toBe(before + 7_000_001n)
    const [status] = (await solanaCall<{ value: unknown[] }>('getSignatureStatuses', [[done.txHash]])).value
    expect(status).toMatchObject({ err: null })
  })

  it('Cancel on the pay page: FAILED, nothing sent', async () => {
    const before = await client.getBalance({ address: EVM_RECIPIENT })
    const { url, sessionId } = await payUrl('harbor', ETH, 1, `eip155:31337:${EVM_RECIPIENT}`)
    await fetch(`${url}/cancel`, { method: 'POST' })
    expect(await buyStatus('harbor', sessionId)).toEqual({ status: 'FAILED', txHash: null })
    expect(await client.getBalance({ address: EVM_RECIPIENT })).toBe(before)
  })

  it('the pay page closed before confirming (its pagehide beacon): FAILED, and a later Confirm sends nothing', async () => {
    const before = await splUnitsOf(solanaRecipient)
    const { url, sessionId } = await payUrl('lantern', SPL_USDC, 3, `${solana.caipNetworkId}:${solanaRecipient}`)
    await fetch(`${url}/closed`, { method: 'POST' })
    expect(await buyStatus('lantern', sessionId)).toEqual({ status: 'FAILED', txHash: null })
    await confirmOnPage(url)
    expect(await buyStatus('lantern', sessionId)).toEqual({ status: 'FAILED', txHash: null })
    expect(await splUnitsOf(solanaRecipient)).toBe(before)
  })

  it.each([
    ['ETH', () => ETH, '0.01', () => `eip155:31337:${EVM_RECIPIENT}`],
    ['USDC on anvil', () => USDC, '5', () => `eip155:31337:${EVM_RECIPIENT}`],
    ['SOL', () => SOL, '0.5', () => `${solana.caipNetworkId}:${solanaRecipient}`],
    ['USDC on Solana', () => SPL_USDC, '1.01', () => `${solana.caipNetworkId}:${solanaRecipient}`],
  ])('an exchange whose hot wallet holds too little %s: FAILED after Confirm', async (_name, asset, amount, recipient) => {
    const { url, sessionId } = await payUrl('empty-vault', asset(), amount, recipient())
    await confirmOnPage(url)
    expect(await buyStatus('empty-vault', sessionId)).toEqual({ status: 'FAILED', txHash: null })
    expect(sandbox.session(sessionId)?.reason).toBe('insufficient balance')
  })

  it('unknown exchanges and sessions are JSON-RPC errors', async () => {
    expect(
      (await rpc('portico_getExchangePayUrl', { exchangeId: 'nope', asset: ETH, amount: 1, recipient: `eip155:31337:${EVM_RECIPIENT}` }))
        .body.error,
    ).toEqual({
      code: EXCHANGE_RPC_ERRORS.exchangeNotFound,
      message: 'Exchange nope not found',
    })
    expect((await rpc('portico_getExchangeBuyStatus', { exchangeId: 'harbor', sessionId: 'a'.repeat(24) })).body.error).toEqual({
      code: EXCHANGE_RPC_ERRORS.sessionNotFound,
      message: 'Session not found',
    })
    const { sessionId } = await payUrl('harbor', ETH, 1, `eip155:31337:${EVM_RECIPIENT}`)
    expect((await rpc('portico_getExchangeBuyStatus', { exchangeId: 'lantern', sessionId })).body.error?.code).toBe(
      EXCHANGE_RPC_ERRORS.sessionNotFound,
    )
    sandbox.cancel(sessionId)
  })
})

describe('exchange JSON-RPC: bad input is a JSON-RPC error, never a 500', () => {
  const ok = {
    jsonrpc: '2.0',
    id: 1,
    method: 'portico_getExchanges',
    params: { projectId: 'p1', page: 0, asset: 'eip155:31337/slip44:60', amount: 1 },
  }
  const pay = {
    projectId: 'p1',
    exchangeId: 'harbor',
    asset: 'eip155:31337/slip44:60',
    amount: 1,
    recipient: `eip155:31337:${EVM_RECIPIENT}`,
  }
  it.each([
    [
      'no projectId in params',
      { ...ok, params: { ...ok.params, projectId: undefined } },
      200,
      -32602,
      'Invalid params: projectId must be a string',
    ],
    ['page -1', { ...ok, params: { ...ok.params, page: -1 } }, 200, -32602, 'Invalid params: page must be an integer from 0'],
    ['page 0.5', { ...ok, params: { ...ok.params, page: 0.5 } }, 200, -32602, 'Invalid params: page must be an integer from 0'],
    [
      'a CAIP-10 id as asset',
      { ...ok, params: { ...ok.params, asset: 'eip155:1:0x0000000000000000000000000000000000000001' } },
      200,
      -32602,
      'Invalid params: asset must be a CAIP-19 asset id (eip155:1/slip44:60), got eip155:1:0x0000000000000000000000000000000000000001',
    ],
    [
      'a listing amount of -1',
      { ...ok, params: { ...ok.params, amount: -1 } },
      200,
      -32602,
      'Invalid params: amount must be a decimal from 0 below 10^15, got -1',
    ],
    [
      'a listing amount "abc"',
      { ...ok, params: { ...ok.params, amount: 'abc' } },
      200,
      -32602,
      'Invalid params: amount must be a decimal from 0 below 10^15, got abc',
    ],
    [
      'a pay amount of 0',
      { ...ok, method: 'portico_getExchangePayUrl', params: { ...pay, amount: 0 } },
      200,
      -32602,
      'Invalid params: amount must be a positive decimal below 10^15 that is at least 0.00000001, got 0',
    ],
    [
      'a pay amount of 1e-9',
      { ...ok, method: 'portico_getExchangePayUrl', params: { ...pay, amount: 1e-9 } },
      200,
      -32602,
      'Invalid params: amount must be a positive decimal below 10^15 that is at least 0.00000001, got 1e-9',
    ],
    ['params an array', { ...ok, params: [1] }, 400, -32600, 'Invalid Request: params must be an object'],
    ['jsonrpc 1.0', { ...ok, jsonrpc: '1.0' }, 400, -32600, 'Invalid Request: jsonrpc must be "2.0"'],
    ['an unknown method', { ...ok, method: 'eth_chainId' }, 200, -32601, 'Method not found: eth_chainId'],
    ['a batch', [ok], 400, -32600, 'Invalid Request: batches are not supported'],
    ['not JSON', '{"jsonrpc":', 400, -32700, 'Parse error: the body must be JSON'],
  ])('%s → %i %i', async (_name, body, status, code, message) => {
    const answer = await post(body)
    expect([answer.status, answer.body.error]).toEqual([status, { code, message }])
  })

  it('the recipient must be on the asset network', async () => {
    const { body } = await rpc('portico_getExchangePayUrl', {
      exchangeId: 'harbor',
      asset: 'eip155:31337/slip44:60',
      amount: 1,
      recipient: `eip155:31338:${EVM_RECIPIENT}`,
    })
    expect(body.error).toEqual({ code: -32602, message: "Invalid params: recipient must be on the asset's network eip155:31337" })
  })

  it('the query must carry projectId, st, sv and source=fund-wallet; the body must be JSON', async () => {
    expect((await post(ok, { query: '?projectId=p1&st=appkit&sv=1' })).body.error).toEqual({
      code: -32600,
      message: 'Invalid Request: source must be fund-wallet',
    })
    expect((await post(ok, { query: '' })).status).toBe(400)
    const text = await post(ok, { contentType: 'text/plain' })
    expect([text.status, text.body.error?.code]).toEqual([415, -32600])
  })

  it('without exchanges configured nothing is listed; an unreachable exchange service is a 502 JSON-RPC error', async () => {
    const none = await openTestApp()
    const down = await openTestApp({ exchanges: [{ kind: 'sandbox', url: 'http://127.0.0.1:1' }] })
    try {
      expect((await rpc('portico_getExchanges', ok.params, none.app)).body.result).toEqual({ exchanges: [], total: 0 })
      const answer = await rpc('portico_getExchanges', ok.params, down.app)
      expect([answer.status, answer.body.error]).toEqual([
        502,
        { code: EXCHANGE_RPC_ERRORS.unavailable, message: 'Exchange service unavailable' },
      ])
    } finally {
      await none.close()
      await down.close()
    }
  })
})
