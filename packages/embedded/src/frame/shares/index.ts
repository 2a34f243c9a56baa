/**
 * The frame's key shares (issue 22 §1): 2-of-3 Shamir shares of the embedded wallet's keys, and how
 * each share is kept. Not yet used by the frame's login or signing flows. See README, "Key shares".
 */
export { addressOf, evmAddressOf, type KeyKind, solanaAddressOf } from './addresses'
export { type DeviceShare, loadDeviceShare, storeDeviceShare } from './device'
export {
  DEVICE_SHARES_DB,
  type DeviceShareRecord,
  type DeviceShareStore,
  indexedDbDeviceShareStore,
  memoryDeviceShareStore,
} from './device-store'
export { KeyShareError, type KeyShareErrorCode } from './errors'
export {
  generateRecoverySecret,
  normalizeRecoverySecret,
  openRecoveryShare,
  PBKDF2_ITERATIONS,
  RECOVERY_BLOB_TYPE,
  type RecoveryBlob,
  type RecoveryKey,
  sealRecoveryShare,
} from './recovery'
export { generateSessionEncryptionKey, openFromSession, type SealedShare, type ShareContext, sealToSession, TRANSIT_ALG } from './transit'
export { createWalletKeys, type KeyShares, SHARE_HOLDERS, type ShareHolder, splitKey, type WalletKeys } from './wallet'
export { type ShareSet, withKey } from './with-key'
