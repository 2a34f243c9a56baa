/**
 * The exchange JSON-RPC (SPEC §7): POST to one endpoint with query projectId, st, sv and
 * source=fund-wallet, body { jsonrpc: '2.0', id: 1, method, params + projectId }. An `error` in the
 * answer ends the call with its method's catalogue text ('Asset not supported' when the provider says
 * the asset is not supported); the server's message stays on `error.cause`.
 */
import {
  EXCHANGE_RPC_METHODS,
  getExchangeBuyStatusResultSchema,
  getExchangePayUrlResultSchema,
  getExchangesResultSchema,
  jsonRpcResponseSchema,
  type GetExchangeBuyStatusParams,
  type GetExchangeBuyStatusResult,
  type GetExchangePayUrlParams,
  type GetExchangePayUrlResult,
  type GetExchangesParams,
  type GetExchangesResult,
  type JsonRpcError,
  type JsonRpcResponse,
} from '@portico/protocol/exchange'
import { ERRORS, PorticoError } from '../core/errors'
import { HttpStatusError, parseResponse, type CallOptions, type Http, type Schema } from './http'

/** The `error` of a JSON-RPC answer (on `PorticoError.cause`). */
export class JsonRpcFailure extends Error {
  override readonly name = 'JsonRpcFailure'
  constructor(
    readonly code: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
  }
}

export interface ExchangeClient {
  /** portico_getExchanges: exchanges that can fund `asset` (CAIP-19). @default page 0. Failure text: 'Unable to get exchanges'. */
  getExchanges(
    params: Omit<GetExchangesParams, 'projectId' | 'page'> & { page?: number },
    options?: CallOptions,
  ): Promise<GetExchangesResult>
  /** portico_getExchangePayUrl: the page to open and its session. Failure text: 'Unable to initiate payment'. */
  getPayUrl(params: Omit<GetExchangePayUrlParams, 'projectId'>, options?: CallOptions): Promise<GetExchangePayUrlResult>
  /** portico_getExchangeBuyStatus: status and txHash of a session. Failure text: 'Unable to get deposit status'. */
  getBuyStatus(params: Omit<GetExchangeBuyStatusParams, 'projectId'>, options?: CallOptions): Promise<GetExchangeBuyStatusResult>
}

function rpcError(error: JsonRpcError, errorText: string, cause?: unknown): PorticoError {
  const text = /not supported/i.test(error.message) ? ERRORS.assetNotSupported : errorText
  return new PorticoError(text, { cause: new JsonRpcFailure(error.code, error.message, cause === undefined ? undefined : { cause }) })
}

export function createExchangeClient(http: Http, config: { endpoint: string }): ExchangeClient {
  const url = http.url(config.endpoint, '', { source: 'fund-wallet' })

  async function call<T>(
    method: string,
    params: object,
    schema: Schema<T>,
    errorText: string,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    let answer: JsonRpcResponse
    try {
      answer = await http.request({
        method: 'POST',
        url,
        body: { jsonrpc: '2.0', id: 1, method, params: { ...params, projectId: http.options.projectId } },
        schema: jsonRpcResponseSchema,
        errorText,
        errorBody: true,
        signal,
      })
    } catch (error) {
      if (error instanceof HttpStatusError) {
        const body = jsonRpcResponseSchema.safeParse(error.body)
        if (body.success && body.data.error) throw rpcError(body.data.error, errorText, error)
      }
      throw error
    }
    if (answer.error) throw rpcError(answer.error, errorText)
    return parseResponse(schema, answer.result, errorText, url)
  }

  return {
    getExchanges: ({ page = 0, ...rest }, options = {}) =>
      call(EXCHANGE_RPC_METHODS.getExchanges, { page, ...rest }, getExchangesResultSchema, ERRORS.getExchanges, options.signal),
    getPayUrl: (params, options = {}) =>
      call(EXCHANGE_RPC_METHODS.getPayUrl, params, getExchangePayUrlResultSchema, ERRORS.initiatePayment, options.signal),
    getBuyStatus: (params, options = {}) =>
      call(EXCHANGE_RPC_METHODS.getBuyStatus, params, getExchangeBuyStatusResultSchema, ERRORS.depositStatus, options.signal),
  }
}
