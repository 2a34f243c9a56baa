/**
 * Simulation (issue 23 §2): the calls run with `eth_simulateV1` (viem's simulateBlocks) on the chain's
 * own RPC, and the result is read as the account's balance changes, the network fee and, when a call
 * fails, its decoded revert.
 *
 * Balance changes come from the simulated logs: ERC-20 `Transfer` events, and the native transfers
 * that `traceTransfers` reports as ERC-7528 `Transfer` logs of 0xEeee…EEeE (internal ones included).
 * viem's simulateCalls `traceAssetChanges` is not used: it needs state overrides that anvil 1.7.1 refuses
 * ('Invalid parameters'), and the logs give the same numbers on every node that implements the method.
 */
import {
  type Abi,
  type Address,
  type Client,
  concat,
  createClient,
  decodeErrorResult,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  isAddressEqual,
  parseAbi,
  parseEventLogs,
} from 'viem'
import { getGasPrice, readContract, simulateBlocks } from 'viem/actions'
// The one formatUnits of the client (protocol/chain), which the send flow and the adapters share.
import { formatUnits } from '@portico/protocol/chain'
import { decodeCall } from './evm'
import type { CallPreview, EvmCall } from './types'

/** ERC-7528: the address that stands for the native currency in traced transfers. */
export const NATIVE_ASSET: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** The errors decoded besides Error(string) and Panic(uint256): OpenZeppelin's ERC-20 errors (ERC-6093). */
const KNOWN_ERRORS = parseAbi([
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InvalidSender(address sender)',
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC20InvalidApprover(address approver)',
  'error ERC20InvalidSpender(address spender)',
])

const transferEvent = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)'])

/** One asset's change for the account. */
export interface AssetChange {
  /** 'native', or the ERC-20 token's address. */
  asset: 'native' | Address
  symbol: string
  decimals: number
  /** Signed, in base units: negative when it leaves the account. */
  amount: bigint
  /** `amount` in the token's units, e.g. '-1' or '5.5'. */
  formatted: string
  /** The change in US dollars when a price is known (signed). */
  usd?: number
}

/** The network fee of the simulated calls. */
export interface FeeEstimate {
  /** Gas used by the calls, summed. */
  gas: bigint
  /** Wei per gas (the node's eth_gasPrice: base fee + its suggested tip). */
  gasPrice: bigint
  /** gas × gasPrice, in wei. */
  amount: bigint
  /** In the native currency's units. */
  formatted: string
  symbol: string
  usd?: number
}

/** Why a simulated call fails: its revert data decoded when an ABI knows it. */
export interface Revert {
  /** The failing call's index; undefined when the node refused the whole simulation. */
  callIndex?: number
  /** The raw revert data ('0x' when none). */
  data: Hex
  /** The custom error's name and arguments (as decimal/hex strings), or 'Error' / 'Panic'. */
  error?: { name: string; args: string[] }
  /** The Error(string) text, or the node's message when it refused the whole simulation. */
  reason?: string
}

export type SimulationResult =
  | { simulation: 'ok'; status: 'success'; changes: AssetChange[]; fee: FeeEstimate; calls: CallPreview[] }
  | { simulation: 'ok'; status: 'reverted'; revert: Revert; changes: AssetChange[]; fee: FeeEstimate; calls: CallPreview[] }
  /**
   * No simulation, the decoded calls alone: the RPC has no eth_simulateV1 (`unsupported`), could not
   * be reached (`unreachable`), or there is no network or account to simulate on (`noNetwork`).
   */
  | { simulation: 'unavailable'; reason: 'unsupported' | 'unreachable' | 'noNetwork'; calls: CallPreview[] }

/** A price in USD of one whole unit of an asset (undefined when unknown). */
export type PriceOf = (asset: {
  asset: 'native' | Address
  symbol: string
  chainId?: number
}) => Promise<number | undefined> | number | undefined

export interface SimulateParameters {
  /** A viem client of the chain; else one is made on `rpcUrl`. */
  client?: Client
  rpcUrl?: string
  /** The fetch used with `rpcUrl`. @default globalThis.fetch */
  fetch?: typeof fetch
  /** The sending account. */
  from: Address
  calls: readonly EvmCall[]
  /** The chain's id and native currency. @default ETH, 18 decimals */
  chain?: { id?: number; nativeCurrency?: { symbol: string; decimals: number } }
  /** USD prices; without it, no `usd` fields. */
  price?: PriceOf
  /** More errors to decode reverts with (the called contracts' ABIs). */
  errorAbi?: Abi
  /**
   * EIP-7702 delegates the transaction installs on `from` (a type-4 transaction's authorizations):
   * simulated as the account's code (the 0xef0100 delegation designator) through a state override.
   */
  delegate?: Address
}

/** JSON-RPC codes and texts of a node without eth_simulateV1. */
function isUnsupported(error: unknown): boolean {
  for (let e = error as { code?: unknown; details?: unknown; message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === -32601 || e.code === -32004) return true
    const text = `${String(e.details ?? '')} ${String(e.message ?? '')}`
    if (/method not found|not supported|does not exist|not available|unsupported method/i.test(text)) return true
    if (typeof e !== 'object') break
  }
  return false
}

/** The node could not be reached (network, HTTP status, timeout): not a verdict on the calls. */
function isUnreachable(error: unknown): boolean {
  for (let e = error as { name?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.name === 'HttpRequestError' || e.name === 'TimeoutError' || e.name === 'WebSocketRequestError') return true
    if (typeof e !== 'object') break
  }
  return false
}

const argText = (v: unknown): string => (typeof v === 'bigint' ? v.toString() : String(v))

/** Revert data decoded: Error(string), Panic(uint256), ERC-6093's ERC-20 errors and `errorAbi`'s. */
export function decodeRevert(data: Hex, errorAbi: Abi = []): Omit<Revert, 'callIndex'> {
  if (data === '0x') return { data }
  try {
    const decoded = decodeErrorResult({ abi: [...KNOWN_ERRORS, ...errorAbi], data })
    const args = (decoded.args ?? []).map(argText)
    return {
      data,
      error: { name: decoded.errorName, args },
      ...(decoded.errorName === 'Error' && args[0] !== undefined ? { reason: args[0] } : {}),
    }
  } catch {
    return { data }
  }
}

/** An ERC-20's symbol and decimals read on chain ('' and 0 when the token does not answer). */
export async function tokenInfo(client: Client, token: Address): Promise<{ symbol: string; decimals: number }> {
  const [symbol, decimals] = await Promise.all([
    readContract(client, { address: token, abi: erc20Abi, functionName: 'symbol' }).catch(() => ''),
    readContract(client, { address: token, abi: erc20Abi, functionName: 'decimals' }).catch(() => 0),
  ])
  return { symbol, decimals }
}

async function usdOf(
  price: PriceOf | undefined,
  amount: bigint,
  decimals: number,
  asset: AssetChange['asset'],
  symbol: string,
  chainId?: number,
) {
  if (!price) return undefined
  const unit = await Promise.resolve(price({ asset, symbol, ...(chainId !== undefined ? { chainId } : {}) })).catch(() => undefined)
  return unit === undefined ? undefined : Number(formatUnits(amount, decimals)) * unit
}

/**
 * Simulates the calls in order from `from` on the chain's RPC and previews them: the account's
 * balance change per asset (native first, then tokens in order of appearance), the fee, and the
 * first failing call's revert (then no changes: an atomic batch leaves none). A node without
 * eth_simulateV1, or one out of reach, gives `simulation: 'unavailable'` with the decoded calls.
 */
export async function simulate(params: SimulateParameters): Promise<SimulationResult> {
  const calls = params.calls.map((c) => decodeCall(c))
  const client: Client =
    params.client ??
    createClient({
      transport: http(params.rpcUrl, { retryCount: 0, ...(params.fetch ? { fetchFn: params.fetch } : {}) }),
    })
  const native = params.chain?.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
  const chainId = params.chain?.id
  let results: Awaited<ReturnType<typeof simulateBlocks>>[number]['calls']
  let gasPrice: bigint
  try {
    let blocks: Awaited<ReturnType<typeof simulateBlocks>>
    ;[blocks, gasPrice] = await Promise.all([
      // simulateBlocks, the eth_simulateV1 action that simulateCalls wraps: simulateCalls adds asset
      // tracing by deployless calls (ox's ABI coders and contract bytecodes, ~40 KiB gzip in this
      // chunk) that anvil refuses anyway; the calls' logs give the changes.
      simulateBlocks(client, {
        traceTransfers: true,
        blocks: [
          {
            ...(params.delegate ? { stateOverrides: [{ address: params.from, code: concat(['0xef0100', params.delegate]) }] } : {}),
            // A creation has no `to`: eth_simulateV1 takes it as such.
            calls: params.calls.map((c) => ({
              account: params.from,
              ...(c.to ? { to: c.to } : {}),
              ...(c.value !== undefined ? { value: c.value } : {}),
              ...(c.data && c.data !== '0x' ? { data: c.data } : {}),
            })) as Parameters<typeof simulateBlocks>[1]['blocks'][number]['calls'],
          },
        ],
      }),
      getGasPrice(client),
    ])
    results = blocks[0]?.calls ?? []
  } catch (error) {
    if (isUnsupported(error)) return { simulation: 'unavailable', reason: 'unsupported', calls }
    if (isUnreachable(error)) return { simulation: 'unavailable', reason: 'unreachable', calls }
    // The node refused the calls as a whole (e.g. more value than the balance): they would fail.
    const e = error as { shortMessage?: string; details?: string; message?: string }
    const feeZero = await feeOf(0n, 0n)
    return {
      simulation: 'ok',
      status: 'reverted',
      revert: { data: '0x', reason: e.details ?? e.shortMessage ?? e.message ?? '' },
      changes: [],
      fee: feeZero,
      calls,
    }
  }

  async function feeOf(gas: bigint, perGas: bigint): Promise<FeeEstimate> {
    const amount = gas * perGas
    const usd = await usdOf(params.price, amount, native.decimals, 'native', native.symbol, chainId)
    return {
      gas,
      gasPrice: perGas,
      amount,
      formatted: formatUnits(amount, native.decimals),
      symbol: native.symbol,
      ...(usd !== undefined ? { usd } : {}),
    }
  }

  const gas = results.reduce((sum, r) => sum + r.gasUsed, 0n)
  const fee = await feeOf(gas, gasPrice)
  const failed = results.findIndex((r) => r.status !== 'success')
  if (failed >= 0) {
    const r = results[failed] as (typeof results)[number]
    return {
      simulation: 'ok',
      status: 'reverted',
      revert: { callIndex: failed, ...decodeRevert(r.data, params.errorAbi) },
      changes: [],
      fee,
      calls,
    }
  }

  const deltas = new Map<'native' | Address, bigint>()
  const logs = parseEventLogs({ abi: transferEvent, eventName: 'Transfer', logs: results.flatMap((r) => r.logs ?? []), strict: true })
  for (const log of logs) {
    // ERC-721 Transfer has a fourth topic (the token id): not a fungible amount.
    if (log.topics.length !== 3) continue
    const asset = isAddressEqual(log.address, NATIVE_ASSET) ? 'native' : getAddress(log.address)
    const out = isAddressEqual(log.args.from, params.from) ? log.args.value : 0n
    const inn = isAddressEqual(log.args.to, params.from) ? log.args.value : 0n
    if (out === 0n && inn === 0n) continue
    deltas.set(asset, (deltas.get(asset) ?? 0n) + inn - out)
  }
  const ordered = [...deltas.entries()].sort(([a], [b]) => (a === 'native' ? -1 : b === 'native' ? 1 : 0))
  const changes: AssetChange[] = []
  for (const [asset, amount] of ordered) {
    if (amount === 0n) continue
    const info = asset === 'native' ? native : await tokenInfo(client, asset)
    const usd = await usdOf(params.price, amount, info.decimals, asset, info.symbol, chainId)
    changes.push({
      asset,
      symbol: info.symbol,
      decimals: info.decimals,
      amount,
      formatted: formatUnits(amount, info.decimals),
      ...(usd !== undefined ? { usd } : {}),
    })
  }
  return { simulation: 'ok', status: 'success', changes, fee, calls }
}
