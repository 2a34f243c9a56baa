/**
 * SPEC §8 texts that both the Portico API (in its answers) and the client (in headless's error
 * catalogue, ERRORS) spell: written once here, so the two can not drift apart. One constant each, so
 * that a module carries only the texts it uses.
 */
export const INSUFFICIENT_BALANCE = 'Insufficient balance'
/** A swap the pools can not serve; the client looks for it in the API's message. */
export const INSUFFICIENT_LIQUIDITY = 'Insufficient liquidity'
export const GAS_PRICE_NETWORK = 'Network not supported for Gas Price'
export const SWAP_NETWORK = 'Network not supported for Swaps'
export const UNSUPPORTED_CHAIN = 'Unsupported chain'
export const INVALID_CHAIN_ID = 'Invalid chainId'
export const INVALID_CAIP_ADDRESS = 'Invalid CAIP address'
export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed'
