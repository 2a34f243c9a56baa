/**
 * Toolkit API host, the on-ramp calls (SPEC §7): GET /v1/onramp/options, POST /v1/onramp/quote and
 * POST /v1/generators/onrampurl. SPEC §8 has no on-ramp text: failures other than an HTTP status end
 * with 'Something went wrong'.
 */
import {
  onrampOptionsResponseSchema,
  onrampQuoteResponseSchema,
  onrampUrlResponseSchema,
  type OnrampOptionsResponse,
  type OnrampQuoteRequest,
  type OnrampQuoteResponse,
  type OnrampUrlRequest,
} from '@portico/protocol/onramp'
import { ERRORS } from '../core/errors'
import type { CallOptions, Http } from './http'

export interface OnrampClient {
  /** GET /v1/onramp/options → providers (strings only, else none), purchase and payment currencies. */
  getOptions(options?: CallOptions): Promise<OnrampOptionsResponse>
  /** POST /v1/onramp/quote → what the amount buys (purchaseAmount.amount). */
  getQuote(body: OnrampQuoteRequest, options?: CallOptions): Promise<OnrampQuoteResponse>
  /** POST /v1/generators/onrampurl → the provider page to open. */
  generateUrl(body: OnrampUrlRequest, options?: CallOptions): Promise<string>
}

export function createOnrampClient(http: Http, config: { baseUrl: string }): OnrampClient {
  const base = config.baseUrl
  return {
    getOptions: (options = {}) =>
      http.request({
        url: http.url(base, '/v1/onramp/options'),
        schema: onrampOptionsResponseSchema,
        errorText: ERRORS.somethingWentWrong,
        signal: options.signal,
      }),

    getQuote: (body, options = {}) =>
      http.request({
        method: 'POST',
        url: http.url(base, '/v1/onramp/quote'),
        body,
        schema: onrampQuoteResponseSchema,
        errorText: ERRORS.somethingWentWrong,
        signal: options.signal,
      }),

    async generateUrl(body, options = {}) {
      const data = await http.request({
        method: 'POST',
        url: http.url(base, '/v1/generators/onrampurl'),
        body,
        schema: onrampUrlResponseSchema,
        errorText: ERRORS.somethingWentWrong,
        signal: options.signal,
      })
      return data.url
    },
  }
}
