import { describe, expect, it } from 'vitest'
import type { TransactionReceipt, TransferParams } from '../../adapters'
import type { TokenBalance } from '../chain/chain'
import { ADDRESS, fakeAdapter, SOL_ADDRESS, solana, testPortico } from '../test-utils'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC_CONTRACT = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const ETH: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 6000,
  price: 3000,
  iconUrl: 'http://img/eth.png',
  quantity: { decimals: '18', numeric: '2' },
}
const USDC: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: `eip155:1:${USDC_CONTRACT}`,
  value: 10,
  price: 1,
  iconUrl: 'http://img/usdc.png',
  quantity: { decimals: '6', numeric: '10' },
}

/** A portico on a fake EVM wallet whose receipts the test releases; the API answers balances and an empty history. */
function setup() {
  const receipts = new Map<string, (r: TransactionReceipt) => void>()
  let n = 0
  const adapter = Object.assign(fakeAdapter('eip155'), {
    capabilities: ['nativeTransfer', 'tokenTransfer', 'waitForReceipt'] as const,
    async transfer(_p: TransferParams) {
      return `0xhash${++n}`
    },
    waitForReceipt: ({ hash }: { hash: string }) => new Promise<TransactionReceipt>((resolve) => receipts.set(hash, resolve)),
  })
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    if (url.pathname.endsWith('/balance')) return json({ balances: [ETH, USDC] })
    if (url.pathname.endsWith('/history')) return json({ data: [], next: null })
    if (url.port === '8545') {
      const { method } = JSON.parse(String(init?.body)) as { method: string }
      return json({ jsonrpc: '2.0', id: 1, result: method === 'eth_estimateGas' ? '0x5208' : '0x3b9aca00' })
    }
    return json({})
  }) as typeof globalThis.fetch
  const portico = testPortico({
    adapters: [adapter],
    fetch,
  })
  return { portico, receipts }
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5))
  expect(check()).toBe(true)
}

describe('send wiring: a send is listed in Activity at once as pending, then settles with its receipt', () => {
  it('ETH then USDC: pending rows first with the token, amount and receiver; confirmed and failed (reverted) in place', async () => {
    const { portico, receipts } = setup()
    await portico.connection.connect('io.metamask')
    const activity = await portico.load('activity')
    await activity.fetchTransactions()
    const send = await portico.load('send')
    await until(() => send.$send.get().tokenBalances.length === 2)

    send.setToken(ETH)
    send.setAmount('0.5')
    send.setReceiver(TO)
    await expect(send.send()).resolves.toBe('0xhash1')
    await until(() => activity.$activity.get().rows.length === 1)
    expect(activity.$activity.get().rows[0]).toMatchObject({
      id: 'eip155:1:0xhash1',
      status: 'pending',
      counterpart: { direction: 'to', address: TO },
      transaction: { metadata: { sentFrom: ADDRESS, sentTo: TO, operationType: 'send', chain: 'eip155:1' } },
      transfers: [
        {
          direction: 'out',
          quantity: { numeric: '0.5' },
          fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'http://img/eth.png' } },
        },
      ],
    })

    send.setToken(USDC)
    send.setAmount('2.25')
    send.setReceiver(TO)
    await expect(send.send()).resolves.toBe('0xhash2')
    await until(() => activity.$activity.get().rows.length === 2)
    expect(
      activity.$activity.get().rows.map((r) => [r.hash, r.status, r.transfers[0]?.fungible_info?.symbol, r.transfers[0]?.quantity.numeric]),
    ).toEqual([
      ['0xhash2', 'pending', 'USDC', '2.25'],
      ['0xhash1', 'pending', 'ETH', '0.5'],
    ])

    await until(() => receipts.has('0xhash1') && receipts.has('0xhash2'))
    receipts.get('0xhash1')!({ hash: '0xhash1', status: 'success' })
    await until(() => activity.$activity.get().rows[1]?.status === 'confirmed')
    receipts.get('0xhash2')!({ hash: '0xhash2', status: 'reverted' })
    await until(() => activity.$activity.get().rows[0]?.status === 'failed')
    expect(activity.$activity.get().rows.map((r) => [r.hash, r.status])).toEqual([
      ['0xhash2', 'failed'],
      ['0xhash1', 'confirmed'],
    ])
  })

  it('a send before the Activity tab was ever opened is listed when it loads', async () => {
    const { portico } = setup()
    await portico.connection.connect('io.metamask')
    const send = await portico.load('send')
    await until(() => send.$send.get().tokenBalances.length === 2)
    send.setToken(ETH)
    send.setAmount('1')
    send.setReceiver(TO)
    await send.send()
    await until(() => portico.peek('activity') !== undefined)
    const activity = portico.peek('activity')!
    await activity.fetchTransactions()
    expect(activity.$activity.get().rows.map((r) => [r.hash, r.status])).toEqual([['0xhash1', 'pending']])
  })

  it('a Solana send is listed too (the API serves Solana history): pending, then confirmed with its receipt', async () => {
    const receipts = new Map<string, (r: TransactionReceipt) => void>()
    const SIG = '5CBWkBxFasrKryjUcJ1ZztNDaePpirzSuCkpkRr23eaKpFk4vEPPbeW3WTiMKTatc5dbp8tYb46sYoLC4b5tQnG8'
    const RECEIVER = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
    const SOL: TokenBalance = {
      name: 'Solana',
      symbol: 'SOL',
      chainId: solana.caipNetworkId,
      value: 15000,
      price: 150,
      iconUrl: 'http://img/sol.png',
      quantity: { decimals: '9', numeric: '100' },
    }
    const adapter = Object.assign(fakeAdapter('solana'), {
      capabilities: ['nativeTransfer', 'tokenTransfer', 'waitForReceipt'] as const,
      transfer: async () => SIG,
      waitForReceipt: ({ hash }: { hash: string }) => new Promise<TransactionReceipt>((resolve) => receipts.set(hash, resolve)),
    })
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    const fetch = (async (input: string | URL | Request) => {
      const url = new URL(String(input))
      if (url.pathname.endsWith('/balance')) return json({ balances: [SOL] })
      if (url.pathname.endsWith('/history')) return json({ data: [], next: null })
      return json({})
    }) as typeof globalThis.fetch
    const portico = testPortico({ adapters: [adapter], networks: [solana], fetch })
    await portico.connection.connect('io.metamask')
    const activity = await portico.load('activity')
    await activity.fetchTransactions()
    const send = await portico.load('send')
    await until(() => send.$send.get().tokenBalances.length === 1)
    send.setToken(SOL)
    send.setAmount('1.25')
    send.setReceiver(RECEIVER)
    await expect(send.send()).resolves.toBe(SIG)
    await until(() => activity.$activity.get().rows.length === 1)
    expect(activity.$activity.get().rows[0]).toMatchObject({
      id: `${solana.caipNetworkId}:${SIG}`,
      status: 'pending',
      counterpart: { direction: 'to', address: RECEIVER },
      transaction: { metadata: { sentFrom: SOL_ADDRESS, sentTo: RECEIVER, operationType: 'send' } },
      transfers: [{ direction: 'out', quantity: { numeric: '1.25' }, fungible_info: { name: 'Solana', symbol: 'SOL' } }],
    })
    await until(() => receipts.has(SIG))
    receipts.get(SIG)!({ hash: SIG, status: 'success' })
    await until(() => activity.$activity.get().rows[0]?.status === 'confirmed')
  })
})
