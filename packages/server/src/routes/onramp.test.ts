// The on-ramp API (SPEC §7: /v1/onramp/options, /v1/onramp/quote, /v1/generators/onrampurl) over the
// devnet's provider sandbox, on a real anvil chain and the local Solana chain: the URL it generates is
// the sandbox's checkout, and paying there moves exactly the quoted amount to the destination.
import { SANDBOX_TEST_CARDS, startDevnet, startOnrampSandbox, type Devnet, type OnrampSandbox } from '@portico/devnet'
import { SOLANA_USDC, startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { onrampOptionsResponseSchema, onrampQuoteResponseSchema, onrampUrlResponseSchema } from '@portico/protocol/onramp'
import { createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { createPublicClient, erc20Abi, http, parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type AppConfig } from '../app.ts'
import { createSandboxOnrampProvider, OnrampRefusal } from '../providers/onramp.ts'
import { errorBodySchema, openTestApp, postJson, requestJson, type TestApp, openTestDatabase } from '../test-support.ts'

let devnet: Devnet
let solana: SolanaDevnet
let sandbox: OnrampSandbox
let app: TestApp
let close: () => Promise<void>
let usdc: Address
let config: Pick<AppConfig, 'chains' | 'solana'>

beforeAll(async () => {
  ;[devnet, solana] = await Promise.all([startDevnet({ chains: [{ chainId: 31337 }] }), startSolanaDevnet()])
  sandbox = await startOnrampSandbox({ evm: devnet.chains, solana })
  const chain = devnet.chains[0]!
  usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address
  config = {
    chains: [
      { chainId: chain.chainId, name: chain.name, rpcUrl: chain.rpcUrl, nativeCurrency: chain.nativeCurrency, tokens: chain.tokens },
    ],
    solana: {
      caipNetworkId: solana.caipNetworkId,
      name: 'Portico Local Solana',
      rpcUrl: solana.rpcUrl,
      tokens: [{ mint: solana.usdcMint, ...SOLANA_USDC }],
    },
  }
  ;({ app, close } = await openTestApp({
    ...config,
    onramp: { providers: sandbox.providers.map((p) => ({ kind: 'sandbox', id: p.id, baseUrl: p.baseUrl })) },
  }))
}, 90_000)
afterAll(async () => {
  await close?.()
  await sandbox?.stop()
  await devnet?.stop()
  await solana?.stop()
})

const quote = (body: unknown) => postJson(app, '/v1/onramp/quote', body)
async function quoted(body: Record<string, unknown>) {
  const res = await quote(body)
  const text = await res.text()
  expect(res.status, text).toBe(200)
  return onrampQuoteResponseSchema.parse(JSON.parse(text))
}
async function refused(res: Response | Promise<Response>, status = 400) {
  const answer = await res
  const text = await answer.text()
  expect(answer.status, text).toBe(status)
  return errorBodySchema.parse(JSON.parse(text)).error
}
async function onrampUrl(body: Record<string, unknown>) {
  const res = await postJson(app, '/v1/generators/onrampurl', body)
  const text = await res.text()
  expect(res.status, text).toBe(200)
  return onrampUrlResponseSchema.parse(JSON.parse(text))
}
const pay = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
const evmClient = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl, { retryCount: 0 }) })
const usdcOf = (owner: Address) => evmClient().readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('GET /v1/onramp/options', () => {
  it('lists the providers, the purchase currencies with their networks, the widest payment limits and each provider own', async () => {
    const { status, body } = await requestJson(app, '/v1/onramp/options', onrampOptionsResponseSchema)
    expect(status).toBe(200)
    expect(body.providers).toEqual(['sandpay', 'testramp'])
    const local = { name: 'portico-local-a', display_name: 'Portico Local A', chain_id: '31337', caip_network_id: 'eip155:31337' }
    const sol = {
      name: 'portico-local-solana',
      display_name: 'Portico Local Solana',
      chain_id: solana.caipNetworkId.slice('solana:'.length),
      caip_network_id: solana.caipNetworkId,
    }
    expect(body.purchaseCurrencies).toEqual([
      { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ ...local, contract_address: '' }] },
      {
        id: 'USDC',
        name: 'USD Coin',
        symbol: 'USDC',
        networks: [
          { ...local, contract_address: usdc },
          { ...sol, contract_address: solana.usdcMint },
        ],
      },
      { id: 'SOL', name: 'Solana', symbol: 'SOL', networks: [{ ...sol, contract_address: '' }] },
    ])
    // SandPay card 20–5000 USD, TestRamp card 10–2500 USD: the widest is 10–5000.
    expect(body.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '5000.00' },
          { id: 'ach_bank_account', min: '50.00', max: '20000.00' },
        ],
      },
      {
        id: 'EUR',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '4500.00' },
          { id: 'sepa_bank_account', min: '50.00', max: '18000.00' },
        ],
      },
    ])
    expect(body.providerDetails?.map((p) => [p.id, p.name, p.feePercent, p.paymentCurrencies?.[0]?.payment_method_limits[0]])).toEqual([
      ['sandpay', 'SandPay', '1', { id: 'card', min: '20.00', max: '5000.00' }],
      ['testramp', 'TestRamp', '1.75', { id: 'card', min: '10.00', max: '2500.00' }],
    ])
  })
})

describe('POST /v1/onramp/quote', () => {
  const base = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'portico-local-a' }

  it.each([
    ['the first provider that sells it (SandPay, 1 %)', {}, 'sandpay', '99', '1.00'],
    ['TestRamp (1.75 %)', { provider: 'testramp' }, 'testramp', '98.25', '1.75'],
    ['ETH at 3000 USD', { purchaseCurrency: 'ETH' }, 'sandpay', '0.033', '1.00'],
    [
      'SOL on the Solana chain, in EUR',
      { purchaseCurrency: 'SOL', network: 'portico-local-solana', paymentCurrency: 'eur' },
      'sandpay',
      '0.7128',
      '1.00',
    ],
    ['15 USD at TestRamp (under SandPay minimum)', { provider: 'testramp', amount: '15' }, 'testramp', '14.73', '0.27'],
    ['a bank transfer at SandPay', { amount: '10000.00', paymentMethod: 'ach_bank_account' }, 'sandpay', '9900', '100.00'],
  ])('%s', async (_name, patch, provider, amount, fee) => {
    const body = await quoted({ ...base, ...patch })
    expect(body.provider).toBe(provider)
    expect(body.purchaseAmount.amount).toBe(amount)
    expect(body.providerFee?.amount).toBe(fee)
    expect(body.purchaseAmount.currency).toBe((patch as { purchaseCurrency?: string }).purchaseCurrency ?? 'USDC')
    expect(body.quoteId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it.each([
    [
      'an amount under the provider card minimum',
      { amount: '15' },
      'amount must be between 20.00 and 5000.00 USD for card payments with SandPay',
    ],
    [
      'an amount over TestRamp card maximum',
      { amount: '3000', provider: 'testramp' },
      'amount must be between 10.00 and 2500.00 USD for card payments with TestRamp',
    ],
    ['more than 2 decimals', { amount: '100.001' }, 'amount must be a positive fiat amount with at most 2 decimals, got 100.001'],
    ['zero', { amount: '0' }, 'amount must be a positive fiat amount with at most 2 decimals, got 0'],
    ['an amount as a number', { amount: 100 }, 'amount must be a string: the fiat amount, e.g. "100.00"'],
    ['no network', { network: undefined }, 'network must be a string (a network name of the purchase currency)'],
    ['an unknown network', { network: 'mainnet' }, 'Unknown on-ramp network mainnet'],
    ['SOL on an EVM chain', { purchaseCurrency: 'SOL' }, 'No on-ramp provider sells SOL on portico-local-a'],
    ['an unknown provider', { provider: 'coinbase' }, 'Unknown on-ramp provider coinbase: expected one of sandpay, testramp'],
    ['an unknown payment currency', { paymentCurrency: 'JPY' }, 'SandPay does not take JPY: expected one of USD, EUR'],
    [
      'a payment method the provider lacks',
      { provider: 'testramp', paymentMethod: 'ach_bank_account' },
      'TestRamp does not take ach_bank_account payments in USD',
    ],
    [
      'a currency id with a slash',
      { purchaseCurrency: '../x' },
      'purchaseCurrency must be an id of 1-64 letters, digits, - or _, got ../x',
    ],
  ])('refuses %s (400)', async (_name, patch, message) => {
    expect(await refused(quote({ ...base, ...patch }))).toBe(message)
  })

  it('refuses a body that is not JSON (400), or not sent as JSON (415)', async () => {
    expect(await refused(quote('{'))).toBe('Invalid JSON body')
    expect(await refused(quote('[]'))).toBe('The body must be a JSON object with purchaseCurrency, paymentCurrency, amount and network')
    expect(await refused(postJson(app, '/v1/onramp/quote', base, { 'content-type': 'text/plain' }), 415)).toBe(
      'Content-Type must be application/json',
    )
  })
})

describe('POST /v1/generators/onrampurl → the provider checkout, where a payment delivers the quoted amount', () => {
  it('USDC on the EVM chain: the URL opens SandPay checkout with the preset; paying delivers purchaseAmount.amount', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address
    const { purchaseAmount } = await quoted({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '250', network: 'portico-local-a' })
    expect(purchaseAmount.amount).toBe('247.5')
    const { url, provider, sessionId } = await onrampUrl({
      destinationWallets: [{ address: to, blockchains: ['portico-local-a'], assets: ['USDC'] }],
      defaultNetwork: 'portico-local-a',
      partnerUserId: to,
      presetFiatAmount: 250,
    })
    expect(provider).toBe('sandpay')
    expect(url).toBe(`${sandbox.url}/sandpay/checkout/${sessionId}`)
    const page = await (await fetch(url)).text()
    expect(page).toContain('value="250.00"')
    expect(page).toContain(to)
    const res = await pay(url, { fiatAmount: '250.00', fiatCurrency: 'USD', card: SANDBOX_TEST_CARDS.success })
    expect(res.status).toBe(200)
    expect(await usdcOf(to)).toBe(parseUnits(purchaseAmount.amount, 6))
    expect(await res.text()).toContain(sandbox.session('sandpay', sessionId!)!.txHash)
  })

  it('SOL on the Solana chain by default (SPEC §9), at TestRamp: paying delivers purchaseAmount.amount', async () => {
    const to = (await generateKeyPairSigner()).address
    const { purchaseAmount } = await quoted({
      purchaseCurrency: 'SOL',
      paymentCurrency: 'USD',
      amount: '30',
      network: 'portico-local-solana',
      provider: 'testramp',
    })
    expect(purchaseAmount.amount).toBe('0.19646666')
    const { url, provider, sessionId } = await onrampUrl({
      destinationWallets: [{ address: to, blockchains: ['portico-local-solana'] }],
      defaultNetwork: 'portico-local-solana',
      partnerUserId: to,
      presetFiatAmount: 30,
      provider: 'testramp',
    })
    expect(provider).toBe('testramp')
    expect(sandbox.session('testramp', sessionId!)).toMatchObject({ asset: 'SOL', fiatAmount: '30.00', destination: { address: to } })
    expect((await pay(url, { fiatAmount: '30', fiatCurrency: 'USD', card: SANDBOX_TEST_CARDS.success })).status).toBe(200)
    expect((await createSolanaRpc(solana.rpcUrl).getBalance(to).send()).value).toBe(196_466_660n)
  })

  it('a declined card moves nothing', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address
    const { url, sessionId } = await onrampUrl({
      destinationWallets: [{ address: to }],
      defaultNetwork: 'portico-local-a',
      partnerUserId: 'user-1',
      presetCryptoAmount: 10,
    })
    // 10 USDC at SandPay (1 %) is 10.11 USD; SandPay's minimum is 20, so pay 20.
    expect(sandbox.session('sandpay', sessionId!)?.fiatAmount).toBe('10.11')
    expect((await pay(url, { fiatAmount: '20', fiatCurrency: 'USD', card: SANDBOX_TEST_CARDS.decline })).status).toBe(402)
    expect(sandbox.session('sandpay', sessionId!)).toMatchObject({ status: 'FAILED', failureReason: 'card_declined' })
    expect(await usdcOf(to)).toBe(0n)
  })

  it.each([
    [
      'a Solana address on the EVM network',
      { destinationWallets: [{ address: 'So11111111111111111111111111111111111111112' }] },
      'destinationWallets[].address must be an EVM address on portico-local-a, got So11111111111111111111111111111111111111112',
    ],
    [
      'an EVM address on the Solana network',
      { defaultNetwork: 'portico-local-solana' },
      'destinationWallets[].address must be a Solana address on portico-local-solana, got 0x00000000000000000000000000000000000000aa',
    ],
    ['no network at all', { defaultNetwork: undefined }, 'defaultNetwork is required when the destination wallet lists no blockchains'],
    [
      'no wallet for the network',
      { destinationWallets: [{ address: `0x${'0'.repeat(38)}aa`, blockchains: ['portico-local-solana'] }] },
      'No destination wallet for network portico-local-a',
    ],
    ['no wallet', { destinationWallets: [] }, 'destinationWallets must hold at least one wallet'],
    ['a negative preset', { presetFiatAmount: -5 }, 'presetFiatAmount must be a positive amount (at least 0.01)'],
    ['a preset that rounds to nothing', { presetCryptoAmount: 1e-9 }, 'presetCryptoAmount must be a positive amount (at least 0.00000001)'],
    ['a preset as a string', { presetFiatAmount: '5' }, 'presetFiatAmount must be a number'],
    ['an unknown provider', { provider: 'moonpay' }, 'Unknown on-ramp provider moonpay: expected one of sandpay, testramp'],
    ['an asset nobody sells there', { defaultAsset: 'SOL' }, 'No on-ramp provider sells SOL on portico-local-a'],
    ['no partnerUserId', { partnerUserId: undefined }, 'partnerUserId must be a string'],
  ])('refuses %s (400)', async (_name, patch, message) => {
    const body = {
      destinationWallets: [{ address: `0x${'0'.repeat(38)}aa` }],
      defaultNetwork: 'portico-local-a',
      partnerUserId: 'u',
      ...patch,
    }
    expect(await refused(postJson(app, '/v1/generators/onrampurl', body))).toBe(message)
  })
})

describe('the sandbox adapter (createSandboxOnrampProvider)', () => {
  it('reads a session status as it moves CREATED → COMPLETED with the hash; an unknown session is the provider refusal', async () => {
    const provider = createSandboxOnrampProvider({ id: 'testramp', baseUrl: `${sandbox.url}/testramp/` })
    const to = privateKeyToAccount(generatePrivateKey()).address
    const { sessionId } = await provider.createSession({
      purchaseCurrency: 'ETH',
      network: 'portico-local-a',
      address: to,
      paymentCurrency: 'USD',
      fiatAmount: '30.00',
      partnerUserId: 'u',
    })
    expect(await provider.sessionStatus(sessionId)).toEqual({ status: 'CREATED' })
    expect((await sandbox.pay('testramp', sessionId, { card: SANDBOX_TEST_CARDS.success })).kind).toBe('completed')
    const done = await provider.sessionStatus(sessionId)
    expect(done).toEqual({ status: 'COMPLETED', txHash: sandbox.session('testramp', sessionId)!.txHash, purchaseAmount: '0.00982333' })
    await expect(provider.sessionStatus('x'.repeat(24))).rejects.toThrow(new OnrampRefusal('No such session'))
    // The catalogue is read once and reused.
    const first = await provider.catalogue()
    expect(await provider.catalogue()).toBe(first)
    expect(first).toMatchObject({ id: 'testramp', name: 'TestRamp', feePercent: '1.75' })
  })
})

describe('providers that are missing or down', () => {
  it('without providers: no options, and a quote or URL says none is configured', async () => {
    const bare = await openTestApp(config)
    try {
      expect((await requestJson(bare.app, '/v1/onramp/options', onrampOptionsResponseSchema)).body).toEqual({
        providers: [],
        purchaseCurrencies: [],
        paymentCurrencies: [],
        providerDetails: [],
      })
      const body = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'portico-local-a' }
      expect(await refused(postJson(bare.app, '/v1/onramp/quote', body))).toBe('No on-ramp provider is configured')
      expect(
        await refused(
          postJson(bare.app, '/v1/generators/onrampurl', {
            destinationWallets: [{ address: `0x${'0'.repeat(40)}` }],
            defaultNetwork: 'x',
            partnerUserId: 'u',
          }),
        ),
      ).toBe('No on-ramp provider is configured')
    } finally {
      await bare.close()
    }
  })

  it('a provider that is down is left out; all down is a 502', async () => {
    const down = { kind: 'sandbox' as const, id: 'down', baseUrl: 'http://127.0.0.1:1/down' }
    const half = await openTestApp({
      ...config,
      onramp: { providers: [down, { kind: 'sandbox', id: 'testramp', baseUrl: `${sandbox.url}/testramp` }], timeoutMs: 2_000 },
    })
    const none = await openTestApp({ ...config, onramp: { providers: [down], timeoutMs: 2_000 } })
    try {
      expect((await requestJson(half.app, '/v1/onramp/options', onrampOptionsResponseSchema)).body.providers).toEqual(['testramp'])
      expect(await refused(none.app.request('/v1/onramp/options'), 502)).toBe('On-ramp provider down is unreachable')
      expect(
        await refused(
          postJson(none.app, '/v1/onramp/quote', {
            purchaseCurrency: 'USDC',
            paymentCurrency: 'USD',
            amount: '100',
            network: 'x',
            provider: 'down',
          }),
          502,
        ),
      ).toBe('On-ramp provider down is unreachable')
      expect(none.reported.length).toBeGreaterThan(0)
      // A base URL where the sandbox has no such provider: its config request is refused, a 502.
      const wrong = await openTestApp({
        ...config,
        onramp: { providers: [{ kind: 'sandbox', id: 'nobody', baseUrl: `${sandbox.url}/nobody` }] },
      })
      try {
        expect(
          await refused(
            postJson(wrong.app, '/v1/onramp/quote', {
              purchaseCurrency: 'USDC',
              paymentCurrency: 'USD',
              amount: '100',
              network: 'x',
              provider: 'nobody',
            }),
            502,
          ),
        ).toBe('On-ramp provider nobody refused its config request: No such provider')
        expect(await refused(wrong.app.request('/v1/onramp/options'), 502)).toBe(
          'On-ramp provider nobody refused its config request: No such provider',
        )
      } finally {
        await wrong.close()
      }
    } finally {
      await half.close()
      await none.close()
    }
  })

  it('refuses a bad onramp config', async () => {
    const db = await openTestDatabase()
    try {
      const make = (onramp: unknown) => () => createApp({ ...config, db, onramp: onramp as AppConfig['onramp'] })
      expect(make({ providers: [{ kind: 'sandbox', id: 'A B', baseUrl: 'http://127.0.0.1:1' }] })).toThrow(
        'onramp provider id must be 1-32 lower-case letters, digits or -',
      )
      expect(make({ providers: [{ kind: 'sandbox', id: 'a', baseUrl: 'ftp://x' }] })).toThrow(
        'onramp provider baseUrl must be an absolute http(s) URL',
      )
      expect(make({ providers: [{ kind: 'coinbase', id: 'a', baseUrl: 'http://127.0.0.1:1' }] })).toThrow()
      expect(
        make({
          providers: [
            { kind: 'sandbox', id: 'a', baseUrl: 'http://127.0.0.1:1' },
            { kind: 'sandbox', id: 'a', baseUrl: 'http://127.0.0.1:2' },
          ],
        }),
      ).toThrow('duplicate onramp provider id a')
    } finally {
      await db.close()
    }
  })
})
