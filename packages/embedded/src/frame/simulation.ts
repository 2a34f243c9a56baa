/**
 * The simulation the frame's confirmation shows (issue 23 §2): a transaction or a batch the embedded
 * wallet is asked to send runs first with eth_simulateV1 (the preview engine's `simulate`) on the
 * chain's RPC, as the frame reads it, from the signed-in account. The window then shows the balance
 * changes and the fee, or that it will fail and why (and its button says 'Send anyway'), or that it could
 * not be simulated. A simulation that takes longer than SIMULATION_WAIT_MS is not waited for.
 */
import { simulate, type SimulationResult } from '@portico/headless/preview'
import { type Address, createClient, custom, type Hex } from 'viem'
import type { ConfirmRequest, ConfirmSimulation } from './confirm'

/** How long the confirmation waits for the simulation before it shows the request without one. */
export const SIMULATION_WAIT_MS = 5000

type Call = { to?: Address; value?: bigint; data?: Hex }
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX = /^0x([0-9a-fA-F]{2})*$/

function quantity(value: unknown): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(value)) return BigInt(value)
  throw new Error('not a quantity')
}

function callOf(raw: unknown): Call {
  const c = raw as { to?: unknown; value?: unknown; data?: unknown }
  if (typeof c !== 'object' || c === null) throw new Error('not a call')
  if (c.to !== undefined && !(typeof c.to === 'string' && ADDRESS.test(c.to))) throw new Error('not an address')
  if (c.data !== undefined && !(typeof c.data === 'string' && HEX.test(c.data))) throw new Error('not data')
  const value = quantity(c.value)
  return {
    ...(c.to ? { to: c.to as Address } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(c.data ? { data: c.data as Hex } : {}),
  }
}

/** The calls of an eth_sendTransaction or a wallet_sendCalls, or undefined (another method, or params it can not read). */
export function callsOf(method: string, params: unknown[]): Call[] | undefined {
  try {
    if (method === 'eth_sendTransaction') return [callOf(params[0])]
    if (method === 'wallet_sendCalls') {
      const calls = (params[0] as { calls?: unknown } | undefined)?.calls
      if (!Array.isArray(calls) || calls.length === 0 || calls.length > 32) return undefined
      return calls.map(callOf)
    }
  } catch {
    return undefined
  }
  return undefined
}

const signed = (formatted: string, amount: bigint) => (amount > 0n && !formatted.startsWith('+') ? `+${formatted}` : formatted)

/** The engine's result as the confirmation shows it. */
export function confirmSimulationOf(result: SimulationResult): ConfirmSimulation {
  if (result.simulation === 'unavailable') return { status: 'unavailable' }
  const changes = result.changes.map((c) => ({ amount: signed(c.formatted, c.amount), symbol: c.symbol }))
  // The fee to 3 significant digits ('0.0000248 ETH'): its last wei are noise in an estimate.
  const fee = {
    amount: new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 }).format(Number(result.fee.formatted)),
    symbol: result.fee.symbol,
  }
  if (result.status === 'success') return { status: 'success', changes, fee }
  const reason = result.revert.reason ?? result.revert.error?.name ?? 'execution reverted'
  return { status: 'reverted', changes, fee, reason }
}

/**
 * The simulation of `request` from `from`, reading the chain through `read` (the frame's own reads), or
 * undefined when the request is not a transaction to simulate. Never throws: no `read`, a failed or a
 * slow simulation is 'unavailable'.
 */
export async function simulationFor(
  request: ConfirmRequest,
  from: string,
  read: ((chainId: number, method: string, params: unknown[]) => Promise<unknown>) | undefined,
  waitMs = SIMULATION_WAIT_MS,
): Promise<ConfirmSimulation | undefined> {
  if (request.kind !== 'rpc' || request.namespace !== 'eip155' || !ADDRESS.test(from)) return undefined
  const calls = callsOf(request.method, request.params)
  if (!calls) return undefined
  // No node to ask (the frame reads only its own chain's RPC for this): said, not guessed.
  if (!read) return { status: 'unavailable' }
  const id = Number(String(request.chainId).replace(/^eip155:/, ''))
  if (!Number.isSafeInteger(id) || id <= 0) return { status: 'unavailable' }
  // A node's answer (a JSON-RPC error has a numeric code) is the simulation's to judge; anything else (no
  // network, an HTTP status) means the node was not reached: 'unavailable', not 'it will fail'.
  const ask = async (method: string, params: unknown[]) => {
    try {
      return await read(id, method, params)
    } catch (error) {
      if (typeof (error as { code?: unknown })?.code === 'number') throw error
      throw Object.assign(new Error(error instanceof Error ? error.message : String(error), { cause: error }), { name: 'HttpRequestError' })
    }
  }
  const client = createClient({
    transport: custom({ request: ({ method, params }) => ask(method, (params ?? []) as unknown[]) }, { retryCount: 0 }),
  })
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<ConfirmSimulation>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'unavailable' }), waitMs)
  })
  const run = simulate({ client, from: from as Address, calls, chain: { id } }).then(confirmSimulationOf, () => ({
    status: 'unavailable' as const,
  }))
  try {
    return await Promise.race([run, late])
  } finally {
    clearTimeout(timer)
  }
}
