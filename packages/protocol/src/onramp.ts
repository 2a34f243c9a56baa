/**
 * Toolkit API host, the on-ramp calls (SPEC §7): GET /v1/onramp/options, POST /v1/onramp/quote and
 * POST /v1/generators/onrampurl. Amounts are decimal strings.
 */
import { z } from 'zod/mini'

/** A network a purchase currency can be bought on. */
export const onrampNetworkSchema = z.object({
  name: z.string(),
  display_name: z.string(),
  chain_id: z.string(),
  contract_address: z.string(),
  /** The network's CAIP-2 id ('eip155:1', 'solana:5eykt4…'), when the API knows it. */
  caip_network_id: z.optional(z.string()),
})
export type OnrampNetwork = z.infer<typeof onrampNetworkSchema>

/** SPEC §3 on-ramp purchaseCurrency. */
export const onrampPurchaseCurrencySchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  networks: z.array(onrampNetworkSchema),
})
export type OnrampPurchaseCurrency = z.infer<typeof onrampPurchaseCurrencySchema>

/** Limits of one payment method (card, ach_bank_account …) in a payment currency. */
export const paymentMethodLimitSchema = z.object({ id: z.string(), min: z.string(), max: z.string() })
export type PaymentMethodLimit = z.infer<typeof paymentMethodLimitSchema>

/** SPEC §3 on-ramp paymentCurrency (a fiat currency such as USD). */
export const onrampPaymentCurrencySchema = z.object({
  id: z.string(),
  payment_method_limits: z.array(paymentMethodLimitSchema),
})
export type OnrampPaymentCurrency = z.infer<typeof onrampPaymentCurrencySchema>

/** One provider of GET /v1/onramp/options: its display name, fee and its own payment limits. */
export const onrampProviderDetailSchema = z.object({
  /** The id listed in `providers`, and passed back as `provider` to the quote and URL calls. */
  id: z.string(),
  name: z.string(),
  /** The provider's fee, a percentage of the payment ('1.75'). */
  feePercent: z.optional(z.string()),
  /** The payment currencies and method limits of this provider alone. */
  paymentCurrencies: z.optional(z.array(onrampPaymentCurrencySchema)),
})
export type OnrampProviderDetail = z.infer<typeof onrampProviderDetailSchema>

/**
 * GET /v1/onramp/options → providers, purchase and payment currencies. SPEC §5: the provider list
 * must be an array of strings; anything else (or none) reads as an empty list. The payment limits
 * are the widest over the providers (each provider's own are in `providerDetails`).
 */
export const onrampOptionsResponseSchema = z.object({
  providers: z.catch(z.array(z.string()), []),
  purchaseCurrencies: z.array(onrampPurchaseCurrencySchema),
  paymentCurrencies: z.array(onrampPaymentCurrencySchema),
  /** Portico's addition: name, fee and limits per provider id (an unreadable list reads as none). */
  providerDetails: z.optional(z.catch(z.array(onrampProviderDetailSchema), [])),
})
export type OnrampOptionsResponse = z.infer<typeof onrampOptionsResponseSchema>

/**
 * POST /v1/onramp/quote body: currency ids, the fiat amount and the network name. `provider` (one of
 * the options' provider names) asks that provider's quote; without it the server's default provider.
 */
export const onrampQuoteRequestSchema = z.object({
  purchaseCurrency: z.string(),
  paymentCurrency: z.string(),
  amount: z.string(),
  network: z.string(),
  /** Portico's addition: the provider to quote (an id of `providers`). @default the first that sells it */
  provider: z.optional(z.string()),
  /** Portico's addition: a payment method id of `payment_method_limits`. @default 'card' */
  paymentMethod: z.optional(z.string()),
})
export type OnrampQuoteRequest = z.infer<typeof onrampQuoteRequestSchema>

const moneySchema = z.object({ amount: z.string(), currency: z.string() })

/** POST /v1/onramp/quote → what the payment buys (purchaseAmount.amount) and its costs. */
export const onrampQuoteResponseSchema = z.object({
  purchaseAmount: moneySchema,
  paymentTotal: z.optional(moneySchema),
  paymentSubtotal: z.optional(moneySchema),
  networkFee: z.optional(moneySchema),
  providerFee: z.optional(moneySchema),
  quoteId: z.optional(z.string()),
  /** The provider that quoted. */
  provider: z.optional(z.string()),
})
export type OnrampQuoteResponse = z.infer<typeof onrampQuoteResponseSchema>

/** One wallet the bought funds may go to. */
export const onrampDestinationWalletSchema = z.object({
  address: z.string(),
  /** Network names (e.g. 'ethereum', 'solana'). */
  blockchains: z.optional(z.array(z.string())),
  /** Asset symbols (e.g. 'USDC'). */
  assets: z.optional(z.array(z.string())),
})
export type OnrampDestinationWallet = z.infer<typeof onrampDestinationWalletSchema>

/** POST /v1/generators/onrampurl body. */
export const onrampUrlRequestSchema = z.object({
  destinationWallets: z.array(onrampDestinationWalletSchema),
  defaultNetwork: z.optional(z.string()),
  partnerUserId: z.string(),
  /** Preset amount of the purchase currency. */
  presetCryptoAmount: z.optional(z.number()),
  /** Preset amount of the payment (fiat) currency. */
  presetFiatAmount: z.optional(z.number()),
  /** Portico's addition: the provider whose page to open (an id of `providers`). @default the first that sells the asset */
  provider: z.optional(z.string()),
  /** Portico's addition: the purchase currency id. @default the wallet's first asset, else USDC (SOL on Solana) */
  defaultAsset: z.optional(z.string()),
  /** Portico's addition: the payment currency id. @default 'USD' */
  fiatCurrency: z.optional(z.string()),
})
export type OnrampUrlRequest = z.infer<typeof onrampUrlRequestSchema>

/** POST /v1/generators/onrampurl → the provider page to open. */
export const onrampUrlResponseSchema = z.object({
  url: z.string(),
  /** The provider's checkout session, and the provider. */
  sessionId: z.optional(z.string()),
  provider: z.optional(z.string()),
})
export type OnrampUrlResponse = z.infer<typeof onrampUrlResponseSchema>
