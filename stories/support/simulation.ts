// The chain node's answers that the reviews' simulation needs (issue 23 §2), for stories: eth_simulateV1
// echoes the asked calls as successful, with the Transfer logs they would emit (a native value, an ERC-20
// transfer(to, amount), and `incoming` for a swap's proceeds), or fails them with `revert`'s reason;
// eth_gasPrice is 2 gwei; eth_call answers the ERC-20s' symbol() and decimals(). No request leaves the page.
import { encodeAbiParameters, encodeErrorResult, type Hex, parseAbi } from 'viem'

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const word = (hex: string): Hex => `0x${hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')}`

export interface SimulationFixture {
  /** The ERC-20s the node knows, by lower-case address. */
  tokens?: Record<string, { symbol: string; decimals: number }>
  /** What a call without a transfer of its own brings back to the sender (a swap's proceeds). */
  incoming?: { token: string; amount: bigint }
  /** Fail every call with this Error(string) reason. */
  revert?: string
}

type RpcCall = { from: string; to?: string; value?: string; data?: string }

const transferLog = (token: string, from: string, to: string, amount: bigint) => ({
  address: token,
  topics: [TRANSFER, word(from), word(to)],
  data: word(amount.toString(16)),
})

function logsOf(call: RpcCall, fixture: SimulationFixture) {
  const logs = []
  const value = call.value ? BigInt(call.value) : 0n
  if (value > 0n && call.to) logs.push(transferLog(NATIVE, call.from, call.to, value))
  const data = call.data ?? '0x'
  if (data.startsWith('0xa9059cbb') && call.to)
    logs.push(transferLog(call.to, call.from, `0x${data.slice(34, 74)}`, BigInt(`0x${data.slice(74, 138)}`)))
  else if (fixture.incoming && data !== '0x' && !data.startsWith('0x095ea7b3') && call.to)
    logs.push(transferLog(fixture.incoming.token, call.to, call.from, fixture.incoming.amount))
  return logs
}

/** The node's JSON-RPC answer to `body`, or undefined for a method this fixture does not answer. */
export function simulationRpc(body: { id?: number; method: string; params?: unknown[] }, fixture: SimulationFixture = {}): unknown {
  const answer = (result: unknown) => ({ jsonrpc: '2.0', id: body.id ?? 1, result })
  if (body.method === 'eth_gasPrice') return answer('0x77359400')
  if (body.method === 'eth_call') {
    const { to, data } = (body.params?.[0] ?? {}) as { to?: string; data?: string }
    const token = fixture.tokens?.[to?.toLowerCase() ?? '']
    if (!token) return answer('0x')
    if (data?.startsWith('0x95d89b41')) return answer(encodeAbiParameters([{ type: 'string' }], [token.symbol]))
    if (data?.startsWith('0x313ce567')) return answer(encodeAbiParameters([{ type: 'uint8' }], [token.decimals]))
    return answer('0x')
  }
  if (body.method !== 'eth_simulateV1') return undefined
  const [{ blockStateCalls }] = body.params as [{ blockStateCalls: { calls: RpcCall[] }[] }]
  const reverted = fixture.revert
    ? encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [fixture.revert] })
    : undefined
  return answer(
    blockStateCalls.map((block, b) => ({
      number: `0x${(b + 1).toString(16)}`,
      calls: block.calls.map((call) =>
        reverted
          ? {
              status: '0x0',
              returnData: reverted,
              gasUsed: '0x6b6c',
              logs: [],
              error: { code: 3, message: 'execution reverted', data: reverted },
            }
          : {
              status: '0x1',
              returnData: '0x',
              gasUsed: call.data && call.data !== '0x' ? '0x1d4c0' : '0x5208',
              logs: logsOf(call, fixture),
            },
      ),
    })),
  )
}
