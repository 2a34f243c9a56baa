// The frame's passkey events (packages/embedded/src/frame) against the real API in-process: the
// frame's service and HTTP client, the server's routes with @simplewebauthn/server verifying, and
// a software authenticator standing in for navigator.credentials (with the PRF extension). Shows
// what stays in the frame: the PRF output is in passkeyPrf() and in no request the API received.
// Under key shares, the PRF output also seals the recovery share: a new device that signs in with the
// passkey recovers the wallet with it, no secret typed (issue 22 §2).
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuthApi } from '../packages/embedded/src/frame/api.ts'
import { memorySessionStore } from '../packages/embedded/src/frame/keys.ts'
import { passkeyPrf, passkeyPrfSalt, type WebAuthnClient } from '../packages/embedded/src/frame/passkey.ts'
import { createFrameService } from '../packages/embedded/src/frame/service.ts'
import { type DeviceShareStore, memoryDeviceShareStore } from '../packages/embedded/src/frame/shares/device-store.ts'
import { softAuthenticator, type SoftAuthenticator } from '../packages/server/src/auth/passkey-test-support.ts'
import { FRAME_ORIGIN, memoryMailbox, TEST_KEK } from '../packages/server/src/auth/test-support.ts'
import { openTestApp, type TestApp } from '../packages/server/src/test-support.ts'

const API = 'http://127.0.0.1:4000'
let app: TestApp
let close: () => Promise<void>
/** The same API with key shares (the frame makes and holds the keys). */
let shares: Awaited<ReturnType<typeof openTestApp>>
/** Every request body the API received. */
const bodies: string[] = []

beforeAll(async () => {
  const t = await openTestApp({ auth: { keyCustody: 'server', kek: TEST_KEK, mail: memoryMailbox(), frameOrigins: [FRAME_ORIGIN] } })
  app = t.app
  close = t.close
  shares = await openTestApp({ auth: { keyCustody: 'shares', kek: TEST_KEK, mail: memoryMailbox(), frameOrigins: [FRAME_ORIGIN] } })
})
afterAll(async () => {
  await close?.()
  await shares?.close()
})

/** The frame's fetch, as a browser on the frame's origin sends it (with its Origin header). */
const frameFetch: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers)
  headers.set('origin', FRAME_ORIGIN)
  return app.request(String(input), { ...init, headers })
}

/** @simplewebauthn/browser's two calls over the software authenticator (it answers the same JSON). */
const client = (authenticator: SoftAuthenticator): WebAuthnClient => ({
  startRegistration: async ({ optionsJSON }) => authenticator.register(optionsJSON as never) as never,
  startAuthentication: async ({ optionsJSON }) => authenticator.authenticate(optionsJSON as never) as never,
  // The step-up's assertion: made in a window of the frame's origin (the popup), so not cross-origin.
  stepUpAuthentication: async (optionsJSON) => authenticator.authenticate(optionsJSON as never) as never,
})

let devices = 0

/** A frame (a device) on the API; with `deviceShares`, on the API with key shares. */
function frame(authenticator: SoftAuthenticator, deviceShares?: DeviceShareStore) {
  const target = deviceShares ? shares.app : app
  const fetcher: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string') bodies.push(init.body)
    const headers = new Headers(init?.headers)
    headers.set('origin', FRAME_ORIGIN)
    return target.request(String(input), { ...init, headers })
  }
  return createFrameService({
    api: createAuthApi({ apiUrl: API, fetch: fetcher }),
    sessions: memorySessionStore(),
    deviceId: () => `passkey-frame-${String(++devices).padStart(6, '0')}`,
    chainId: 31337,
    webauthn: async () => client(authenticator),
    // The user confirms in the frame's window (a passkey's removal, a signature).
    confirm: async () => true,
    ...(deviceShares ? { deviceShares } : {}),
  })
}

const hex = (bytes: Uint8Array | null) => (bytes === null ? null : Buffer.from(bytes).toString('hex'))

describe('passkey events of the frame, against the API', () => {
  it('sign-up, then sign-in on a second frame (a new device) with the same passkey: one user, one PRF output kept in the frame only', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    const first = frame(authenticator)
    expect(await first.CONNECT_PASSKEY({ mode: 'sign-up' })).toEqual({ isNew: true })
    const user = await first.GET_USER({})
    expect(user).toMatchObject({ email: null, chainId: 31337 })
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const atSignUp = hex(passkeyPrf())
    expect(atSignUp).toMatch(/^[0-9a-f]{64}$/)

    const second = frame(authenticator)
    expect(await second.IS_CONNECTED({})).toEqual({ isConnected: false })
    expect(await second.CONNECT_PASSKEY({ mode: 'sign-in' })).toEqual({ isNew: false })
    expect((await second.GET_USER({})).address).toBe(user.address)
    // The same passkey, the same salt: the same PRF output on the new device.
    expect(hex(passkeyPrf())).toBe(atSignUp)
    // The salt is the fixed one, and neither it nor the output reached the API.
    const salt = Buffer.from(await passkeyPrfSalt()).toString('base64url')
    for (const body of bodies) {
      expect(body).not.toContain(Buffer.from(atSignUp as string, 'hex').toString('base64url'))
      expect(body).not.toContain('"results"')
      expect(body).not.toContain(salt)
    }
    await second.SIGN_OUT({})
    expect(passkeyPrf()).toBeNull()
  })

  it('a signed-in user adds a passkey, lists it and removes it; the only passkey of a passkey-only account stays', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    const f = frame(authenticator)
    await f.CONNECT_PASSKEY({ mode: 'sign-up', name: 'Phone' })
    const [own] = (await f.GET_PASSKEYS({})).passkeys
    expect(own).toMatchObject({ name: 'Phone', backedUp: false })
    const { passkey } = await f.ADD_PASSKEY({ name: 'Laptop' })
    expect(passkey).toMatchObject({ name: 'Laptop', lastUsedAt: null })
    expect((await f.GET_PASSKEYS({})).passkeys.map((p) => p.name)).toEqual(['Phone', 'Laptop'])
    expect((await f.REMOVE_PASSKEY({ id: passkey.id })).passkeys.map((p) => p.name)).toEqual(['Phone'])
    await expect(f.REMOVE_PASSKEY({ id: own!.id })).rejects.toThrow(
      'This passkey is your only way to sign in. Add another passkey or an email first.',
    )
  })

  it('a passkey-only user: no step-up after the sign-up; STEP_UP_PASSKEY (the real API verifying) gives one, a sign-in does too', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    const f = frame(authenticator)
    await f.CONNECT_PASSKEY({ mode: 'sign-up' })
    expect(await f.GET_TWO_FACTOR({})).toEqual({ totp: 'off', passkey: true, stepUp: false })
    expect(await f.STEP_UP_PASSKEY({})).toEqual({ totp: 'off', passkey: true, stepUp: true })
    const second = frame(authenticator)
    await second.CONNECT_PASSKEY({ mode: 'sign-in' })
    expect(await second.GET_TWO_FACTOR({})).toEqual({ totp: 'off', passkey: true, stepUp: true })
  })

  it('a passkey this API does not know: the frame answers the API text, no session', async () => {
    const stranger = softAuthenticator({ origin: FRAME_ORIGIN })
    stranger.register({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA', rp: { id: '127.0.0.1' }, user: { id: 'dXNlcg' } })
    const f = frame(stranger)
    await expect(f.CONNECT_PASSKEY({ mode: 'sign-in' })).rejects.toThrow(
      'This passkey is not registered here. Sign up with a passkey or use another sign-in.',
    )
    expect(await f.IS_CONNECTED({})).toEqual({ isConnected: false })
  })

  it('without WebAuthn in the frame the passkey events say so', async () => {
    const f = createFrameService({
      api: createAuthApi({ apiUrl: API, fetch: frameFetch }),
      sessions: memorySessionStore(),
      deviceId: () => 'passkey-frame-0000000000',
      chainId: 1,
    })
    await expect(f.CONNECT_PASSKEY({ mode: 'sign-in' })).rejects.toThrow('Not available yet')
  })
})

/** The user's stored recovery blobs (one per key kind), as the API keeps them. */
async function recoveryOf(address: string) {
  const { rows } = await shares.db.query<{ kind: string; recovery: { type: string; blobs?: { kdf: { name: string } }[] } }>(
    'SELECT kind, recovery FROM portico_auth.key_shares WHERE user_id = (SELECT user_id FROM portico_auth.key_shares WHERE address = $1) ORDER BY kind',
    [address],
  )
  return rows
}

async function signs(f: ReturnType<typeof frame>, address: string) {
  const { result } = await f.RPC_REQUEST({ method: 'personal_sign', params: ['passkey recovery', address] })
  return recoverMessageAddress({ message: 'passkey recovery', signature: result as `0x${string}` })
}

describe('passkey recovery under key shares (issue 22 §2)', () => {
  it("sign-up seals the recovery share under the secret and the passkey's PRF output; a new device that signs in with the passkey recovers and signs", async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    const first = frame(authenticator, memoryDeviceShareStore())
    expect(await first.CONNECT_PASSKEY({ mode: 'sign-up' })).toEqual({ isNew: true })
    const { address } = await first.GET_USER({})
    expect(await first.GET_KEY_STATE({})).toEqual({ state: 'here', unsavedRecovery: true })
    const stored = await recoveryOf(address)
    expect(stored.map((r) => r.kind)).toEqual(['evm', 'solana'])
    for (const row of stored) {
      expect(row.recovery.type).toBe('portico-recovery-shares')
      expect(row.recovery.blobs?.map((b) => b.kdf.name)).toEqual(['PBKDF2-SHA-256', 'PRF-HKDF-SHA-256'])
    }

    const second = frame(authenticator, memoryDeviceShareStore())
    expect(await second.CONNECT_PASSKEY({ mode: 'sign-in' })).toEqual({ isNew: false })
    expect((await second.GET_USER({})).address).toBe(address)
    // Recovered at sign-in: no secret typed, this device has its own share and signs as the wallet.
    expect(await second.GET_KEY_STATE({})).toEqual({ state: 'here', unsavedRecovery: false })
    expect(await signs(second, address)).toBe(address)
    // The first device still signs (its split is its own).
    expect(await signs(first, address)).toBe(address)
    // The PRF output reached no request.
    const prf = Buffer.from(passkeyPrf() as Uint8Array).toString('base64url')
    for (const body of bodies) expect(body).not.toContain(prf)
  })

  it('a passkey without PRF at sign-up: the recovery share is under the secret only, and a new device signing in with a passkey must recover with the secret', async () => {
    const authenticator = softAuthenticator({ origin: FRAME_ORIGIN })
    const noPrf: WebAuthnClient = {
      startRegistration: async ({ optionsJSON }) => {
        const { extensions: _, ...rest } = optionsJSON as { extensions?: unknown }
        return authenticator.register(rest as never) as never
      },
      startAuthentication: async ({ optionsJSON }) => {
        const { extensions: _, ...rest } = optionsJSON as { extensions?: unknown }
        return authenticator.authenticate(rest as never) as never
      },
    }
    const first = createFrameService({
      api: createAuthApi({
        apiUrl: API,
        fetch: (async (input, init) => {
          const headers = new Headers(init?.headers)
          headers.set('origin', FRAME_ORIGIN)
          return shares.app.request(String(input), { ...init, headers })
        }) as typeof fetch,
      }),
      sessions: memorySessionStore(),
      deviceId: () => 'passkey-frame-noprf-01',
      chainId: 31337,
      webauthn: async () => noPrf,
      deviceShares: memoryDeviceShareStore(),
      confirm: async () => true,
    })
    await first.SIGN_OUT({})
    await first.CONNECT_PASSKEY({ mode: 'sign-up' })
    const { address } = await first.GET_USER({})
    const stored = await recoveryOf(address)
    expect(stored.map((r) => r.recovery.type)).toEqual(['portico-recovery-share', 'portico-recovery-share'])

    // The same passkey, now with PRF (a new device whose authenticator answers it): its output opens nothing.
    const second = frame(authenticator, memoryDeviceShareStore())
    await second.CONNECT_PASSKEY({ mode: 'sign-in' })
    expect(await second.GET_KEY_STATE({})).toEqual({ state: 'recover', unsavedRecovery: false })
    await expect(second.RPC_REQUEST({ method: 'personal_sign', params: ['x', address] })).rejects.toThrow(
      'This device has no key share for this wallet: recover the wallet to sign here',
    )
    // The secret the first device was given still recovers it.
    await second.recoverWallet(first.recoverySecret() as string)
    expect(await signs(second, address)).toBe(address)
  })
})
