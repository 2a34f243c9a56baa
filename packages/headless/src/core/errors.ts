/**
 * The one error catalogue: every user-visible or thrown text of SPEC §8, exact.
 * Code throws `new PorticoError(ERRORS.x)` (or a formatter's result) and never spells a text itself.
 * The texts the Portico API answers with too come from @portico/protocol/errors (written once).
 */
import {
  GAS_PRICE_NETWORK,
  INSUFFICIENT_BALANCE,
  INSUFFICIENT_LIQUIDITY,
  INVALID_CAIP_ADDRESS,
  INVALID_CHAIN_ID,
  RPC_NOT_ALLOWED,
  SWAP_NETWORK,
  UNSUPPORTED_CHAIN,
} from '@portico/protocol/errors'

export const ERRORS = {
  // Toasts / banners
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  fetchTransactions: 'Failed to fetch transactions',
  initSwap: 'Failed to initialize swap',
  networkTokenPrice: 'Failed to fetch network token price',
  checkAllowance: 'Failed to check allowance',
  createApproval: 'Failed to create approval transaction',
  createTransaction: 'Failed to create transaction',
  transactionError: 'Transaction error',
  getExchanges: 'Unable to get exchanges',
  initiatePayment: 'Unable to initiate payment',
  assetNotSupported: 'Asset not supported',
  incorrectAmount: 'Incorrect amount',
  insufficientBalance: INSUFFICIENT_BALANCE,
  insufficientLiquidity: INSUFFICIENT_LIQUIDITY,
  // Loading texts
  approveLimit: 'Approve limit increase in your wallet',
  confirmTransaction: 'Confirm transaction in your wallet',
  swapping: 'Swapping ...',
  // Thrown
  gasPriceNetwork: GAS_PRICE_NETWORK,
  swapNetwork: SWAP_NETWORK,
  networkNotFound: 'Network not found',
  addressOrAuthConnector: 'Address or auth connector not found',
  resolveName: 'Error resolving name',
  nameSuggestions: 'Error fetching name suggestions',
  namesForAddress: 'Error fetching names for address',
  noAccount: 'No account connected',
  noPaymentAsset: 'No payment asset selected',
  createPopup: 'Could not create popup window',
  depositStatus: 'Unable to get deposit status',
  tokenPrice: 'Cannot get token price',
  chainAdapterNotFound: 'Chain adapter not found',
  networkClientNotSet: 'NetworkController client not set',
  connectionClientNotSet: 'ConnectionController client not set',
  noAuthConnector: 'No auth connector found',
  notEmailOrSocial: 'Not connected to email or social',
  unsupportedChain: UNSUPPORTED_CHAIN,
  invalidChainId: INVALID_CHAIN_ID,
  invalidCaipAddress: INVALID_CAIP_ADDRESS,
  invalidCaipNetworkId: 'Invalid CAIP network id',
  unsupportedNamespace: 'Unsupported namespace for asset formatting',
  adapterNamespace: 'Adapters must have a namespace',
  // Validation (SPEC §5)
  sendAmountReceiver: 'An amount and receiver address are required',
  sendToken: 'A token is required',
  noSwapAddress: 'No address found to swap the tokens from.',
  // User rejection and connection flows
  userRejected: 'User rejected the request',
  modalClosed: 'Modal closed',
  popupClosed: 'Popup closed',
  failedToConnect: 'Failed to connect',
  socialConnection: 'Failed to initiate social connection',
  farcasterConnection: 'Failed to connect to farcaster',
  /** A passkey the wallet does not know (the API's AUTH_ERRORS.passkeyUnknown says more). */
  passkeyUnknown: 'This passkey is not registered here',
  connectionRejected: 'Connection rejected',
  // RPC permissions
  rpcNotAllowed: RPC_NOT_ALLOWED,
  actionNotAllowed: 'Action not allowed',
  // Secure frame
  frameGeneric: 'An error occurred',
  requestAborted: 'Request was aborted',
  somethingWentWrong: 'Something went wrong',
  frameLoad: 'Unable to load email login dependency',
  frameNotSet: 'W3mFrame: iframe is not set',
  // React bindings
  missingProvider: 'usePortico must be used inside <PorticoContextProvider portico={...}>',
} as const

export type ErrorKey = keyof typeof ERRORS

/**
 * The codes a flow's state gives the ui (DESIGN.md "the headless → ui contract is codes, not text"):
 * every catalogue key, and the SPEC §8 texts with parameters — 'insufficientGas' ({ symbol }: 'Insufficient
 * ETH for gas'), 'swapped' ({ paid, from, amount, to }: 'Swapped 0.01 ETH to 1 USDC'), 'httpStatus' ({ status }: 'HTTP
 * status code: 500'), 'registerName' ({ name }: 'Error registering name alice') — headless's own rule texts
 * (SPEC §5: 'invalidEmail' 'Invalid email. Try again.', 'invalidOtp' 'The code is 6 digits', 'sameEmail'
 * 'That is already your email', 'nameTooShort' ({ min }), 'nameTooLong' ({ max }), 'nameChars') — and
 * 'otherError' ({ detail }: a text outside the catalogue, a wallet's or a node's own, shown as it was given).
 */
export type MessageCode =
  | ErrorKey
  | 'insufficientGas'
  | 'swapped'
  | 'httpStatus'
  | 'otherError'
  | 'registerName'
  | 'invalidEmail'
  | 'invalidOtp'
  | 'sameEmail'
  | 'nameTooShort'
  | 'nameTooLong'
  | 'nameChars'

/** The parameters of the codes that have some. */
export type MessageParams = Readonly<Record<string, string>>

/**
 * A coded state: what a ui maps to words through its locale (`code`, with `params`), and SPEC §8's
 * English text, exact, as the default `message` (for a ui without that locale, logs and thrown errors).
 */
export interface CodedMessage<C extends string = MessageCode> {
  code: C
  params?: MessageParams
  message: string
}

/** The catalogue entry `key` as a coded state: { code: 'initSwap', message: 'Failed to initialize swap' }. */
export const coded = <K extends ErrorKey>(key: K): CodedMessage<K> => ({ code: key, message: ERRORS[key] })

/** 'HTTP status code: {n}' */
export const httpStatusError = (status: number): string => `HTTP status code: ${status}`

/**
 * The text a UI shows for a failed wallet call: its message, except that a call the wallet does not
 * allow ('Requested RPC call is not allowed') reads 'Action not allowed' (SPEC §6).
 */
export function displayError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message === ERRORS.rpcNotAllowed ? ERRORS.actionNotAllowed : message
}
// 'Error registering name {name}' is registerNameError in api/profile.ts and 'Swapped X to Y Z' is
// swappedMessage in core/swap/swap.ts: each with the flow that shows it, so that the first load (which
// carries this module) does not carry them.

/** Error with a stable catalogue text and, where there is one, a numeric code (4001 …). */
export class PorticoError extends Error {
  override readonly name = 'PorticoError'
  readonly code?: number
  constructor(message: string, options?: { code?: number; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    if (options?.code !== undefined) this.code = options.code
  }
}

export const USER_REJECTED_CODE = 4001

/** SPEC §8: user rejection is code 4001, also recognised from the message text. */
export function isUserRejection(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const e = error as { code?: unknown; message?: unknown; cause?: unknown }
  if (e.code === USER_REJECTED_CODE) return true
  const text = typeof e.message === 'string' ? e.message.toLowerCase() : ''
  if (/user (rejected|denied|cancel+ed)|rejected by (the )?user|request rejected/.test(text)) return true
  return e.cause !== undefined && e.cause !== error ? isUserRejection(e.cause) : false
}

/** Options given to createPortico failed validation; `details` lists 'path: problem' items. */
export const invalidOptionsError = (details: string[]): string => `Invalid Portico options: ${details.join('; ')}`

/** A wallet call's parameters failed validation (SPEC §5 wallet_sendCalls rules …); `details` lists 'path: problem'. */
export const invalidWalletCallError = (details: string[]): string => `Invalid wallet call: ${details.join('; ')}`

/** A response body failed its zod schema. */
export const invalidResponseError = (path: string, details: string): string => `Invalid response from ${path}: ${details}`
