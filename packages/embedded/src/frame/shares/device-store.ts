/**
 * Where device shares rest: the frame origin's IndexedDB in the browser (the CryptoKey is stored as it
 * is, structured-cloned, and stays non-extractable), or memory in tests. Records hold only the
 * wrapped share; ./device wraps and unwraps.
 *
 * Its own database ('portico-frame-shares'), not the session's ('portico-frame' in ../keys): adding a
 * store there would mean a version upgrade that the session code, which opens version 1, would refuse.
 */
import type { KeyKind } from './addresses'
import type { Bytes } from './bytes'

export interface DeviceShareRecord {
  v: 1
  kind: KeyKind
  address: string
  /** AES-256-GCM, non-extractable, usable only to encrypt and decrypt. */
  wrappingKey: CryptoKey
  iv: Bytes
  ct: Bytes
  /** The split the share belongs to (a device set up by recovery has its own): absent for the first, 'primary'. */
  split?: string
}

export interface DeviceShareStore {
  get(id: string): Promise<DeviceShareRecord | undefined>
  put(id: string, record: DeviceShareRecord): Promise<void>
  delete(id: string): Promise<void>
}

const copy = (r: DeviceShareRecord): DeviceShareRecord => ({ ...r, iv: new Uint8Array(r.iv), ct: new Uint8Array(r.ct) })

export function memoryDeviceShareStore(): DeviceShareStore {
  const records = new Map<string, DeviceShareRecord>()
  return {
    get: async (id) => {
      const record = records.get(id)
      return record && copy(record)
    },
    put: async (id, record) => {
      records.set(id, copy(record))
    },
    delete: async (id) => {
      records.delete(id)
    },
  }
}

export const DEVICE_SHARES_DB = 'portico-frame-shares'
const STORE = 'device-shares'

function openDb(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function run<T>(name: string, mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  return openDb(name).then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode)
        const request = action(tx.objectStore(STORE))
        tx.oncomplete = () => {
          db.close()
          resolve(request.result as T)
        }
        tx.onerror = () => {
          db.close()
          reject(tx.error)
        }
      }),
  )
}

/** Device shares in the frame origin's IndexedDB (`name`: the database, for tests). */
export function indexedDbDeviceShareStore(name = DEVICE_SHARES_DB): DeviceShareStore {
  return {
    get: (id) => run<DeviceShareRecord | undefined>(name, 'readonly', (s) => s.get(id)),
    put: (id, record) => run<void>(name, 'readwrite', (s) => s.put(record, id)).then(() => undefined),
    delete: (id) => run<void>(name, 'readwrite', (s) => s.delete(id)).then(() => undefined),
  }
}
