/**
 * The exchange JSON-RPC (SPEC §7 "Exchange JSON-RPC"): one POST endpoint, query projectId, st, sv and
 * source=fund-wallet; body { jsonrpc: '2.0', id: 1, method, params } where params carry projectId;
 * a failure is { error: { code, message } }.
 */
import { z } from 'zod/mini'

/** Method names of the three exchange calls. */
export const EXCHANGE_RPC_METHODS = {
  getExchanges: 'portico_getExchanges',
  getPayUrl: 'portico_getExchangePayUrl',
  getBuyStatus: 'portico_getExchangeBuyStatus',
} as const
export type ExchangeRpcMethod = (typeof EXCHANGE_RPC_METHODS)[keyof typeof EXCHANGE_RPC_METHODS]

/** The query string of every exchange call. */
export const exchangeRpcQuerySchema = z.object({
  projectId: z.string(),
  st: z.string(),
  sv: z.string(),
  source: z.literal('fund-wallet'),
})
export type ExchangeRpcQuery = z.infer<typeof exchangeRpcQuerySchema>

/** A JSON-RPC 2.0 request as sent (params checked per method with the schemas below). */
export const jsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.number(),
  method: z.string(),
  params: z.unknown(),
})
export type JsonRpcRequest = z.infer<typeof jsonRpcRequestSchema>

export const jsonRpcErrorSchema = z.object({ code: z.number(), message: z.string(), data: z.optional(z.unknown()) })
export type JsonRpcError = z.infer<typeof jsonRpcErrorSchema>

/** A JSON-RPC 2.0 response: `result` (checked per method) or `error`. */
export const jsonRpcResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.nullable(z.union([z.number(), z.string()])),
  result: z.optional(z.unknown()),
  error: z.optional(jsonRpcErrorSchema),
})
export type JsonRpcResponse = z.infer<typeof jsonRpcResponseSchema>

/** portico_getExchanges params: page (first is 0), the CAIP-19 asset and the amount to fund. */
export const getExchangesParamsSchema = z.object({
  projectId: z.string(),
  page: z.number(),
  asset: z.string(),
  amount: z.union([z.number(), z.string()]),
})
export type GetExchangesParams = z.infer<typeof getExchangesParamsSchema>

export const exchangeSchema = z.object({ id: z.string(), name: z.string(), imageUrl: z.optional(z.string()) })
export type Exchange = z.infer<typeof exchangeSchema>

/** portico_getExchanges result: the exchanges that can fund the asset (the modal shows the first 2). */
export const getExchangesResultSchema = z.object({ exchanges: z.array(exchangeSchema), total: z.optional(z.number()) })
export type GetExchangesResult = z.infer<typeof getExchangesResultSchema>

/** portico_getExchangePayUrl params: recipient is `namespace:reference:address` (CAIP-10). */
export const getExchangePayUrlParamsSchema = z.object({
  projectId: z.string(),
  exchangeId: z.string(),
  asset: z.string(),
  amount: z.union([z.number(), z.string()]),
  recipient: z.string(),
})
export type GetExchangePayUrlParams = z.infer<typeof getExchangePayUrlParamsSchema>

/** portico_getExchangePayUrl result: the page to open and the session to poll. */
export const getExchangePayUrlResultSchema = z.object({ url: z.string(), sessionId: z.string() })
export type GetExchangePayUrlResult = z.infer<typeof getExchangePayUrlResultSchema>

/** portico_getExchangeBuyStatus params. */
export const getExchangeBuyStatusParamsSchema = z.object({
  projectId: z.string(),
  sessionId: z.string(),
  exchangeId: z.string(),
})
export type GetExchangeBuyStatusParams = z.infer<typeof getExchangeBuyStatusParamsSchema>

/** SPEC §3 pay-with-exchange statuses. */
export const EXCHANGE_BUY_STATUSES = ['IN_PROGRESS', 'SUCCESS', 'FAILED', 'UNKNOWN'] as const
export type ExchangeBuyStatus = (typeof EXCHANGE_BUY_STATUSES)[number]

/** portico_getExchangeBuyStatus result: the status and, once sent, the transaction hash. */
export const getExchangeBuyStatusResultSchema = z.object({
  status: z.enum(EXCHANGE_BUY_STATUSES),
  txHash: z.nullish(z.string()),
})
export type GetExchangeBuyStatusResult = z.infer<typeof getExchangeBuyStatusResultSchema>
