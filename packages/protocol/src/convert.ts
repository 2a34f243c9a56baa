/**
 * Toolkit API host, the swap calls (SPEC §7 /v1/convert/*): quotes, tokens, allowance, gas price,
 * approval and swap transaction builders. Amounts, gas and values are decimal or hex strings as the
 * chain reads them; token ids are CAIP-10 (`eip155:1:0x…`).
 */
import { z } from 'zod/mini'

/** GET /v1/convert/quotes query. */
export const convertQuotesQuerySchema = z.object({
  /** Source amount in the token's smallest unit. */
  amount: z.string(),
  userAddress: z.string(),
  /** Source token, CAIP-10. */
  from: z.string(),
  /** Target token, CAIP-10. */
  to: z.string(),
  gasPrice: z.string(),
})
export type ConvertQuotesQuery = z.infer<typeof convertQuotesQuerySchema>

/** The provider fee of a quote (SPEC §9: 0.85% of the source amount, taken first, in the source token). */
export const convertQuoteFeeSchema = z.object({
  /** The fee in the source token's smallest unit. */
  amount: z.string(),
  /** The fee as a percentage of the source amount, decimal string (`'0.85'`). */
  percentage: z.string(),
  /** CAIP-10 id of the token the fee is taken in (the source token). */
  token: z.string(),
  /** The address that receives the fee. */
  recipient: z.optional(z.string()),
})
export type ConvertQuoteFee = z.infer<typeof convertQuoteFeeSchema>

/** One quote. */
export const convertQuoteSchema = z.object({
  id: z.nullish(z.string()),
  /** The source amount (smallest unit), fee included. */
  fromAmount: z.optional(z.string()),
  fromAccount: z.optional(z.string()),
  /** The target amount (smallest unit) the swap gives at the current reserves. */
  toAmount: z.string(),
  toAccount: z.optional(z.string()),
  /**
   * How much worse the rate is than the pools' mid price, fees aside, as a percentage decimal string
   * (`'0.1234'` = 0.1234%).
   */
  priceImpact: z.optional(z.string()),
  fee: z.optional(convertQuoteFeeSchema),
  /** The tokens the swap goes through, CAIP-10, source first (native ETH is routed as WETH). */
  path: z.optional(z.array(z.string())),
})
export type ConvertQuote = z.infer<typeof convertQuoteSchema>

/** GET /v1/convert/quotes → quotes, best first; the swap reads quotes[0].toAmount. */
export const convertQuotesResponseSchema = z.object({ quotes: z.array(convertQuoteSchema) })
export type ConvertQuotesResponse = z.infer<typeof convertQuotesResponseSchema>

/** GET /v1/convert/tokens and /gas-price query. */
export const convertChainQuerySchema = z.object({ chainId: z.string() })
export type ConvertChainQuery = z.infer<typeof convertChainQuerySchema>

/** One swappable token. */
export const convertTokenSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  /** CAIP-10 id of the token (the native currency uses the chain's native placeholder address). */
  address: z.string(),
  decimals: z.number(),
  logoUri: z.optional(z.string()),
  /** The token supports EIP-2612 permits. */
  eip2612: z.optional(z.boolean()),
})
export type ConvertToken = z.infer<typeof convertTokenSchema>

/**
 * GET /v1/convert/tokens → the chain's swappable tokens (the native currency first), plus the
 * token select's `popular` list and its `suggested` quick picks (each a subset of `tokens`).
 */
export const convertTokensResponseSchema = z.object({
  tokens: z.array(convertTokenSchema),
  popular: z.optional(z.array(convertTokenSchema)),
  suggested: z.optional(z.array(convertTokenSchema)),
})
export type ConvertTokensResponse = z.infer<typeof convertTokensResponseSchema>

/** GET /v1/convert/allowance query. */
export const convertAllowanceQuerySchema = z.object({ tokenAddress: z.string(), userAddress: z.string() })
export type ConvertAllowanceQuery = z.infer<typeof convertAllowanceQuerySchema>

/** GET /v1/convert/allowance → the allowance granted to the swap router, in smallest units. */
export const convertAllowanceResponseSchema = z.object({ allowance: z.string() })
export type ConvertAllowanceResponse = z.infer<typeof convertAllowanceResponseSchema>

/** GET /v1/convert/gas-price → gas prices in wei (decimal strings). */
export const convertGasPriceResponseSchema = z.object({ standard: z.string(), fast: z.string(), instant: z.string() })
export type ConvertGasPriceResponse = z.infer<typeof convertGasPriceResponseSchema>

/** GET /v1/convert/build-approve query. */
export const convertBuildApproveQuerySchema = z.object({
  /** The token to approve (the swap's source), CAIP-10. */
  from: z.string(),
  to: z.string(),
  userAddress: z.string(),
  /** The amount to approve (smallest unit); absent: the maximum (2^256 − 1). */
  amount: z.optional(z.string()),
})
export type ConvertBuildApproveQuery = z.infer<typeof convertBuildApproveQuerySchema>

/** GET /v1/convert/build-approve → the approval transaction (tx.from, data, value, eip155.gasPrice). */
export const convertBuildApproveResponseSchema = z.object({
  tx: z.object({
    from: z.string(),
    to: z.string(),
    data: z.string(),
    value: z.string(),
    eip155: z.object({ gasPrice: z.string() }),
  }),
})
export type ConvertBuildApproveResponse = z.infer<typeof convertBuildApproveResponseSchema>

/** POST /v1/convert/build-transaction body. */
export const convertBuildTransactionRequestSchema = z.object({
  amount: z.string(),
  eip155: z.object({ slippage: z.string() }),
  from: z.string(),
  to: z.string(),
  userAddress: z.string(),
  /** Skip the server's gas estimate (e.g. before an approval is mined). */
  disableEstimate: z.optional(z.boolean()),
})
export type ConvertBuildTransactionRequest = z.infer<typeof convertBuildTransactionRequestSchema>

/** POST /v1/convert/build-transaction → the swap transaction (tx.to, data, value, eip155.gas, gasPrice). */
export const convertBuildTransactionResponseSchema = z.object({
  tx: z.object({
    from: z.optional(z.string()),
    to: z.string(),
    data: z.string(),
    value: z.string(),
    eip155: z.object({ gas: z.string(), gasPrice: z.string() }),
  }),
})
export type ConvertBuildTransactionResponse = z.infer<typeof convertBuildTransactionResponseSchema>

/** The address that stands for a chain's native currency in convert token ids (`eip155:<id>:0xeeee…eeee`). */
export const CONVERT_NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
