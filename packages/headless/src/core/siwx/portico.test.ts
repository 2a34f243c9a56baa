import { describe, expect, it } from 'vitest'
import type { SiwxApi } from '../../api/siwx'
import type { SiwxSessionWire } from '@portico/protocol/siwx'
import { createPorticoSiwx, porticoSupportsAccount, SIWX_STORAGE_KEY } from './portico'
import { formatSiwxMessage } from './message'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const NOW = Date.parse('2026-11-23T22:00:00.000Z')

/** The API's session service in memory (the boundary this backend talks to). */
function fakeApi() {
  const live = new Map<string, SiwxSessionWire>()
  const calls: string[] = []
  let n = 0
  let down = false
  const api: SiwxApi = {
    async nonce() {
      calls.push('nonce')
      return { nonce: `nonce${++n}abc`, expiresAt: new Date(NOW + 300_000).toISOString() }
    },
    async createSession(input) {
      calls.push(`createSession ${input.chainId} ${input.address}`)
      const session = {
        id: `s${n}`,
        address: input.address,
        chainId: input.chainId,
        domain: 'app.example.com',
        uri: 'https://app.example.com',
        issuedAt: new Date(NOW).toISOString(),
        expiresAt: new Date(NOW + 86_400_000).toISOString(),
      }
      live.set(`tok${n}`, session)
      return { session, token: `tok${n}` }
    },
    async getSession(token) {
      calls.push(`getSession ${token}`)
      if (down) throw new Error('HTTP status code: 503')
      return live.get(token) ?? null
    },
    async revokeSession(token) {
      calls.push(`revokeSession ${token}`)
      live.delete(token)
    },
  }
  return { api, live, calls, setDown: (v: boolean) => (down = v) }
}

function memoryStorage() {
  const m = new Map<string, string>()
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

const make = (api: SiwxApi, storage = memoryStorage(), opts = {}) =>
  createPorticoSiwx(opts, { api, storage, now: () => NOW, location: { host: 'app.example.com', origin: 'https://app.example.com' } })

async function signIn(config: ReturnType<typeof make>, chainId = 'eip155:1', address = A) {
  const data = await config.createMessage({ accountAddress: address, chainId })
  const message = formatSiwxMessage(data)
  return config.addSession({ data, message, signature: '0xsig' })
}

describe('porticoSiwx backend', () => {
  it('makes the message from a fresh nonce and the page (domain = host, uri = origin)', async () => {
    const { api } = fakeApi()
    const msg = await make(api, memoryStorage(), { statement: 'Welcome back.', expiresInMs: 60_000 }).createMessage({
      accountAddress: A,
      chainId: 'eip155:1',
    })
    expect(msg).toEqual({
      accountAddress: A,
      chainId: 'eip155:1',
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      version: '1',
      nonce: 'nonce1abc',
      statement: 'Welcome back.',
      issuedAt: '2026-11-23T22:00:00.000Z',
      expirationTime: '2026-11-23T22:01:00.000Z',
    })
  })

  it('keeps the token per account in the storage, and a new instance (a reload) finds the session through the API', async () => {
    const { api, calls } = fakeApi()
    const storage = memoryStorage()
    const session = await signIn(make(api, storage))
    expect(session).toMatchObject({ signature: '0xsig', expiresAt: '2026-11-24T22:00:00.000Z' })
    expect(JSON.parse(storage.m.get(SIWX_STORAGE_KEY)!)).toMatchObject({
      [`eip155:${A.toLowerCase()}`]: { token: 'tok1', chainId: 'eip155:1' },
    })
    const reloaded = make(api, storage)
    expect(await reloaded.getSessions('eip155:1', A.toLowerCase())).toMatchObject([{ data: { accountAddress: A, nonce: 'nonce1abc' } }])
    // One sign-in covers the account on the namespace's other networks …
    expect(await reloaded.getSessions('eip155:137', A)).toHaveLength(1)
    expect(calls.filter((c) => c.startsWith('getSession '))).toEqual(['getSession tok1', 'getSession tok1'])
    // … unless every network asks its own.
    expect(await make(api, storage, { signInOnNetworkChange: true }).getSessions('eip155:137', A)).toEqual([])
  })

  it('a session the API no longer knows (revoked, expired there) is forgotten', async () => {
    const { api, live } = fakeApi()
    const storage = memoryStorage()
    await signIn(make(api, storage))
    live.clear()
    expect(await make(api, storage).getSessions('eip155:1', A)).toEqual([])
    expect(storage.m.has(SIWX_STORAGE_KEY)).toBe(false)
  })

  it('the API unreachable: the unexpired session stays valid (no prompt for a flaky network)', async () => {
    const { api, setDown } = fakeApi()
    const storage = memoryStorage()
    await signIn(make(api, storage))
    setDown(true)
    expect(await make(api, storage).getSessions('eip155:1', A)).toHaveLength(1)
  })

  it('revoke asks the API with the token and forgets it; corrupt storage reads as no session', async () => {
    const { api, calls, live } = fakeApi()
    const storage = memoryStorage()
    const config = make(api, storage)
    await signIn(config)
    await config.revokeSession('eip155:1', A)
    expect(calls.at(-1)).toBe('revokeSession tok1')
    expect(live.size).toBe(0)
    expect(await config.getSessions('eip155:1', A)).toEqual([])
    storage.m.set(SIWX_STORAGE_KEY, '{"x":{"token":1}}')
    expect(await config.getSessions('eip155:1', A)).toEqual([])
  })

  it('one wallet signed in on every namespace: each account keeps its own token, sent to the API with its address and network as given', async () => {
    const { api, calls } = fakeApi()
    const storage = memoryStorage()
    const accounts = [
      ['eip155:1', A, `eip155:${A.toLowerCase()}`],
      [
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
        'solana:oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
      ],
      [
        'polkadot:91b171bb158e2d3848fa23a9f1c25182',
        '13AYmj8xmDGKixenStJSz6j5B9HeRR7Kx4yRLpSR6C5UDLvf',
        'polkadot:13AYmj8xmDGKixenStJSz6j5B9HeRR7Kx4yRLpSR6C5UDLvf',
      ],
      [
        'bip122:000000000019d6689c085ae165831e93',
        'bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te',
        'bip122:bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te',
      ],
      ['cosmos:cosmoshub-4', 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7', 'cosmos:cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'],
      [
        'sui:mainnet',
        '0xc88ef07b9b8b2fc3b7daad9478f4e1337f01792e2eab9c3794494e610636026e',
        'sui:0xc88ef07b9b8b2fc3b7daad9478f4e1337f01792e2eab9c3794494e610636026e',
      ],
      ['stacks:1', 'SP3N7D4F8TDBNPAN7W6CJ5RGF5DAW5MGHNCM7KHP3', 'stacks:SP3N7D4F8TDBNPAN7W6CJ5RGF5DAW5MGHNCM7KHP3'],
    ] as const
    const config = make(api, storage)
    for (const [chainId, address] of accounts) await signIn(config, chainId, address)
    expect(calls.filter((c) => c.startsWith('createSession'))).toEqual(
      accounts.map(([chainId, address]) => `createSession ${chainId} ${address}`),
    )
    const kept = JSON.parse(storage.m.get(SIWX_STORAGE_KEY)!) as Record<string, { chainId: string; address: string; token: string }>
    expect(Object.keys(kept).sort()).toEqual(accounts.map(([, , key]) => key).sort())
    const reloaded = make(api, storage)
    for (const [chainId, address, key] of accounts) {
      expect(await reloaded.getSessions(chainId, address)).toMatchObject([{ data: { accountAddress: address, chainId } }])
      expect(kept[key]).toMatchObject({ chainId, address })
    }
    // Hex addresses (eip155, sui) are found in any case; base58 ones only as they are.
    expect(await reloaded.getSessions('sui:mainnet', '0xC88EF07B9B8B2FC3B7DAAD9478F4E1337F01792E2EAB9C3794494E610636026E')).toHaveLength(1)
    expect(
      await reloaded.getSessions('polkadot:91b171bb158e2d3848fa23a9f1c25182', '13aymj8xmdgkixenstjsz6j5b9herr7kx4yrlpsr6c5udlvf'),
    ).toEqual([])
  })

  it.each([
    ['bip122:000000000019d6689c085ae165831e93', 'bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te', true],
    ['bip122:000000000019d6689c085ae165831e93', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
    ['bip122:000000000019d6689c085ae165831e93', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['bip122:000000000019d6689c085ae165831e93', 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', false],
    ['bip122:000000000019d6689c085ae165831e93', 'BC1P5CYXNUXMEUWUVKWFEM96LQZSZD02N6XDCJRS20CAC6YQJJWUDPXQKEDRCR', false],
    ['bip122:000000000933ea01ad0ee984209779ba', 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', false],
    ['bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 'bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6', false],
    ['eip155:1', A, true],
    ['cosmos:cosmoshub-4', 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7', true],
  ])('porticoSiwx asks %s %s: %s (taproot signs with BIP-322, which the API does not verify)', (chainId, address, expected) => {
    expect(porticoSupportsAccount(chainId, address)).toBe(expected)
    expect(make(fakeApi().api).supportsAccount?.(chainId, address)).toBe(expected)
  })
})
