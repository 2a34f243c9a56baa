import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFrameClient, frameSrc } from './client'
import { FRAME_LOAD_TIMEOUT_MS, FRAME_READY_DELAY_MS, FRAME_REQUEST_TIMEOUT_MS, FRAME_SIGN_OUT_WAIT_MS } from './constants'
import { FRAME_ORIGIN, FRAME_URL, fakeFrameEnvironment } from './test-support'

function setup(extra: { onTimeout?: (r: string) => void; enableLogger?: boolean; logger?: (m: string) => void } = {}) {
  const fake = fakeFrameEnvironment()
  const client = createFrameClient({
    frameUrl: FRAME_URL,
    projectId: 'proj',
    chainId: 31337,
    version: '0.1.0',
    rpcUrl: 'http://127.0.0.1:8545',
    environment: fake.environment,
    ...extra,
  })
  return { fake, client }
}

async function readyClient(extra: Parameters<typeof setup>[0] = {}) {
  const s = setup(extra)
  s.fake.ready()
  await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
  return s
}

const flush = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('frame URL (SPEC §7)', () => {
  it('carries projectId, chainId, version, enableLogger and rpcUrl', () => {
    const url = new URL(
      frameSrc({
        frameUrl: 'http://127.0.0.1:4100/frame/',
        projectId: 'p1',
        chainId: 8453,
        version: '1.2.3',
        rpcUrl: 'http://127.0.0.1:8545',
        enableLogger: true,
      }),
    )
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:4100/frame/')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'p1',
      chainId: '8453',
      version: '1.2.3',
      enableLogger: 'true',
      rpcUrl: 'http://127.0.0.1:8545',
    })
  })

  it('mounts the frame with that src', () => {
    const { fake, client } = setup()
    expect(fake.mounted?.src).toBe(client.src)
    expect(client.origin).toBe(FRAME_ORIGIN)
  })
})

describe('lifecycle', () => {
  it('posts nothing before READY, then waits 500 ms after READY', async () => {
    const { fake, client } = setup()
    const p = client.request('IS_CONNECTED', {})
    await flush()
    expect(fake.posted).toHaveLength(0)
    fake.ready()
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS - 1)
    expect(fake.posted).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(fake.posted).toHaveLength(1)
    const sent = fake.posted[0]!
    expect(sent.targetOrigin).toBe(FRAME_ORIGIN)
    expect(sent.message).toMatchObject({ channel: 'portico:app', type: 'IS_CONNECTED', payload: {} })
    expect(sent.message.id).toMatch(/^[0-9a-f-]{36}$/)
    fake.succeed(sent, { isConnected: true })
    await expect(p).resolves.toEqual({ isConnected: true })
  })

  it('never posts with targetOrigin "*"', async () => {
    const { fake, client } = await readyClient()
    void client.request('GET_CHAIN_ID', {}).catch(() => undefined)
    void client.request('SYNC_THEME', { themeMode: 'dark' })
    await flush()
    expect(fake.posted.map((p) => p.targetOrigin)).toEqual([FRAME_ORIGIN, FRAME_ORIGIN])
  })

  it('20 s without READY: onTimeout(iframe_load_failed), then "Unable to load email login dependency"', async () => {
    const onTimeout = vi.fn()
    const { client } = setup({ onTimeout })
    const p = client.request('CONNECT_EMAIL', { email: 'a@b.co' })
    const caught = p.catch((e: Error) => e)
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1)
    expect(onTimeout).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(onTimeout).toHaveBeenCalledWith('iframe_load_failed')
    expect(((await caught) as Error).message).toBe('Unable to load email login dependency')
  })

  it.each(['SYNC_THEME', 'SYNC_DAPP_DATA', 'SET_PREFERRED_ACCOUNT'] as const)(
    '%s has no load timeout: it waits for READY',
    async (type) => {
      const onTimeout = vi.fn()
      const { fake, client } = setup({ onTimeout })
      const payload = type === 'SYNC_THEME' ? {} : type === 'SYNC_DAPP_DATA' ? { projectId: 'proj' } : { type: 'eoa' as const }
      const p = client.request(type, payload as never)
      await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS * 3)
      expect(onTimeout).not.toHaveBeenCalled()
      fake.ready()
      await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
      const sent = fake.last(type)!
      fake.succeed(sent, type === 'SET_PREFERRED_ACCOUNT' ? { type: 'eoa', address: '0xabc' } : {})
      await expect(p).resolves.toBeDefined()
    },
  )

  it('a second READY is ignored', () => {
    const { fake, client } = setup()
    fake.ready()
    expect(client.handleMessage({ origin: FRAME_ORIGIN, source: fake.win, data: { channel: 'portico:frame', type: 'READY' } })).toBe(false)
  })
})

describe('request timeout (SPEC §9: 120 s for email, device, OTP, social, social redirect)', () => {
  const timed = [
    ['CONNECT_EMAIL', { email: 'a@b.co' }],
    ['CONNECT_DEVICE', {}],
    ['CONNECT_OTP', { otp: '123456' }],
    ['CONNECT_SOCIAL', { uri: 'http://127.0.0.1/cb' }],
    ['GET_SOCIAL_REDIRECT_URI', { provider: 'google' }],
  ] as const
  it.each(timed)('%s: onTimeout(iframe_request_timeout), then aborted with "Something went wrong"', async (type, payload) => {
    const onTimeout = vi.fn()
    const { client } = await readyClient({ onTimeout })
    const caught = client.request(type, payload as never).catch((e: Error) => e)
    await vi.advanceTimersByTimeAsync(FRAME_REQUEST_TIMEOUT_MS - 1)
    expect(onTimeout).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(onTimeout).toHaveBeenCalledWith('iframe_request_timeout')
    expect(((await caught) as Error).message).toBe('Something went wrong')
    expect(client.pendingCount()).toBe(0)
  })

  it.each(['GET_USER', 'IS_CONNECTED', 'RPC_REQUEST'] as const)('%s has no request timeout', async (type) => {
    const onTimeout = vi.fn()
    const { fake, client } = await readyClient({ onTimeout })
    const p = client.request(type, (type === 'RPC_REQUEST' ? { method: 'personal_sign', params: [] } : {}) as never)
    await vi.advanceTimersByTimeAsync(FRAME_REQUEST_TIMEOUT_MS * 2)
    expect(onTimeout).not.toHaveBeenCalled()
    expect(client.pendingCount()).toBe(1)
    fake.succeed(
      fake.last(type)!,
      type === 'IS_CONNECTED'
        ? { isConnected: false }
        : type === 'RPC_REQUEST'
          ? { result: '0x1' }
          : {
              address: '0xabc',
              chainId: 1,
              accounts: [],
            },
    )
    await expect(p).resolves.toBeDefined()
  })
})

describe('replies', () => {
  it.each([
    ['Invalid code. Try again.', 'Invalid code. Try again.'],
    ['', 'An error occurred'],
    ['   ', 'An error occurred'],
  ])('an ERROR reply with message %j rejects with %j', async (message, expected) => {
    const { fake, client } = await readyClient()
    const caught = client.request('CONNECT_OTP', { otp: '000000' }).catch((e: Error) => e)
    await flush()
    fake.fail(fake.last()!, message)
    expect(((await caught) as Error).message).toBe(expected)
  })

  it('each request settles once: a replayed reply is ignored', async () => {
    const { fake, client } = await readyClient()
    const p = client.request('GET_CHAIN_ID', {})
    await flush()
    const sent = fake.last()!
    const reply = { channel: 'portico:frame', id: sent.message.id, type: 'GET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } }
    expect(client.handleMessage({ origin: FRAME_ORIGIN, source: fake.win, data: reply })).toBe(true)
    expect(client.handleMessage({ origin: FRAME_ORIGIN, source: fake.win, data: reply })).toBe(false)
    expect(
      client.handleMessage({
        origin: FRAME_ORIGIN,
        source: fake.win,
        data: { ...reply, type: 'GET_CHAIN_ID_ERROR', payload: { message: 'x' } },
      }),
    ).toBe(false)
    await expect(p).resolves.toEqual({ chainId: 1 })
  })

  it('a reply of another type for an open id is ignored (the request stays open)', async () => {
    const { fake, client } = await readyClient()
    const p = client.request('GET_CHAIN_ID', {})
    await flush()
    const id = fake.last()!.message.id
    expect(
      client.handleMessage({
        origin: FRAME_ORIGIN,
        source: fake.win,
        data: { channel: 'portico:frame', id, type: 'IS_CONNECTED_SUCCESS', payload: { isConnected: true } },
      }),
    ).toBe(false)
    expect(client.pendingCount()).toBe(1)
    fake.succeed(fake.last()!, { chainId: 5 })
    await expect(p).resolves.toEqual({ chainId: 5 })
  })

  it('wrong origin or wrong source: ignored', async () => {
    const { fake, client } = await readyClient()
    void client.request('GET_CHAIN_ID', {})
    await flush()
    const data = { channel: 'portico:frame', id: fake.last()!.message.id, type: 'GET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } }
    expect(client.handleMessage({ origin: 'http://127.0.0.1:4101', source: fake.win, data })).toBe(false)
    expect(client.handleMessage({ origin: FRAME_ORIGIN, source: {}, data })).toBe(false)
    expect(client.handleMessage({ origin: FRAME_ORIGIN, source: null, data })).toBe(false)
    expect(client.pendingCount()).toBe(1)
  })

  it('a malformed SUCCESS payload is logged and ignored (SPEC §5)', async () => {
    const logger = vi.fn()
    const { fake, client } = await readyClient({ enableLogger: true, logger })
    void client.request('IS_CONNECTED', {})
    await flush()
    fake.succeed(fake.last()!, { isConnected: 'yes' })
    expect(client.pendingCount()).toBe(1)
    expect(logger).toHaveBeenCalledWith('ignored a message that fails the frame schema', undefined)
  })

  it('without enableLogger nothing is logged', async () => {
    const logger = vi.fn()
    const { fake } = await readyClient({ logger })
    fake.deliver({ nonsense: true })
    expect(logger).not.toHaveBeenCalled()
  })
})

describe('aborts (SPEC §4/§6/§8)', () => {
  it('RPC abort: unsafe methods reject "Request was aborted", safe ones continue, RPC_ABORT is posted', async () => {
    const { fake, client } = await readyClient()
    const unsafe = [
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'solana_signMessage',
      'wallet_sendCalls',
      'wallet_grantPermissions',
    ]
    const results = unsafe.map((method) => client.rpc(method, []).catch((e: Error) => e.message))
    const safe = client.rpc('eth_getBalance', ['0x0', 'latest'])
    await flush()
    client.abortRpcRequests()
    await flush()
    expect(await Promise.all(results)).toEqual(unsafe.map(() => 'Request was aborted'))
    expect(fake.last('RPC_ABORT')).toBeDefined()
    fake.succeed(fake.posted.find((p) => (p.message.payload as { method?: string }).method === 'eth_getBalance')!, { result: '0x10' })
    await expect(safe).resolves.toBe('0x10')
  })

  it('abortAll: other requests reject "Something went wrong", the Farcaster URI continues', async () => {
    const { fake, client } = await readyClient()
    const user = client.request('GET_USER', {}).catch((e: Error) => e.message)
    const otp = client.request('CONNECT_OTP', { otp: '123456' }).catch((e: Error) => e.message)
    const farcaster = client.request('GET_FARCASTER_URI', {})
    await flush()
    client.abortAll()
    expect(await user).toBe('Something went wrong')
    expect(await otp).toBe('Something went wrong')
    fake.succeed(fake.last('GET_FARCASTER_URI')!, { url: 'https://farcaster.example/c' })
    await expect(farcaster).resolves.toEqual({ url: 'https://farcaster.example/c' })
  })

  it('a request signal rejects with its reason', async () => {
    const { client } = await readyClient()
    const controller = new AbortController()
    const p = client.request('CONNECT_EMAIL', { email: 'a@b.co' }, { signal: controller.signal }).catch((e: Error) => e.message)
    await flush()
    controller.abort(new Error('Modal closed'))
    expect(await p).toBe('Modal closed')
    expect(client.pendingCount()).toBe(0)
  })
})

describe('no frame', () => {
  it('"W3mFrame: iframe is not set" when the frame is gone', async () => {
    const { fake, client } = await readyClient()
    fake.mounted!.remove()
    await expect(client.request('GET_CHAIN_ID', {})).rejects.toThrow('W3mFrame: iframe is not set')
  })

  it('destroy rejects open requests and stops listening', async () => {
    const { fake, client } = await readyClient()
    const p = client.request('GET_USER', {}).catch((e: Error) => e.message)
    await flush()
    client.destroy()
    expect(await p).toBe('W3mFrame: iframe is not set')
    expect(fake.listenerCount()).toBe(0)
    expect(fake.mounted!.removed).toBe(true)
  })
})

describe('sign-out', () => {
  it('resolves when the frame answers', async () => {
    const { fake, client } = await readyClient()
    const p = client.signOut()
    await flush()
    fake.succeed(fake.last('SIGN_OUT')!)
    await expect(p).resolves.toBeUndefined()
  })

  it('gives up after 3 s', async () => {
    const { client } = await readyClient()
    let done = false
    void client.signOut().then(() => (done = true))
    await vi.advanceTimersByTimeAsync(FRAME_SIGN_OUT_WAIT_MS - 1)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
  })

  it('resolves on an ERROR reply too', async () => {
    const { fake, client } = await readyClient()
    const p = client.signOut()
    await flush()
    fake.fail(fake.last('SIGN_OUT')!, 'nope')
    await expect(p).resolves.toBeUndefined()
  })
})
