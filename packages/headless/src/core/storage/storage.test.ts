import { describe, expect, it } from 'vitest'
import { createStorage, STORAGE_KEYS, type StorageLike } from './storage'

function mapStorage(initial: Record<string, string> = {}): StorageLike & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial))
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }
}

describe('storage (SPEC §3)', () => {
  it('round-trips every key as JSON', () => {
    const backing = mapStorage()
    const s = createStorage(backing)
    s.set('emailLoginUsed', true)
    s.set('connectedEmail', 'a@b.co')
    s.set('lastEmailLoginTime', 1700000000000)
    s.set('activeCaipNetworkId', 'eip155:8453')
    s.set('connectedSocialUsername', 'alice')
    s.set('smartAccountEnabledNetworks', [1, 8453])
    expect(backing.map.get(STORAGE_KEYS.activeCaipNetworkId)).toBe('"eip155:8453"')
    expect(s.get('emailLoginUsed')).toBe(true)
    expect(s.get('connectedEmail')).toBe('a@b.co')
    expect(s.get('lastEmailLoginTime')).toBe(1700000000000)
    expect(s.get('activeCaipNetworkId')).toBe('eip155:8453')
    expect(s.get('connectedSocialUsername')).toBe('alice')
    expect(s.get('smartAccountEnabledNetworks')).toEqual([1, 8453])
  })

  it.each([
    [STORAGE_KEYS.activeCaipNetworkId, '{not json', 'activeCaipNetworkId'],
    [STORAGE_KEYS.activeCaipNetworkId, '"eip155"', 'activeCaipNetworkId'],
    [STORAGE_KEYS.smartAccountEnabledNetworks, '["1"]', 'smartAccountEnabledNetworks'],
    [STORAGE_KEYS.connections, '[{"connectorId":"x","namespace":"dogecoin"}]', 'connections'],
  ] as const)('corrupt %s=%s reads as undefined and is removed', (rawKey, raw, key) => {
    const backing = mapStorage({ [rawKey]: raw })
    const s = createStorage(backing)
    expect(s.get(key)).toBeUndefined()
    expect(backing.map.has(rawKey)).toBe(false)
  })

  it('falls back to memory when there is no localStorage (SSR)', () => {
    expect((globalThis as { localStorage?: unknown }).localStorage).toBeUndefined()
    const s = createStorage()
    expect(s.get('connectedEmail')).toBeUndefined()
    s.set('connectedEmail', 'x@y.z')
    expect(s.get('connectedEmail')).toBe('x@y.z')
  })

  it('survives a storage that throws on every call', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    }
    const s = createStorage(throwing)
    expect(s.get('emailLoginUsed')).toBeUndefined()
    s.set('emailLoginUsed', true)
    expect(s.get('emailLoginUsed')).toBe(true)
  })

  it('remembers one connection per namespace and forgets it', () => {
    const s = createStorage(mapStorage())
    s.rememberConnection({ connectorId: 'io.metamask', namespace: 'eip155' })
    s.rememberConnection({ connectorId: 'phantom', namespace: 'solana' })
    s.rememberConnection({ connectorId: 'injected', namespace: 'eip155' })
    expect(s.getConnections()).toEqual([
      { connectorId: 'phantom', namespace: 'solana' },
      { connectorId: 'injected', namespace: 'eip155' },
    ])
    s.forgetConnection('solana')
    s.forgetConnection('eip155')
    expect(s.getConnections()).toEqual([])
  })

  it('email login sets the flag and email and clears the last login time', () => {
    const s = createStorage(mapStorage())
    s.set('lastEmailLoginTime', 5)
    s.markEmailLogin('me@mail.com')
    expect([s.get('emailLoginUsed'), s.get('connectedEmail'), s.get('lastEmailLoginTime')]).toEqual([true, 'me@mail.com', undefined])
  })
})
