/**
 * The confirmation policy in the frame service (issues 23 §1, 22 §2): what the policy lets through reaches
 * the API with no question to the user and counts in the day's tally; what it does not is asked; above the
 * step-up threshold the window asks for a code, which the API checks before anything is sent; without a
 * second factor the user is told so; a policy that can not be read stops unsafe requests; a sign-in for
 * another domain is refused whatever the policy.
 */
import type { ConfirmPolicy } from '@portico/protocol/confirm-policy'
import { describe, expect, it } from 'vitest'
import { AuthApiError, type AuthApi } from './api'
import {
  CONFIRM_CHANNEL,
  type ConfirmAnswer,
  type ConfirmRequest,
  confirmer,
  describeRequest,
  FOREIGN_SIGN_IN,
  USER_REJECTED,
} from './confirm'
import { memorySessionStore } from './keys'
import { narrowPolicy, spentStore } from './policy'
import { createFrameService, POLICY_UNAVAILABLE } from './service'
import { NO_SECOND_FACTOR } from './step-up'

const HOST = 'http://127.0.0.1:5173'
const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SHOP = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const ETH = 10n ** 18n
const CHAIN = 'eip155:31337'
const authUser = {
  userId: 'u1',
  email: 'ada@example.com',
  userName: null,
  socialProvider: null,
  evmAddress: EVM,
  solanaAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  preferredAccountType: 'eoa' as const,
  smartAccountEnabledNetworks: [31337],
}
/** Under 0.01 ETH to SHOP with no prompt, 0.01 ETH a day; a TOTP code above 0.5 ETH. */
const PROJECT: ConfirmPolicy = {
  auto: {
    methods: ['eth_sendTransaction', 'personal_sign'],
    chains: { [CHAIN]: { targets: [SHOP], perTx: String(ETH / 100n), perDay: String(ETH / 100n) } },
  },
  stepUp: { [CHAIN]: String(ETH / 2n) },
}

function frame(
  options: {
    totp?: 'on' | 'off'
    /** The user has a passkey (a second factor too). @default false */
    passkey?: boolean
    policy?: () => Promise<ConfirmPolicy | null>
    answer?: (r: ConfirmRequest) => ConfirmAnswer
    /** What the user's other devices sent today (the API's tally starts there); 'down': the API does not answer. @default 0n */
    elsewhere?: bigint | 'down'
  } = {},
) {
  const reached: { method: string; params: unknown }[] = []
  let failing = false
  const codes: string[] = []
  const assertions: unknown[] = []
  const asked: ConfirmRequest[] = []
  // The API's tally of the user's day (routes/policy.ts counts it atomically; this boundary keeps the same rule).
  let serverSpent = typeof options.elsewhere === 'bigint' ? options.elsewhere : 0n
  const spends: { projectId: string; chain: string; value: string; cap: string }[] = []
  const api = {
    emailConnect: async () => ({ action: 'VERIFY_OTP' }),
    emailOtp: async () => ({ sessionId: 'sess-1', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), user: authUser }),
    user: async () => authUser,
    rpc: async (_s: unknown, body: { method: string; params: unknown }) => {
      if (failing) {
        failing = false
        throw new Error('nonce too low')
      }
      reached.push({ method: body.method, params: body.params })
      return body.method === 'personal_sign' ? '0xsigned' : '0xhash'
    },
    twoFactorStatus: async () => ({ totp: options.totp ?? 'off', passkey: options.passkey ?? false, stepUpUntil: null }),
    passkeyStepUpOptions: async () => ({ options: { challenge: 'c2lnbi11cA', allowCredentials: [{ id: 'cred-1', type: 'public-key' }] } }),
    passkeyStepUp: async (_s: unknown, response: { id?: string }) => {
      assertions.push(response)
      if (response.id !== 'cred-1') throw new AuthApiError('The passkey was not accepted', 400)
      return { totp: 'off', passkey: true, stepUpUntil: new Date(Date.now() + 300_000).toISOString() }
    },
    policySpend: async (_s: unknown, body: { projectId: string; chain: string; value: string; cap: string }) => {
      spends.push(body)
      if (options.elsewhere === 'down') throw new AuthApiError('HTTP status code: 503', 503)
      const allowed = serverSpent + BigInt(body.value) <= BigInt(body.cap)
      if (allowed) serverSpent += BigInt(body.value)
      return { allowed, spent: String(serverSpent) }
    },
    totp: async (_s: unknown, action: string, code: string) => {
      codes.push(`${action}:${code}`)
      if (code !== '123456') throw new AuthApiError('Invalid code', 400)
      return { totp: 'on', stepUpUntil: new Date(Date.now() + 300_000).toISOString() }
    },
  } as unknown as AuthApi
  const spent = spentStore(undefined)
  const service = createFrameService({
    api,
    sessions: memorySessionStore(),
    deviceId: () => 'device-0123456789abcdef',
    chainId: '31337',
    hostOrigin: HOST,
    confirm: async (request) => {
      asked.push(request)
      return options.answer?.(request) ?? true
    },
    policy: { load: options.policy ?? (async () => narrowPolicy(PROJECT, undefined)), spent, projectId: 'shop' },
  })
  const login = async () => {
    await service.CONNECT_EMAIL({ email: 'ada@example.com' })
    await service.CONNECT_OTP({ otp: '123456' })
  }
  const send = (wei: bigint, to = SHOP) =>
    service.RPC_REQUEST({ method: 'eth_sendTransaction', params: [{ from: EVM, to, value: `0x${wei.toString(16)}` }] })
  const failNext = () => {
    failing = true
  }
  return { service, reached, codes, assertions, asked, spent, spends, login, send, failNext }
}

describe('the per-day cap across devices: the API counts each transfer let through', () => {
  it('0.004 ETH goes without a prompt once the API counted it (the project, the chain, the value and the cap sent)', async () => {
    const f = frame()
    await f.login()
    expect(await f.send((ETH * 4n) / 1000n)).toEqual({ result: '0xhash' })
    expect(f.asked).toEqual([])
    expect(f.spends).toEqual([{ projectId: 'shop', chain: CHAIN, value: String((ETH * 4n) / 1000n), cap: String(ETH / 100n) }])
  })

  it('another device sent 0.008 ETH today: this device’s own tally is empty, yet 0.004 ETH is asked (0.012 > 0.01), and not counted here', async () => {
    const f = frame({ elsewhere: (ETH * 8n) / 1000n })
    await f.login()
    expect(await f.send((ETH * 4n) / 1000n)).toEqual({ result: '0xhash' })
    expect(f.asked).toHaveLength(1)
    expect(f.spent.spent(EVM, CHAIN)).toBe(0n)
    // Within what is left of the day: no question.
    expect(await f.send((ETH * 2n) / 1000n)).toEqual({ result: '0xhash' })
    expect(f.asked).toHaveLength(1)
  })

  it('the API does not answer: the transfer is asked (never let through unverified)', async () => {
    const f = frame({ elsewhere: 'down' })
    await f.login()
    expect(await f.send(ETH / 1000n)).toEqual({ result: '0xhash' })
    expect(f.asked).toHaveLength(1)
    expect(f.spent.spent(EVM, CHAIN)).toBe(0n)
  })
})

describe('the confirmation policy in the frame', () => {
  it('0.005 ETH to the allowed address goes with no question, and counts in the day’s tally; 0.02 ETH is asked', async () => {
    const f = frame()
    await f.login()
    expect(await f.send(ETH / 200n)).toEqual({ result: '0xhash' })
    expect(f.asked).toEqual([])
    expect(f.reached).toHaveLength(1)
    expect(f.spent.spent(EVM, CHAIN)).toBe(ETH / 200n)
    expect(await f.send(ETH / 50n)).toEqual({ result: '0xhash' })
    expect(f.asked.map((r) => r.kind === 'rpc' && r.method)).toEqual(['eth_sendTransaction'])
    expect(f.asked[0]).not.toHaveProperty('stepUp')
    // Asked (and confirmed) sends do not count against the cap of what goes without a prompt.
    expect(f.spent.spent(EVM, CHAIN)).toBe(ETH / 200n)
  })

  it('the day’s cap: 0.004 + 0.004 ETH go with no question, the third 0.004 ETH (0.012 > 0.01) is asked', async () => {
    const f = frame()
    await f.login()
    await f.send((ETH * 4n) / 1000n)
    await f.send((ETH * 4n) / 1000n)
    expect(f.asked).toHaveLength(0)
    await f.send((ETH * 4n) / 1000n)
    expect(f.asked).toHaveLength(1)
    expect(f.reached).toHaveLength(3)
  })

  it('what goes without a prompt counts when decided: a send that then fails still counts', async () => {
    const f = frame()
    await f.login()
    f.failNext()
    await expect(f.send(ETH / 200n)).rejects.toThrow('nonce too low')
    expect(f.spent.spent(EVM, CHAIN)).toBe(ETH / 200n)
  })

  it('two 0.006 ETH sends at once under a 0.01 ETH day: one goes without a prompt, the other is asked', async () => {
    const f = frame()
    await f.login()
    await Promise.all([f.send((ETH * 6n) / 1000n), f.send((ETH * 6n) / 1000n)])
    expect(f.asked).toHaveLength(1)
    expect(f.reached).toHaveLength(2)
    expect(f.spent.spent(EVM, CHAIN)).toBe((ETH * 6n) / 1000n)
  })

  it('0.6 ETH with TOTP on: the window asks for a code; the API checks it before the send', async () => {
    const f = frame({ totp: 'on', answer: () => ({ code: '123456' }) })
    await f.login()
    expect(await f.send((ETH * 6n) / 10n)).toEqual({ result: '0xhash' })
    expect(f.asked[0]).toMatchObject({ kind: 'rpc', method: 'eth_sendTransaction', stepUp: { above: String(ETH / 2n) } })
    expect(f.codes).toEqual(['verify:123456'])
    expect(f.reached).toHaveLength(1)
  })

  it('0.6 ETH for a user with a passkey and no TOTP: the window asks the passkey (its request options); the API checks the assertion before the send', async () => {
    const f = frame({ passkey: true, answer: () => ({ assertion: { id: 'cred-1', type: 'public-key' } }) })
    await f.login()
    expect(await f.send((ETH * 6n) / 10n)).toEqual({ result: '0xhash' })
    expect(f.asked[0]).toMatchObject({
      stepUp: { above: String(ETH / 2n), passkey: { challenge: 'c2lnbi11cA', allowCredentials: [{ id: 'cred-1', type: 'public-key' }] } },
    })
    expect(f.assertions).toEqual([{ id: 'cred-1', type: 'public-key' }])
    expect(f.codes).toEqual([])
    expect(f.reached).toHaveLength(1)
    // Another passkey's assertion: the API's error, nothing sent.
    const other = frame({ passkey: true, answer: () => ({ assertion: { id: 'cred-9', type: 'public-key' } }) })
    await other.login()
    await expect(other.send((ETH * 6n) / 10n)).rejects.toThrow('The passkey was not accepted')
    expect(other.reached).toEqual([])
  })

  it('the view of a step-up by passkey: its warning, its options, Confirm says it; the confirmer takes it only with an assertion', async () => {
    const options = { challenge: 'c2lnbi11cA' }
    const request: ConfirmRequest = {
      kind: 'rpc',
      method: 'eth_sendTransaction',
      params: [{ to: SHOP, value: '0x8ac7230489e80000' }],
      namespace: 'eip155',
      chainId: 31337,
      stepUp: { above: String(ETH / 2n), passkey: options },
    }
    const view = describeRequest(request)
    expect(view.warnings[0]).toBe('This is above 0.5 ETH: confirm with your passkey to send it.')
    expect(view).toMatchObject({ passkey: options, confirmLabel: 'Confirm with your passkey' })
    expect(view.code).toBeUndefined()
    const posted: { id: number }[] = []
    const win = { postMessage: (m: { type: string; id: number }) => void (m.type === 'REQUEST' && posted.push(m)), closed: false }
    const c = confirmer({ origin: 'http://frame.test', pollMs: 60_000 })
    c.receive({ origin: 'http://frame.test', source: win, data: { channel: CONFIRM_CHANNEL, type: 'CONFIRM_READY' } })
    const answer = (data: object) =>
      c.receive({ origin: 'http://frame.test', source: win, data: { channel: CONFIRM_CHANNEL, type: 'ANSWER', ...data } })
    const bare = c.confirm(request)
    answer({ id: posted.at(-1)?.id, approved: true })
    expect(await bare).toBe(false)
    const coded = c.confirm(request)
    answer({ id: posted.at(-1)?.id, approved: true, code: '123456' })
    expect(await coded).toBe(false)
    const asserted = c.confirm(request)
    answer({ id: posted.at(-1)?.id, approved: true, assertion: { id: 'cred-1' } })
    expect(await asserted).toEqual({ assertion: { id: 'cred-1' } })
    c.rejectAll()
  })

  it('a wrong code: the API’s error, nothing sent; a confirmation without a code: rejected, nothing sent', async () => {
    const wrong = frame({ totp: 'on', answer: () => ({ code: '000000' }) })
    await wrong.login()
    await expect(wrong.send((ETH * 6n) / 10n)).rejects.toThrow('Invalid code')
    expect(wrong.reached).toEqual([])
    const bare = frame({ totp: 'on', answer: () => true })
    await bare.login()
    await expect(bare.send((ETH * 6n) / 10n)).rejects.toThrow(USER_REJECTED)
    expect(bare.codes).toEqual([])
    expect(bare.reached).toEqual([])
  })

  it('above the threshold without a second factor: told plainly, no window, nothing sent', async () => {
    const f = frame({ totp: 'off' })
    await f.login()
    await expect(f.send(ETH)).rejects.toThrow(NO_SECOND_FACTOR)
    expect(NO_SECOND_FACTOR).toBe('This transfer needs a second factor, and none is set up: set one up in your wallet first')
    expect(f.asked).toEqual([])
    expect(f.reached).toEqual([])
  })

  it('a policy that can not be read: unsafe requests stop with a clear error (no automatic send, no skipped step-up)', async () => {
    const f = frame({
      policy: async () => {
        throw new Error('HTTP status code: 503')
      },
    })
    await f.login()
    await expect(f.send(1n)).rejects.toThrow(POLICY_UNAVAILABLE)
    expect(f.reached).toEqual([])
    // The hint says "no policy": the host opens its window, and the frame refuses as above.
    expect(await f.service.GET_CONFIRM_POLICY({})).toEqual({ policy: null, spent: {} })
  })

  it('a sign-in message for another domain is refused even when the policy lets personal_sign through', async () => {
    const f = frame()
    await f.login()
    const siwe = [
      'bank.example wants you to sign in with your Ethereum account:',
      EVM,
      '',
      'URI: https://bank.example/',
      'Version: 1',
      'Chain ID: 31337',
      'Nonce: abcdefgh12345678',
      'Issued At: 2026-12-02T05:00:00.000Z',
    ].join('\n')
    const hex = `0x${Buffer.from(siwe, 'utf8').toString('hex')}`
    await expect(f.service.RPC_REQUEST({ method: 'personal_sign', params: [hex, EVM] })).rejects.toThrow(FOREIGN_SIGN_IN)
    expect(f.reached).toEqual([])
    // A plain message goes with no question under this policy.
    expect(await f.service.RPC_REQUEST({ method: 'personal_sign', params: ['0x6869', EVM] })).toEqual({ result: '0xsigned' })
    expect(f.asked).toEqual([])
  })

  it('GET_CONFIRM_POLICY: the policy applied and the signed-in user’s tally of today', async () => {
    const f = frame()
    expect(await f.service.GET_CONFIRM_POLICY({})).toEqual({ policy: PROJECT, spent: {} })
    await f.login()
    await f.send(ETH / 200n)
    expect(await f.service.GET_CONFIRM_POLICY({})).toEqual({ policy: PROJECT, spent: { [CHAIN]: String(ETH / 200n) } })
  })
})

describe('the step-up in the confirmation', () => {
  it('the view: the step-up first among the warnings, and the code field’s label', () => {
    const view = describeRequest({
      kind: 'rpc',
      method: 'eth_sendTransaction',
      params: [{ to: SHOP, value: '0x8ac7230489e80000' }],
      namespace: 'eip155',
      chainId: 31337,
      stepUp: { above: String(ETH / 2n) },
    })
    expect(view.warnings[0]).toBe('This is above 0.5 ETH: type a code from your authenticator app to send it.')
    expect(view.code).toBe('Code from your authenticator app')
  })

  it('the confirmer takes a step-up’s approval only with a code', async () => {
    const posted: { id: number }[] = []
    const win = { postMessage: (m: { type: string; id: number }) => void (m.type === 'REQUEST' && posted.push(m)), closed: false }
    const c = confirmer({ origin: 'http://frame.test', pollMs: 60_000 })
    const request: ConfirmRequest = {
      kind: 'rpc',
      method: 'eth_sendTransaction',
      params: [{ to: SHOP, value: '0x1' }],
      namespace: 'eip155',
      chainId: 31337,
      stepUp: { above: '0' },
    }
    c.receive({ origin: 'http://frame.test', source: win, data: { channel: CONFIRM_CHANNEL, type: 'CONFIRM_READY' } })
    const first = c.confirm(request)
    const answer = (data: object) =>
      c.receive({ origin: 'http://frame.test', source: win, data: { channel: CONFIRM_CHANNEL, type: 'ANSWER', ...data } })
    answer({ id: posted.at(-1)?.id, approved: true })
    expect(await first).toBe(false)
    const second = c.confirm(request)
    answer({ id: posted.at(-1)?.id, approved: true, code: '654321' })
    expect(await second).toEqual({ code: '654321' })
    c.rejectAll()
  })
})
