// The on-ramp provider sandbox on a real anvil chain and the local Solana chain: its API, and a
// checkout paid with the success card really moves the quoted tokens from the treasury; a declined
// card moves nothing.
import { type Address as SolanaAddress, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits, type Address, type PublicClient } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVNET_MNEMONIC } from '../constants.ts'
import { type Devnet, startDevnet } from '../devnet.ts'
import { startSolanaDevnet, type SolanaDevnet } from '../solana/devnet.ts'
import { solanaDevSigner } from '../solana/keys.ts'
import { DEVNET_ONRAMP_TREASURY_INDEX, SANDBOX_TEST_CARDS } from './providers.ts'
import { type OnrampSandbox, startOnrampSandbox } from './sandbox.ts'

let devnet: Devnet
let solana: SolanaDevnet
let sandbox: OnrampSandbox
let client: PublicClient
let usdc: Address
const solRpc = () => createSolanaRpc(solana.rpcUrl)

beforeAll(async () => {
  ;[devnet, solana] = await Promise.all([startDevnet({ chains: [{ chainId: 31337 }] }), startSolanaDevnet()])
  sandbox = await startOnrampSandbox({ evm: devnet.chains, solana })
  const chain = devnet.chains[0]!
  client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) }) as PublicClient
  usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address
}, 90_000)
afterAll(async () => {
  await sandbox?.stop()
  await devnet?.stop()
  await solana?.stop()
})

const api = (path: string, init?: RequestInit) => fetch(`${sandbox.url}${path}`, init)
const post = (path: string, body: unknown) =>
  api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const freshEvm = () => privateKeyToAccount(generatePrivateKey()).address
const usdcOf = (owner: Address) => client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
async function splOf(owner: SolanaAddress): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({ owner, mint: solana.usdcMint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const info = await solRpc().getAccountInfo(ata, { encoding: 'base64' }).send()
  if (info.value === null) return 0n
  return Buffer.from(info.value.data[0], 'base64').readBigUInt64LE(64)
}
/** A checkout session: POST /<p>/v1/sessions. */
async function session(provider: string, body: Record<string, unknown>) {
  const res = await post(`/${provider}/v1/sessions`, body)
  expect(res.status).toBe(201)
  return (await res.json()) as { sessionId: string; url: string }
}
/** What the checkout page's Pay button sends. */
function payForm(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

describe('the sandbox', () => {
  it('has two providers with their base URLs, and a treasury at the devnet index', async () => {
    expect(sandbox.providers).toEqual([
      { id: 'sandpay', name: 'SandPay', feeBps: 100, baseUrl: `${sandbox.url}/sandpay` },
      { id: 'testramp', name: 'TestRamp', feeBps: 175, baseUrl: `${sandbox.url}/testramp` },
    ])
    expect(sandbox.treasury.evm).toBe(mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: DEVNET_ONRAMP_TREASURY_INDEX }).address)
    expect(sandbox.treasury.solana).toBe((await solanaDevSigner(DEVNET_ONRAMP_TREASURY_INDEX)).address)
    const index = await api('/')
    expect(index.status).toBe(200)
    const page = await index.text()
    expect(page).toContain('SandPay')
    expect(page).toContain(SANDBOX_TEST_CARDS.decline)
  })

  it('GET /<p>/v1/config: fee, assets with their networks, fiat currencies with method limits', async () => {
    const res = await api('/testramp/v1/config')
    expect(res.status).toBe(200)
    const config = await res.json()
    expect(config).toMatchObject({ id: 'testramp', name: 'TestRamp', feeBps: 175, feePercent: '1.75' })
    expect(
      config.assets.map((a: { symbol: string; networks: { network: string }[] }) => [a.symbol, a.networks.map((n) => n.network)]),
    ).toEqual([
      ['ETH', ['portico-local-a']],
      ['USDC', ['portico-local-a', 'portico-local-solana']],
      ['SOL', ['portico-local-solana']],
    ])
    expect(config.assets[1].networks).toEqual([
      { network: 'portico-local-a', displayName: 'Portico Local A', caipNetworkId: 'eip155:31337', contractAddress: usdc, decimals: 6 },
      {
        network: 'portico-local-solana',
        displayName: 'Portico Local Solana',
        caipNetworkId: solana.caipNetworkId,
        contractAddress: solana.usdcMint,
        decimals: 6,
      },
    ])
    expect(config.fiatCurrencies).toEqual([
      { id: 'USD', methods: [{ id: 'card', min: '10.00', max: '2500.00' }] },
      { id: 'EUR', methods: [{ id: 'card', min: '10.00', max: '2300.00' }] },
    ])
  })

  it('POST /<p>/v1/quotes: each provider its fee; amounts out of its limits are refused', async () => {
    const ask = async (provider: string, body: Record<string, unknown>) => {
      const res = await post(`/${provider}/v1/quotes`, { asset: 'USDC', network: 'portico-local-a', fiatCurrency: 'USD', ...body })
      return { status: res.status, body: await res.json() }
    }
    expect(await ask('sandpay', { fiatAmount: '100' })).toMatchObject({
      status: 200,
      body: {
        provider: 'sandpay',
        fiatAmount: '100.00',
        providerFee: '1.00',
        networkFee: '0.00',
        subtotal: '99.00',
        cryptoAmount: '99',
        paymentMethod: 'card',
      },
    })
    expect(await ask('testramp', { fiatAmount: '100' })).toMatchObject({
      status: 200,
      body: { providerFee: '1.75', cryptoAmount: '98.25' },
    })
    // 15 USD: under SandPay's card minimum (20), within TestRamp's (10).
    expect(await ask('sandpay', { fiatAmount: '15' })).toEqual({
      status: 400,
      body: { error: { code: 'amount_out_of_limits', message: 'The amount must be between 20.00 and 5000.00 USD for card payments' } },
    })
    expect(await ask('testramp', { fiatAmount: '15' })).toMatchObject({ status: 200, body: { cryptoAmount: '14.73' } })
    // 3000 USD: over TestRamp's card maximum, a bank transfer at SandPay.
    expect((await ask('testramp', { fiatAmount: '3000' })).status).toBe(400)
    expect(await ask('sandpay', { fiatAmount: '10000', paymentMethod: 'ach_bank_account' })).toMatchObject({
      status: 200,
      body: { cryptoAmount: '9900' },
    })
    expect(await ask('sandpay', { fiatAmount: '100', asset: 'ETH' })).toMatchObject({ status: 200, body: { cryptoAmount: '0.033' } })
    expect(await ask('sandpay', { fiatAmount: '100', asset: 'SOL', network: 'portico-local-solana', fiatCurrency: 'EUR' })).toMatchObject({
      status: 200,
      body: { cryptoAmount: '0.7128' },
    })
    for (const [body, code] of [
      [{ fiatAmount: '100', asset: 'SOL' }, 'unsupported_asset'],
      [{ fiatAmount: '100', fiatCurrency: 'JPY' }, 'unsupported_currency'],
      [{ fiatAmount: '100.001' }, 'invalid_amount'],
      [{ fiatAmount: '-5' }, 'invalid_amount'],
      [{ fiatAmount: 100 }, 'invalid_request'],
      [{ fiatAmount: '100', paymentMethod: 'sepa_bank_account' }, 'unsupported_payment_method'],
    ] as const) {
      const { status, body: answer } = await ask('sandpay', body)
      expect([status, answer.error.code], JSON.stringify(body)).toEqual([400, code])
    }
    expect((await api('/nobody/v1/config')).status).toBe(404)
  })

  it('POST /<p>/v1/sessions refuses a destination that is not an address on the network', async () => {
    for (const destination of [
      { address: 'not-an-address', network: 'portico-local-a' },
      { address: solana.accounts[0], network: 'portico-local-a' },
      { address: devnet.accounts[0], network: 'portico-local-solana' },
    ]) {
      const res = await post('/sandpay/v1/sessions', { destination, asset: 'USDC' })
      expect(res.status).toBe(400)
      expect((await res.json()).error.code).toBe('invalid_destination')
    }
  })
})

describe('a checkout paid with the success card sends the quoted amount from the treasury', () => {
  it('USDC on the EVM chain: the checkout page, then the destination gains 99 USDC (100 USD at SandPay, 1 % fee)', async () => {
    const to = freshEvm()
    const { sessionId, url } = await session('sandpay', {
      destination: { address: to, network: 'portico-local-a' },
      asset: 'USDC',
      fiatAmount: '100',
      partnerUserId: to,
    })
    expect(url).toBe(`${sandbox.url}/sandpay/checkout/${sessionId}`)
    const page = await (await fetch(url)).text()
    expect(page).toContain('value="100.00"')
    expect(page).toContain(to)
    expect(page).toContain(SANDBOX_TEST_CARDS.success)
    const treasuryBefore = await usdcOf(sandbox.treasury.evm as Address)

    const res = await payForm(url, { fiatAmount: '100.00', fiatCurrency: 'USD', card: SANDBOX_TEST_CARDS.success })
    expect(res.status).toBe(200)
    const result = await res.text()
    const status = await (await api(`/sandpay/v1/sessions/${sessionId}`)).json()
    expect(status).toMatchObject({
      status: 'COMPLETED',
      asset: 'USDC',
      network: 'portico-local-a',
      fiatAmount: '100.00',
      providerFee: '1.00',
      cryptoAmount: '99',
      partnerUserId: to,
    })
    expect(status.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(result).toContain(status.txHash)
    expect(await usdcOf(to)).toBe(parseUnits('99', 6))
    expect(await usdcOf(sandbox.treasury.evm as Address)).toBe(treasuryBefore - parseUnits('99', 6))
    const receipt = await client.getTransactionReceipt({ hash: status.txHash })
    expect([receipt.status, receipt.from.toLowerCase()]).toEqual(['success', sandbox.treasury.evm.toLowerCase()])
    // Paid once: the page shows the result, a second payment is refused.
    expect(await (await fetch(url)).text()).toContain(status.txHash)
    expect(await sandbox.pay('sandpay', sessionId, { card: SANDBOX_TEST_CARDS.success })).toEqual({
      kind: 'invalid',
      message: 'This checkout session is already paid',
    })
  })

  it('native ETH on the EVM chain: 50 USD at TestRamp (1.75 %) → 0.01637333 ETH', async () => {
    const to = freshEvm()
    const { sessionId } = await session('testramp', {
      destination: { address: to, network: 'portico-local-a' },
      asset: 'ETH',
      fiatAmount: '50',
    })
    const outcome = await sandbox.pay('testramp', sessionId, { card: '4242-4242-4242-4242' })
    expect(outcome.kind).toBe('completed')
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.01637333'))
  })

  it('SOL on the Solana chain: 20 USD at SandPay → 0.132 SOL', async () => {
    const to = (await generateKeyPairSigner()).address
    const { url, sessionId } = await session('sandpay', {
      destination: { address: to, network: 'portico-local-solana' },
      asset: 'SOL',
      fiatAmount: '20',
    })
    const res = await payForm(url, { fiatAmount: '20', fiatCurrency: 'USD', card: SANDBOX_TEST_CARDS.success })
    expect(res.status).toBe(200)
    const status = sandbox.session('sandpay', sessionId)!
    expect(status).toMatchObject({ status: 'COMPLETED', cryptoAmount: '0.132' })
    expect(await res.text()).toContain(status.txHash)
    expect((await solRpc().getBalance(to).send()).value).toBe(132_000_000n)
  })

  it('USDC on the Solana chain, paid in EUR: 100 EUR at SandPay → 106.92 USDC', async () => {
    const to = (await generateKeyPairSigner()).address
    const treasuryBefore = await splOf(sandbox.treasury.solana as SolanaAddress)
    const { sessionId } = await session('sandpay', {
      destination: { address: to, network: 'portico-local-solana' },
      asset: 'USDC',
      fiatCurrency: 'EUR',
      fiatAmount: '100',
    })
    expect((await sandbox.pay('sandpay', sessionId, { card: SANDBOX_TEST_CARDS.success })).kind).toBe('completed')
    expect(await splOf(to)).toBe(106_920_000n)
    expect(await splOf(sandbox.treasury.solana as SolanaAddress)).toBe(treasuryBefore - 106_920_000n)
  })

  it('a preset crypto amount becomes the fiat amount that buys it: 1 SOL at TestRamp = 152.68 USD', async () => {
    const to = (await generateKeyPairSigner()).address
    const { url } = await session('testramp', {
      destination: { address: to, network: 'portico-local-solana' },
      asset: 'SOL',
      cryptoAmount: '1',
    })
    expect(await (await fetch(url)).text()).toContain('value="152.68"')
  })
})

describe('a checkout that does not pay moves nothing', () => {
  it('the decline card: a clear decline, status FAILED (card_declined), no tokens', async () => {
    const to = freshEvm()
    const { sessionId, url } = await session('sandpay', {
      destination: { address: to, network: 'portico-local-a' },
      asset: 'USDC',
      fiatAmount: '100',
    })
    const treasuryBefore = await usdcOf(sandbox.treasury.evm as Address)
    const res = await payForm(url, { fiatAmount: '100', fiatCurrency: 'USD', card: SANDBOX_TEST_CARDS.decline })
    expect(res.status).toBe(402)
    const page = await res.text()
    expect(page).toContain('data-testid="portico-onramp-declined"')
    expect(page).toContain('Your card was declined. Nothing was charged and no tokens were sent.')
    expect(sandbox.session('sandpay', sessionId)).toMatchObject({ status: 'FAILED', failureReason: 'card_declined' })
    expect(sandbox.session('sandpay', sessionId)?.txHash).toBeUndefined()
    expect(await usdcOf(to)).toBe(0n)
    expect(await usdcOf(sandbox.treasury.evm as Address)).toBe(treasuryBefore)
  })

  it('the decline card on Solana sends no SOL', async () => {
    const to = (await generateKeyPairSigner()).address
    const { sessionId } = await session('testramp', {
      destination: { address: to, network: 'portico-local-solana' },
      asset: 'SOL',
      fiatAmount: '20',
    })
    expect((await sandbox.pay('testramp', sessionId, { card: SANDBOX_TEST_CARDS.decline })).kind).toBe('declined')
    expect((await solRpc().getBalance(to).send()).value).toBe(0n)
  })

  it('an unknown card or an amount out of limits is refused before any charge', async () => {
    const to = freshEvm()
    const { sessionId, url } = await session('sandpay', { destination: { address: to, network: 'portico-local-a' }, asset: 'USDC' })
    const unknown = await payForm(url, { fiatAmount: '100', fiatCurrency: 'USD', card: '1234 5678 9012 3456' })
    expect(unknown.status).toBe(400)
    expect(await unknown.text()).toContain('Unknown card number')
    const tooMuch = await payForm(url, { fiatAmount: '6000', fiatCurrency: 'USD', card: SANDBOX_TEST_CARDS.success })
    expect(tooMuch.status).toBe(400)
    expect(await tooMuch.text()).toContain('The amount must be between 20.00 and 5000.00 USD for card payments')
    expect(sandbox.session('sandpay', sessionId)?.status).toBe('CREATED')
    expect(await usdcOf(to)).toBe(0n)
  })
})
