/** The on-ramp client (SPEC §7): options, quote, provider URL; SPEC §5 provider list rule. */
import { describe, expect, it } from 'vitest'
import { API_BASE, recordingFetch, SDK, testClient } from './test-support'

const usdc = {
  id: 'USDC',
  name: 'USD Coin',
  symbol: 'USDC',
  networks: [
    { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' },
    { name: 'polygon', display_name: 'Polygon', chain_id: '137', contract_address: '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359' },
  ],
}
const usd = {
  id: 'USD',
  payment_method_limits: [
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ],
}
const options = (providers: unknown) => ({ providers, purchaseCurrencies: [usdc], paymentCurrencies: [usd] })

describe('onramp client (SPEC §7)', () => {
  it('GET /v1/onramp/options: providers, purchase currencies with networks, payment currencies with limits', async () => {
    const f = recordingFetch(() => ({ body: options(['coinbase', 'meld']) }))
    await expect(testClient(f.fetch).onramp.getOptions()).resolves.toEqual(options(['coinbase', 'meld']))
    const sent = f.calls[0]!
    expect([sent.method, sent.url.origin + sent.url.pathname, sent.query, sent.sdk]).toEqual([
      'GET',
      `${API_BASE}/v1/onramp/options`,
      {},
      SDK,
    ])
  })

  it.each([
    ['a list of strings', ['coinbase'], ['coinbase']],
    ['a list with a non-string', ['coinbase', 7], []],
    ['an object', { coinbase: true }, []],
    ['a string', 'coinbase', []],
    ['nothing', undefined, []],
  ])('SPEC §5: providers given as %s -> %j', async (_name, providers, expected) => {
    const f = recordingFetch(() => ({ body: options(providers) }))
    expect((await testClient(f.fetch).onramp.getOptions()).providers).toEqual(expected)
  })

  it('POST /v1/onramp/quote: the body sent and purchaseAmount.amount read', async () => {
    const quote = { purchaseAmount: { amount: '99.5', currency: 'USDC' }, paymentTotal: { amount: '100', currency: 'USD' }, quoteId: 'q1' }
    const f = recordingFetch(() => ({ body: quote }))
    const result = await testClient(f.fetch).onramp.getQuote({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '100',
      network: 'ethereum',
    })
    expect(result.purchaseAmount.amount).toBe('99.5')
    expect(result).toEqual(quote)
    const sent = f.calls[0]!
    expect([sent.method, sent.url.pathname, sent.sdk, sent.body]).toEqual([
      'POST',
      '/api/v1/onramp/quote',
      SDK,
      { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'ethereum' },
    ])
  })

  it('POST /v1/generators/onrampurl: the body sent, the url returned', async () => {
    const f = recordingFetch(() => ({ body: { url: 'http://127.0.0.1:4100/buy?session=1' } }))
    const body = {
      destinationWallets: [{ address: '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B', blockchains: ['ethereum'], assets: ['USDC'] }],
      defaultNetwork: 'ethereum',
      partnerUserId: '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B',
      presetCryptoAmount: 50,
      presetFiatAmount: 50,
    }
    await expect(testClient(f.fetch).onramp.generateUrl(body)).resolves.toBe('http://127.0.0.1:4100/buy?session=1')
    expect([f.calls[0]!.method, f.calls[0]!.url.pathname, f.calls[0]!.body]).toEqual(['POST', '/api/v1/generators/onrampurl', body])
  })

  it.each([
    ['options', (api: ReturnType<typeof testClient>) => api.onramp.getOptions()],
    [
      'quote',
      (api: ReturnType<typeof testClient>) =>
        api.onramp.getQuote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '1', network: 'ethereum' }),
    ],
    ['url', (api: ReturnType<typeof testClient>) => api.onramp.generateUrl({ destinationWallets: [], partnerUserId: 'u' })],
  ])('%s: a body of the wrong shape ends with "Something went wrong"', async (_name, call) => {
    const f = recordingFetch(() => ({ body: { purchaseAmount: 3, url: 4 } }))
    await expect(call(testClient(f.fetch))).rejects.toMatchObject({ name: 'PorticoError', message: 'Something went wrong' })
  })
})
