// The frame's passkey events (packages/embedded/src/frame) against the real API in-process: the
// frame's service and HTTP client, the server's routes with @simplewebauthn/server verifying, and
// a software authenticator standing in for navigator.credentials (with the PRF extension). Shows
// what stays in the frame: the PRF output is in passkeyPrf() and in no request the API received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuthApi } from '../packages/embedded/src/frame/api.ts'
import { memorySessionStore } from '../packages/embedded/src/frame/keys.ts'
import { passkeyPrf, passkeyPrfSalt, type WebAuthnClient } from '../packages/embedded/src/frame/passkey.ts'
import { createFrameService } from '../packages/embedded/src/frame/service.ts'
import { softAuthenticator, type SoftAuthenticator } from '../packages/server/src/auth/passkey-test-support.ts'
import { FRAME_ORIGIN, memoryMailbox, TEST_KEK } from '../packages/server/src/auth/test-support.ts'
import { openTestApp, type TestApp } from '../packages/server/src/test-support.ts'

const API = 'http://127.0.0.1:4000'
let app: TestApp
let close: () => Promise<void>
/** Every request body the API received. */
const bodies: string[] = []

beforeAll(async () => {
  const t = await openTestApp({ auth: { keyCustody: 'server', kek: TEST_KEK, mail: memoryMailbox(), frameOrigins: [FRAME_ORIGIN] } })
  app = t.app
  close = t.close
})
afterAll(async () => {
  await close?.()
})

/** The frame's fetch, as a browser on the frame's origin sends it (with its Origin header). */
const frameFetch: typeof fetch = async (input, init) => {
  if (typeof init?.body === 'string') bodies.push(init.body)
  const headers = new Headers(init?.headers)
  headers.set('origin', FRAME_ORIGIN)
  return app.request(String(input), { ...init, headers })
}

/** @simplewebauthn/browser's two calls over the software authenticator (it answers the same JSON). */
const client = (authenticator: SoftAuthenticator): WebAuthnClient => ({
  startRegistration: async ({ optionsJSON }) => authenticator.register(optionsJSON as never) as never,
  startAuthentication: async ({ optionsJSON }) => authenticator.authenticate(optionsJSON as never) as never,
})

function frame(authenticator: SoftAuthenticator) {
  return createFrameService({
    api: createAuthApi({ apiUrl: API, fetch: frameFetch }),
    sessions: memorySessionStore(),
    deviceId: () => `passkey-frame-${Math.random().toString(36).slice(2, 14)}`,
    chainId: 31337,
    webauthn: async () => client(authenticator),
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
