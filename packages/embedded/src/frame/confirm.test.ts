/**
 * Issue 23 §1: the frame's own confirmation. The service waits for `confirm` (main.ts answers it
 * with the window on the frame's origin) before any unsafe request reaches the API or the key
 * shares; a sign-in message for another domain is refused without asking.
 */
import { describe, expect, it, vi } from 'vitest'
import { FRAME_RPC_READS, FRAME_RPC_UNSAFE } from '@portico/protocol/frame'
import { embeddedAdapter, UNSAFE } from '../adapter'
import { openConfirmPopup } from '../popup'
import type { AuthApi } from './api'
import { CONFIRM_CHANNEL, type ConfirmRequest, confirmer, describeRequest, FOREIGN_SIGN_IN, foreignSignIn, USER_REJECTED } from './confirm'
import { createFrameHandler } from './handler'
import { memorySessionStore } from './keys'
import { originMatcher } from './origins'
import { createFrameService } from './service'

const HOST = 'http://127.0.0.1:5173'
const FRAME_ORIGIN = 'http://127.0.0.1:4200'
const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SPENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
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

const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`
const siwe = (domain: string) =>
  [
    `${domain} wants you to sign in with your Ethereum account:`,
    EVM,
    '',
    'Sign in to the demo',
    '',
    `URI: http://${domain}/`,
    'Version: 1',
    'Chain ID: 31337',
    'Nonce: abcdefgh12345678',
    'Issued At: 2026-12-02T05:00:00.000Z',
  ].join('\n')

/** A signed-in frame whose API records what reached it; `confirm` is the test's user. */
function frame(confirm?: (request: ConfirmRequest) => Promise<boolean>) {
  const reached: { method: string; params: unknown }[] = []
  const api = {
    emailConnect: async () => ({ action: 'VERIFY_OTP' }),
    emailOtp: async () => ({ sessionId: 'sess-1', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), user: authUser }),
    user: async () => authUser,
    rpc: async (_s: unknown, body: { method: string; params: unknown }) => {
      reached.push({ method: body.method, params: body.params })
      return body.method === 'personal_sign' ? '0xsigned' : '0xhash'
    },
    updateEmail: async () => ({ action: 'VERIFY_PRIMARY_OTP' }),
  } as unknown as AuthApi
  const parent = {}
  const posted: { id?: string; type: string; payload?: unknown }[] = []
  const service = createFrameService({
    api,
    sessions: memorySessionStore(),
    deviceId: () => 'device-0123456789abcdef',
    chainId: '31337',
    hostOrigin: HOST,
    ...(confirm ? { confirm } : {}),
  })
  const handler = createFrameHandler({
    parent,
    hostOrigin: HOST,
    isAllowedOrigin: originMatcher([HOST]),
    post: (message) => void posted.push(message as never),
    handlers: service,
  })
  let n = 0
  /** Sends without waiting for the reply; `reply()` waits for it. */
  const start = (type: string, payload: unknown = {}) => {
    const id = `req-${String(++n).padStart(8, '0')}`
    handler.handleMessage({ origin: HOST, source: parent, data: { channel: 'portico:app', id, type, payload } })
    const find = () => posted.find((p) => p.id === id)
    return {
      find,
      reply: async () => {
        await vi.waitFor(() => expect(find()).toBeDefined())
        return find()!
      },
    }
  }
  const send = (type: string, payload: unknown = {}) => start(type, payload).reply()
  const login = async () => {
    await send('CONNECT_EMAIL', { email: 'ada@example.com' })
    await send('CONNECT_OTP', { otp: '123456' })
  }
  return { reached, start, send, login }
}

describe('the frame waits for the user before an unsafe request', () => {
  it('personal_sign waits for the answer; nothing reaches the API before; confirm → signed', async () => {
    let answer!: (approved: boolean) => void
    const asked: ConfirmRequest[] = []
    const f = frame((request) => {
      asked.push(request)
      return new Promise((resolve) => {
        answer = resolve
      })
    })
    await f.login()
    const pending = f.start('RPC_REQUEST', { method: 'personal_sign', params: [hex('Hello Portico'), EVM] })
    await vi.waitFor(() => expect(asked).toHaveLength(1))
    expect(asked[0]).toEqual({
      kind: 'rpc',
      method: 'personal_sign',
      params: [hex('Hello Portico'), EVM],
      namespace: 'eip155',
      chainId: 31337,
    })
    await new Promise((r) => setTimeout(r, 20))
    expect(pending.find()).toBeUndefined()
    expect(f.reached).toEqual([])
    answer(true)
    expect(await pending.reply()).toEqual({
      channel: 'portico:frame',
      id: 'req-00000003',
      type: 'RPC_REQUEST_SUCCESS',
      payload: { result: '0xsigned' },
    })
    expect(f.reached).toEqual([{ method: 'personal_sign', params: [hex('Hello Portico'), EVM] }])
  })

  it.each([
    ['personal_sign', [hex('Hello'), EVM]],
    ['eth_signTypedData_v4', [EVM, '{}']],
    ['eth_sendTransaction', [{ from: EVM, to: SPENDER, value: '0xde0b6b3a7640000' }]],
    [
      'wallet_sendCalls',
      [{ version: '2.0.0', chainId: '0x7a69', from: EVM, calls: [{ to: SPENDER, value: '0x1' }], atomicRequired: true }],
    ],
    ['wallet_grantPermissions', [{}]],
    ['solana_signMessage', [{ message: 'SGVsbG8=', pubkey: authUser.solanaAddress }]],
    ['solana_signAndSendTransaction', [{ transaction: 'AA==' }]],
  ])('%s: reject → "User rejected the request", nothing reaches the API', async (method, params) => {
    const confirm = vi.fn(async () => false)
    const f = frame(confirm)
    await f.login()
    const namespace = method.startsWith('solana_') ? 'solana' : 'eip155'
    expect(await f.send('RPC_REQUEST', { method, params, namespace })).toMatchObject({
      type: 'RPC_REQUEST_ERROR',
      payload: { message: 'User rejected the request' },
    })
    expect(confirm).toHaveBeenCalledTimes(1)
    expect(f.reached).toEqual([])
  })

  it('without a confirm dependency every unsafe request is refused; safe reads are not asked', async () => {
    const f = frame()
    await f.login()
    expect(await f.send('RPC_REQUEST', { method: 'personal_sign', params: [hex('Hello'), EVM] })).toMatchObject({
      payload: { message: USER_REJECTED },
    })
    expect(await f.send('RPC_REQUEST', { method: 'eth_chainId', params: [] })).toMatchObject({ payload: { result: '0x7a69' } })
    expect(f.reached).toEqual([])
  })

  it('the email change waits too: reject → error, confirm → the API is asked', async () => {
    const answers = [false, true]
    const asked: ConfirmRequest[] = []
    const f = frame(async (request) => {
      asked.push(request)
      return answers.shift() ?? false
    })
    await f.login()
    expect(await f.send('UPDATE_EMAIL', { email: 'new@example.com' })).toMatchObject({
      type: 'UPDATE_EMAIL_ERROR',
      payload: { message: USER_REJECTED },
    })
    expect(await f.send('UPDATE_EMAIL', { email: 'new@example.com' })).toMatchObject({
      type: 'UPDATE_EMAIL_SUCCESS',
      payload: { action: 'VERIFY_PRIMARY_OTP' },
    })
    expect(asked).toEqual([
      { kind: 'email', email: 'new@example.com' },
      { kind: 'email', email: 'new@example.com' },
    ])
  })

  it('RPC_ABORT ends a request waiting for the user with "Request was aborted"', async () => {
    const f = frame(() => new Promise<boolean>(() => undefined))
    await f.login()
    const pending = f.start('RPC_REQUEST', { method: 'personal_sign', params: [hex('Hello'), EVM] })
    await new Promise((r) => setTimeout(r, 10))
    await f.send('RPC_ABORT')
    expect((await pending.reply()).payload).toEqual({ message: 'Request was aborted' })
    expect(f.reached).toEqual([])
  })

  it("a sign-in message for another domain is refused without a prompt; the page's own domain is asked", async () => {
    const confirm = vi.fn(async () => true)
    const f = frame(confirm)
    await f.login()
    expect(await f.send('RPC_REQUEST', { method: 'personal_sign', params: [hex(siwe('bank.example')), EVM] })).toMatchObject({
      type: 'RPC_REQUEST_ERROR',
      payload: { message: FOREIGN_SIGN_IN },
    })
    const solanaForeign = Buffer.from(siwe('bank.example').replace('Ethereum', 'Solana'), 'utf8').toString('base64')
    expect(
      await f.send('RPC_REQUEST', { method: 'solana_signMessage', namespace: 'solana', params: [{ message: solanaForeign, pubkey: 'x' }] }),
    ).toMatchObject({ payload: { message: FOREIGN_SIGN_IN } })
    expect(confirm).not.toHaveBeenCalled()
    expect(f.reached).toEqual([])
    expect(await f.send('RPC_REQUEST', { method: 'personal_sign', params: [hex(siwe('127.0.0.1:5173')), EVM] })).toMatchObject({
      type: 'RPC_REQUEST_SUCCESS',
      payload: { result: '0xsigned' },
    })
    expect(confirm).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['personal_sign', 'a SIWE message for evil.example', '127.0.0.1:5173', true, [hex(siwe('evil.example')), EVM]],
    ['personal_sign', 'a SIWE message for 127.0.0.1:5173', '127.0.0.1:5173', false, [hex(siwe('127.0.0.1:5173')), EVM]],
    ['personal_sign', 'a SIWE message for APP.example:443', 'app.example', false, [hex(siwe('APP.example:443')), EVM]],
    [
      'personal_sign',
      'plain text naming evil.example',
      '127.0.0.1:5173',
      false,
      [hex('evil.example wants you to sign in, not a SIWE message'), EVM],
    ],
    ['eth_sendTransaction', 'a transaction', '127.0.0.1:5173', false, [{ to: EVM }]],
    // Loosely written sign-ins (one blank line where EIP-4361 has two, no statement): viem's parseSiweMessage reads them.
    [
      'personal_sign',
      'a loose SIWE message for bank.example',
      '127.0.0.1:5173',
      true,
      [hex(siwe('bank.example').replace('Sign in to the demo\n\n', '')), EVM],
    ],
    [
      'personal_sign',
      'a loose SIWE message, plain text, after spaces',
      '127.0.0.1:5173',
      true,
      [`  ${siwe('bank.example').replace('Sign in to the demo\n\n', '')}`, EVM],
    ],
    [
      'personal_sign',
      'a loose SIWE message for 127.0.0.1:5173',
      '127.0.0.1:5173',
      false,
      [hex(siwe('127.0.0.1:5173').replace('Sign in to the demo\n\n', '')), EVM],
    ],
  ])('foreignSignIn(%s: %s) on host %s → %s', (method, _what, host, expected, params) => {
    expect(foreignSignIn(method, params, host)).toBe(expected)
  })
})

describe('what the confirmation shows (preview engine)', () => {
  it('a message: its text', () => {
    expect(
      describeRequest({ kind: 'rpc', method: 'personal_sign', params: [hex('Hello Portico'), EVM], namespace: 'eip155', chainId: 31337 }),
    ).toEqual({
      title: 'Sign a message',
      rows: [
        { label: 'Message', value: 'Hello Portico' },
        { label: 'Network', value: 'eip155:31337' },
      ],
      warnings: [],
    })
  })

  it('1 ETH to an address: to and value', () => {
    const view = describeRequest({
      kind: 'rpc',
      method: 'eth_sendTransaction',
      params: [{ from: EVM, to: SPENDER, value: '0xde0b6b3a7640000' }],
      namespace: 'eip155',
      chainId: 31337,
    })
    expect(view).toEqual({
      title: 'Send',
      rows: [
        { label: 'To', value: SPENDER },
        { label: 'Amount', value: '1 ETH' },
        { label: 'Network', value: 'eip155:31337' },
      ],
      warnings: [],
    })
  })

  it('an unlimited ERC-20 approval: spender, amount and a plain warning', () => {
    const data = `0x095ea7b3${SPENDER.slice(2).toLowerCase().padStart(64, '0')}${'f'.repeat(64)}`
    const view = describeRequest({
      kind: 'rpc',
      method: 'eth_sendTransaction',
      params: [{ from: EVM, to: TOKEN, data }],
      namespace: 'eip155',
      chainId: 31337,
    })
    expect(view.title).toBe('Approve spending')
    expect(view.rows).toEqual([
      { label: 'Token', value: TOKEN },
      { label: 'Spender', value: SPENDER },
      { label: 'Amount (base units)', value: `unlimited (${2n ** 256n - 1n})` },
      { label: 'Network', value: 'eip155:31337' },
    ])
    expect(view.warnings).toEqual(['Warning: this allows an unlimited amount.'])
  })

  it('a sign-in message: its fields; the email change: the new address; undecodable params: raw, with a warning', () => {
    const signIn = describeRequest(
      { kind: 'rpc', method: 'personal_sign', params: [hex(siwe('127.0.0.1:5173')), EVM], namespace: 'eip155', chainId: 31337 },
      '127.0.0.1:5173',
    )
    expect(signIn.title).toBe('Sign in')
    expect(signIn.rows[0]).toEqual({ label: 'Domain', value: '127.0.0.1:5173' })
    expect(signIn.warnings).toEqual([])
    expect(describeRequest({ kind: 'email', email: 'new@example.com' })).toEqual({
      title: 'Change your email',
      rows: [{ label: 'New email', value: 'new@example.com' }],
      warnings: [],
    })
    expect(describeRequest({ kind: 'rpc', method: 'wallet_grantPermissions', params: [{}], namespace: 'eip155', chainId: 1 })).toEqual({
      title: 'wallet_grantPermissions',
      rows: [
        { label: 'Request', value: '[{}]' },
        { label: 'Network', value: 'eip155:1' },
      ],
      warnings: ['Warning: this request could not be decoded.'],
    })
  })
})

describe('the channel to the confirmation window', () => {
  const REQUEST: ConfirmRequest = { kind: 'email', email: 'new@example.com' }
  const popup = () => {
    const got: { message: { type: string; id?: number }; targetOrigin: string }[] = []
    return {
      got,
      closed: false,
      postMessage: (message: unknown, targetOrigin: string) => void got.push({ message: message as never, targetOrigin }),
    }
  }
  const ready = { channel: CONFIRM_CHANNEL, type: 'CONFIRM_READY' }

  it('a window of this origin gets the request and its answer settles it; the host page can not answer', async () => {
    const c = confirmer({ origin: FRAME_ORIGIN })
    const win = popup()
    const answer = c.confirm(REQUEST)
    expect(c.receive({ origin: FRAME_ORIGIN, source: win, data: ready })).toBe(true)
    expect(win.got).toEqual([
      {
        message: { channel: CONFIRM_CHANNEL, type: 'REQUEST', id: 1, view: describeRequest(REQUEST) },
        targetOrigin: FRAME_ORIGIN,
      },
    ])
    const host = popup()
    // The host page (another origin), or another window of it, can not answer.
    expect(c.receive({ origin: HOST, source: win, data: { channel: CONFIRM_CHANNEL, type: 'ANSWER', id: 1, approved: true } })).toBe(false)
    expect(
      c.receive({ origin: FRAME_ORIGIN, source: host, data: { channel: CONFIRM_CHANNEL, type: 'ANSWER', id: 1, approved: true } }),
    ).toBe(false)
    expect(
      c.receive({ origin: FRAME_ORIGIN, source: win, data: { channel: CONFIRM_CHANNEL, type: 'ANSWER', id: 1, approved: true } }),
    ).toBe(true)
    expect(await answer).toBe(true)
    expect(win.got.at(-1)).toEqual({ message: { channel: CONFIRM_CHANNEL, type: 'IDLE' }, targetOrigin: FRAME_ORIGIN })
  })

  it('requests are shown one at a time, in order', async () => {
    const c = confirmer({ origin: FRAME_ORIGIN })
    const win = popup()
    c.receive({ origin: FRAME_ORIGIN, source: win, data: ready })
    const first = c.confirm(REQUEST)
    const second = c.confirm({ kind: 'email', email: 'other@example.com' })
    const requests = () => win.got.filter((g) => g.message.type === 'REQUEST').map((g) => g.message.id)
    expect(requests()).toEqual([1])
    c.receive({ origin: FRAME_ORIGIN, source: win, data: { channel: CONFIRM_CHANNEL, type: 'ANSWER', id: 1, approved: false } })
    expect(await first).toBe(false)
    expect(requests()).toEqual([1, 2])
    c.receive({ origin: FRAME_ORIGIN, source: win, data: { channel: CONFIRM_CHANNEL, type: 'ANSWER', id: 2, approved: true } })
    expect(await second).toBe(true)
  })

  it('no window within the wait, or a window closed before the answer → rejected', async () => {
    const c = confirmer({ origin: FRAME_ORIGIN, windowWaitMs: 30, pollMs: 5 })
    expect(await c.confirm(REQUEST)).toBe(false)
    const win = popup()
    const answer = c.confirm(REQUEST)
    c.receive({ origin: FRAME_ORIGIN, source: win, data: ready })
    win.closed = true
    expect(await answer).toBe(false)
  })
})

describe('the host page opens the window in the click (../popup.ts, ../adapter.ts)', () => {
  const FRAME_URL = 'http://127.0.0.1:4200/?projectId=p1'
  const fakeWindow = (href: string | (() => string)) => {
    const w = {
      closed: false,
      opened: [] as string[],
      location: {
        get href() {
          return typeof href === 'function' ? href() : href
        },
        set href(value: string) {
          w.opened.push(value)
        },
      },
      close() {
        w.closed = true
      },
    }
    return w
  }

  it("the adapter's list of methods that open the window is the protocol's unsafe list, and no read", () => {
    expect(FRAME_RPC_UNSAFE.filter((m) => UNSAFE.test(m))).toEqual([...FRAME_RPC_UNSAFE])
    expect(FRAME_RPC_READS.filter((m) => UNSAFE.test(m))).toEqual([])
    expect(['eth_sign', 'eth_signTransaction', 'wallet_sendCallsX'].filter((m) => UNSAFE.test(m))).toEqual([])
  })

  it('a new window goes to the frame origin’s confirm URL; one already there is reused as it is; a refused one is null', () => {
    const fresh = fakeWindow('about:blank')
    const open = vi.fn(() => fresh)
    expect(openConfirmPopup(FRAME_URL, open)).toBe(fresh)
    expect(open).toHaveBeenCalledWith('', 'portico-confirm', expect.stringContaining('popup=yes,width=400,height=620'))
    expect(fresh.opened).toEqual(['http://127.0.0.1:4200/?portico-confirm=request'])
    const onFrameOrigin = fakeWindow(() => {
      throw new DOMException('Blocked a frame with origin', 'SecurityError')
    })
    expect(openConfirmPopup(FRAME_URL, () => onFrameOrigin)).toBe(onFrameOrigin)
    expect(onFrameOrigin.opened).toEqual([])
    expect(openConfirmPopup(FRAME_URL, () => null)).toBeNull()
  })

  it('signMessage opens the window before anything is awaited and closes it when the request settles; a read opens none', async () => {
    const popup = fakeWindow('about:blank')
    const open = vi.fn(() => popup)
    const adapter = embeddedAdapter({ frameUrl: FRAME_URL, openPopup: open })
    const signing = adapter.signMessage({ message: 'hi', address: EVM, connectorId: 'embedded' })
    expect(open).toHaveBeenCalledTimes(1)
    expect(popup.closed).toBe(false)
    // No app context here: the request fails, and the window goes with it.
    await expect(signing).rejects.toThrow()
    expect(popup.closed).toBe(true)
    await adapter.request?.({ method: 'wallet_getAssets', params: [] } as never).catch(() => undefined)
    expect(open).toHaveBeenCalledTimes(1)
  })
})
