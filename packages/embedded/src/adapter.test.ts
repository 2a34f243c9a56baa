import type { AdapterContext, AdapterTheme, CaipNetwork, ConnectorEvent, StorageLike } from '@portico/headless'
import { STORAGE_KEYS } from '@portico/headless'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { embeddedAdapter } from './adapter'
import { FRAME_URL, fakeFrameEnvironment, type Posted } from './client/test-support'
import type { OpenPopup } from './popup'
import { HOST_STORAGE_KEYS } from './storage'

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const EMAIL = 'ada@example.com'

const evmNet: CaipNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const solNet: CaipNetwork = {
  id: 'localnet',
  caipNetworkId: 'solana:localnet',
  chainNamespace: 'solana',
  name: 'Solana local',
  nativeCurrency: { name: 'Sol', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}

function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }
}

type Handler = (payload: Record<string, unknown>) => { ok: unknown } | { error: string } | undefined

/** A fake frame: answers each posted app event from a table, after READY. */
function setup(
  table: Record<string, Handler> = {},
  context: Partial<AdapterContext> = {},
  extra: { fetch?: typeof fetch; openPopup?: OpenPopup } = {},
) {
  const fake = fakeFrameEnvironment()
  const storage = memoryStorage()
  const events: ConnectorEvent[] = []
  const ctx: AdapterContext = {
    networks: [evmNet],
    allNetworks: [evmNet, solNet],
    projectId: 'proj',
    getActiveNetwork: () => evmNet,
    setConnectors: vi.fn(),
    onAccountsChanged: vi.fn(),
    onChainChanged: vi.fn(),
    onDisconnect: vi.fn(),
    emit: (_id, event) => void events.push(event),
    ...context,
  }
  const user = {
    email: EMAIL,
    address: EVM,
    chainId: 31337,
    accounts: [{ address: EVM, type: 'eoa' }],
    preferredAccountType: 'eoa',
    solanaAddress: SOL,
  }
  const defaults: Record<string, Handler> = {
    CONNECT_EMAIL: () => ({ ok: { action: 'VERIFY_OTP' } }),
    CONNECT_DEVICE: () => ({ ok: {} }),
    CONNECT_OTP: (p) => (p.otp === '123456' ? { ok: {} } : { error: 'Invalid code. Try again.' }),
    GET_USER: () => ({ ok: user }),
    IS_CONNECTED: () => ({ ok: { isConnected: true } }),
    SIGN_OUT: () => ({ ok: {} }),
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ ok: { smartAccountEnabledNetworks: [31337] } }),
    SWITCH_NETWORK: (p) => ({ ok: { chainId: p.chainId } }),
    SYNC_THEME: () => ({ ok: {} }),
    SYNC_DAPP_DATA: () => ({ ok: {} }),
    RPC_REQUEST: (p) =>
      p.method === 'personal_sign' || p.method === 'eth_signTypedData_v4'
        ? { ok: { result: `0x${'ab'.repeat(65)}` } }
        : p.method === 'eth_sendTransaction'
          ? { ok: { result: `0x${'12'.repeat(32)}` } }
          : p.method === 'solana_signMessage'
            ? { ok: { result: { signature: 'sig58' } } }
            : p.method === 'wallet_sendCalls'
              ? { ok: { result: { id: 'batch-1' } } }
              : p.method === 'wallet_getCallsStatus'
                ? { ok: { result: { status: 200, receipts: [{ transactionHash: '0x01', status: '0x1' }] } } }
                : { error: 'Requested RPC call is not allowed' },
  }
  const handlers = { ...defaults, ...table }
  fake.onPost((p: Posted) => {
    const handler = handlers[p.message.type]
    const answer = handler?.((p.message.payload ?? {}) as Record<string, unknown>)
    if (!answer) return
    queueMicrotask(() => ('ok' in answer ? fake.succeed(p, answer.ok) : fake.fail(p, answer.error)))
  })
  const adapter = embeddedAdapter({ frameUrl: FRAME_URL, storage, environment: fake.environment, ...extra })
  void adapter.setup(ctx)
  return { fake, storage, events, ctx, adapter, types: () => fake.posted.map((p) => p.message.type).filter((t) => !t.startsWith('SYNC_')) }
}

/** Let the import(), READY and the 500 ms delay pass. */
async function settle(s: ReturnType<typeof setup>) {
  // the engine's import() is real module loading: give it real turns of the event loop
  for (let i = 0; i < 500 && !s.fake.mounted; i++) await new Promise((r) => setImmediate(r))
  if (s.fake.mounted && !s.fake.posted.length) s.fake.ready()
  await vi.advanceTimersByTimeAsync(600)
}

const prompts = (events: ConnectorEvent[]) => events.map((e) => (e.kind === 'prompt' ? (e.prompt ? { ...e.prompt } : undefined) : e))

// warm the module cache: the adapter's import() of the engine then resolves in a few turns
beforeAll(async () => void (await import('./engine')))
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }))
afterEach(() => vi.useRealTimers())

describe('embeddedAdapter: setup', () => {
  it('registers one auth connector and loads nothing', () => {
    const s = setup()
    expect(s.ctx.setConnectors).toHaveBeenCalledWith([{ id: 'auth', name: 'Email', type: 'auth', namespace: 'eip155' }])
    expect(s.adapter.namespace).toBe('eip155')
    expect(s.adapter.namespaces).toEqual(['eip155', 'solana'])
    expect(s.adapter.capabilities).toEqual([
      'nativeTransfer',
      'tokenTransfer',
      'typedData',
      'sendCalls',
      'callsStatus',
      'walletCapabilities',
      'waitForReceipt',
      'walletRequest',
    ])
    expect(s.fake.mounted).toBeUndefined()
  })

  it('reconnect without a remembered login resolves null and mounts no frame', async () => {
    const s = setup()
    await expect(s.adapter.reconnect({ connectorId: 'auth' })).resolves.toBeNull()
    expect(s.fake.mounted).toBeUndefined()
  })

  it('theme and dapp data wait for the frame, then are sent', async () => {
    const s = setup()
    await s.adapter.syncTheme({ themeMode: 'dark', themeVariables: { '--portico-color-accent': '#7c3aed' } })
    await s.adapter.syncDappData({ projectId: 'proj', name: 'Demo' })
    expect(s.fake.mounted).toBeUndefined()
    const connecting = s.adapter.connect({ connectorId: 'auth', auth: { kind: 'email', email: EMAIL } }).catch(() => undefined)
    await settle(s)
    expect(s.fake.posted.map((p) => p.message.type).slice(0, 3)).toEqual(['SYNC_THEME', 'SYNC_DAPP_DATA', 'CONNECT_EMAIL'])
    expect(s.fake.posted[0]!.message.payload).toEqual({ themeMode: 'dark', themeVariables: { '--portico-color-accent': '#7c3aed' } })
    await s.adapter.respond!({ connectorId: 'auth', answer: { kind: 'cancel' } })
    await connecting
  })
})

describe('embeddedAdapter: email login (SPEC §4)', () => {
  it('new device: VERIFY_DEVICE → device → OTP (a wrong code first) → user', async () => {
    const s = setup({ CONNECT_EMAIL: () => ({ ok: { action: 'VERIFY_DEVICE' } }) })
    s.storage.setItem(STORAGE_KEYS.lastEmailLoginTime, '1700000000000')
    const connecting = s.adapter.connect({ connectorId: 'auth', auth: { kind: 'email', email: EMAIL } })
    await settle(s)
    expect(s.types()).toEqual(['CONNECT_EMAIL', 'CONNECT_DEVICE'])
    expect(s.fake.posted.find((p) => p.message.type === 'CONNECT_EMAIL')!.message.payload).toEqual({ email: EMAIL })
    expect(prompts(s.events)).toEqual([
      { kind: 'verifyDevice', email: EMAIL },
      { kind: 'verifyOtp', email: EMAIL },
    ])

    await expect(s.adapter.respond!({ connectorId: 'auth', answer: { kind: 'otp', code: '000000' } })).rejects.toThrow(
      'Invalid code. Try again.',
    )
    expect(prompts(s.events).at(-1)).toEqual({ kind: 'verifyOtp', email: EMAIL, error: 'Invalid code. Try again.' })

    await expect(s.adapter.respond!({ connectorId: 'auth', answer: { kind: 'otp', code: '123456' } })).resolves.toBeUndefined()
    const result = await connecting
    expect(result).toEqual({
      address: EVM,
      chainId: 31337,
      accounts: [EVM],
      authName: EMAIL,
      accountType: 'eoa',
      namespaces: { solana: { address: SOL, chainId: 'localnet', accounts: [SOL] } },
    })
    expect(prompts(s.events).at(-1)).toBeUndefined()
    expect(s.types()).toEqual([
      'CONNECT_EMAIL',
      'CONNECT_DEVICE',
      'CONNECT_OTP',
      'CONNECT_OTP',
      'GET_USER',
      // The confirmation policy's hint, for the window (./frame/policy.ts).
      'GET_CONFIRM_POLICY',
      'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
    ])
    await vi.advanceTimersByTimeAsync(0)
    // SPEC §4: the email-used flag stored, last-login-time cleared
    expect(s.storage.getItem(STORAGE_KEYS.emailLoginUsed)).toBe('true')
    expect(s.storage.getItem(STORAGE_KEYS.lastEmailLoginTime)).toBeNull()
    expect(JSON.parse(s.storage.getItem(STORAGE_KEYS.connectedEmail)!)).toBe(EMAIL)
    expect(JSON.parse(s.storage.getItem(STORAGE_KEYS.smartAccountEnabledNetworks)!)).toEqual([31337])
  })

  it('host storage after a login holds only SPEC §3 keys, and no credential', async () => {
    const s = setup()
    const connecting = s.adapter.connect({ connectorId: 'auth', auth: { kind: 'email', email: EMAIL } })
    await settle(s)
    await s.adapter.respond!({ connectorId: 'auth', answer: { kind: 'otp', code: '123456' } })
    await connecting
    await vi.advanceTimersByTimeAsync(0)
    const keys = [...s.storage.map.keys()]
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) expect(HOST_STORAGE_KEYS).toContain(key)
    const all = [...s.storage.map.values()].join('\n')
    expect(all).not.toMatch(/session|stamp|private|seed|mnemonic|BEGIN|sessionId/i)
  })

  it('a known device goes straight to the OTP; CONNECT skips it', async () => {
    const s = setup({ CONNECT_EMAIL: () => ({ ok: { action: 'CONNECT' } }) })
    const result = s.adapter.connect({ connectorId: 'auth', auth: { kind: 'email', email: EMAIL } })
    await settle(s)
    await expect(result).resolves.toMatchObject({ address: EVM, authName: EMAIL })
    expect(s.types().slice(0, 2)).toEqual(['CONNECT_EMAIL', 'GET_USER'])
    expect(prompts(s.events)).toEqual([undefined])
  })

  it('resend posts CONNECT_EMAIL again and clears the shown error', async () => {
    const s = setup()
    const connecting = s.adapter.connect({ connectorId: 'auth', auth: { kind: 'email', email: EMAIL } })
    await settle(s)
    await s.adapter.respond!({ connectorId: 'auth', answer: { kind: 'otp', code: '999999' } }).catch(() => undefined)
    await s.adapter.respond!({ connectorId: 'auth', answer: { kind: 'resend' } })
    expect(s.types()).toEqual(['CONNECT_EMAIL', 'CONNECT_OTP', 'CONNECT_EMAIL'])
    expect(prompts(s.events).at(-1)).toEqual({ kind: 'verifyOtp', email: EMAIL })
    await s.adapter.respond!({ connectorId: 'auth', answer: { kind: 'otp', code: '123456' } })
    await expect(connecting).resolves.toMatchObject({ authName: EMAIL })
  })

  it('cancel rejects the connect with "Modal closed" and clears the prompt', async () => {
    const s = setup()
    const connecting = s.adapter.connect({ connectorId: 'auth', auth: { kind: 'email', email: EMAIL } }).catch((e: Error) => e.message)
    await settle(s)
    await s.adapter.respond!({ connectorId: 'auth', answer: { kind: 'cancel' } })
    expect(await connecting).toBe('Modal closed')
    expect(prompts(s.events).at(-1)).toBeUndefined()
    expect(s.storage.map.size).toBe(0)
  })

  it('device approval after two pending answers (issue 24: each ask is bounded): CONNECT_DEVICE asked 3 times, the prompts as before', async () => {
    let asks = 0
    const s = setup({
      CONNECT_EMAIL: () => ({ ok: { action: 'VERIFY_DEVICE' } }),
      CONNECT_DEVICE: () => ({ ok: ++asks < 3 ? { state: 'pending' } : {} }),
    })
    const connecting = s.adapter.connect({ connectorId: 'auth', auth: { kind: 'email', email: EMAIL } })
    await settle(s)
    expect(s.types()).toEqual(['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_DEVICE', 'CONNECT_DEVICE'])
    expect(prompts(s.events)).toEqual([
      { kind: 'verifyDevice', email: EMAIL },
      { kind: 'verifyOtp', email: EMAIL },
    ])
    await s.adapter.respond!({ connectorId: 'auth', answer: { kind: 'otp', code: '123456' } })
    expect(await connecting).toMatchObject({ address: EVM })
  })

  it('the user cancels while the device is pending: no ask after the cancel, the connect rejects with its reason', async () => {
    const s = setup({
      CONNECT_EMAIL: () => ({ ok: { action: 'VERIFY_DEVICE' } }),
      // The first ask answers pending; the second stays open (the API still waiting).
      CONNECT_DEVICE: () => (s.types().filter((t) => t === 'CONNECT_DEVICE').length === 1 ? { ok: { state: 'pending' } } : undefined),
    })
    const controller = new AbortController()
    const connecting = s.adapter
      .connect({ connectorId: 'auth', auth: { kind: 'email', email: EMAIL }, signal: controller.signal })
      .catch((e: Error) => e.message)
    await settle(s)
    expect(s.types()).toEqual(['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_DEVICE'])
    controller.abort(new Error('Modal closed'))
    expect(await connecting).toBe('Modal closed')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(s.types()).toEqual(['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_DEVICE'])
  })

  it('the signal aborts the connect with its reason', async () => {
    const s = setup({ CONNECT_DEVICE: () => undefined, CONNECT_EMAIL: () => ({ ok: { action: 'VERIFY_DEVICE' } }) })
    const controller = new AbortController()
    const connecting = s.adapter
      .connect({ connectorId: 'auth', auth: { kind: 'email', email: EMAIL }, signal: controller.signal })
      .catch((e: Error) => e.message)
    await settle(s)
    expect(s.types()).toEqual(['CONNECT_EMAIL', 'CONNECT_DEVICE'])
    controller.abort(new Error('Modal closed'))
    expect(await connecting).toBe('Modal closed')
  })

  it.each([
    [{ kind: 'social', provider: 'google' } as const, 'Failed to initiate social connection'],
    [undefined, 'Failed to connect'],
  ])('connect(%j) rejects with %j (social and Farcaster are not built yet)', async (auth, message) => {
    const s = setup()
    await expect(s.adapter.connect({ connectorId: 'auth', ...(auth ? { auth } : {}) })).rejects.toThrow(message)
  })
})

async function connected(table: Record<string, Handler> = {}, extra: Parameters<typeof setup>[2] = {}) {
  const s = setup(table, {}, extra)
  const connecting = s.adapter.connect({ connectorId: 'auth', auth: { kind: 'email', email: EMAIL } })
  await settle(s)
  await s.adapter.respond!({ connectorId: 'auth', answer: { kind: 'otp', code: '123456' } })
  await connecting
  await vi.advanceTimersByTimeAsync(0)
  s.fake.posted.length = 0
  return s
}

const rpcOf = (s: ReturnType<typeof setup>) => s.fake.posted.filter((p) => p.message.type === 'RPC_REQUEST').map((p) => p.message.payload)

describe('embeddedAdapter: the confirmation window and the policy’s hint', () => {
  const SHOP = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  const ETH = 10n ** 18n
  /** The frame lets through sends under 0.01 ETH to SHOP, 0.01 ETH a day; nothing spent yet. */
  const HINT = {
    policy: {
      auto: {
        methods: ['eth_sendTransaction'],
        chains: { 'eip155:31337': { targets: [SHOP], perTx: String(ETH / 100n), perDay: String(ETH / 100n) } },
      },
    },
    spent: {},
  }

  it('no window for what the frame will let through; a window for a send above the cap, another address, a message, a second send past the day’s cap', async () => {
    const opened: string[] = []
    const openPopup: OpenPopup = (url) => {
      opened.push(url)
      return null
    }
    const s = await connected({ GET_CONFIRM_POLICY: () => ({ ok: HINT }) }, { openPopup })
    await vi.advanceTimersByTimeAsync(0)
    await s.adapter.sendTransaction({ address: EVM, to: SHOP, value: (ETH * 6n) / 1000n })
    expect(opened).toEqual([])
    await s.adapter.sendTransaction({ address: EVM, to: SHOP, value: ETH / 50n })
    expect(opened).toHaveLength(1)
    await s.adapter.sendTransaction({ address: EVM, to: EVM, value: 1n })
    expect(opened).toHaveLength(2)
    await s.adapter.signMessage({ message: 'hi', address: EVM })
    expect(opened).toHaveLength(3)
    // Two sends at once: the first is counted before the frame's tally comes back, so the second (0.012 ETH today) gets a window.
    await vi.advanceTimersByTimeAsync(0)
    const first = s.adapter.sendTransaction({ address: EVM, to: SHOP, value: (ETH * 6n) / 1000n })
    const second = s.adapter.sendTransaction({ address: EVM, to: SHOP, value: (ETH * 6n) / 1000n })
    expect(opened).toHaveLength(4)
    await Promise.all([first, second])
  })

  it('without a policy (the frame answers null) every unsafe request opens the window', async () => {
    const opened: string[] = []
    const s = await connected(
      { GET_CONFIRM_POLICY: () => ({ ok: { policy: null, spent: {} } }) },
      {
        openPopup: (url) => {
          opened.push(url)
          return null
        },
      },
    )
    await vi.advanceTimersByTimeAsync(0)
    await s.adapter.sendTransaction({ address: EVM, to: SHOP, value: 1n })
    expect(opened).toHaveLength(1)
  })
})

describe('embeddedAdapter: session', () => {
  it('reconnect with the remembered flag: IS_CONNECTED then GET_USER', async () => {
    const s = setup()
    s.storage.setItem(STORAGE_KEYS.emailLoginUsed, 'true')
    const result = s.adapter.reconnect({ connectorId: 'auth' })
    await settle(s)
    await expect(result).resolves.toMatchObject({ address: EVM, authName: EMAIL })
    expect(s.types()).toEqual(['IS_CONNECTED', 'GET_USER', 'GET_CONFIRM_POLICY'])
  })

  it.each([
    ['not connected', { IS_CONNECTED: () => ({ ok: { isConnected: false } }) }],
    ['an error', { IS_CONNECTED: () => ({ error: 'boom' }) }],
  ] as const)('reconnect: %s clears the cached login (SPEC §4) and resolves null', async (_name, table) => {
    const s = setup(table as Record<string, Handler>)
    s.storage.setItem(STORAGE_KEYS.emailLoginUsed, 'true')
    s.storage.setItem(STORAGE_KEYS.connectedEmail, JSON.stringify(EMAIL))
    const result = s.adapter.reconnect({ connectorId: 'auth' })
    await settle(s)
    await expect(result).resolves.toBeNull()
    expect(s.storage.getItem(STORAGE_KEYS.emailLoginUsed)).toBeNull()
    expect(s.storage.getItem(STORAGE_KEYS.connectedEmail)).toBeNull()
  })

  it('disconnect signs out in the frame and clears the cached login', async () => {
    const s = await connected()
    await s.adapter.disconnect({ connectorId: 'auth' })
    expect(s.types()).toEqual(['SIGN_OUT'])
    expect(s.storage.getItem(STORAGE_KEYS.emailLoginUsed)).toBeNull()
    expect(s.storage.getItem(STORAGE_KEYS.connectedEmail)).toBeNull()
  })

  it('disconnect gives up waiting for the frame after 3 s', async () => {
    const s = await connected({ SIGN_OUT: () => undefined })
    let done = false
    void s.adapter.disconnect({ connectorId: 'auth' }).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(2_999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
  })

  it('switchNetwork posts SWITCH_NETWORK and reports the chain', async () => {
    const s = await connected()
    await s.adapter.switchNetwork({ network: { ...evmNet, id: 31338, caipNetworkId: 'eip155:31338' } })
    expect(s.fake.posted.find((p) => !p.message.type.startsWith('SYNC_'))!.message).toMatchObject({
      type: 'SWITCH_NETWORK',
      payload: { chainId: 31338, namespace: 'eip155' },
    })
    expect(s.ctx.onChainChanged).toHaveBeenCalledWith(31338, 'eip155')
  })
})

describe('embeddedAdapter: wallet calls through the frame', () => {
  it('signMessage: personal_sign with the UTF-8 message as hex', async () => {
    const s = await connected()
    await expect(s.adapter.signMessage({ message: 'hi', address: EVM })).resolves.toBe(`0x${'ab'.repeat(65)}`)
    expect(rpcOf(s)).toEqual([{ method: 'personal_sign', params: ['0x6869', EVM], namespace: 'eip155', chainId: 31337 }])
  })

  it('signMessage on the Solana account: solana_signMessage', async () => {
    const s = await connected()
    await expect(s.adapter.signMessage({ message: 'hi', address: SOL })).resolves.toBe('sig58')
    expect(rpcOf(s)).toEqual([
      { method: 'solana_signMessage', params: [{ message: 'aGk=', pubkey: SOL }], namespace: 'solana', chainId: 'localnet' },
    ])
  })

  it('sendTransaction and transfer: eth_sendTransaction with hex quantities', async () => {
    const s = await connected()
    await s.adapter.sendTransaction({ address: EVM, to: EVM, value: 10n ** 18n, data: '0x' })
    await s.adapter.transfer!({ address: EVM, to: EVM, amount: 5n })
    expect(rpcOf(s)).toEqual([
      {
        method: 'eth_sendTransaction',
        params: [{ from: EVM, to: EVM, value: '0xde0b6b3a7640000', data: '0x' }],
        namespace: 'eip155',
        chainId: 31337,
      },
      { method: 'eth_sendTransaction', params: [{ from: EVM, to: EVM, value: '0x5' }], namespace: 'eip155', chainId: 31337 },
    ])
  })

  it('an ERC-20 transfer is eth_sendTransaction to the token with transfer(to, amount) as data; an unencodable one is refused before the frame is asked', async () => {
    const s = await connected()
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    await s.adapter.transfer!({ address: EVM, to: EVM, amount: 1_500_000n, token: { address: token, decimals: 6 } })
    expect(rpcOf(s)).toEqual([
      {
        method: 'eth_sendTransaction',
        params: [
          {
            from: EVM,
            to: token,
            data: `0xa9059cbb${EVM.slice(2).toLowerCase().padStart(64, '0')}${1_500_000n.toString(16).padStart(64, '0')}`,
          },
        ],
        namespace: 'eip155',
        chainId: 31337,
      },
    ])
    await expect(s.adapter.transfer!({ address: EVM, to: 'bob', amount: 1n, token: { address: token, decimals: 6 } })).rejects.toThrow(
      'Failed to create transaction',
    )
    expect(rpcOf(s)).toHaveLength(1)
  })

  it('signTypedData: eth_signTypedData_v4 with bigints as strings', async () => {
    const s = await connected()
    await s.adapter.signTypedData!({
      address: EVM,
      domain: { name: 'D', chainId: 1n },
      types: { M: [{ name: 'v', type: 'uint256' }] },
      primaryType: 'M',
      message: { v: 7n },
    })
    const [req] = rpcOf(s) as { params: [string, string] }[]
    expect(req!.params[0]).toBe(EVM)
    expect(JSON.parse(req!.params[1])).toEqual({
      domain: { name: 'D', chainId: '1' },
      types: { M: [{ name: 'v', type: 'uint256' }] },
      primaryType: 'M',
      message: { v: '7' },
    })
  })

  it('sendCalls and getCallsStatus', async () => {
    const s = await connected()
    await expect(
      s.adapter.sendCalls!({
        address: EVM,
        calls: [
          { to: EVM, value: '0x1' },
          { to: EVM, data: '0x' },
        ],
      }),
    ).resolves.toEqual({ id: 'batch-1' })
    await expect(s.adapter.getCallsStatus!({ address: EVM, id: 'batch-1' })).resolves.toEqual({
      id: 'batch-1',
      status: 200,
      receipts: [{ transactionHash: '0x01', status: '0x1' }],
    })
    await expect(s.adapter.sendCalls!({ address: EVM, calls: [{ to: 'abc' as `0x${string}` }] })).rejects.toThrow(
      "Invalid wallet call: calls.0.to: 'to' must start with 0x",
    )
  })

  it('getCapabilities resolves {} on error (SPEC §8)', async () => {
    const s = await connected()
    await expect(s.adapter.getCapabilities!({ address: EVM })).resolves.toEqual({})
  })

  it('a frame ERROR reply rejects with its text', async () => {
    const s = await connected({ RPC_REQUEST: () => ({ error: 'User rejected the request' }) })
    await expect(s.adapter.signMessage({ message: 'x', address: EVM })).rejects.toThrow('User rejected the request')
  })

  it('before any login, wallet calls reject "Not connected to email or social"', async () => {
    const s = setup()
    await expect(s.adapter.signMessage({ message: 'x', address: EVM })).rejects.toThrow('Not connected to email or social')
  })
})

describe('embeddedAdapter: theme and dapp data (SPEC §3)', () => {
  it("sends the app's metadata and the current theme once the frame loads, and the theme (with the modal's locale) again when it changes", async () => {
    let listener: ((theme: AdapterTheme) => void) | undefined
    let unwatched = false
    const s = setup(
      { CONNECT_EMAIL: () => ({ ok: { action: 'CONNECT' } }) },
      {
        metadata: { name: 'My app', description: 'An app', url: 'https://my.app', icons: ['https://my.app/icon.png'] },
        watchTheme: (l) => {
          listener = l
          l({ themeMode: 'dark', themeVariables: { '--portico-accent': '#ff0000' } })
          return () => {
            unwatched = true
          }
        },
      },
    )
    // Nothing is sent before the frame exists.
    expect(s.fake.posted).toEqual([])
    const result = s.adapter.connect({ connectorId: 'auth', auth: { kind: 'email', email: EMAIL } })
    await settle(s)
    await result
    const payloadOf = (type: string) => s.fake.posted.filter((p) => p.message.type === type).map((p) => p.message.payload)
    expect(payloadOf('SYNC_DAPP_DATA')).toEqual([
      {
        projectId: 'proj',
        sdkType: 'portico',
        name: 'My app',
        description: 'An app',
        url: 'https://my.app',
        icons: ['https://my.app/icon.png'],
      },
    ])
    expect(payloadOf('SYNC_THEME')).toEqual([{ themeMode: 'dark', themeVariables: { '--portico-accent': '#ff0000' } }])
    listener!({ themeMode: 'light', themeVariables: {}, locale: 'ar' })
    await vi.advanceTimersByTimeAsync(0)
    expect(payloadOf('SYNC_THEME')).toEqual([
      { themeMode: 'dark', themeVariables: { '--portico-accent': '#ff0000' } },
      { themeMode: 'light', themeVariables: {}, locale: 'ar' },
    ])
    expect(unwatched).toBe(false)
  })
})

describe('embeddedAdapter: email update (SPEC §4)', () => {
  const NEW = 'grace@example.com'
  const updateTable: Record<string, Handler> = {
    UPDATE_EMAIL: (p) => (p.email === NEW ? { ok: { action: 'VERIFY_PRIMARY_OTP' } } : { error: 'That email is already in use' }),
    UPDATE_EMAIL_PRIMARY_OTP: (p) => (p.otp === '111111' ? { ok: {} } : { error: 'Invalid code. Try again.' }),
    UPDATE_EMAIL_SECONDARY_OTP: (p) => (p.otp === '222222' ? { ok: { newEmail: NEW } } : { error: 'Invalid code. Try again.' }),
  }

  it('UPDATE_EMAIL → the current address’s code (a wrong one first) → the new address’s code → newEmail, stored as the host’s email', async () => {
    const s = await connected(updateTable)
    expect(await s.adapter.updateEmail!({ connectorId: 'auth', email: NEW })).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    await expect(s.adapter.confirmEmailUpdate!({ connectorId: 'auth', step: 'primary', otp: '000000' })).rejects.toThrow(
      'Invalid code. Try again.',
    )
    expect(await s.adapter.confirmEmailUpdate!({ connectorId: 'auth', step: 'primary', otp: '111111' })).toEqual({
      action: 'VERIFY_SECONDARY_OTP',
    })
    expect(s.storage.map.get(STORAGE_KEYS.connectedEmail)).toBe(JSON.stringify(EMAIL))
    expect(await s.adapter.confirmEmailUpdate!({ connectorId: 'auth', step: 'secondary', otp: '222222' })).toEqual({ newEmail: NEW })
    expect(s.types()).toEqual(['UPDATE_EMAIL', 'UPDATE_EMAIL_PRIMARY_OTP', 'UPDATE_EMAIL_PRIMARY_OTP', 'UPDATE_EMAIL_SECONDARY_OTP'])
    expect(s.fake.posted.map((p) => p.message.payload)).toEqual([{ email: NEW }, { otp: '000000' }, { otp: '111111' }, { otp: '222222' }])
    // SPEC §3 host keys: the flag and the new email; nothing else added.
    expect(s.storage.map.get(STORAGE_KEYS.connectedEmail)).toBe(JSON.stringify(NEW))
    expect(s.storage.map.get(STORAGE_KEYS.emailLoginUsed)).toBe('true')
    for (const key of s.storage.map.keys()) expect(HOST_STORAGE_KEYS).toContain(key)
  })

  it('a refused update rejects with the frame’s text', async () => {
    const s = await connected(updateTable)
    await expect(s.adapter.updateEmail!({ connectorId: 'auth', email: 'taken@example.com' })).rejects.toThrow(
      'That email is already in use',
    )
  })

  it('the update requests end after 120 s without an answer (iframe_request_timeout)', async () => {
    const s = await connected({ UPDATE_EMAIL: () => undefined })
    const pending = s.adapter.updateEmail!({ connectorId: 'auth', email: NEW })
    const outcome = pending.then(
      () => 'resolved',
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    )
    await vi.advanceTimersByTimeAsync(119_000)
    expect(s.types()).toEqual(['UPDATE_EMAIL'])
    await vi.advanceTimersByTimeAsync(2_000)
    expect(await outcome).toBe('Something went wrong')
  })

  it('before any login: "Not connected to email or social"', async () => {
    const s = setup(updateTable)
    await expect(s.adapter.updateEmail!({ connectorId: 'auth', email: NEW })).rejects.toThrow('Not connected to email or social')
    await expect(s.adapter.confirmEmailUpdate!({ connectorId: 'auth', step: 'primary', otp: '111111' })).rejects.toThrow(
      'Not connected to email or social',
    )
  })
})

describe('embeddedAdapter: Farcaster', () => {
  const farcasterUser = {
    email: null,
    userName: 'ada',
    socialProvider: 'farcaster',
    address: EVM,
    chainId: 31337,
    accounts: [{ address: EVM, type: 'eoa' }],
    preferredAccountType: 'eoa',
    solanaAddress: SOL,
  }
  const URL = 'https://warpcast.com/~/siwf?channelToken=chan-0123456789abcdef'

  it('GET_FARCASTER_URI → a farcaster prompt with the URL → CONNECT_FARCASTER → GET_USER: connected as ada (socialProvider farcaster)', async () => {
    const s = setup({
      GET_FARCASTER_URI: () => ({ ok: { url: URL } }),
      CONNECT_FARCASTER: () => ({ ok: { userName: 'ada' } }),
      GET_USER: () => ({ ok: farcasterUser }),
    })
    const connecting = s.adapter.connect({ connectorId: 'auth', auth: { kind: 'farcaster' } })
    await settle(s)
    const result = await connecting
    expect(s.types().slice(0, 3)).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER', 'GET_USER'])
    expect(prompts(s.events)).toEqual([{ kind: 'farcaster', url: URL }, undefined])
    expect(result).toMatchObject({ address: EVM, authName: 'ada', socialProvider: 'farcaster' })
  })

  it.each([
    ['the URI', { GET_FARCASTER_URI: () => ({ error: 'Farcaster sign-in is not configured' }) }],
    [
      'the sign-in',
      {
        GET_FARCASTER_URI: () => ({ ok: { url: URL } }),
        CONNECT_FARCASTER: () => ({ error: 'The Farcaster sign-in message is not valid' }),
      },
    ],
  ] as const)('a frame error on %s → "Failed to connect to farcaster", the prompt cleared', async (_what, table) => {
    const s = setup(table as Record<string, Handler>)
    const connecting = s.adapter.connect({ connectorId: 'auth', auth: { kind: 'farcaster' } }).catch((e: Error) => e.message)
    await settle(s)
    expect(await connecting).toBe('Failed to connect to farcaster')
    expect(prompts(s.events).at(-1)).toBeUndefined()
  })

  it('the signal (modal closed) aborts it with its own reason', async () => {
    const s = setup({ GET_FARCASTER_URI: () => ({ ok: { url: URL } }), CONNECT_FARCASTER: () => undefined })
    const controller = new AbortController()
    const connecting = s.adapter
      .connect({ connectorId: 'auth', auth: { kind: 'farcaster' }, signal: controller.signal })
      .catch((e: Error) => e.message)
    await settle(s)
    controller.abort(new Error('Modal closed'))
    expect(await connecting).toBe('Modal closed')
  })
})

describe('embeddedAdapter: the smart account (EIP-5792 calls, preferred account)', () => {
  const status = {
    version: '2.0.0',
    id: '0xbatch',
    chainId: '0x7a69',
    status: 500,
    atomic: true,
    receipts: [
      {
        logs: [],
        status: '0x0',
        blockHash: `0x${'01'.repeat(32)}`,
        blockNumber: '0x5',
        gasUsed: '0x5208',
        transactionHash: `0x${'02'.repeat(32)}`,
      },
    ],
  }
  const rpcTable: Record<string, Handler> = {
    RPC_REQUEST: (p) =>
      p.method === 'wallet_sendCalls'
        ? { ok: { result: { id: '0xbatch' } } }
        : p.method === 'wallet_getCallsStatus'
          ? { ok: { result: status } }
          : p.method === 'wallet_getCapabilities'
            ? { ok: { result: { '0x7a69': { atomic: { status: 'supported' } } } } }
            : { error: 'Requested RPC call is not allowed' },
  }

  it('sendCalls sends one EIP-5792 v2 request (hex chain id, atomicRequired) to the frame; getCallsStatus keeps status and receipts; getCapabilities answers per chain', async () => {
    const s = await connected(rpcTable)
    const calls = [
      { to: EVM, data: '0xa9059cbb' as const, value: '0x0' },
      { to: EVM, value: '0x1' },
    ] as const
    await expect(s.adapter.sendCalls!({ address: EVM, calls })).resolves.toEqual({ id: '0xbatch' })
    await expect(s.adapter.getCallsStatus!({ address: EVM, id: '0xbatch' })).resolves.toEqual({
      id: '0xbatch',
      status: 500,
      receipts: [{ transactionHash: status.receipts[0]!.transactionHash, status: '0x0', blockNumber: '0x5' }],
    })
    await expect(s.adapter.getCapabilities!({ address: EVM })).resolves.toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
    expect(rpcOf(s)).toEqual([
      {
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x7a69', from: EVM, atomicRequired: true, calls, capabilities: {} }],
        namespace: 'eip155',
        chainId: 31337,
      },
      { method: 'wallet_getCallsStatus', params: ['0xbatch'], namespace: 'eip155', chainId: 31337 },
      { method: 'wallet_getCapabilities', params: [EVM], namespace: 'eip155', chainId: 31337 },
    ])
  })

  it('ERC-7715 / EIP-7811 requests pass to the frame as they are, and the frame’s answer or error comes back', async () => {
    const granted = { context: `0x${'c0'.repeat(32)}` }
    const s = await connected({
      RPC_REQUEST: (p) =>
        p.method === 'wallet_grantPermissions'
          ? { ok: { result: granted } }
          : p.method === 'wallet_getAssets'
            ? { ok: { result: { '0x7a69': [] } } }
            : { error: 'Unknown permission' },
    })
    const grant = { chainId: '0x7a69', expiry: 2_000_000_000, signer: { type: 'account', data: { id: EVM } }, permissions: [] }
    await expect(s.adapter.request!({ address: EVM, method: 'wallet_grantPermissions', params: [grant] })).resolves.toEqual(granted)
    await expect(s.adapter.request!({ address: EVM, method: 'wallet_getAssets', params: [{ account: EVM }] })).resolves.toEqual({
      '0x7a69': [],
    })
    await expect(s.adapter.request!({ address: EVM, method: 'wallet_revokePermissions', params: [{ context: '0x01' }] })).rejects.toThrow(
      'Unknown permission',
    )
    expect(rpcOf(s)).toEqual([
      { method: 'wallet_grantPermissions', params: [grant], namespace: 'eip155', chainId: 31337 },
      { method: 'wallet_getAssets', params: [{ account: EVM }], namespace: 'eip155', chainId: 31337 },
      { method: 'wallet_revokePermissions', params: [{ context: '0x01' }], namespace: 'eip155', chainId: 31337 },
    ])
  })

  it('a refused batch (a plain EOA, atomicRequired) rejects with the frame’s text', async () => {
    const s = await connected({
      RPC_REQUEST: () => ({ error: 'Atomic batches need the smart account: set the preferred account to smartAccount first' }),
    })
    await expect(s.adapter.sendCalls!({ address: EVM, calls: [{ to: EVM }] })).rejects.toThrow('Atomic batches need the smart account')
  })

  it('setPreferredAccountType smartAccount: SET_PREFERRED_ACCOUNT, INIT_SMART_ACCOUNT (deployed), the enabled networks remembered on the host (SPEC §3)', async () => {
    const s = await connected({
      SET_PREFERRED_ACCOUNT: (p) => ({ ok: { type: p.type, address: EVM } }),
      INIT_SMART_ACCOUNT: () => ({ ok: { address: EVM, isDeployed: true } }),
      GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ ok: { smartAccountEnabledNetworks: [31337, 31338] } }),
    })
    await expect(s.adapter.setPreferredAccountType!({ connectorId: 'auth', type: 'smartAccount' })).resolves.toEqual({
      type: 'smartAccount',
      address: EVM,
      smartAccountDeployed: true,
    })
    expect(s.types()).toEqual(['SET_PREFERRED_ACCOUNT', 'INIT_SMART_ACCOUNT', 'GET_SMART_ACCOUNT_ENABLED_NETWORKS'])
    expect(s.fake.posted[0]!.message.payload).toEqual({ type: 'smartAccount' })
    expect(JSON.parse(s.storage.getItem(STORAGE_KEYS.smartAccountEnabledNetworks)!)).toEqual([31337, 31338])
  })

  it('setPreferredAccountType falls back to EOA (SPEC §4): resolves with type eoa and the frame’s reason', async () => {
    const reason = 'Falling back to EOA: The smart account could not be set up: insufficient funds'
    const s = await connected({
      SET_PREFERRED_ACCOUNT: () => ({ ok: { type: 'eoa', address: EVM, reason } }),
      INIT_SMART_ACCOUNT: () => ({ ok: { address: EVM, isDeployed: false } }),
    })
    await expect(s.adapter.setPreferredAccountType!({ connectorId: 'auth', type: 'smartAccount' })).resolves.toEqual({
      type: 'eoa',
      address: EVM,
      smartAccountDeployed: false,
      reason,
    })
  })

  it('setPreferredAccountType before a login rejects "Not connected to email or social"', async () => {
    const s = setup()
    await expect(s.adapter.setPreferredAccountType!({ connectorId: 'auth', type: 'smartAccount' })).rejects.toThrow(
      'Not connected to email or social',
    )
  })
})

describe('embeddedAdapter: waitForReceipt on EVM', () => {
  it("polls eth_getTransactionReceipt on the network's RPC each second until the transaction is included", async () => {
    const bodies: { url: string; method: string; params: unknown[] }[] = []
    let calls = 0
    const fetch = (async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { method: string; params: unknown[] }
      bodies.push({ url, method: body.method, params: body.params })
      calls += 1
      const result = calls < 3 ? null : { status: '0x1', blockNumber: '0x2a', transactionHash: '0x12' }
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result }))
    }) as unknown as typeof globalThis.fetch
    const s = setup({}, {}, { fetch })
    const pending = s.adapter.waitForReceipt!({ hash: '0x12', network: evmNet, timeoutMs: 10_000 })
    await settle(s)
    await vi.advanceTimersByTimeAsync(2_100)
    await expect(pending).resolves.toEqual({ hash: '0x12', status: 'success', blockNumber: 42n })
    expect(bodies).toEqual(
      Array.from({ length: 3 }, () => ({ url: evmNet.rpcUrls.default.http[0], method: 'eth_getTransactionReceipt', params: ['0x12'] })),
    )
  })

  it("gives up with 'Transaction error' after the timeout", async () => {
    const fetch = (async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: null }))) as unknown as typeof globalThis.fetch
    const s = setup({}, {}, { fetch })
    const pending = s.adapter.waitForReceipt!({ hash: '0x12', network: evmNet, timeoutMs: 2_500 })
    const settled = pending.catch((error: unknown) => error)
    await settle(s)
    await vi.advanceTimersByTimeAsync(3_000)
    expect(await settled).toMatchObject({ message: 'Transaction error' })
  })
})
