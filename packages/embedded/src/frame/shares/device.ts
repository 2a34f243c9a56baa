/**
 * The device share at rest: encrypted with AES-256-GCM under a key made for it, NON-EXTRACTABLE, kept
 * beside the ciphertext in the frame origin's IndexedDB (./device-store). Code on the frame's origin
 * can ask WebCrypto to decrypt with the key but can never read the key, so a copy of the database
 * files alone (a backup, another profile) does not give the share; the host page, another origin,
 * reaches neither. The associated data binds the record to its id, kind and address: a record moved
 * under another id does not open.
 */
import type { KeyKind } from './addresses'
import { copyBytes, encodeContext, randomBytes } from './bytes'
import type { DeviceShareStore } from './device-store'
import { KeyShareError } from './errors'

const LABEL = 'portico/device-share/v1'
const aad = (id: string, kind: KeyKind, address: string) => encodeContext([LABEL, id, kind, address])

export interface DeviceShare {
  kind: KeyKind
  address: string
  share: Uint8Array
  /** The split of the key this share belongs to: 'primary' (made at sign-up) unless this device was set up by recovery. */
  split?: string
}

/** Wraps `share` under a new non-extractable key and stores both under `id` (replacing what was there). */
export async function storeDeviceShare(store: DeviceShareStore, id: string, device: DeviceShare): Promise<void> {
  const wrappingKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  const iv = randomBytes(12)
  const plaintext = copyBytes(device.share)
  try {
    const ct = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: aad(id, device.kind, device.address) },
      wrappingKey,
      plaintext,
    )
    await store.put(id, {
      v: 1,
      kind: device.kind,
      address: device.address,
      wrappingKey,
      iv,
      ct: new Uint8Array(ct),
      ...(device.split === undefined ? {} : { split: device.split }),
    })
  } finally {
    plaintext.fill(0)
  }
}

/** The device share stored under `id`: 'no-device-share' if none, 'cannot-open' if it does not decrypt. */
export async function loadDeviceShare(store: DeviceShareStore, id: string): Promise<DeviceShare> {
  const record = await store.get(id)
  if (!record) throw new KeyShareError('no-device-share')
  if (record.v !== 1) throw new KeyShareError('bad-format')
  try {
    const share = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: record.iv, additionalData: aad(id, record.kind, record.address) },
      record.wrappingKey,
      record.ct,
    )
    return {
      kind: record.kind,
      address: record.address,
      share: new Uint8Array(share),
      ...(record.split === undefined ? {} : { split: record.split }),
    }
  } catch (cause) {
    throw new KeyShareError('cannot-open', { cause })
  }
}
