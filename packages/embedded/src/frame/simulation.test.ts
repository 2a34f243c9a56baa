// The confirmation's simulation (issue 23 §2) on a real anvil with the devnet's USDC: what the window
// shows for a 1 ETH send, a transfer of more USDC than the account holds (it reverts), and a batch;
// and what it says when it can not simulate.
import { type Devnet, startDevnet } from '@portico/devnet'
import { encodeFunctionData, erc20Abi, parseEther, parseUnits, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ConfirmRequest, describeRequest } from './confirm'
import { simulationFor } from './simulation'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let devnet: Devnet
let read: (chainId: number, method: string, params: unknown[]) => Promise<unknown>
let usdc: `0x${string}`

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337 }] })
  const chain = devnet.chains[0]!
  usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address as `0x${string}`
  read = async (_id, method, params) => {
    const res = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data })
    return body.result
  }
}, 60_000)
afterAll(async () => {
  await devnet?.stop()
})

type RpcRequest = Extract<ConfirmRequest, { kind: 'rpc' }>
const rpc = (method: string, params: unknown[]): RpcRequest => ({ kind: 'rpc', method, params, namespace: 'eip155', chainId: 31337 })
const transfer = (amount: string) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [TO, parseUnits(amount, 6)] })

describe('the simulation the confirmation shows (issue 23 §2)', () => {
  it('a 1 ETH send: -1 ETH leaves the account, and the fee', async () => {
    const simulation = await simulationFor(rpc('eth_sendTransaction', [{ to: TO, value: toHex(parseEther('1')) }]), FROM, read)
    expect(simulation).toMatchObject({ status: 'success', changes: [{ amount: '-1', symbol: 'ETH' }], fee: { symbol: 'ETH' } })
    const view = describeRequest({ ...rpc('eth_sendTransaction', [{ to: TO, value: toHex(parseEther('1')) }]), simulation })
    expect(view.rows.find((r) => r.label === 'Balance changes')?.value).toBe('-1 ETH')
    expect(view.rows.find((r) => r.label === 'Network fee')?.value).toMatch(/^0\.\d+ ETH$/)
    expect(view.confirmLabel).toBeUndefined()
  })

  it('2000 USDC out of 1000: it will fail, with the token’s reason; the button says Send anyway', async () => {
    const request = rpc('eth_sendTransaction', [{ to: usdc, data: transfer('2000') }])
    const simulation = await simulationFor(request, FROM, read)
    expect(simulation).toMatchObject({ status: 'reverted', changes: [] })
    expect(simulation && 'reason' in simulation ? simulation.reason : '').not.toBe('')
    const view = describeRequest({ ...request, simulation })
    expect(view.title).toBe('This transaction will fail')
    expect(view.confirmLabel).toBe('Send anyway')
    expect(view.warnings[0]).toMatch(/^The simulation says it fails: .+\. Sent anyway, it costs its network fee\.$/)
  })

  it('a batch (wallet_sendCalls): 0.5 ETH and 5 USDC leave the account', async () => {
    const simulation = await simulationFor(
      rpc('wallet_sendCalls', [
        {
          calls: [
            { to: TO, value: toHex(parseEther('0.5')) },
            { to: usdc, data: transfer('5') },
          ],
        },
      ]),
      FROM,
      read,
    )
    expect(simulation).toMatchObject({ status: 'success' })
    const changes = simulation && 'changes' in simulation ? simulation.changes : []
    expect(changes).toEqual(
      expect.arrayContaining([
        { amount: '-0.5', symbol: 'ETH' },
        { amount: '-5', symbol: 'USDC' },
      ]),
    )
  })

  it('no node to ask, a node that does not answer in time, or one that fails: unavailable, said as a warning; other methods are not simulated', async () => {
    const send = rpc('eth_sendTransaction', [{ to: TO, value: '0x1' }])
    expect(await simulationFor(send, FROM, undefined)).toEqual({ status: 'unavailable' })
    expect(await simulationFor(send, FROM, () => new Promise(() => {}), 50)).toEqual({ status: 'unavailable' })
    expect(
      await simulationFor(send, FROM, async () => {
        throw new Error('HTTP request failed')
      }),
    ).toEqual({ status: 'unavailable' })
    expect(describeRequest({ ...send, simulation: { status: 'unavailable' } }).warnings).toEqual([
      'This transaction could not be simulated: check the details before you confirm.',
    ])
    expect(await simulationFor(rpc('personal_sign', ['0x00', FROM]), FROM, read)).toBeUndefined()
    expect(await simulationFor(rpc('eth_sendTransaction', [{ to: 'not an address' }]), FROM, read)).toBeUndefined()
  })
})
