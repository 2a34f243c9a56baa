import { beforeEach, describe, expect, it } from 'vitest'
import { loadDeviceShare, storeDeviceShare } from './device'
import { type DeviceShareStore, memoryDeviceShareStore } from './device-store'
import { KeyShareError } from './errors'

const SHARE = Uint8Array.from({ length: 33 }, (_, i) => 0xa0 ^ i)
const DEVICE = { kind: 'evm' as const, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', share: SHARE }
const ID = 'user-7f3a:evm'

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    return error instanceof KeyShareError ? error.code : `not a KeyShareError: ${String(error)}`
  }
  return 'resolved'
}

describe('the device share at rest (memory store)', () => {
  let store: DeviceShareStore
  beforeEach(() => {
    store = memoryDeviceShareStore()
  })

  it('round-trips: the share, its kind and address come back', async () => {
    await storeDeviceShare(store, ID, DEVICE)
    const loaded = await loadDeviceShare(store, ID)
    expect(loaded.kind).toBe('evm')
    expect(loaded.address).toBe(DEVICE.address)
    expect(Array.from(loaded.share)).toEqual(Array.from(SHARE))
    // A share of the first split names none.
    expect(loaded.split).toBeUndefined()
  })

  it('a device set up by recovery: its split comes back with the share', async () => {
    await storeDeviceShare(store, ID, { ...DEVICE, split: 'nV2Zt6rJ0mXkq3L9aB7cDw' })
    expect((await loadDeviceShare(store, ID)).split).toBe('nV2Zt6rJ0mXkq3L9aB7cDw')
  })

  it('stores a ciphertext (33 bytes + 16-byte tag), never the share', async () => {
    await storeDeviceShare(store, ID, DEVICE)
    const record = await store.get(ID)
    expect(record?.v).toBe(1)
    expect(record?.iv).toHaveLength(12)
    expect(record?.ct).toHaveLength(49)
    expect(Array.from(record?.ct.subarray(0, 33) ?? [])).not.toEqual(Array.from(SHARE))
  })

  it('the wrapping key is non-extractable AES-GCM, for encrypt and decrypt only: exportKey rejects', async () => {
    await storeDeviceShare(store, ID, DEVICE)
    const key = (await store.get(ID))?.wrappingKey as CryptoKey
    expect(key.extractable).toBe(false)
    expect(key.algorithm).toEqual({ name: 'AES-GCM', length: 256 })
    expect([...key.usages].sort()).toEqual(['decrypt', 'encrypt'])
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('jwk', key)).rejects.toThrow()
  })

  it('a new key for each share: storing again replaces the record and its key', async () => {
    await storeDeviceShare(store, ID, DEVICE)
    const first = await store.get(ID)
    await storeDeviceShare(store, ID, DEVICE)
    const second = await store.get(ID)
    expect(second?.wrappingKey).not.toBe(first?.wrappingKey)
    expect(Array.from((await loadDeviceShare(store, ID)).share)).toEqual(Array.from(SHARE))
  })

  it('a flipped bit in the ciphertext or the iv: cannot-open', async () => {
    await storeDeviceShare(store, ID, DEVICE)
    const record = (await store.get(ID)) as NonNullable<Awaited<ReturnType<DeviceShareStore['get']>>>
    const ct = new Uint8Array(record.ct)
    ct[5] = (ct[5] as number) ^ 1
    await store.put(ID, { ...record, ct })
    expect(await codeOf(loadDeviceShare(store, ID))).toBe('cannot-open')
    const iv = new Uint8Array(record.iv)
    iv[0] = (iv[0] as number) ^ 1
    await store.put(ID, { ...record, iv })
    expect(await codeOf(loadDeviceShare(store, ID))).toBe('cannot-open')
  })

  it('a record moved under another id, or with another address or kind written in: cannot-open', async () => {
    await storeDeviceShare(store, ID, DEVICE)
    const record = (await store.get(ID)) as NonNullable<Awaited<ReturnType<DeviceShareStore['get']>>>
    await store.put('user-other:evm', record)
    expect(await codeOf(loadDeviceShare(store, 'user-other:evm'))).toBe('cannot-open')
    await store.put(ID, { ...record, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    expect(await codeOf(loadDeviceShare(store, ID))).toBe('cannot-open')
    await store.put(ID, { ...record, kind: 'solana' })
    expect(await codeOf(loadDeviceShare(store, ID))).toBe('cannot-open')
  })

  it('nothing stored, or deleted: no-device-share', async () => {
    expect(await codeOf(loadDeviceShare(store, ID))).toBe('no-device-share')
    await storeDeviceShare(store, ID, DEVICE)
    await store.delete(ID)
    expect(await codeOf(loadDeviceShare(store, ID))).toBe('no-device-share')
  })
})
