// The pieces together, as the frame will use them once wired (not yet: see README, "Key shares").
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Encoder } from '@solana/kit'
import { bytesToHex, recoverMessageAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  createWalletKeys,
  generateRecoverySecret,
  generateSessionEncryptionKey,
  KeyShareError,
  loadDeviceShare,
  memoryDeviceShareStore,
  openFromSession,
  openRecoveryShare,
  sealRecoveryShare,
  sealToSession,
  splitKey,
  storeDeviceShare,
  withKey,
} from './index'

const USER = 'user-7f3a'

describe('key shares, end to end in one process', () => {
  it('sign-up, a signature on the same device, recovery on a new one', async () => {
    // Sign-up, in the frame: the device share stays, the auth share goes to the API (the test stands
    // in: it keeps the plaintext as the API would keep it sealed at rest), the recovery share goes
    // to the API encrypted under the user's secret.
    const wallet = await createWalletKeys()
    const device = memoryDeviceShareStore()
    await storeDeviceShare(device, `${USER}:evm`, { kind: 'evm', address: wallet.evm.address, share: wallet.evm.device })
    const apiAuthShare = new Uint8Array(wallet.evm.auth)
    const secret = generateRecoverySecret()
    const apiRecoveryBlob = JSON.stringify(await sealRecoveryShare(wallet.evm.recovery, { secret }, { userId: USER, purpose: 'evm' }))

    // A later login on the same device: the API seals the auth share to this frame session.
    const session = await generateSessionEncryptionKey()
    const inTransit = JSON.parse(JSON.stringify(await sealToSession(session.publicKey, apiAuthShare, { userId: USER, purpose: 'evm' })))
    const auth = await openFromSession(session.keyPair, inTransit, { userId: USER, purpose: 'evm' })
    const mine = await loadDeviceShare(device, `${USER}:evm`)
    const message = 'transfer 1 ETH'
    const signature = await withKey({ kind: 'evm', address: mine.address, shares: [mine.share, auth] }, (key) =>
      privateKeyToAccount(bytesToHex(key)).signMessage({ message }),
    )
    expect(await recoverMessageAddress({ message, signature })).toBe(wallet.evm.address)

    // A new device: only the auth share and the recovery blob. The secret opens the recovery share,
    // the two rebuild the key, and the key is split again: shares of one split do not combine with
    // another's, so the new device share comes with a new auth share and recovery blob for the API.
    const newDevice = memoryDeviceShareStore()
    const recovery = await openRecoveryShare(JSON.parse(apiRecoveryBlob), { secret }, { userId: USER, purpose: 'evm' })
    const fresh = await withKey({ kind: 'evm', address: wallet.evm.address, shares: [auth, recovery] }, (key) => splitKey('evm', key))
    expect(fresh.address).toBe(wallet.evm.address)
    await storeDeviceShare(newDevice, `${USER}:evm`, { kind: 'evm', address: fresh.address, share: fresh.device })
    const newBlob = await sealRecoveryShare(fresh.recovery, { secret }, { userId: USER, purpose: 'evm' })

    const again = await loadDeviceShare(newDevice, `${USER}:evm`)
    const newRecovery = await openRecoveryShare(newBlob, { secret }, { userId: USER, purpose: 'evm' })
    for (const pair of [
      [again.share, fresh.auth],
      [again.share, newRecovery],
    ]) {
      const signed = await withKey({ kind: 'evm', address: wallet.evm.address, shares: pair }, (key) =>
        privateKeyToAccount(bytesToHex(key)).signMessage({ message }),
      )
      expect(await recoverMessageAddress({ message, signature: signed })).toBe(wallet.evm.address)
    }
    // the old auth share does not combine with the new device share
    await expect(withKey({ kind: 'evm', address: wallet.evm.address, shares: [again.share, auth] }, () => 'signed')).rejects.toThrow(
      KeyShareError,
    )
  })

  it('the API side alone (auth share and recovery blob, no secret) cannot sign', async () => {
    const wallet = await createWalletKeys()
    const blob = await sealRecoveryShare(wallet.solana.recovery, { secret: generateRecoverySecret() }, { userId: USER, purpose: 'solana' })
    const guessed = generateRecoverySecret()
    await expect(openRecoveryShare(blob, { secret: guessed }, { userId: USER, purpose: 'solana' })).rejects.toThrow(KeyShareError)
    await expect(withKey({ kind: 'solana', address: wallet.solana.address, shares: [wallet.solana.auth] }, () => 'signed')).rejects.toThrow(
      KeyShareError,
    )
    // …while the device share with the auth share signs for the address.
    const message = new TextEncoder().encode('hello')
    const signature = await withKey(
      { kind: 'solana', address: wallet.solana.address, shares: [wallet.solana.auth, wallet.solana.device] },
      (seed) => ed25519.sign(message, seed),
    )
    expect(ed25519.verify(signature, message, getBase58Encoder().encode(wallet.solana.address) as Uint8Array)).toBe(true)
  })
})
