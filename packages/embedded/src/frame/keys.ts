/**
 * The frame's session key and its storage. The key pair is generated with WebCrypto as
 * NON-EXTRACTABLE (P-256 ECDSA): its private half can sign but can never be read, not even by the
 * frame's own code. It is kept in the frame origin's IndexedDB beside the session id; the host page
 * (another origin) can reach neither.
 */
import { sessionKeyHashOf, stampPayload, STAMP_HEADERS } from '@portico/protocol/auth'
import { generateSessionEncryptionKey } from './shares/transit'

export interface StoredSession {
  sessionId: string
  email: string | null
  expiresAt: string
  keyPair: CryptoKeyPair
  /**
   * The session's second key pair, P-256 ECDH (issue 22 §1): the API seals key shares to its public
   * half, registered by the login finish. Private half non-extractable. Absent in sessions from before.
   */
  encryptionKeyPair?: CryptoKeyPair
}

export interface SessionStore {
  get(): Promise<StoredSession | undefined>
  set(session: StoredSession): Promise<void>
  clear(): Promise<void>
}

export function base64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  let text = ''
  for (const b of view) text += String.fromCharCode(b)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** A new session key pair; the private key is not extractable. */
export async function generateSessionKey(): Promise<{ keyPair: CryptoKeyPair; publicKey: string }> {
  const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  const spki = await crypto.subtle.exportKey('spki', keyPair.publicKey)
  return { keyPair, publicKey: base64url(spki) }
}

/** The order n of the P-256 group (SEC 2 secp256r1, FIPS 186-4 D.1.2.3): a public constant. */
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n

/**
 * ECDSA's (r, s) and (r, n − s) both verify, and WebCrypto returns either. The API takes the low
 * one only (s ≤ n/2), so that a signature has one spelling: a high s becomes n − s. Only WebCrypto
 * signs; this maps its answer to the other valid form of the same signature.
 */
export function lowS(signature: Uint8Array): Uint8Array {
  let s = 0n
  for (const byte of signature.subarray(32)) s = (s << 8n) | BigInt(byte)
  if (s <= P256_ORDER >> 1n) return signature
  let twin = P256_ORDER - s
  const out = new Uint8Array(signature)
  for (let i = 63; i >= 32; i--) {
    out[i] = Number(twin & 0xffn)
    twin >>= 8n
  }
  return out
}

/** base64url P-256/SHA-256 signature (IEEE P1363, 64 bytes, low s) of `message`. */
export async function signText(privateKey: CryptoKey, message: string): Promise<string> {
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, new TextEncoder().encode(message))
  return base64url(lowS(new Uint8Array(signature)))
}

/** The three stamp headers of a signed request (`path` with its query string: the stamp covers it). */
export async function stampHeaders(
  session: StoredSession,
  method: string,
  path: string,
  body: string,
  now = Date.now(),
): Promise<Record<string, string>> {
  const timestamp = String(now)
  const stamp = await signText(session.keyPair.privateKey, stampPayload(method, path, timestamp, body))
  return { [STAMP_HEADERS.session]: session.sessionId, [STAMP_HEADERS.timestamp]: timestamp, [STAMP_HEADERS.stamp]: stamp }
}

/**
 * The stamp of a login finish (issue 22 §3): the timestamp and stamp headers, signed by the new
 * session key itself (there is no session yet), which proves the frame holds the key its login
 * started for.
 */
export async function loginStampHeaders(
  privateKey: CryptoKey,
  method: string,
  path: string,
  body: string,
  now = Date.now(),
): Promise<Record<string, string>> {
  const timestamp = String(now)
  const stamp = await signText(privateKey, stampPayload(method, path, timestamp, body))
  return { [STAMP_HEADERS.timestamp]: timestamp, [STAMP_HEADERS.stamp]: stamp }
}

/**
 * A new session key for a login about to start, with the hash its start carries (sessionKeyHashOf),
 * and the session's ECDH key pair (`encryption`), whose public half the finish registers.
 */
export async function generateLoginKey(): Promise<{
  keyPair: CryptoKeyPair
  publicKey: string
  keyHash: string
  encryption: { keyPair: CryptoKeyPair; publicKey: string }
}> {
  const [key, encryption] = await Promise.all([generateSessionKey(), generateSessionEncryptionKey()])
  return { ...key, keyHash: await sessionKeyHashOf(key.publicKey), encryption }
}

export function memorySessionStore(): SessionStore {
  let current: StoredSession | undefined
  return {
    get: async () => current,
    set: async (s) => {
      current = s
    },
    clear: async () => {
      current = undefined
    },
  }
}

const DB = 'portico-frame'
const STORE = 'session'
const KEY = 'current'

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  return openDb().then(
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

/** The session in the frame origin's IndexedDB (CryptoKeys are stored as they are, still non-extractable). */
export function indexedDbSessionStore(): SessionStore {
  return {
    get: () => run<StoredSession | undefined>('readonly', (s) => s.get(KEY)),
    set: (session) => run<void>('readwrite', (s) => s.put(session, KEY)).then(() => undefined),
    clear: () => run<void>('readwrite', (s) => s.delete(KEY)).then(() => undefined),
  }
}

const DEVICE_KEY = 'portico-frame:deviceId'

/** A random device id (24 bytes, base64url), kept in the frame origin's localStorage. */
export function deviceIdStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined): () => string {
  let memory: string | undefined
  return () => {
    try {
      const known = storage?.getItem(DEVICE_KEY)
      if (known && /^[A-Za-z0-9_-]{16,64}$/.test(known)) return known
    } catch {
      // storage blocked: a per-load id
    }
    memory ??= base64url(crypto.getRandomValues(new Uint8Array(24)))
    try {
      storage?.setItem(DEVICE_KEY, memory)
    } catch {
      // keep it in memory
    }
    return memory
  }
}
