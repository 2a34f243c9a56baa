// The EVM adapter's capabilities (token transfers, contract writes, typed data, EIP-5792 calls,
// receipts): their request bodies, ERC-20 and contract call encoding, EIP-712 serialisation, EIP-5792
// parameters and results, receipt waits (the polling itself: @portico/headless/adapter-kit). Loaded with import() the first time one of them is used,
// so this code, ABI encoding and these schemas stay out of an app's initial load.
import type {
  CallsStatus,
  CaipNetwork,
  SendCallsParams,
  Timers,
  TransactionReceipt,
  TransferParams,
  TypedDataParams,
  WalletCallContext,
  WriteContractParams,
} from '@portico/headless'
import { checkWalletCalls, defaultTimers, ERRORS, PorticoError, RECEIPT_TIMEOUT_MS } from '@portico/headless'
import {
  evmReceiptOf,
  parseCallsStatus,
  parseCapabilities,
  pollReceipt,
  erc20TransferData as transferCallData,
} from '@portico/headless/adapter-kit'
import {
  type Abi,
  encodeFunctionData,
  getTypesForEIP712Domain,
  type Hex,
  isHex,
  numberToHex,
  serializeTypedData,
  type TypedDataDomain,
  validateTypedData,
} from 'viem'
import { z } from 'zod/mini'
import type { Eip1193Provider, errorCode, parseChainId, sendEvmTransaction } from './eip1193'

/**
 * The connected wallet as the adapter hands it over: the provider of the call's connector and the
 * adapter's EIP-1193 helpers. The helpers are passed, not imported: ./eip1193 is in the initial load,
 * and importing it here too would split it into a chunk of its own.
 */
export interface EvmWallet {
  provider: Eip1193Provider
  errorCode: typeof errorCode
  parseChainId: typeof parseChainId
  send: typeof sendEvmTransaction
}

// ---- the capabilities' requests (the adapter finds the provider, then calls these) ---------------

/** Error codes of wallets that do not know a method: EIP-1193 4200, JSON-RPC -32601. */
const UNSUPPORTED_METHOD_CODES = new Set([4200, -32601])

/** An EIP-5792 request; a wallet without the method refuses it as 'Requested RPC call is not allowed'. */
async function walletCall(w: EvmWallet, method: string, params: unknown[]): Promise<unknown> {
  try {
    return await w.provider.request({ method, params })
  } catch (error) {
    const code = w.errorCode(error)
    if (code !== undefined && UNSUPPORTED_METHOD_CODES.has(code)) throw new PorticoError(ERRORS.rpcNotAllowed, { cause: error })
    throw error
  }
}

/** 'tokenTransfer': ERC-20 transfer(to, amount) sent to the token contract. */
export async function transferToken(
  w: EvmWallet,
  p: TransferParams & WalletCallContext & { token: NonNullable<TransferParams['token']> },
): Promise<string> {
  return w.send(w.provider, { from: p.address, to: p.token.address, data: erc20TransferData(p.to, p.amount) })
}

/** 'contractWrite': `functionName(...args)` encoded from the ABI, sent to the contract. */
export async function writeContract(w: EvmWallet, p: WriteContractParams & WalletCallContext): Promise<string> {
  const data = contractCallData({ abi: p.abi, functionName: p.functionName, args: p.args })
  return w.send(w.provider, { from: p.address, to: p.contract, data, value: p.value })
}

/** 'typedData': eth_signTypedData_v4 [address, JSON]; the signature must be hex. */
export async function signTypedData(w: EvmWallet, p: TypedDataParams & WalletCallContext): Promise<string> {
  const json = typedDataJson({ domain: p.domain, types: p.types, primaryType: p.primaryType, message: p.message })
  const signature = await w.provider.request({ method: 'eth_signTypedData_v4', params: [p.address, json] })
  if (typeof signature !== 'string' || !isHex(signature)) throw new PorticoError(ERRORS.frameGeneric, { cause: signature })
  return signature
}

/** 'sendCalls': the calls checked (SPEC §5), then wallet_sendCalls (EIP-5792 v2) on the given network or the wallet's chain. */
export async function sendCalls(w: EvmWallet, p: SendCallsParams & WalletCallContext): Promise<{ id: string }> {
  const calls = checkWalletCalls(p.calls)
  const chainId = numberToHex(p.network ? Number(p.network.id) : w.parseChainId(await w.provider.request({ method: 'eth_chainId' })))
  const raw = await walletCall(w, 'wallet_sendCalls', [
    { version: '2.0.0', from: p.address, chainId, atomicRequired: false, calls, capabilities: p.capabilities ?? {} },
  ])
  return parseSendCallsResult(raw)
}

/** 'callsStatus': wallet_getCallsStatus. */
export async function getCallsStatus(w: EvmWallet, p: { id: string }): Promise<CallsStatus> {
  return parseCallsStatus(p.id, await walletCall(w, 'wallet_getCallsStatus', [p.id]))
}

/** 'walletCapabilities': wallet_getCapabilities [address]. */
export async function getCapabilities(w: EvmWallet, p: { address: string }): Promise<Record<string, Record<string, unknown>>> {
  return parseCapabilities(await w.provider.request({ method: 'wallet_getCapabilities', params: [p.address] }))
}

/** 'walletRequest': ERC-7715 / EIP-7811 calls, as the wallet answers them. */
export async function request(w: EvmWallet, p: { method: string; params: readonly unknown[] }): Promise<unknown> {
  return w.provider.request({ method: p.method, params: [...p.params] })
}

/** 'waitForReceipt': eth_getTransactionReceipt on `network`'s RPC until the transaction is included. */
export function waitForReceipt(
  network: CaipNetwork | undefined,
  p: { hash: string; timeoutMs?: number },
  o: { fetch?: typeof fetch; timers?: Timers; receiptPollMs?: number },
): Promise<TransactionReceipt> {
  const url = network?.rpcUrls.default.http[0]
  if (!url) return Promise.reject(new PorticoError(ERRORS.networkNotFound))
  const doFetch = o.fetch ?? globalThis.fetch
  return pollReceipt({
    hash: p.hash,
    check: () => evmReceiptOf(doFetch, url, p.hash),
    timeoutMs: p.timeoutMs ?? RECEIPT_TIMEOUT_MS,
    pollMs: o.receiptPollMs ?? 1000,
    timers: o.timers ?? defaultTimers,
  })
}

// ---- encoding -------------------------------------------------------------------------------------

/** Call data of ERC-20 `transfer(to, amount)`. */
export function erc20TransferData(to: string, amount: bigint): Hex {
  try {
    return transferCallData(to, amount)
  } catch (cause) {
    throw new PorticoError(ERRORS.createTransaction, { cause })
  }
}

/** Call data of `functionName(...args)` from the app's ABI; a mismatch is 'Failed to create transaction'. */
export function contractCallData(params: { abi: readonly unknown[]; functionName: string; args?: readonly unknown[] }): Hex {
  try {
    return encodeFunctionData({ abi: params.abi as Abi, functionName: params.functionName, args: params.args ?? [] } as never)
  } catch (cause) {
    throw new PorticoError(ERRORS.createTransaction, { cause })
  }
}

/**
 * The JSON eth_signTypedData_v4 takes: EIP712Domain derived from the domain's fields, bigints as
 * decimal strings. The data is validated first (addresses, integer and byte ranges).
 */
export function typedDataJson(params: TypedDataParams): string {
  const domain = params.domain as TypedDataDomain
  const types = { EIP712Domain: getTypesForEIP712Domain({ domain }), ...params.types }
  const data = { domain, types, primaryType: params.primaryType, message: params.message }
  try {
    validateTypedData(data as never)
    return serializeTypedData(data as never)
  } catch (cause) {
    throw new PorticoError(ERRORS.createTransaction, { cause })
  }
}

// ---- EIP-5792 ---------------------------------------------------------------------------------

/** wallet_sendCalls answers `{ id }` (EIP-5792 v2) or the id itself (v1). */
const sendCallsResultSchema = z.union([z.string().check(z.minLength(1)), z.object({ id: z.string().check(z.minLength(1)) })])

export function parseSendCallsResult(raw: unknown): { id: string } {
  const parsed = sendCallsResultSchema.safeParse(raw)
  if (!parsed.success) throw new PorticoError(ERRORS.transactionError, { cause: raw })
  return typeof parsed.data === 'string' ? { id: parsed.data } : { id: parsed.data.id }
}

/** wallet_getCallsStatus and wallet_getCapabilities answers: read as every adapter reads them. */
export { parseCallsStatus, parseCapabilities }
