/** An EIP-1193 provider error: `code` per EIP-1193 / EIP-1474, optional `data`. */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data?: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }
}

export const USER_REJECTED = 4001
export const UNAUTHORIZED = 4100
export const UNSUPPORTED_METHOD = 4200
export const DISCONNECTED = 4900
export const UNRECOGNIZED_CHAIN = 4902
export const INVALID_PARAMS = -32602
export const INTERNAL_ERROR = -32603

export const userRejected = () => new ProviderRpcError(USER_REJECTED, 'User rejected the request')
export const unauthorized = () =>
  new ProviderRpcError(UNAUTHORIZED, 'The requested account and/or method has not been authorized by the user')
export const unsupportedMethod = (method: string) =>
  new ProviderRpcError(UNSUPPORTED_METHOD, `The Provider does not support the requested method: ${method}`)
export const invalidParams = (message: string) => new ProviderRpcError(INVALID_PARAMS, `Invalid params: ${message}`)
