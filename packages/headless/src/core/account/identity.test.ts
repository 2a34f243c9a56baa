import { describe, expect, it } from 'vitest'
import { ADDRESS, fakeAdapter, jsonFetch, mainnet, solana, testPortico } from '../test-utils'

describe('identity (profile name and avatar, EVM only)', () => {
  it('sets profileName and profileImage of the connected EVM account', async () => {
    const f = jsonFetch(() => ({ body: { name: 'alice.portico', avatar: 'http://127.0.0.1/a.png' } }))
    const portico = testPortico({
      networks: [mainnet, solana],
      adapters: [fakeAdapter(), fakeAdapter('solana')],
      fetch: f.fetch,
    })
    await expect(portico.identity.fetchIdentity()).resolves.toBe(false)
    await portico.connection.connect('io.metamask')
    await expect(portico.identity.fetchIdentity()).resolves.toBe(true)
    const identityCalls = () => f.calls.filter((u) => u.pathname.startsWith('/v1/identity/'))
    expect(identityCalls().map((u) => u.pathname)).toEqual([`/v1/identity/${ADDRESS}`])
    expect(portico.chain.$account.get()).toMatchObject({ profileName: 'alice.portico', profileImage: 'http://127.0.0.1/a.png' })
    await expect(portico.identity.fetchIdentity('solana')).resolves.toBe(false)
    expect(identityCalls()).toHaveLength(1)
  })

  it('a failing API leaves the profile empty', async () => {
    const f = jsonFetch(() => ({ status: 500 }))
    const portico = testPortico({
      adapters: [fakeAdapter()],
      fetch: f.fetch,
    })
    await portico.connection.connect('io.metamask')
    await expect(portico.identity.fetchIdentity()).resolves.toBe(false)
    // (connecting an address sets "no name", null, until its identity says otherwise)
    expect(portico.chain.$account.get().profileName ?? null).toBeNull()
  })
})
