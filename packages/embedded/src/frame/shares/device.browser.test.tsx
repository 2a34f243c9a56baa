// In Chromium: the device share in the frame origin's real IndexedDB, read back by a new store that opens
// the database again (as the frame does after a reload), its wrapping CryptoKey still non-extractable after the round trip.
import { afterEach, describe, expect, it } from 'vitest'
import { loadDeviceShare, storeDeviceShare } from './device'
import { indexedDbDeviceShareStore } from './device-store'
import { KeyShareError } from './errors'

const SHARE = Uint8Array.from({ length: 33 }, (_, i) => 0x5a ^ i)
// RFC 8032 §7.1 test 1's public key, in base58
const DEVICE = { kind: 'solana' as const, address: 'FVen3X669xLzsi6N2V91DoiyzHzg1uAgqiT8jZ9nS96Z', share: SHARE }
const ID = 'user-7f3a:solana'
const DB = `portico-frame-shares-test-${crypto.randomUUID()}`

const deleteDb = () =>
  new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DB)
    request.onsuccess = () => resolve()
    request.onerror = () => reject(request.error)
  })

describe('the device share in IndexedDB (Chromium)', () => {
  afterEach(deleteDb)

  it('round-trips through a new store on the same database, the key still non-extractable', async () => {
    await storeDeviceShare(indexedDbDeviceShareStore(DB), ID, DEVICE)

    const reloaded = indexedDbDeviceShareStore(DB)
    const loaded = await loadDeviceShare(reloaded, ID)
    expect(loaded.kind).toBe('solana')
    expect(loaded.address).toBe(DEVICE.address)
    expect(Array.from(loaded.share)).toEqual(Array.from(SHARE))

    const record = await reloaded.get(ID)
    expect(record?.wrappingKey).toBeInstanceOf(CryptoKey)
    expect(record?.wrappingKey.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', record?.wrappingKey as CryptoKey)).rejects.toThrow()
    expect(record?.ct).toHaveLength(49)

    await reloaded.delete(ID)
    await expect(loadDeviceShare(indexedDbDeviceShareStore(DB), ID)).rejects.toThrow(KeyShareError)
  })
})
