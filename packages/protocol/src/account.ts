/**
 * Toolkit API host, the account's calls (SPEC §7): supported chains, identity, balance, history and
 * token prices.
 */
import { z } from 'zod/mini'

/** GET /v1/supported-chains → CAIP-2 ids reachable over HTTP and websocket. */
export const supportedChainsSchema = z.object({ http: z.array(z.string()), ws: z.optional(z.array(z.string())) })
export type SupportedChains = z.infer<typeof supportedChainsSchema>

/** GET /v1/identity/{address} → the address's name and avatar, null when it has none. */
export const identitySchema = z.object({ name: z.nullish(z.string()), avatar: z.nullish(z.string()) })
export type IdentityResponse = z.infer<typeof identitySchema>

/** SPEC §3 "Token balance". `chainId` is CAIP-2; `address` is the token's CAIP-10 id, absent for the native currency. */
export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.optional(z.string()),
  value: z.number(),
  price: z.number(),
  iconUrl: z.string(),
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
})
export type TokenBalance = z.infer<typeof tokenBalanceSchema>

/** GET /v1/account/{address}/balance → { balances }. */
export const balanceResponseSchema = z.object({ balances: z.array(tokenBalanceSchema) })
export type BalanceResponse = z.infer<typeof balanceResponseSchema>

/** One transfer of a history transaction (SPEC §3 "Transaction"). */
export const transferSchema = z.object({
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: z.string() }),
  value: z.optional(z.number()),
  price: z.optional(z.number()),
  fungible_info: z.optional(
    z.object({ name: z.optional(z.string()), symbol: z.optional(z.string()), icon: z.optional(z.object({ url: z.string() })) }),
  ),
  nft_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      content: z.optional(z.object({ preview: z.optional(z.object({ url: z.string() })) })),
      flags: z.optional(z.object({ is_spam: z.boolean() })),
    }),
  ),
})
export type TransactionTransfer = z.infer<typeof transferSchema>

export const transactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    minedAt: z.string(),
    chain: z.string(),
    operationType: z.string(),
    status: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    /** A name the API knows for sentFrom / sentTo (a configured address such as the swap router, a Portico or ENS name). */
    sentFromName: z.optional(z.string()),
    sentToName: z.optional(z.string()),
  }),
  transfers: z.array(transferSchema),
})
export type Transaction = z.infer<typeof transactionSchema>

/** GET /v1/account/{address}/history → a page of transactions and the next page's cursor. */
export const historyResponseSchema = z.object({ data: z.array(transactionSchema), next: z.nullish(z.string()) })
export type HistoryResponse = z.infer<typeof historyResponseSchema>

/** POST /v1/fungible/price body. */
export const priceRequestSchema = z.object({
  currency: z.string(),
  addresses: z.array(z.string()),
  projectId: z.string(),
})
export type PriceRequest = z.infer<typeof priceRequestSchema>

/** POST /v1/fungible/price → the fungibles with their prices. */
export const priceResponseSchema = z.object({
  fungibles: z.array(
    z.object({ name: z.optional(z.string()), symbol: z.string(), price: z.number(), address: z.string(), iconUrl: z.optional(z.string()) }),
  ),
})
export type TokenPrices = z.infer<typeof priceResponseSchema>
