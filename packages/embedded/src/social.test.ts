import type { AdapterContext, CaipNetwork, ConnectorEvent, StorageLike } from '@portico/headless'
import { STORAGE_KEYS } from '@portico/headless'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { embeddedAdapter } from './adapter'
import { FRAME_URL, fakeFrameEnvironment, type Posted } from './client/test-support'
import { openSocialPopup, type SocialPopup } from './popup'
import { HOST_STORAGE_KEYS } from './storage'
import { isNavigableUri, trustedResultOrigin } from './social'

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const API = 'http://127.0.0.1:4000'
const OIDC = 'http://127.0.0.1:4300'
const AUTH_URI = `${OIDC}/auth?client_id=portico&redirect_uri=${encodeURIComponent(`${API}/v1/auth/social/callback`)}&state=s1`
const RESULT_URI = `${API}/v1/auth/social/callback?code=c1&state=s1`
const result = (extra: Record<string, unknown> = {}) => ({
  channel: 'portico:social',
  type: 'SOCIAL_RESULT',
  resultUri: RESULT_URI,
  ...extra,
})

const evmNet: CaipNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}

function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }
}

/** A fake popup window: records where it was sent; the test closes it. */
function fakePopup() {
  const popup = {
    closed: false,
    location: { href: 'about:blank' },
    close: vi.fn(() => {
      popup.closed = true
    }),
  }
  return popup
}

type Handler = (payload: Record<string, unknown>) => { ok: unknown } | { error: string } | undefined

function setup(opts: { table?: Record<string, Handler>; popup?: SocialPopup | null; apiUrl?: string } = {}) {
  const fake = fakeFrameEnvironment()
  const storage = memoryStorage()
  const events: ConnectorEvent[] = []
  const ctx: AdapterContext = {
    networks: [evmNet],
    allNetworks: [evmNet],
    projectId: 'proj',
    getActiveNetwork: () => evmNet,
    setConnectors: vi.fn(),
    onAccountsChanged: vi.fn(),
    onChainChanged: vi.fn(),
    onDisconnect: vi.fn(),
    emit: (_id, event) => void events.push(event),
  }
  const user = {
    email: null,
    userName: 'ada_gh',
    socialProvider: 'github',
    address: EVM,
    chainId: 31337,
    accounts: [{ address: EVM, type: 'eoa' }],
    solanaAddress: SOL,
  }
  const handlers: Record<string, Handler> = {
    GET_SOCIAL_REDIRECT_URI: () => ({ ok: { uri: AUTH_URI } }),
    CONNECT_SOCIAL: () => ({ ok: { userName: 'ada_gh', email: null } }),
    GET_USER: () => ({ ok: user }),
    IS_CONNECTED: () => ({ ok: { isConnected: true } }),
    ...opts.table,
  }
  fake.onPost((p: Posted) => {
    const answer = handlers[p.message.type]?.((p.message.payload ?? {}) as Record<string, unknown>)
    if (!answer) return
    queueMicrotask(() => ('ok' in answer ? fake.succeed(p, answer.ok) : fake.fail(p, answer.error)))
  })
  const popup = opts.popup === undefined ? fakePopup() : opts.popup
  const opened: string[][] = []
  const adapter = embeddedAdapter({
    frameUrl: FRAME_URL,
    storage,
    environment: fake.environment,
    ...(opts.apiUrl ? { apiUrl: opts.apiUrl } : {}),
    openPopup: (url, target, features) => {
      opened.push([url, target, features])
      return popup
    },
  })
  void adapter.setup(ctx)
  const prompts = () => events.map((e) => (e.kind === 'prompt' ? e.prompt : e))
  return {
    fake,
    storage,
    events,
    prompts,
    adapter,
    popup: popup as ReturnType<typeof fakePopup>,
    opened,
    types: () => fake.posted.map((p) => p.message.type).filter((t) => !t.startsWith('SYNC_')),
  }
}

/** Let the engine's import(), READY and the 500 ms delay pass. */
async function settle(s: ReturnType<typeof setup>) {
  for (let i = 0; i < 500 && !s.fake.mounted; i++) await new Promise((r) => setImmediate(r))
  if (s.fake.mounted && !s.fake.posted.length) s.fake.ready()
  await vi.advanceTimersByTimeAsync(600)
}

const connectSocial = (s: ReturnType<typeof setup>, provider: 'github' | 'google' = 'github') =>
  s.adapter.connect({ connectorId: 'auth', auth: { kind: 'social', provider } })

beforeAll(async () => void (await import('./engine')))
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }))
afterEach(() => vi.useRealTimers())

describe('social sign-in: the popup (SPEC §4)', () => {
  it('opens about:blank synchronously in the connect call (the user’s click), 500×600, named portico-social', () => {
    const s = setup()
    const pending = connectSocial(s).catch(() => undefined)
    // No await yet: the window is already open.
    expect(s.opened).toHaveLength(1)
    expect(s.opened[0]![0]).toBe('about:blank')
    expect(s.opened[0]![1]).toBe('portico-social')
    expect(s.opened[0]![2]).toMatch(/^popup=yes,width=500,height=600,left=\d+,top=\d+$/)
    void s.adapter.respond!({ connectorId: 'auth', answer: { kind: 'cancel' } })
    return pending
  })

  it('an email connect opens no popup', async () => {
    const s = setup()
    const pending = s.adapter.connect({ connectorId: 'auth', auth: { kind: 'email', email: 'a@b.co' } }).catch(() => undefined)
    expect(s.opened).toHaveLength(0)
    await s.adapter.respond!({ connectorId: 'auth', answer: { kind: 'cancel' } })
    await settle(s)
    await pending
  })

  it('openSocialPopup returns null when the opener throws or refuses', () => {
    expect(openSocialPopup(() => null)).toBeNull()
    expect(
      openSocialPopup(() => {
        throw new Error('blocked')
      }),
    ).toBeNull()
  })
})

describe('social sign-in: the flow', () => {
  it('redirect URI → popup sent there, prompt social → CONNECT_SOCIAL (the frame takes the result, never the host) → user', async () => {
    const s = setup({ table: { CONNECT_SOCIAL: () => undefined } })
    const connecting = connectSocial(s)
    await settle(s)
    expect(s.fake.last('GET_SOCIAL_REDIRECT_URI')!.message.payload).toEqual({ provider: 'github' })
    expect(s.popup.location.href).toBe(AUTH_URI)
    expect(s.prompts()).toEqual([{ kind: 'social', provider: 'github', url: AUTH_URI }])
    // Issue 22 §3: the host hands the frame no result; the API's callback page posts it to the frame.
    expect(s.types()).toEqual(['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL'])
    expect(s.fake.last('CONNECT_SOCIAL')!.message.payload).toEqual({})

    // A result posted to the host page (from the popup, at the API's origin, or anywhere else) is not taken.
    s.fake.deliver(result(), { origin: API, source: s.popup })
    s.fake.deliver(result(), { origin: 'http://evil.example', source: s.popup })
    await vi.advanceTimersByTimeAsync(1000)
    expect(s.types()).toEqual(['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL'])
    expect(JSON.stringify(s.fake.posted)).not.toContain(RESULT_URI)

    s.fake.succeed(s.fake.last('CONNECT_SOCIAL')!, { userName: 'ada_gh', email: null })
    await expect(connecting).resolves.toMatchObject({ address: EVM, authName: 'ada_gh', socialProvider: 'github' })
    expect(s.types()).toEqual(['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL', 'GET_USER', 'GET_CONFIRM_POLICY'])
    expect(s.prompts().at(-1)).toBeUndefined()
    expect(s.popup.close).toHaveBeenCalled()
    // SPEC §3: the social user name is remembered (and the login flag); nothing else.
    expect(s.storage.getItem(STORAGE_KEYS.emailLoginUsed)).toBe('true')
    expect(JSON.parse(s.storage.getItem(STORAGE_KEYS.connectedSocialUsername)!)).toBe('ada_gh')
    for (const key of s.storage.map.keys()) expect(HOST_STORAGE_KEYS).toContain(key)
    // No listener left behind (the frame client's own is the one that stays).
    expect(s.fake.listenerCount()).toBe(1)
  })

  it('the popup closed before the frame is done: "Popup closed", the prompt cleared', async () => {
    const s = setup({ table: { CONNECT_SOCIAL: () => undefined } })
    const connecting = connectSocial(s).catch((e: Error) => e.message)
    await settle(s)
    s.popup.closed = true
    await vi.advanceTimersByTimeAsync(1100)
    await expect(connecting).resolves.toBe('Popup closed')
    expect(s.types()).toEqual(['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL'])
    expect(s.prompts().at(-1)).toBeUndefined()
  })

  it('the popup closed while the redirect URI is asked for: "Popup closed"', async () => {
    const s = setup({ table: { GET_SOCIAL_REDIRECT_URI: () => undefined } })
    const connecting = connectSocial(s).catch((e: Error) => e.message)
    await settle(s)
    s.popup.closed = true
    await vi.advanceTimersByTimeAsync(1100)
    await expect(connecting).resolves.toBe('Popup closed')
  })

  it('the frame’s answer arriving within a poll of the popup closing is still taken', async () => {
    const s = setup({ table: { CONNECT_SOCIAL: () => undefined } })
    const connecting = connectSocial(s)
    await settle(s)
    s.popup.closed = true
    await vi.advanceTimersByTimeAsync(500)
    s.fake.succeed(s.fake.last('CONNECT_SOCIAL')!, { userName: 'ada_gh', email: null })
    await vi.advanceTimersByTimeAsync(600)
    await expect(connecting).resolves.toMatchObject({ authName: 'ada_gh' })
  })

  it.each<[string, Parameters<typeof setup>[0]]>([
    ['the browser refused the popup', { popup: null }],
    ['the frame could not start it', { table: { GET_SOCIAL_REDIRECT_URI: () => ({ error: 'Failed to initiate social connection' }) } }],
    ['the frame’s server failed', { table: { GET_SOCIAL_REDIRECT_URI: () => ({ error: 'HTTP status code: 500' }) } }],
    ['no redirect_uri to trust and no apiUrl', { table: { GET_SOCIAL_REDIRECT_URI: () => ({ ok: { uri: `${OIDC}/auth?state=s1` } }) } }],
    ['a javascript: URI', { table: { GET_SOCIAL_REDIRECT_URI: () => ({ ok: { uri: 'javascript:alert(1)' } }) } }],
  ])('%s: "Failed to initiate social connection", the popup closed', async (_name, opts) => {
    const s = setup(opts)
    const connecting = connectSocial(s).catch((e: Error) => e.message)
    await settle(s)
    await expect(connecting).resolves.toBe('Failed to initiate social connection')
    expect(s.types()).not.toContain('CONNECT_SOCIAL')
    if (s.popup) {
      expect(s.popup.location.href).toBe('about:blank')
      expect(s.popup.close).toHaveBeenCalled()
    }
  })

  it('the user denied (the frame says so): rejects with its text, the popup closed', async () => {
    const s = setup({ table: { CONNECT_SOCIAL: () => ({ error: 'Connection rejected' }) } })
    const connecting = connectSocial(s).catch((e: Error) => e.message)
    await settle(s)
    await expect(connecting).resolves.toBe('Connection rejected')
    expect(s.types()).toEqual(['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL'])
    expect(s.popup.close).toHaveBeenCalled()
  })

  it('CONNECT_SOCIAL refused by the frame: its text', async () => {
    const s = setup({ table: { CONNECT_SOCIAL: () => ({ error: 'Failed to connect' }) } })
    const connecting = connectSocial(s).catch((e: Error) => e.message)
    await settle(s)
    await expect(connecting).resolves.toBe('Failed to connect')
  })

  it('with the apiUrl option a URI without redirect_uri is still trusted (apiUrl’s origin)', async () => {
    const s = setup({
      apiUrl: 'http://127.0.0.1:4999/api/',
      table: { GET_SOCIAL_REDIRECT_URI: () => ({ ok: { uri: `${OIDC}/auth?state=s1` } }) },
    })
    const connecting = connectSocial(s)
    await settle(s)
    await expect(connecting).resolves.toMatchObject({ socialProvider: 'github' })
    expect(s.popup.location.href).toBe(`${OIDC}/auth?state=s1`)
  })

  it('cancel (the modal closed): "Modal closed", the popup closed', async () => {
    const s = setup({ table: { CONNECT_SOCIAL: () => undefined } })
    const connecting = connectSocial(s).catch((e: Error) => e.message)
    await settle(s)
    await s.adapter.respond!({ connectorId: 'auth', answer: { kind: 'cancel' } })
    await expect(connecting).resolves.toBe('Modal closed')
    expect(s.popup.close).toHaveBeenCalled()
  })

  it('reconnect of a social session: the user name as auth name, the provider kept', async () => {
    const s = setup()
    s.storage.setItem(STORAGE_KEYS.emailLoginUsed, 'true')
    const restoring = s.adapter.reconnect({ connectorId: 'auth' })
    await settle(s)
    await expect(restoring).resolves.toMatchObject({ authName: 'ada_gh', socialProvider: 'github' })
  })
})

describe('social sign-in: trusted origin and URI rules', () => {
  it.each<[string, string | undefined, string | undefined]>([
    [AUTH_URI, undefined, API],
    [AUTH_URI, 'https://api.example/v1/', 'https://api.example'],
    [`${OIDC}/auth?state=1`, undefined, undefined],
    [`${OIDC}/auth?redirect_uri=javascript%3Aalert(1)`, undefined, undefined],
    ['not a url', undefined, undefined],
  ])('trustedResultOrigin(%s, %s) → %s', (uri, apiUrl, expected) => expect(trustedResultOrigin(uri, apiUrl)).toBe(expected))

  it.each([
    ['https://accounts.example/auth', true],
    ['http://127.0.0.1:4300/auth', true],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['', false],
  ])('isNavigableUri(%j) → %s', (uri, ok) => expect(isNavigableUri(uri)).toBe(ok))
})

describe('passkeys of a signed-in user (issue 22 §2)', () => {
  const LAPTOP = { id: 'cred-2', name: 'Laptop', createdAt: '2026-12-02T15:00:00.000Z', lastUsedAt: null, backedUp: false }
  const PHONE = {
    id: 'cred-1',
    name: 'Phone',
    createdAt: '2026-11-01T10:00:00.000Z',
    lastUsedAt: '2026-12-01T09:30:00.000Z',
    backedUp: true,
  }
  const LAST = 'This passkey is your only way to sign in. Add another passkey or an email first.'

  /** A restored session (no popup used yet), whose frame answers the passkey events from `table`. */
  async function signedIn(table: Record<string, Handler> = {}) {
    const s = setup({
      table: {
        GET_PASSKEYS: () => ({ ok: { passkeys: [PHONE] } }),
        ADD_PASSKEY: () => ({ ok: { passkey: LAPTOP } }),
        REMOVE_PASSKEY: (p) => (p.id === 'cred-1' ? { error: LAST } : { ok: { passkeys: [PHONE] } }),
        ...table,
      },
    })
    s.storage.setItem(STORAGE_KEYS.emailLoginUsed, 'true')
    const restoring = s.adapter.reconnect({ connectorId: 'auth' })
    await settle(s)
    await restoring
    s.fake.posted.length = 0
    return s
  }

  it('add: the window opens in the call itself, goes to the frame page ?portico-passkey=create, ADD_PASSKEY {name}, closed after', async () => {
    const s = await signedIn()
    const adding = s.adapter.addPasskey!({ connectorId: 'auth', name: 'Laptop' })
    // No await yet: the window is already open (the user's click).
    expect(s.opened).toEqual([['about:blank', 'portico-social', expect.stringMatching(/^popup=yes,width=500,height=600,/)]])
    await expect(adding).resolves.toEqual(LAPTOP)
    expect(s.popup.location.href).toBe(`${FRAME_URL}?portico-passkey=create`)
    expect(s.fake.last('ADD_PASSKEY')!.message.payload).toEqual({ name: 'Laptop' })
    expect(s.types()).toEqual(['ADD_PASSKEY'])
    expect(s.popup.close).toHaveBeenCalled()
  })

  it('add without a name sends none; the window closed before the passkey is made: "Popup closed"', async () => {
    const s = await signedIn({ ADD_PASSKEY: () => undefined })
    const adding = s.adapter.addPasskey!({ connectorId: 'auth' }).catch((e: Error) => e.message)
    await vi.advanceTimersByTimeAsync(0)
    expect(s.fake.last('ADD_PASSKEY')!.message.payload).toEqual({})
    s.popup.closed = true
    await vi.advanceTimersByTimeAsync(1100)
    await expect(adding).resolves.toBe('Popup closed')
  })

  it('the browser refused the window: the frame is not asked', async () => {
    const s = setup({ popup: null })
    s.storage.setItem(STORAGE_KEYS.emailLoginUsed, 'true')
    const restoring = s.adapter.reconnect({ connectorId: 'auth' })
    await settle(s)
    await restoring
    await expect(s.adapter.addPasskey!({ connectorId: 'auth' })).rejects.toThrow('Could not create popup window')
    expect(s.types()).not.toContain('ADD_PASSKEY')
  })

  it('not signed in: refused, the window closed again', async () => {
    const s = setup()
    const adding = s.adapter.addPasskey!({ connectorId: 'auth' }).catch((e: Error) => e.message)
    await settle(s)
    await expect(adding).resolves.toBe('Not connected to email or social')
    expect(s.popup.close).toHaveBeenCalled()
    expect(s.types()).not.toContain('ADD_PASSKEY')
  })

  it('list (GET_PASSKEYS) and remove (REMOVE_PASSKEY {id}: the passkeys left); the last one refused with the API text', async () => {
    const s = await signedIn()
    await expect(s.adapter.getPasskeys!({ connectorId: 'auth' })).resolves.toEqual([PHONE])
    await expect(s.adapter.removePasskey!({ connectorId: 'auth', id: 'cred-2' })).resolves.toEqual([PHONE])
    expect(s.fake.last('REMOVE_PASSKEY')!.message.payload).toEqual({ id: 'cred-2' })
    await expect(s.adapter.removePasskey!({ connectorId: 'auth', id: 'cred-1' })).rejects.toThrow(LAST)
    expect(s.types()).toEqual(['GET_PASSKEYS', 'REMOVE_PASSKEY', 'REMOVE_PASSKEY'])
  })
})
