import { describe, expect, it, vi } from 'vitest'
import type { TransferParams } from '../../adapters'
import type { TokenBalance } from '../chain/chain'
import { ADDRESS, SOL_ADDRESS, base, fakeAdapter, mainnet, manualTimers, solana, testPortico } from '../test-utils'
import type { ChainNamespace } from '../types'
import { NAME_DEBOUNCE_MS } from './send'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL_TO = '11111111111111111111111111111111'
const USDC_CONTRACT = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const eth = (chainId = 'eip155:1', numeric = '2'): TokenBalance => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId,
  value: 6000,
  price: 3000,
  iconUrl: '',
  quantity: { decimals: '18', numeric },
})
const USDC: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: `eip155:1:${USDC_CONTRACT}`,
  value: 10,
  price: 1,
  iconUrl: '',
  quantity: { decimals: '6', numeric: '10' },
}
const EMPTY_TOKEN: TokenBalance = {
  ...USDC,
  symbol: 'DAI',
  address: 'eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F',
  quantity: { decimals: '18', numeric: '0' },
}
const SOL: TokenBalance = {
  name: 'Solana',
  symbol: 'SOL',
  chainId: solana.caipNetworkId,
  value: 150,
  price: 150,
  iconUrl: '',
  quantity: { decimals: '9', numeric: '1' },
}

/** Let promises, and the lazy API clients' first import(), settle. */
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 5))
}

/** A portico with a fake adapter that transfers, and a fake fetch at the boundary: the Portico API and the chain's node. */
async function setup(
  opts: {
    namespace?: ChainNamespace
    transfer?: (p: TransferParams) => Promise<string>
    names?: Record<string, () => Promise<Response>>
  } = {},
) {
  const namespace = opts.namespace ?? 'eip155'
  const log: string[] = []
  const transfers: TransferParams[] = []
  const adapter = Object.assign(
    namespace === 'solana' ? fakeAdapter('solana', [{ id: 'phantom', name: 'Phantom', type: 'announced' }]) : fakeAdapter('eip155'),
    {
      capabilities: ['nativeTransfer', 'tokenTransfer'] as const,
      async transfer(p: TransferParams) {
        transfers.push(p)
        log.push('transfer')
        return (opts.transfer ?? (async () => '0xhash'))(p)
      },
    },
  )
  const balances: Record<string, TokenBalance[]> = {
    'eip155:1': [eth(), USDC, EMPTY_TOKEN],
    'eip155:8453': [eth('eip155:8453')],
    [solana.caipNetworkId]: [SOL],
  }
  const requests: { url: URL; body?: unknown }[] = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    requests.push({ url, body })
    const json = (data: unknown, status = 200) =>
      new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } })
    if (url.pathname.endsWith('/balance')) {
      log.push(`balance${url.searchParams.get('forceUpdate') ? ' forceUpdate' : ''}`)
      return json({ balances: balances[url.searchParams.get('chainId') ?? ''] ?? [] })
    }
    if (url.pathname.startsWith('/v1/profile/account/')) {
      const name = decodeURIComponent(url.pathname.split('/').pop()!)
      return opts.names?.[name]?.() ?? json({ message: 'not found' }, 404)
    }
    if (url.port === '8545') {
      const { method } = body as { method: string }
      if (method === 'eth_estimateGas') return json({ jsonrpc: '2.0', id: 1, result: '0x5208' })
      if (method === 'eth_gasPrice') return json({ jsonrpc: '2.0', id: 1, result: '0x77359400' })
      // A node without eth_simulateV1 (the e2e journeys simulate on anvil).
      if (method === 'eth_simulateV1')
        return json({ jsonrpc: '2.0', id: (body as { id: number }).id, error: { code: -32601, message: 'Method not found' } })
    }
    return json({})
  }) as typeof globalThis.fetch
  const timers = manualTimers(1_700_000_000_000)
  const portico = testPortico({
    networks: namespace === 'solana' ? [solana] : [mainnet, base],
    adapters: [adapter],
    fetch,
    timers,
    features: { onramp: true },
  })
  await portico.connection.connect(namespace === 'solana' ? 'phantom' : 'io.metamask')
  await flush()
  const send = await portico.load('send')
  log.length = 0
  return { portico, send, adapter, transfers, requests, log, timers, balances }
}

describe('send flow (lazy; SPEC §3/§4/§5)', () => {
  it('lists the tokens with a balance; a token must come from that list', async () => {
    const { send } = await setup()
    expect(send.$send.get().tokenBalances.map((t) => t.symbol)).toEqual(['ETH', 'USDC'])
    expect(send.setToken(EMPTY_TOKEN)).toBe(false)
    expect(send.setToken({ ...USDC, address: 'eip155:1:0x0000000000000000000000000000000000000001' })).toBe(false)
    expect(send.$send.get().token).toBeUndefined()
    expect(send.setToken(USDC)).toBe(true)
    expect(send.$send.get().token?.symbol).toBe('USDC')
  })

  it('the amount is masked with the token decimals; the button follows the form', async () => {
    const { send } = await setup()
    expect(send.$send.get().button.label).toBe('Select token')
    send.setToken(USDC)
    expect(send.setAmount('1,1234567')).toBe('1.123456')
    expect(send.$send.get().button.label).toBe('Add address')
    send.setAmount('11')
    expect(send.$send.get().button).toEqual({
      action: 'insufficientFunds',
      label: 'Insufficient funds',
      disabled: true,
      fundWallet: true,
      switchWallet: true,
    })
    send.setAmount('10')
    send.setReceiver(TO)
    expect(send.$send.get()).toMatchObject({ receiverAddress: TO, button: { label: 'Preview send', disabled: false } })
  })

  it("estimates EVM gas on the network's node (eth_estimateGas × eth_gasPrice) in ETH and USD; Max keeps it back", async () => {
    const { send, requests } = await setup()
    send.setToken(eth())
    await flush()
    expect(send.$send.get().gas).toEqual({ cost: 21_000n * 2_000_000_000n, native: '0.000042', symbol: 'ETH', usd: 0.000042 * 3000 })
    const rpc = requests.filter((r) => r.url.port === '8545').map((r) => r.body as { method: string; params: unknown[] })
    expect(rpc.map((r) => r.method).sort()).toEqual(['eth_estimateGas', 'eth_gasPrice'])
    expect(rpc.find((r) => r.method === 'eth_estimateGas')!.params).toEqual([{ from: ADDRESS, to: ADDRESS, value: '0x0' }])
    await expect(send.setMax()).resolves.toBe('1.999958')
    expect(send.$send.get().sendTokenAmount).toBe('1.999958')
    send.setToken(USDC)
    await expect(send.setMax()).resolves.toBe('10')
  })

  it('the fee is estimated again for the receiver (an address, or a name once resolved), with an ERC-20 amount capped at the balance', async () => {
    const { send, requests } = await setup()
    const estimates = () =>
      requests
        .filter((r) => r.url.port === '8545' && (r.body as { method: string }).method === 'eth_estimateGas')
        .map((r) => (r.body as { params: [{ to: string; data?: string }] }).params[0])
    send.setToken(USDC)
    send.setAmount('25') // above the 10 USDC held
    await flush()
    send.setReceiver(TO)
    await flush()
    const last = estimates().at(-1)!
    expect(last.to).toBe(USDC_CONTRACT)
    // transfer(TO, 10 USDC): the receiver, and the whole balance rather than the 25 typed
    expect(last.data).toBe(`0xa9059cbb${TO.slice(2).toLowerCase().padStart(64, '0')}${(10_000_000).toString(16).padStart(64, '0')}`)
    const before = estimates().length
    send.setReceiver('0x7099') // not an address yet: no estimate
    await flush()
    expect(estimates().length).toBe(before)
  })

  it('simulate: the send as the wallet gets it, on the network node (eth_simulateV1 from the account); a form change drops it', async () => {
    const { send, requests } = await setup()
    const simulations = () =>
      requests
        .filter((r) => r.url.port === '8545' && (r.body as { method: string }).method === 'eth_simulateV1')
        .map((r) => (r.body as { params: [{ blockStateCalls: { calls: unknown[] }[]; traceTransfers: boolean }] }).params[0])
    await expect(send.simulate()).resolves.toBeUndefined() // no form yet
    send.setToken(eth())
    send.setAmount('0.5')
    send.setReceiver(TO)
    const result = await send.simulate()
    expect(simulations()).toEqual([
      expect.objectContaining({
        traceTransfers: true,
        blockStateCalls: [{ calls: [expect.objectContaining({ from: ADDRESS, to: TO, value: '0x6f05b59d3b20000' })] }],
      }),
    ])
    // This node has no eth_simulateV1: 'unavailable', with the decoded call, in the state.
    expect(result).toEqual({
      simulation: 'unavailable',
      reason: 'unsupported',
      calls: [{ kind: 'nativeTransfer', to: TO, value: 500_000_000_000_000_000n, flags: [] }],
    })
    expect(send.$send.get()).toMatchObject({ simulation: result, simulating: false })
    send.setAmount('0.6')
    expect(send.$send.get().simulation).toBeNull()
    // An ERC-20 send is its transfer(to, amount) call on the token.
    send.setToken(USDC)
    send.setAmount('2.5')
    await send.simulate()
    expect(simulations()[1]?.blockStateCalls[0]?.calls).toEqual([
      expect.objectContaining({
        from: ADDRESS,
        to: USDC_CONTRACT,
        data: `0xa9059cbb${TO.slice(2).toLowerCase().padStart(64, '0')}${(2_500_000).toString(16).padStart(64, '0')}`,
      }),
    ])
    expect(send.$send.get().simulation).toMatchObject({
      simulation: 'unavailable',
      calls: [{ kind: 'tokenTransfer', token: USDC_CONTRACT, recipient: TO, amount: 2_500_000n }],
    })
  })

  it('simulate: nothing off EVM (Solana)', async () => {
    const { send } = await setup({ namespace: 'solana' })
    send.setToken(SOL)
    send.setAmount('0.5')
    send.setReceiver(SOL_TO)
    await expect(send.simulate()).resolves.toBeUndefined()
    expect(send.$send.get()).toMatchObject({ simulation: null, simulating: false })
  })

  it('send: transfers, records the hash, refetches the balances past the cache, resets the form', async () => {
    const { send, transfers, log } = await setup()
    send.setToken(USDC)
    send.setAmount('2.5')
    send.setReceiver(TO)
    await expect(send.send()).resolves.toBe('0xhash')
    expect(transfers).toEqual([
      expect.objectContaining({ to: TO, amount: 2_500_000n, token: { address: USDC_CONTRACT, decimals: 6 }, address: ADDRESS }),
    ])
    expect(log[0]).toBe('transfer')
    expect(log.slice(1)).toContain('balance forceUpdate')
    expect(send.$send.get()).toMatchObject({
      hash: '0xhash',
      token: undefined,
      sendTokenAmount: '',
      receiverInput: '',
      receiverAddress: undefined,
      loading: false,
      error: null,
      errorCode: null,
    })
  })

  it("the amount's USD value follows the amount; after a send, what was sent and its explorer page stay with the hash", async () => {
    const { send } = await setup()
    expect(send.$send.get().amountUsd).toBeUndefined()
    send.setToken(eth())
    send.setAmount('0.5')
    expect(send.$send.get().amountUsd).toBe(1500)
    send.setAmount('1,25')
    expect(send.$send.get().amountUsd).toBe(3750)
    send.setReceiver(TO)
    await send.send()
    expect(send.$send.get()).toMatchObject({
      hash: '0xhash',
      explorerUrl: 'http://127.0.0.1:4000/1/tx/0xhash',
      sent: { amount: '1.25', symbol: 'ETH', usd: 3750, to: TO },
      sendTokenAmount: '',
      amountUsd: undefined,
    })
    send.reset()
    expect(send.$send.get()).toMatchObject({ hash: undefined, explorerUrl: undefined, sent: undefined })
  })

  it('native ETH goes without a token', async () => {
    const { send, transfers } = await setup()
    send.setToken(eth())
    send.setAmount('0.123')
    send.setReceiver(TO)
    await send.send()
    expect(transfers[0]).toMatchObject({ to: TO, amount: 123_000_000_000_000_000n })
    expect(transfers[0]!.token).toBeUndefined()
  })

  it('Solana: the hash is recorded, then the balance refreshed, then the form reset; the fee is 5000 lamports', async () => {
    const { send, transfers, log } = await setup({ namespace: 'solana' })
    send.setToken(SOL)
    await flush()
    expect(send.$send.get().gas).toMatchObject({ cost: 5000n, native: '0.000005', symbol: 'SOL' })
    send.setAmount('0.5')
    send.setReceiver(SOL_TO)
    expect(send.$send.get().button.label).toBe('Preview send')
    await send.send()
    expect(transfers[0]).toMatchObject({ to: SOL_TO, amount: 500_000_000n, address: SOL_ADDRESS })
    expect(log).toEqual(['transfer', 'balance forceUpdate'])
    expect(send.$send.get()).toMatchObject({ hash: '0xhash', token: undefined })
  })

  it.each<[string, { amount?: string; receiver?: string; token?: boolean }, string]>([
    ['no amount', { receiver: TO, token: true }, 'An amount and receiver address are required'],
    ['no receiver', { amount: '1', token: true }, 'An amount and receiver address are required'],
    ['no token', { amount: '1', receiver: TO }, 'A token is required'],
  ])('validation: %s → %s', async (_n, form, text) => {
    const { send, transfers } = await setup()
    if (form.token) send.setToken(USDC)
    if (form.amount) send.setAmount(form.amount)
    if (form.receiver) send.setReceiver(form.receiver)
    await expect(send.send()).rejects.toThrow(text)
    expect(transfers).toEqual([])
  })

  it("a refusal in the wallet keeps the form and shows 'User rejected the request'", async () => {
    const { send, log } = await setup({
      transfer: () => Promise.reject(Object.assign(new Error('User denied transaction signature'), { code: 4001 })),
    })
    send.setToken(USDC)
    send.setAmount('1')
    send.setReceiver(TO)
    await expect(send.send()).rejects.toThrow('User rejected the request')
    expect(send.$send.get()).toMatchObject({
      token: { symbol: 'USDC' },
      sendTokenAmount: '1',
      receiverAddress: TO,
      loading: false,
      error: 'User rejected the request',
      errorCode: { code: 'userRejected', message: 'User rejected the request' },
      hash: undefined,
    })
    expect(log).not.toContain('balance forceUpdate')
  })

  it('changing the active network resets the send state', async () => {
    const { portico, send } = await setup()
    send.setToken(USDC)
    send.setAmount('1')
    send.setReceiver(TO)
    await portico.network.switchNetwork(base)
    await flush()
    expect(portico.chain.$global.get().activeCaipNetwork?.caipNetworkId).toBe('eip155:8453')
    expect(send.$send.get()).toMatchObject({ token: undefined, sendTokenAmount: '', receiverInput: '', receiverAddress: undefined })
  })

  it('a name resolves after 300 ms to its address on this chain (coin type 0x80000000 | chainId); a stale answer is ignored', async () => {
    const record = (name: string, address: string) => ({
      name,
      registered_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      addresses: { [String(0x80000001)]: { address } },
      attributes: { avatar: `https://img.example/${name}.png` },
    })
    let releaseAlice: (() => void) | undefined
    const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    const { send, timers, requests } = await setup({
      names: {
        'alice.portico.id': () => new Promise<Response>((r) => (releaseAlice = () => r(answer(record('alice.portico.id', ADDRESS))))),
        'bob.portico.id': async () => answer(record('bob.portico.id', TO)),
      },
    })
    const lookups = () =>
      requests
        .filter((r) => r.url.pathname.startsWith('/v1/profile/account/'))
        .map((r) => decodeURIComponent(r.url.pathname.split('/').pop()!))
    send.setToken(USDC)
    send.setAmount('1')
    send.setReceiver('alice.portico.id')
    expect(send.$send.get()).toMatchObject({
      resolving: true,
      receiverAddress: undefined,
      button: { label: 'Preview send', disabled: true },
    })
    timers.advance(NAME_DEBOUNCE_MS - 1)
    await flush()
    expect(lookups()).toEqual([])
    timers.advance(1)
    // (the lazy names client's first import can take a while when the whole suite loads the machine)
    await vi.waitFor(() => expect(lookups()).toEqual(['alice.portico.id']), { timeout: 10_000 })
    // A newer input while alice's answer is on its way.
    send.setReceiver('bob.portico.id')
    timers.advance(NAME_DEBOUNCE_MS)
    await flush()
    expect(send.$send.get()).toMatchObject({
      receiverInput: 'bob.portico.id',
      receiverAddress: TO,
      receiverProfileName: 'bob.portico.id',
      receiverProfileImageUrl: 'https://img.example/bob.portico.id.png',
      resolving: false,
    })
    releaseAlice!()
    await flush()
    expect(send.$send.get()).toMatchObject({ receiverInput: 'bob.portico.id', receiverAddress: TO, receiverProfileName: 'bob.portico.id' })
    expect(send.$send.get().button.label).toBe('Preview send')
  })

  it("keystrokes within 300 ms look up only the last text; an unknown name is 'Name not found' (issue 25)", async () => {
    const { send, timers, requests } = await setup()
    send.setToken(USDC)
    send.setAmount('1')
    for (const text of ['n', 'no', 'nobody']) {
      send.setReceiver(text)
      timers.advance(100)
    }
    timers.advance(NAME_DEBOUNCE_MS)
    await flush()
    expect(requests.filter((r) => r.url.pathname.startsWith('/v1/profile/account/')).map((r) => r.url.pathname)).toEqual([
      '/v1/profile/account/nobody',
    ])
    expect(send.$send.get()).toMatchObject({
      resolving: false,
      receiverAddress: undefined,
      receiverProfileName: undefined,
      nameNotFound: true,
      button: { action: 'nameNotFound', label: 'Name not found' },
    })
    // A typed address replaces the name at once (no lookup).
    send.setReceiver(TO)
    expect(send.$send.get()).toMatchObject({ receiverAddress: TO, nameNotFound: false, button: { label: 'Preview send' } })
  })

  it('clearing the receiver after an invalid address keeps saying it is invalid; a new entry starts afresh (issue 25 §4)', async () => {
    const { send } = await setup({})
    send.setToken(USDC)
    send.setAmount('1')
    send.setReceiver('0x123')
    expect(send.$send.get().button.action).toBe('invalidAddress')
    send.setReceiver('')
    expect(send.$send.get()).toMatchObject({ receiverInput: '', receiverInvalid: true, button: { action: 'invalidAddress' } })
    send.setReceiver('')
    expect(send.$send.get().button.action).toBe('invalidAddress')
    send.setReceiver(TO)
    expect(send.$send.get()).toMatchObject({ receiverInvalid: false, button: { action: 'preview' } })
    send.setReceiver('')
    expect(send.$send.get().button.action).toBe('addAddress')
  })

  it("a failed name lookup is coded: the API's 'HTTP status code: 500' reads httpStatus { status } (issue 21 §4)", async () => {
    const { send, timers } = await setup({ names: { 'down.portico.id': async () => new Response('{}', { status: 500 }) } })
    send.setToken(USDC)
    send.setAmount('1')
    send.setReceiver('down.portico.id')
    timers.advance(NAME_DEBOUNCE_MS)
    await flush()
    expect(send.$send.get()).toMatchObject({
      error: 'HTTP status code: 500',
      errorCode: { code: 'httpStatus', params: { status: '500' }, message: 'HTTP status code: 500' },
      button: { action: 'invalidAddress', label: 'Invalid address' },
    })
  })
})
