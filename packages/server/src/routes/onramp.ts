import {
  onrampQuoteRequestSchema,
  onrampUrlRequestSchema,
  type OnrampOptionsResponse,
  type OnrampPurchaseCurrency,
  type OnrampQuoteResponse,
  type OnrampUrlResponse,
} from '@portico/protocol/onramp'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import { HttpError, preview } from '../errors.ts'
import { OnrampRefusal, type OnrampCatalogue, type OnrampCatalogueNetwork, type OnrampProvider } from '../providers/onramp.ts'
import { chainIdOf, limitRefusal, mergePaymentCurrencies, parseFiatAmount, presetAmount, roundDecimals } from '../providers/onramp-math.ts'
import { EVM_ADDRESS, parseInput, solanaAddress } from '../validation.ts'
import type { RouteModule } from './context.ts'

export const ONRAMP_ERRORS = {
  notConfigured: 'No on-ramp provider is configured',
  unavailable: 'The on-ramp providers are unavailable',
} as const

/** SPEC §9: the default purchase currency is USDC, SOL on Solana. */
export function defaultPurchaseCurrency(caipNetworkId: string): string {
  return caipNetworkId.startsWith('solana:') ? 'SOL' : 'USDC'
}

const contentType = z
  .string({ error: 'Content-Type must be application/json' })
  .regex(/^application\/json\s*(;|$)/i, { error: 'Content-Type must be application/json' })

async function jsonBody(c: Context): Promise<unknown> {
  const type = z.safeParse(contentType, c.req.header('content-type'))
  if (!type.success) throw new HttpError(415, 'Content-Type must be application/json')
  try {
    return JSON.parse(await c.req.text())
  } catch {
    throw new HttpError(400, 'Invalid JSON body')
  }
}

const ID = /^[A-Za-z0-9_-]{1,64}$/
const id = (field: string) =>
  z.string({ error: `${field} must be a string` }).refine((v) => ID.test(v), {
    error: (issue) => `${field} must be an id of 1-64 letters, digits, - or _, got ${preview(issue.input, 40)}`,
  })

const quoteMessages = {
  '': 'The body must be a JSON object with purchaseCurrency, paymentCurrency, amount and network',
  purchaseCurrency: 'purchaseCurrency must be a string (a purchase currency id, e.g. USDC)',
  paymentCurrency: 'paymentCurrency must be a string (a payment currency id, e.g. USD)',
  amount: 'amount must be a string: the fiat amount, e.g. "100.00"',
  network: 'network must be a string (a network name of the purchase currency)',
  provider: 'provider must be a string (an id of providers)',
  paymentMethod: 'paymentMethod must be a string (e.g. card)',
}
const quoteRules = z.object({
  purchaseCurrency: id('purchaseCurrency'),
  paymentCurrency: id('paymentCurrency'),
  network: id('network'),
  provider: id('provider').optional(),
  paymentMethod: z
    .string()
    .regex(/^[a-z0-9_]{1,32}$/, { error: 'paymentMethod must be a payment method id such as card' })
    .optional(),
})

const urlMessages = {
  '': 'The body must be a JSON object with destinationWallets and partnerUserId',
  destinationWallets: 'destinationWallets must be a list of { address, blockchains?, assets? }',
  defaultNetwork: 'defaultNetwork must be a string (a network name)',
  partnerUserId: 'partnerUserId must be a string',
  presetCryptoAmount: 'presetCryptoAmount must be a number',
  presetFiatAmount: 'presetFiatAmount must be a number',
  provider: 'provider must be a string (an id of providers)',
  defaultAsset: 'defaultAsset must be a string (a purchase currency id)',
  fiatCurrency: 'fiatCurrency must be a string (a payment currency id)',
}
const listOfIds = (field: string) =>
  z.array(id(field), { error: `${field} must be a list of ids` }).max(32, { error: `${field} must hold at most 32 items` })
const urlRules = z.object({
  destinationWallets: z
    .array(
      z.object({
        address: z
          .string()
          .min(1, { error: 'destinationWallets[].address is required' })
          .max(128, { error: 'destinationWallets[].address must be at most 128 characters' }),
        blockchains: listOfIds('destinationWallets[].blockchains').optional(),
        assets: listOfIds('destinationWallets[].assets').optional(),
      }),
    )
    .min(1, { error: 'destinationWallets must hold at least one wallet' })
    .max(10, { error: 'destinationWallets must hold at most 10 wallets' }),
  defaultNetwork: id('defaultNetwork').optional(),
  partnerUserId: z
    .string()
    .min(1, { error: 'partnerUserId is required' })
    .max(256, { error: 'partnerUserId must be at most 256 characters' }),
  provider: id('provider').optional(),
  defaultAsset: id('defaultAsset').optional(),
  fiatCurrency: id('fiatCurrency').optional(),
})

/**
 * The on-ramp (SPEC §7): GET /v1/onramp/options, POST /v1/onramp/quote and POST
 * /v1/generators/onrampurl over the configured providers (providers/onramp.ts).
 */
export const onrampRoutes: RouteModule = (ctx) => {
  const providers = ctx.providers.onramp

  /** Every provider's catalogue; a provider that fails is left out (all failing is a 502). */
  async function catalogues(): Promise<{ provider: OnrampProvider; catalogue: OnrampCatalogue }[]> {
    const settled = await Promise.allSettled(providers.map((p) => p.catalogue()))
    const ok = settled.flatMap((r, i) =>
      r.status === 'fulfilled' ? [{ provider: providers[i] as OnrampProvider, catalogue: r.value }] : [],
    )
    if (ok.length === 0 && providers.length > 0) {
      const first = settled.find((r) => r.status === 'rejected')
      throw first?.reason instanceof HttpError ? first.reason : new HttpError(502, ONRAMP_ERRORS.unavailable, { cause: first?.reason })
    }
    return ok
  }

  const sells = (catalogue: OnrampCatalogue, symbol: string, network: string): OnrampCatalogueNetwork | undefined =>
    catalogue.purchaseCurrencies.find((p) => p.symbol.toUpperCase() === symbol.toUpperCase())?.networks.find((n) => n.name === network)

  /** The provider asked for (it must sell the currency on the network), or the first that sells it. */
  async function pick(providerId: string | undefined, symbol: string, network: string) {
    if (providers.length === 0) throw new HttpError(400, ONRAMP_ERRORS.notConfigured)
    if (providerId !== undefined) {
      const provider = providers.find((p) => p.id === providerId)
      if (!provider)
        throw new HttpError(
          400,
          `Unknown on-ramp provider ${preview(providerId, 40)}: expected one of ${providers.map((p) => p.id).join(', ')}`,
        )
      const catalogue = await provider.catalogue()
      const on = sells(catalogue, symbol, network)
      if (!on) throw new HttpError(400, `${catalogue.name} does not sell ${preview(symbol, 20)} on ${preview(network, 64)}`)
      return { provider, catalogue, network: on }
    }
    const all = await catalogues()
    for (const { provider, catalogue } of all) {
      const on = sells(catalogue, symbol, network)
      if (on) return { provider, catalogue, network: on }
    }
    if (!all.some(({ catalogue }) => catalogue.purchaseCurrencies.some((p) => p.networks.some((n) => n.name === network)))) {
      throw new HttpError(400, `Unknown on-ramp network ${preview(network, 64)}`)
    }
    throw new HttpError(400, `No on-ramp provider sells ${preview(symbol, 20)} on ${preview(network, 64)}`)
  }

  /** The provider's answer, a refusal becoming a 400 with its message. */
  async function ask<T>(job: () => Promise<T>): Promise<T> {
    try {
      return await job()
    } catch (error) {
      if (error instanceof OnrampRefusal) throw new HttpError(400, error.message)
      throw error
    }
  }

  return new Hono()
    .get('/v1/onramp/options', async (c) => {
      const all = await catalogues()
      const purchase = new Map<string, OnrampPurchaseCurrency>()
      for (const { catalogue } of all) {
        for (const currency of catalogue.purchaseCurrencies) {
          const key = currency.symbol.toUpperCase()
          const entry = purchase.get(key) ?? { id: key, name: currency.name, symbol: key, networks: [] }
          purchase.set(key, entry)
          for (const n of currency.networks) {
            if (entry.networks.some((seen) => seen.name === n.name)) continue
            entry.networks.push({
              name: n.name,
              display_name: n.displayName,
              chain_id: chainIdOf(n.caipNetworkId),
              contract_address: n.contractAddress,
              caip_network_id: n.caipNetworkId,
            })
          }
        }
      }
      return c.json({
        providers: all.map(({ provider }) => provider.id),
        purchaseCurrencies: [...purchase.values()],
        paymentCurrencies: mergePaymentCurrencies(all.map(({ catalogue }) => catalogue)),
        providerDetails: all.map(({ provider, catalogue }) => ({
          id: provider.id,
          name: catalogue.name,
          feePercent: catalogue.feePercent,
          paymentCurrencies: mergePaymentCurrencies([catalogue]),
        })),
      } satisfies OnrampOptionsResponse)
    })

    .post('/v1/onramp/quote', async (c) => {
      const body = parseInput(onrampQuoteRequestSchema, await jsonBody(c), quoteMessages)
      const rules = parseInput(quoteRules, body)
      const amount = parseFiatAmount(body.amount)
      if (amount === undefined)
        throw new HttpError(400, `amount must be a positive fiat amount with at most 2 decimals, got ${preview(body.amount, 40)}`)
      const { provider, catalogue, network } = await pick(rules.provider, rules.purchaseCurrency, rules.network)
      const paymentCurrency = rules.paymentCurrency.toUpperCase()
      const fiat = catalogue.paymentCurrencies.find((f) => f.id.toUpperCase() === paymentCurrency)
      if (!fiat)
        throw new HttpError(
          400,
          `${catalogue.name} does not take ${preview(rules.paymentCurrency, 20)}: expected one of ${catalogue.paymentCurrencies.map((f) => f.id).join(', ')}`,
        )
      const method = rules.paymentMethod ?? 'card'
      const limit = fiat.methods.find((m) => m.id === method)
      if (!limit) throw new HttpError(400, `${catalogue.name} does not take ${method} payments in ${fiat.id}`)
      const refused = limitRefusal(amount, limit, fiat.id, catalogue.name)
      if (refused) throw new HttpError(400, refused)
      const symbol = rules.purchaseCurrency.toUpperCase()
      const quote = await ask(() =>
        provider.quote({ purchaseCurrency: symbol, network: network.name, paymentCurrency: fiat.id, amount, paymentMethod: method }),
      )
      return c.json({
        purchaseAmount: { amount: roundDecimals(quote.purchaseAmount, 8), currency: symbol },
        paymentTotal: { amount: quote.paymentTotal, currency: fiat.id },
        paymentSubtotal: { amount: quote.paymentSubtotal, currency: fiat.id },
        providerFee: { amount: quote.providerFee, currency: fiat.id },
        networkFee: { amount: quote.networkFee, currency: fiat.id },
        quoteId: quote.quoteId,
        provider: provider.id,
      } satisfies OnrampQuoteResponse)
    })

    .post('/v1/generators/onrampurl', async (c) => {
      const body = parseInput(onrampUrlRequestSchema, await jsonBody(c), urlMessages)
      const rules = parseInput(urlRules, body)
      const networkName = rules.defaultNetwork ?? rules.destinationWallets[0]?.blockchains?.[0]
      if (networkName === undefined) throw new HttpError(400, 'defaultNetwork is required when the destination wallet lists no blockchains')
      const wallet =
        rules.destinationWallets.find((w) => w.blockchains?.includes(networkName)) ??
        rules.destinationWallets.find((w) => w.blockchains === undefined || w.blockchains.length === 0)
      if (!wallet) throw new HttpError(400, `No destination wallet for network ${networkName}`)
      // The asset: asked for, else the wallet's first, else SPEC §9's default for the network's namespace.
      let symbol = rules.defaultAsset ?? wallet.assets?.[0]
      if (symbol === undefined) {
        if (providers.length === 0) throw new HttpError(400, ONRAMP_ERRORS.notConfigured)
        const all = await catalogues()
        const known = all
          .flatMap(({ catalogue }) => catalogue.purchaseCurrencies.flatMap((p) => p.networks))
          .find((n) => n.name === networkName)
        if (!known) throw new HttpError(400, `Unknown on-ramp network ${networkName}`)
        symbol = defaultPurchaseCurrency(known.caipNetworkId)
      }
      const { provider, catalogue, network } = await pick(rules.provider, symbol, networkName)
      const isSolana = network.caipNetworkId.startsWith('solana:')
      let address = wallet.address
      if (isSolana) {
        if (!z.safeParse(solanaAddress, address).success)
          throw new HttpError(400, `destinationWallets[].address must be a Solana address on ${networkName}, got ${preview(address, 60)}`)
      } else if (network.caipNetworkId.startsWith('eip155:')) {
        if (!EVM_ADDRESS.test(address))
          throw new HttpError(400, `destinationWallets[].address must be an EVM address on ${networkName}, got ${preview(address, 60)}`)
        address = address.startsWith('0x') ? address : `0x${address}`
      }
      const fiatCurrency = (rules.fiatCurrency ?? 'USD').toUpperCase()
      if (!catalogue.paymentCurrencies.some((f) => f.id.toUpperCase() === fiatCurrency)) {
        throw new HttpError(
          400,
          `${catalogue.name} does not take ${fiatCurrency}: expected one of ${catalogue.paymentCurrencies.map((f) => f.id).join(', ')}`,
        )
      }
      let fiatAmount: string | undefined
      let cryptoAmount: string | undefined
      if (body.presetFiatAmount !== undefined) {
        fiatAmount = presetAmount(body.presetFiatAmount, 2, true)
        if (fiatAmount === undefined) throw new HttpError(400, 'presetFiatAmount must be a positive amount (at least 0.01)')
      } else if (body.presetCryptoAmount !== undefined) {
        cryptoAmount = presetAmount(body.presetCryptoAmount, 8)
        if (cryptoAmount === undefined) throw new HttpError(400, 'presetCryptoAmount must be a positive amount (at least 0.00000001)')
      }
      const session = await ask(() =>
        provider.createSession({
          purchaseCurrency: symbol.toUpperCase(),
          network: network.name,
          address,
          paymentCurrency: fiatCurrency,
          ...(fiatAmount !== undefined ? { fiatAmount } : {}),
          ...(cryptoAmount !== undefined ? { cryptoAmount } : {}),
          partnerUserId: rules.partnerUserId,
        }),
      )
      return c.json({ url: session.url, sessionId: session.sessionId, provider: provider.id } satisfies OnrampUrlResponse)
    })
}
