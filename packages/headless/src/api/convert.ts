/**
 * Toolkit API host, the swap calls (SPEC §7 /v1/convert/*). Each method ends a failure other than an
 * HTTP status with the swap text of SPEC §8 that fits its step.
 */
import {
  convertAllowanceResponseSchema,
  convertBuildApproveResponseSchema,
  convertBuildTransactionResponseSchema,
  convertGasPriceResponseSchema,
  convertQuotesResponseSchema,
  convertTokensResponseSchema,
  type ConvertAllowanceQuery,
  type ConvertAllowanceResponse,
  type ConvertBuildApproveQuery,
  type ConvertBuildApproveResponse,
  type ConvertBuildTransactionRequest,
  type ConvertBuildTransactionResponse,
  type ConvertGasPriceResponse,
  type ConvertQuotesQuery,
  type ConvertQuotesResponse,
  type ConvertTokensResponse,
} from '@portico/protocol/convert'
import type { TokenPrices } from '@portico/protocol/account'
import { ERRORS } from '../core/errors'
import { requestTokenPrice, type PriceOptions } from './account'
import type { CallOptions, Http } from './http'

export interface ConvertClient {
  /** GET /v1/convert/quotes; the swap reads quotes[0].toAmount. Failure text: 'Incorrect amount'. */
  getQuotes(query: ConvertQuotesQuery, options?: CallOptions): Promise<ConvertQuotesResponse>
  /** GET /v1/convert/tokens?chainId. Failure text: 'Failed to initialize swap'. */
  getTokens(chainId: string, options?: CallOptions): Promise<ConvertTokensResponse>
  /** GET /v1/convert/gas-price?chainId. Failure text: 'Failed to initialize swap' (read while the swap starts). */
  getGasPrice(chainId: string, options?: CallOptions): Promise<ConvertGasPriceResponse>
  /** POST /v1/fungible/price for the network's native token. Failure text: 'Failed to fetch network token price'. */
  getNetworkTokenPrice(address: string, options?: PriceOptions): Promise<TokenPrices>
  /** GET /v1/convert/allowance. Failure text: 'Failed to check allowance'. */
  getAllowance(query: ConvertAllowanceQuery, options?: CallOptions): Promise<ConvertAllowanceResponse>
  /** GET /v1/convert/build-approve. Failure text: 'Failed to create approval transaction'. */
  buildApprove(query: ConvertBuildApproveQuery, options?: CallOptions): Promise<ConvertBuildApproveResponse>
  /** POST /v1/convert/build-transaction. Failure text: 'Failed to create transaction'. */
  buildTransaction(body: ConvertBuildTransactionRequest, options?: CallOptions): Promise<ConvertBuildTransactionResponse>
}

export function createConvertClient(http: Http, config: { baseUrl: string }): ConvertClient {
  const base = config.baseUrl
  return {
    getQuotes: (query, options = {}) =>
      http.request({
        url: http.url(base, '/v1/convert/quotes', {
          amount: query.amount,
          userAddress: query.userAddress,
          from: query.from,
          to: query.to,
          gasPrice: query.gasPrice,
        }),
        schema: convertQuotesResponseSchema,
        errorText: ERRORS.incorrectAmount,
        // The refusal's body says why ('insufficient liquidity' → SPEC §8 'Insufficient liquidity').
        errorBody: true,
        signal: options.signal,
      }),

    getTokens: (chainId, options = {}) =>
      http.request({
        url: http.url(base, '/v1/convert/tokens', { chainId }),
        schema: convertTokensResponseSchema,
        errorText: ERRORS.initSwap,
        signal: options.signal,
      }),

    getGasPrice: (chainId, options = {}) =>
      http.request({
        url: http.url(base, '/v1/convert/gas-price', { chainId }),
        schema: convertGasPriceResponseSchema,
        errorText: ERRORS.initSwap,
        signal: options.signal,
      }),

    getNetworkTokenPrice: (address, options = {}) => requestTokenPrice(http, base, [address], options, ERRORS.networkTokenPrice),

    getAllowance: (query, options = {}) =>
      http.request({
        url: http.url(base, '/v1/convert/allowance', { tokenAddress: query.tokenAddress, userAddress: query.userAddress }),
        schema: convertAllowanceResponseSchema,
        errorText: ERRORS.checkAllowance,
        signal: options.signal,
      }),

    buildApprove: (query, options = {}) =>
      http.request({
        url: http.url(base, '/v1/convert/build-approve', { from: query.from, to: query.to, userAddress: query.userAddress }),
        schema: convertBuildApproveResponseSchema,
        errorText: ERRORS.createApproval,
        signal: options.signal,
      }),

    buildTransaction: (body, options = {}) =>
      http.request({
        method: 'POST',
        url: http.url(base, '/v1/convert/build-transaction'),
        body,
        schema: convertBuildTransactionResponseSchema,
        errorText: ERRORS.createTransaction,
        signal: options.signal,
      }),
  }
}
