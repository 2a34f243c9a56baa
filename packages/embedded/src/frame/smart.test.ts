/**
 * The frame's smart-account handlers (SPEC §4/§7) over a scripted auth API: INIT_SMART_ACCOUNT,
 * SET_PREFERRED_ACCOUNT (and its EOA fallback with the server's reason),
 * GET_SMART_ACCOUNT_ENABLED_NETWORKS, GET_USER's smartAccountDeployed, and the EIP-5792 RPC methods
 * forwarded to the auth service with the current chain.
 */
import type { AuthUser } from '@portico/protocol/auth'
import { describe, expect, it, vi } from 'vitest'
import { AuthApiError, type AuthApi } from './api'
import { createFrameHandler } from './handler'
import { memorySessionStore } from './keys'
import { originMatcher } from './origins'
import { createFrameService } from './service'

const HOST = 'http://127.0.0.1:5173'
const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const base: AuthUser = {
  userId: 'u1',
  email: 'ada@example.com',
  userName: null,
  socialProvider: null,
  evmAddress: EVM,
  solanaAddress: SOL,
  preferredAccountType: 'eoa',
  smartAccountEnabledNetworks: [],
}

type Call = { name: string; args: unknown[] }

/** A fake auth service that keeps the user's smart-account state, as the server does. */
function fakeApi(options: { failSmart?: string } = {}) {
  const calls: Call[] = []
  let state: AuthUser & { deployedOn: number[] } = { ...base, deployedOn: [] }
  const view = (chainId?: number | string): AuthUser => {
    const { deployedOn, ...u } = state
    return chainId === undefined ? u : { ...u, smartAccountDeployed: deployedOn.includes(Number(chainId)) }
  }
  const api = {
    emailConnect: async () => ({ action: 'VERIFY_OTP' as const }),
    emailOtp: async () => ({ sessionId: 'sess-secret-123', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), user: view() }),
    user: async (_s: unknown, chainId?: number | string) => {
      calls.push({ name: 'user', args: [chainId] })
      return view(chainId)
    },
    preferredAccount: async (_s: unknown, type: 'eoa' | 'smartAccount', chainId?: number | string) => {
      calls.push({ name: 'preferredAccount', args: [type, chainId] })
      if (type === 'smartAccount') {
        if (options.failSmart) {
          state = { ...state, preferredAccountType: 'eoa' }
          throw new AuthApiError(options.failSmart, 400)
        }
        state = {
          ...state,
          preferredAccountType: 'smartAccount',
          smartAccountEnabledNetworks: [31337, 31338],
          deployedOn: [...state.deployedOn, Number(chainId)],
        }
      } else state = { ...state, preferredAccountType: 'eoa' }
      return view(chainId)
    },
    rpc: async (_s: unknown, body: { namespace: string; chainId: number | string; method: string; params?: unknown[] }) => {
      calls.push({ name: 'rpc', args: [body] })
      if (body.method === 'wallet_sendCalls') return { id: '0xbatch' }
      if (body.method === 'wallet_getCallsStatus')
        return { version: '2.0.0', id: '0xbatch', chainId: '0x7a69', status: 200, atomic: true, receipts: [] }
      if (body.method === 'wallet_getCapabilities') return { '0x7a69': { atomic: { status: 'supported' } } }
      throw new AuthApiError('Requested RPC call is not allowed', 400)
    },
    allowedOrigins: async () => ({ allowedOrigins: ['http://127.0.0.1:*'] }),
  }
  return { api: api as unknown as AuthApi, calls }
}

async function signedInFrame(options: { failSmart?: string } = {}) {
  const { api, calls } = fakeApi(options)
  const parent = {}
  const posted: { message: { id?: string; type: string; payload?: unknown } }[] = []
  const service = createFrameService({
    api,
    sessions: memorySessionStore(),
    deviceId: () => 'device-0123456789abcdef',
    chainId: '31337',
    hostOrigin: HOST,
    confirm: async () => true,
  })
  const handler = createFrameHandler({
    parent,
    hostOrigin: HOST,
    isAllowedOrigin: originMatcher(['http://127.0.0.1:*']),
    post: (message) => void posted.push({ message: message as never }),
    handlers: service,
  })
  let n = 0
  const send = async (type: string, payload: unknown = {}) => {
    const id = `req-${String(++n).padStart(8, '0')}`
    handler.handleMessage({ origin: HOST, source: parent, data: { channel: 'portico:app', id, type, payload } })
    await vi.waitFor(() => expect(posted.some((p) => p.message.id === id)).toBe(true))
    return posted.find((p) => p.message.id === id)!.message
  }
  await send('CONNECT_EMAIL', { email: 'ada@example.com' })
  await send('CONNECT_OTP', { otp: '123456' })
  calls.length = 0
  return { send, calls }
}

describe('frame: the smart account', () => {
  it('INIT_SMART_ACCOUNT answers the EOA address (EIP-7702: the same address) and isDeployed from the chain, asked for the current chain', async () => {
    const f = await signedInFrame()
    expect(await f.send('INIT_SMART_ACCOUNT')).toMatchObject({
      type: 'INIT_SMART_ACCOUNT_SUCCESS',
      payload: { address: EVM, isDeployed: false },
    })
    expect(f.calls).toEqual([{ name: 'user', args: [31337] }])
    await f.send('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })
    expect((await f.send('INIT_SMART_ACCOUNT')).payload).toEqual({ address: EVM, isDeployed: true })
  })

  it('SET_PREFERRED_ACCOUNT smartAccount on the current chain (after SWITCH_NETWORK); GET_USER then reports it deployed and the account typed smartAccount', async () => {
    const f = await signedInFrame()
    await f.send('SWITCH_NETWORK', { chainId: 31338, namespace: 'eip155' })
    expect(await f.send('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toMatchObject({
      type: 'SET_PREFERRED_ACCOUNT_SUCCESS',
      payload: { type: 'smartAccount', address: EVM },
    })
    expect(f.calls).toContainEqual({ name: 'preferredAccount', args: ['smartAccount', 31338] })
    const user = (await f.send('GET_USER', { chainId: 31338, namespace: 'eip155' })).payload as Record<string, unknown>
    expect(user).toMatchObject({ address: EVM, preferredAccountType: 'smartAccount', smartAccountDeployed: true })
    expect(user.accounts).toEqual([
      { address: EVM, type: 'smartAccount', namespace: 'eip155' },
      { address: SOL, type: 'eoa', namespace: 'solana' },
    ])
    expect((await f.send('GET_SMART_ACCOUNT_ENABLED_NETWORKS')).payload).toEqual({ smartAccountEnabledNetworks: [31337, 31338] })
  })

  it('SET_PREFERRED_ACCOUNT falls back to EOA with the server’s reason (SPEC §4); later calls see the EOA', async () => {
    const reason = 'Falling back to EOA: The smart account could not be set up: insufficient funds'
    const f = await signedInFrame({ failSmart: reason })
    expect(await f.send('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toMatchObject({
      type: 'SET_PREFERRED_ACCOUNT_SUCCESS',
      payload: { type: 'eoa', address: EVM, reason },
    })
    expect((await f.send('GET_USER')).payload).toMatchObject({ preferredAccountType: 'eoa', smartAccountDeployed: false })
  })

  it('on Solana, the smart account is not asked for a chain', async () => {
    const f = await signedInFrame()
    await f.send('SWITCH_NETWORK', { chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', namespace: 'solana' })
    await f.send('INIT_SMART_ACCOUNT')
    expect(f.calls).toEqual([{ name: 'user', args: [undefined] }])
  })

  it('wallet_sendCalls / wallet_getCallsStatus / wallet_getCapabilities go to the auth service (stamped), with the current chain', async () => {
    const f = await signedInFrame()
    const batch = {
      version: '2.0.0',
      chainId: '0x7a69',
      from: EVM,
      atomicRequired: true,
      calls: [
        { to: EVM, value: '0x1' },
        { to: EVM, data: '0x' },
      ],
    }
    expect((await f.send('RPC_REQUEST', { method: 'wallet_sendCalls', params: [batch] })).payload).toEqual({ result: { id: '0xbatch' } })
    expect((await f.send('RPC_REQUEST', { method: 'wallet_getCallsStatus', params: ['0xbatch'] })).payload).toMatchObject({
      result: { status: 200, atomic: true },
    })
    expect((await f.send('RPC_REQUEST', { method: 'wallet_getCapabilities', params: [EVM] })).payload).toEqual({
      result: { '0x7a69': { atomic: { status: 'supported' } } },
    })
    expect(f.calls.map((c) => c.args[0])).toEqual([
      { namespace: 'eip155', chainId: 31337, method: 'wallet_sendCalls', params: [batch] },
      { namespace: 'eip155', chainId: 31337, method: 'wallet_getCallsStatus', params: ['0xbatch'] },
      { namespace: 'eip155', chainId: 31337, method: 'wallet_getCapabilities', params: [EVM] },
    ])
  })
})
