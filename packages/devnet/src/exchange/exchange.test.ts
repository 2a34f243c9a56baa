// The exchange sandbox on a real anvil chain and the local Solana chain: funded hot wallets, its JSON
// API, the pay page (Confirm / Cancel / leaving it) and real transfers.
import http from 'node:http'
import { createPublicClient, http as viemHttp, parseEther, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevnet, type Devnet } from '../devnet.ts'
import { startSolanaDevnet, type SolanaDevnet } from '../solana/index.ts'
import { EXCHANGE_HOT_WALLET_INDEXES, lowBalanceExchange, startExchangeSandbox, type ExchangeSandbox } from './index.ts'

let devnet: Devnet
let solana: SolanaDevnet
let sandbox: ExchangeSandbox
let ETH: string
let USDC: string
let SOL: string
let SOLANA_USDC: string
/** Dev account 5: used by nothing else in these tests. */
const RECIPIENT = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 5 }).address

beforeAll(async () => {
  ;[devnet, solana] = await Promise.all([startDevnet({ chains: [{ chainId: 31337 }] }), startSolanaDevnet()])
  const chain = devnet.chains[0]!
  sandbox = await startExchangeSandbox({
    evm: [{ chainId: chain.chainId, name: chain.name, rpcUrl: chain.rpcUrl, usdc: chain.tokens.find((t) => t.symbol === 'USDC')!.address }],
    solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: solana.rpcUrl, usdcMint: solana.usdcMint },
    exchanges: [
      { id: 'harbor', name: 'Harbor Exchange', hotWalletIndex: EXCHANGE_HOT_WALLET_INDEXES.harbor },
      { id: 'lantern', name: 'Lantern Exchange', hotWalletIndex: EXCHANGE_HOT_WALLET_INDEXES.lantern },
      lowBalanceExchange(),
    ],
  })
  ETH = `eip155:31337/slip44:60`
  USDC = `eip155:31337/erc20:${chain.tokens.find((t) => t.symbol === 'USDC')!.address}`
  SOL = `${solana.caipNetworkId}/slip44:501`
  SOLANA_USDC = `${solana.caipNetworkId}/token:${solana.usdcMint}`
}, 120_000)
afterAll(async () => {
  await sandbox?.stop()
  await Promise.all([devnet?.stop(), solana?.stop()])
})

const api = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${sandbox.url}${path}`, init)
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const open = (body: Record<string, string>) =>
  api('/api/sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

/** Waits (bounded) until the session has left IN_PROGRESS. */
async function settled(sessionId: string) {
  for (let i = 0; i < 400; i++) {
    const s = sandbox.session(sessionId)
    if (s && s.status !== 'IN_PROGRESS') return s
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return sandbox.session(sessionId)
}

describe('exchange sandbox', () => {
  it('serves on 127.0.0.1 and funds every hot wallet (indexes 70, 71, 72) to its configured balances', async () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(sandbox.exchanges.map((e) => e.evmAddress)).toEqual(
      [70, 71, 72].map(
        (i) => mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: i }).address,
      ),
    )
    expect(sandbox.exchanges.every((e) => e.imageUrl.startsWith('data:image/svg+xml;base64,'))).toBe(true)
    expect(await sandbox.balance('harbor', ETH)).toBe(parseEther('100'))
    expect(await sandbox.balance('harbor', USDC)).toBe(100_000_000_000n)
    expect(await sandbox.balance('harbor', SOL)).toBe(100_000_000_000n)
    expect(await sandbox.balance('harbor', SOLANA_USDC)).toBe(100_000_000_000n)
    expect(await sandbox.balance('empty-vault', ETH)).toBe(parseEther('0.001'))
    expect(await sandbox.balance('empty-vault', USDC)).toBe(1_000_000n)
    expect(await sandbox.balance('empty-vault', SOL)).toBe(10_000_000n)
    expect(await sandbox.balance('empty-vault', SOLANA_USDC)).toBe(1_000_000n)
  })

  it('lists the exchanges for a supported asset and refuses others as "not supported"', async () => {
    const list = await api(`/api/exchanges?${new URLSearchParams({ asset: USDC.toLowerCase(), amount: '5', page: '0' })}`)
    expect(list.status).toBe(200)
    expect((list.body.exchanges as { id: string }[]).map((e) => e.id)).toEqual(['harbor', 'lantern', 'empty-vault'])
    expect(list.body.total).toBe(3)
    const mainnet = await api(`/api/exchanges?${new URLSearchParams({ asset: 'eip155:1/slip44:60', amount: '1', page: '0' })}`)
    expect(mainnet).toEqual({ status: 400, body: { error: 'Asset eip155:1/slip44:60 is not supported', code: 'asset_not_supported' } })
  })

  it('refuses an amount below one base unit of the asset', async () => {
    const res = await open({ exchangeId: 'harbor', asset: USDC, amount: '0.0000001', recipient: `eip155:31337:${RECIPIENT}` })
    expect(res).toEqual({
      status: 400,
      body: { error: 'Invalid amount 0.0000001: a decimal of at least 0.000001 USDC is needed', code: 'invalid_request' },
    })
  })

  it.each([
    [{ exchangeId: 'nope', asset: 'x', amount: '1', recipient: 'x' }, 404, 'exchange_not_found'],
    [
      { exchangeId: 'harbor', asset: 'eip155:1/slip44:60', amount: '1', recipient: 'eip155:1:0x0000000000000000000000000000000000000001' },
      400,
      'asset_not_supported',
    ],
    [
      {
        exchangeId: 'harbor',
        asset: 'eip155:31337/slip44:60',
        amount: '0',
        recipient: 'eip155:31337:0x0000000000000000000000000000000000000001',
      },
      400,
      'invalid_request',
    ],
    [
      {
        exchangeId: 'harbor',
        asset: 'eip155:31337/slip44:60',
        amount: '1',
        recipient: 'eip155:31338:0x0000000000000000000000000000000000000001',
      },
      400,
      'invalid_request',
    ],
  ])('refuses a session %j with %i %s', async (body, status, code) => {
    const res = await open(body)
    expect([res.status, res.body.code]).toEqual([status, code])
  })

  it('shows the pay page: exchange, signed-in user, amount, network, recipient and balance, under a strict CSP', async () => {
    const { body } = await open({ exchangeId: 'lantern', asset: ETH, amount: '0.25', recipient: `eip155:31337:${RECIPIENT}` })
    const res = await fetch(body.url as string)
    const page = await res.text()
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(page).toContain('Lantern Exchange')
    expect(page).toContain('Signed in as dev@lantern.exchange.test')
    expect(page).toContain('0.25 ETH')
    expect(page).toContain('Portico Local A')
    expect(page).toContain(RECIPIENT)
    expect(page).toContain('100 ETH')
    expect(page).toContain('data-testid="portico-exchange-confirm"')
    expect(page).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/)
    sandbox.cancel(body.sessionId as string)
  })

  it('Confirm sends ETH from the hot wallet: IN_PROGRESS, then SUCCESS with the transaction of the transfer', async () => {
    const chain = devnet.chains[0]!
    const client = createPublicClient({ transport: viemHttp(chain.rpcUrl) })
    const before = await client.getBalance({ address: RECIPIENT })
    const { body } = await open({ exchangeId: 'harbor', asset: ETH, amount: '1.5', recipient: `eip155:31337:${RECIPIENT.toLowerCase()}` })
    const id = body.sessionId as string
    expect((await api(`/api/sessions/${id}?exchangeId=harbor`)).body).toMatchObject({
      status: 'IN_PROGRESS',
      txHash: null,
      state: 'awaiting',
    })
    const confirmed = await fetch(`${sandbox.url}/pay/${id}/confirm`, { method: 'POST', headers: { accept: 'application/json' } })
    const s = (await confirmed.json()) as { status: string; txHash: `0x${string}` }
    expect(s.status).toBe('SUCCESS')
    const tx = await client.getTransaction({ hash: s.txHash })
    expect([tx.from, tx.to, tx.value]).toEqual([sandbox.exchanges[0]!.evmAddress.toLowerCase(), RECIPIENT.toLowerCase(), parseEther('1.5')])
    expect(await client.getBalance({ address: RECIPIENT })).toBe(before + parseEther('1.5'))
    expect((await api(`/api/sessions/${id}?exchangeId=harbor`)).body).toMatchObject({ status: 'SUCCESS', txHash: s.txHash })
    // The status belongs to its exchange only; an unknown or malformed id is not found.
    expect((await api(`/api/sessions/${id}?exchangeId=lantern`)).status).toBe(404)
    expect(await api('/api/sessions/%E0%A4%A')).toEqual({ status: 404, body: { error: 'Session not found', code: 'session_not_found' } })
  })

  it('Cancel on the page ends the session FAILED and sends nothing', async () => {
    const { body } = await open({ exchangeId: 'harbor', asset: USDC, amount: '3', recipient: `eip155:31337:${RECIPIENT}` })
    const res = await fetch(`${sandbox.url}/pay/${body.sessionId as string}/cancel`, { method: 'POST' })
    expect(await res.text()).toContain('Payment failed: cancelled by the user')
    expect(sandbox.session(body.sessionId as string)).toMatchObject({ status: 'FAILED', reason: 'cancelled by the user', txHash: null })
  })

  it('closing the pay page before confirming ends the session FAILED (its event stream drops)', async () => {
    const { body } = await open({
      exchangeId: 'harbor',
      asset: SOL,
      amount: '1',
      recipient: `${solana.caipNetworkId}:${solana.accounts[1]}`,
    })
    const id = body.sessionId as string
    const url = new URL(`${sandbox.url}/pay/${id}/events`)
    // The page's EventSource: connected, then the window goes away.
    await new Promise<void>((resolve, reject) => {
      const req = http.get({ host: url.hostname, port: url.port, path: url.pathname, agent: false }, (res) => {
        res.once('data', () => {
          expect(sandbox.session(id)?.status).toBe('IN_PROGRESS')
          req.destroy()
          resolve()
        })
      })
      req.on('error', (e) => (/socket hang up|aborted/.test(e.message) ? undefined : reject(e)))
    })
    expect(await settled(id)).toMatchObject({ status: 'FAILED', reason: 'the pay page was closed' })
  })

  it('the pagehide beacon also ends an unconfirmed session FAILED; a confirmed one is kept', async () => {
    const { body } = await open({
      exchangeId: 'lantern',
      asset: SOLANA_USDC,
      amount: '2',
      recipient: `${solana.caipNetworkId}:${solana.accounts[1]}`,
    })
    const id = body.sessionId as string
    expect((await fetch(`${sandbox.url}/pay/${id}/closed`, { method: 'POST' })).status).toBe(200)
    expect(sandbox.session(id)).toMatchObject({ status: 'FAILED', reason: 'the pay page was closed' })
    expect((await sandbox.confirm(id)).status).toBe('FAILED')
  })

  it('a hot wallet holding less than the payment ends it FAILED (insufficient balance), its balance untouched', async () => {
    for (const [asset, amount, recipient] of [
      [ETH, '0.5', `eip155:31337:${RECIPIENT}`],
      [USDC, '2', `eip155:31337:${RECIPIENT}`],
      [SOL, '1', `${solana.caipNetworkId}:${solana.accounts[1]}`],
      [SOLANA_USDC, '1.5', `${solana.caipNetworkId}:${solana.accounts[1]}`],
    ] as const) {
      const before = await sandbox.balance('empty-vault', asset)
      const { body } = await open({ exchangeId: 'empty-vault', asset, amount, recipient })
      const s = await sandbox.confirm(body.sessionId as string)
      expect(s, asset).toMatchObject({ status: 'FAILED', reason: 'insufficient balance', txHash: null })
      expect(await sandbox.balance('empty-vault', asset)).toBe(before)
    }
  })

  it('sends SOL and Solana USDC (creating the recipient token account) with the real signatures', async () => {
    const fresh = (await import('../solana/keys.ts')).solanaDevSigner
    const recipient = (await fresh(55)).address as Address
    for (const [asset, amount] of [
      [SOL, '2'],
      [SOLANA_USDC, '12.5'],
    ] as const) {
      const { body } = await open({ exchangeId: 'harbor', asset, amount, recipient: `${solana.caipNetworkId}:${recipient}` })
      const s = await sandbox.confirm(body.sessionId as string)
      expect(s.status, asset).toBe('SUCCESS')
      const status = await fetch(solana.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSignatureStatuses', params: [[s.txHash]] }),
      })
      expect(((await status.json()) as { result: { value: [{ err: unknown }] } }).result.value[0]).toMatchObject({ err: null })
    }
  })
})
