// jsdom: the export view is DOM in the frame's own document.
import { AUTH_ERRORS } from '@portico/protocol/auth'
import { FRAME_SUCCESS_PAYLOADS } from '@portico/protocol/frame'
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuthApi } from './api'
import type { Confirm, ConfirmRequest } from './confirm'
import type { WebAuthnClient } from './passkey'
import { createTotpView } from './totp-view'
import { createKeyView, EXPORT_VIEW_TEXTS, type ExportKey, exportedKeyText } from './export-view'
import { createFrameHandler } from './handler'
import { memorySessionStore } from './keys'
import { originMatcher } from './origins'
import { createFrameService } from './service'
import { solanaAddressOf } from './shares/addresses'
import { createWalletKeys, type WalletKeys } from './shares/wallet'
import { withKey } from './shares/with-key'

const HOST = 'http://127.0.0.1:5173'
const NOW = Date.parse('2031-03-04T05:06:00.000Z')
const user = {
  userId: 'u1',
  email: 'ada@example.com',
  userName: null,
  socialProvider: null,
  evmAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  solanaAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  preferredAccountType: 'eoa' as const,
  smartAccountEnabledNetworks: [],
}
const ENROLLMENT = {
  uri: 'otpauth://totp/Portico:ada%40example.com?issuer=Portico&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
}

/** The auth API as the frame sees it, for the 2FA routes; `stepUpUntil` is what the server says. */
function fakeApi(state: { totp: 'off' | 'pending' | 'on'; passkey?: boolean; stepUpUntil: string | null }) {
  const calls: string[] = []
  state.passkey ??= false
  const api = {
    passkeyStepUpOptions: async () => {
      calls.push('passkey options')
      return { options: { challenge: 'c3RlcC11cC1jaGFsbGVuZ2U', rpId: '127.0.0.1', userVerification: 'required' } }
    },
    passkeyStepUp: async (_s: unknown, response: { id: string }) => {
      calls.push(`passkey verify ${response.id}`)
      if (response.id !== 'cred-ada') throw new Error(AUTH_ERRORS.passkeyFailed)
      state.stepUpUntil = new Date(NOW + 5 * 60_000).toISOString()
      return { ...state }
    },
    passkeys: async () => ({
      passkeys: [{ id: 'cred-ada', name: 'Laptop', createdAt: '2031-01-02T03:04:05.000Z', lastUsedAt: null, backedUp: true }],
    }),
    passkeyRemove: async (_s: unknown, id: string) => {
      calls.push(`remove passkey ${id}`)
      return { passkeys: [] }
    },
    user: async () => user,
    signOut: async () => undefined,
    twoFactorStatus: async () => {
      calls.push('status')
      return { ...state }
    },
    totpEnroll: async () => {
      calls.push('enroll')
      state.totp = 'pending'
      return ENROLLMENT
    },
    totp: async (_s: unknown, action: 'confirm' | 'verify' | 'remove', code: string) => {
      calls.push(`${action} ${code}`)
      if (code !== '123456') throw new Error(AUTH_ERRORS.totpInvalid)
      if (action === 'remove') state.totp = 'off'
      else {
        state.totp = 'on'
        state.stepUpUntil = new Date(NOW + 5 * 60_000).toISOString()
      }
      return { ...state }
    },
  } as unknown as AuthApi
  return { api, calls }
}

async function frame(options: {
  api: AuthApi
  exportKey?: ExportKey
  signedIn?: boolean
  webauthn?: () => Promise<WebAuthnClient>
  confirm?: Confirm
}) {
  const parent = { name: 'parent' }
  const posted: { message: { id?: string; type: string; payload?: unknown }; targetOrigin: string }[] = []
  const sessions = memorySessionStore()
  if (options.signedIn !== false) {
    // The fake API stamps nothing: the session's key pair is never used here (and jsdom has no WebCrypto subtle).
    const keyPair = {} as CryptoKeyPair
    await sessions.set({
      sessionId: 'sess-0123456789abcdef',
      email: user.email,
      expiresAt: new Date(NOW + 3_600_000).toISOString(),
      keyPair,
    })
  }
  const copied: string[] = []
  const keyView = createKeyView(document, { copy: async (text) => void copied.push(text) })
  const service = createFrameService({
    api: options.api,
    sessions,
    deviceId: () => 'device-0123456789abcdef',
    chainId: '31337',
    hostOrigin: HOST,
    now: () => NOW,
    keyView,
    totpView: createTotpView(document),
    ...(options.exportKey ? { exportKey: options.exportKey } : {}),
    ...(options.webauthn ? { webauthn: options.webauthn } : {}),
    ...(options.confirm ? { confirm: options.confirm } : {}),
  })
  const handler = createFrameHandler({
    parent,
    hostOrigin: HOST,
    isAllowedOrigin: originMatcher(['http://127.0.0.1:*']),
    post: (message, targetOrigin) => void posted.push({ message: message as never, targetOrigin }),
    handlers: service,
  })
  let n = 0
  const send = async (type: string, payload: unknown = {}) => {
    const id = `req-${String(++n).padStart(8, '0')}`
    handler.handleMessage({ origin: HOST, source: parent, data: { channel: 'portico:app', id, type, payload } })
    await vi.waitFor(() => expect(posted.some((p) => p.message.id === id)).toBe(true))
    return posted.find((p) => p.message.id === id)!.message
  }
  return { send, posted, copied, keyView }
}

/** A wallet made as the frame makes it (2-of-3 shares), and an ExportKey over its device and auth shares. */
async function wallet(): Promise<{ keys: WalletKeys; exportKey: ExportKey; handedOut: Uint8Array[] }> {
  const keys = await createWalletKeys()
  const handedOut: Uint8Array[] = []
  const exportKey: ExportKey = (kind) =>
    withKey({ kind, address: keys[kind].address, shares: [keys[kind].device, keys[kind].auth] }, (key) => {
      const copy = key.slice()
      handedOut.push(copy)
      return copy
    })
  return { keys, exportKey, handedOut }
}

/** Every form a 32-byte key could take in a message. */
function forms(key: Uint8Array): string[] {
  const hex = Buffer.from(key).toString('hex')
  return [
    hex,
    hex.toUpperCase(),
    Buffer.from(key).toString('base64'),
    Buffer.from(key).toString('base64url'),
    getBase58Decoder().decode(key),
  ]
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('second factor through the frame', () => {
  it('reports, enrolls, confirms, verifies and removes TOTP, answering codes (state, stepUp), never the session', async () => {
    const { api, calls } = fakeApi({ totp: 'off', stepUpUntil: null })
    const f = await frame({ api })
    expect(await f.send('GET_TWO_FACTOR')).toMatchObject({ type: 'GET_TWO_FACTOR_SUCCESS', payload: { totp: 'off', stepUp: false } })
    // The set-up shows in the frame's document (its QR code, its key in groups of four); the reply is empty.
    expect(await f.send('TOTP_ENROLL')).toEqual(expect.objectContaining({ type: 'TOTP_ENROLL_SUCCESS', payload: {} }))
    expect(document.querySelector('[data-testid="portico-totp-secret"]')?.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    const qr = document.querySelector('[data-testid="portico-totp-qr"]')
    expect(qr?.getAttribute('aria-label')).toBe('QR code that adds your wallet to an authenticator app')
    expect(qr?.querySelector('path')?.getAttribute('d')).toMatch(/^(M\d+ \d+h1v1h-1z){100,}$/)
    expect(JSON.stringify(f.posted)).not.toContain(ENROLLMENT.secret)
    expect(await f.send('TOTP_CONFIRM', { code: '000000' })).toMatchObject({
      type: 'TOTP_CONFIRM_ERROR',
      payload: { message: AUTH_ERRORS.totpInvalid },
    })
    // A wrong code: the set-up stays on screen; the right one takes it down.
    expect(document.querySelector('[data-testid="portico-totp-setup"]')).not.toBeNull()
    expect(await f.send('TOTP_CONFIRM', { code: '123456' })).toMatchObject({ payload: { totp: 'on', stepUp: true } })
    expect(document.querySelector('[data-testid="portico-totp-setup"]')).toBeNull()
    expect(await f.send('TOTP_VERIFY', { code: '123456' })).toMatchObject({
      type: 'TOTP_VERIFY_SUCCESS',
      payload: { totp: 'on', stepUp: true },
    })
    expect(await f.send('TOTP_REMOVE', { code: '123456' })).toMatchObject({ type: 'TOTP_REMOVE_SUCCESS', payload: { totp: 'off' } })
    expect(calls).toEqual(['status', 'enroll', 'confirm 000000', 'confirm 123456', 'verify 123456', 'remove 123456'])
    expect(JSON.stringify(f.posted)).not.toContain('sess-0123456789abcdef')
    expect(f.posted.every((p) => p.targetOrigin === HOST)).toBe(true)
  })

  it('a step-up that has run out (as the server says) counts as none', async () => {
    const { api } = fakeApi({ totp: 'on', stepUpUntil: new Date(NOW).toISOString() })
    const f = await frame({ api })
    expect(await f.send('GET_TWO_FACTOR')).toMatchObject({ payload: { totp: 'on', stepUp: false } })
  })

  it('signed out: every 2FA event answers the SPEC error', async () => {
    const { api } = fakeApi({ totp: 'off', stepUpUntil: null })
    const f = await frame({ api, signedIn: false })
    for (const type of ['GET_TWO_FACTOR', 'TOTP_ENROLL']) {
      expect(await f.send(type)).toMatchObject({ type: `${type}_ERROR`, payload: { message: AUTH_ERRORS.unauthorized } })
    }
  })
})

describe('a passkey as the second factor', () => {
  /** WebAuthn as the frame has it: the step-up's assertion comes from the popup on the frame's origin. */
  const client = (id = 'cred-ada') => {
    const asked: unknown[] = []
    const inFrame = vi.fn(async () => {
      throw new Error('not in the hidden frame')
    })
    const webauthn: WebAuthnClient = {
      startRegistration: inFrame,
      startAuthentication: inFrame,
      stepUpAuthentication: async (options) => {
        asked.push(options)
        return { id, rawId: id, type: 'public-key', response: {}, clientExtensionResults: {} } as never
      },
    }
    return { webauthn, asked, inFrame }
  }

  it('a user with only a passkey: export is refused until STEP_UP_PASSKEY, whose assertion runs in the popup; then the key shows', async () => {
    const { api, calls } = fakeApi({ totp: 'off', passkey: true, stepUpUntil: null })
    const w = await wallet()
    const exportKey = vi.fn(w.exportKey)
    const c = client()
    const f = await frame({ api, exportKey, webauthn: async () => c.webauthn })
    expect(await f.send('GET_TWO_FACTOR')).toMatchObject({ payload: { totp: 'off', passkey: true, stepUp: false } })
    expect(await f.send('EXPORT_KEY', { kind: 'evm' })).toMatchObject({
      type: 'EXPORT_KEY_ERROR',
      payload: { message: AUTH_ERRORS.stepUpRequired },
    })
    expect(exportKey).not.toHaveBeenCalled()

    expect(await f.send('STEP_UP_PASSKEY')).toMatchObject({
      type: 'STEP_UP_PASSKEY_SUCCESS',
      payload: { totp: 'off', passkey: true, stepUp: true },
    })
    // The API's options went to the popup as they came (user verification required); nothing ran in this frame.
    expect(c.asked).toEqual([{ challenge: 'c3RlcC11cC1jaGFsbGVuZ2U', rpId: '127.0.0.1', userVerification: 'required' }])
    expect(c.inFrame).not.toHaveBeenCalled()
    expect(calls).toContain('passkey verify cred-ada')
    expect(await f.send('EXPORT_KEY', { kind: 'evm' })).toMatchObject({ type: 'EXPORT_KEY_SUCCESS', payload: {} })
    const text = document.querySelector('[data-testid="portico-export-key-value"]')?.textContent ?? ''
    expect(privateKeyToAccount(text as `0x${string}`).address).toBe(w.keys.evm.address)
  })

  it("the API's refusal comes back as the error; without a popup (no stepUpAuthentication) it is not available", async () => {
    const { api } = fakeApi({ totp: 'on', passkey: true, stepUpUntil: null })
    const f = await frame({ api, webauthn: async () => client('cred-mallory').webauthn })
    expect(await f.send('STEP_UP_PASSKEY')).toMatchObject({
      type: 'STEP_UP_PASSKEY_ERROR',
      payload: { message: AUTH_ERRORS.passkeyFailed },
    })
    expect(await f.send('GET_TWO_FACTOR')).toMatchObject({ payload: { stepUp: false } })
    const { startAuthentication, startRegistration } = client().webauthn
    const bare = await frame({ api, webauthn: async () => ({ startAuthentication, startRegistration }) })
    expect(await bare.send('STEP_UP_PASSKEY')).toMatchObject({ type: 'STEP_UP_PASSKEY_ERROR', payload: { message: 'Not available yet' } })
  })
})

describe('removing a passkey waits for the confirmation window', () => {
  it('asks the window with the passkey named; refused, nothing is removed; confirmed, it is', async () => {
    const { api, calls } = fakeApi({ totp: 'off', passkey: true, stepUpUntil: null })
    const asked: ConfirmRequest[] = []
    let answer = false
    const f = await frame({
      api,
      confirm: async (request) => {
        asked.push(request)
        return answer
      },
    })
    expect(await f.send('REMOVE_PASSKEY', { id: 'cred-ada' })).toMatchObject({
      type: 'REMOVE_PASSKEY_ERROR',
      payload: { message: 'User rejected the request' },
    })
    expect(asked).toEqual([{ kind: 'removePasskey', name: 'Laptop', createdAt: '2031-01-02T03:04:05.000Z' }])
    expect(calls.filter((c) => c.startsWith('remove passkey'))).toEqual([])
    // An id that is not the user's: no window, the API's text.
    expect(await f.send('REMOVE_PASSKEY', { id: 'someone-else' })).toMatchObject({ payload: { message: 'Passkey not found' } })
    expect(asked).toHaveLength(1)
    answer = true
    expect(await f.send('REMOVE_PASSKEY', { id: 'cred-ada' })).toMatchObject({ type: 'REMOVE_PASSKEY_SUCCESS', payload: { passkeys: [] } })
    expect(calls.filter((c) => c.startsWith('remove passkey'))).toEqual(['remove passkey cred-ada'])
  })
})

describe('key export: in the frame document only', () => {
  it('refuses without a fresh step-up: no key is rebuilt, nothing is shown', async () => {
    const { api } = fakeApi({ totp: 'on', stepUpUntil: null })
    const w = await wallet()
    const exportKey = vi.fn(w.exportKey)
    const f = await frame({ api, exportKey })
    expect(await f.send('EXPORT_KEY', { kind: 'evm' })).toMatchObject({
      type: 'EXPORT_KEY_ERROR',
      payload: { message: AUTH_ERRORS.stepUpRequired },
    })
    expect(exportKey).not.toHaveBeenCalled()
    expect(document.querySelector('[data-testid="portico-export-key"]')).toBeNull()
  })

  it('without the key-share core it is not available', async () => {
    const { api } = fakeApi({ totp: 'on', stepUpUntil: new Date(NOW + 60_000).toISOString() })
    const f = await frame({ api })
    expect(await f.send('EXPORT_KEY', { kind: 'evm' })).toMatchObject({
      type: 'EXPORT_KEY_ERROR',
      payload: { message: 'Not available yet' },
    })
  })

  it("after a step-up shows the EVM key (its address is the wallet's) in the frame DOM; the reply and every message carry none of it", async () => {
    const { api } = fakeApi({ totp: 'on', stepUpUntil: new Date(NOW + 60_000).toISOString() })
    const w = await wallet()
    const f = await frame({ api, exportKey: w.exportKey })
    const reply = await f.send('EXPORT_KEY', { kind: 'evm' })
    expect(reply).toEqual({ channel: 'portico:frame', id: reply.id, type: 'EXPORT_KEY_SUCCESS', payload: {} })

    const view = document.querySelector('[data-testid="portico-export-key"]')
    expect(view?.querySelector('h2')?.textContent).toBe(EXPORT_VIEW_TEXTS.evmTitle)
    const text = document.querySelector('[data-testid="portico-export-key-value"]')?.textContent ?? ''
    expect(text).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAccount(text as `0x${string}`).address).toBe(w.keys.evm.address)

    // The buffer handed to the view is wiped once shown.
    expect(w.handedOut).toHaveLength(1)
    expect(w.handedOut[0]?.every((b) => b === 0)).toBe(true)

    const key = Uint8Array.from(Buffer.from(text.slice(2), 'hex'))
    const everything = JSON.stringify(f.posted)
    for (const form of [text, ...forms(key)])
      expect(everything).not.toContain(form)

      // Copy puts the text on the clipboard (from the frame's document, not through the host).
    ;(document.querySelector('[data-testid="portico-export-key-copy"]') as HTMLButtonElement).click()
    await vi.waitFor(() => expect(f.copied).toEqual([text]))
    expect(document.querySelector('[data-testid="portico-export-key-copy"]')?.textContent).toBe(EXPORT_VIEW_TEXTS.copied)

    // Hide (in the frame) removes the key from the document.
    ;(document.querySelector('[data-testid="portico-export-key-hide"]') as HTMLButtonElement).click()
    expect(document.body.textContent).not.toContain(text)
    expect(f.keyView.shown()).toBe(false)
  })

  it("shows the Solana secret key (64 bytes, base58: seed then public key) whose address is the wallet's; EXPORT_KEY_HIDE and SIGN_OUT remove it", async () => {
    const { api } = fakeApi({ totp: 'on', stepUpUntil: new Date(NOW + 60_000).toISOString() })
    const w = await wallet()
    const f = await frame({ api, exportKey: w.exportKey })
    expect(await f.send('EXPORT_KEY', { kind: 'solana' })).toMatchObject({ type: 'EXPORT_KEY_SUCCESS', payload: {} })
    expect(document.querySelector('h2')?.textContent).toBe(EXPORT_VIEW_TEXTS.solanaTitle)
    const text = document.querySelector('[data-testid="portico-export-key-value"]')?.textContent ?? ''
    const bytes = new Uint8Array(getBase58Encoder().encode(text))
    expect(bytes).toHaveLength(64)
    const seed = bytes.slice(0, 32)
    expect(solanaAddressOf(seed)).toBe(w.keys.solana.address)
    expect(getBase58Decoder().decode(bytes.slice(32))).toBe(w.keys.solana.address)
    expect(Buffer.from(ed25519.getPublicKey(seed)).equals(Buffer.from(bytes.slice(32)))).toBe(true)
    const everything = JSON.stringify(f.posted)
    for (const form of [text, ...forms(seed)]) expect(everything).not.toContain(form)

    expect(await f.send('EXPORT_KEY_HIDE')).toMatchObject({ type: 'EXPORT_KEY_HIDE_SUCCESS', payload: {} })
    expect(document.querySelector('[data-testid="portico-export-key"]')).toBeNull()

    await f.send('EXPORT_KEY', { kind: 'solana' })
    expect(f.keyView.shown()).toBe(true)
    await f.send('SIGN_OUT')
    expect(document.querySelector('[data-testid="portico-export-key"]')).toBeNull()
  })

  it('exportedKeyText takes 32-byte keys only', () => {
    expect(() => exportedKeyText('evm', new Uint8Array(31))).toThrow('An exported key is 32 bytes')
    expect(exportedKeyText('evm', new Uint8Array(32).fill(1))).toBe(`0x${'01'.repeat(32)}`)
  })
})

/**
 * Every field of every SUCCESS payload the frame posts to the host, with the schema of its value.
 * zod-mini's definitions: object (shape), optional/nullable (innerType), array (element), union (options).
 */
type Def = { type: string; shape?: Record<string, unknown>; innerType?: unknown; element?: unknown; options?: unknown[] }
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def
function leaves(schema: unknown, path: string): { path: string; schema: unknown; type: string }[] {
  const def = defOf(schema)
  if (def.type === 'object') return Object.entries(def.shape ?? {}).flatMap(([k, v]) => leaves(v, `${path}.${k}`))
  if (def.type === 'optional' || def.type === 'nullable') return leaves(def.innerType, path)
  if (def.type === 'array') return leaves(def.element, `${path}[]`)
  if (def.type === 'union') return (def.options ?? []).flatMap((o) => leaves(o, path))
  return [{ path, schema, type: def.type }]
}

/**
 * The fields that take any text (a key's hex or base58 too), each reviewed: what fills it. A new
 * field that can hold a key's text fails the test below until it is reviewed and added here.
 */
const FREE_TEXT_FIELDS: Record<string, string> = {
  'GET_USER.email': 'the API user record',
  'GET_USER.address': 'an address from the API user record',
  'GET_USER.accounts[].address': 'addresses from the API user record',
  'GET_USER.userName': 'the API user record',
  'GET_USER.solanaAddress': 'the API user record',
  'GET_USER.chainId': "the frame's chain id",
  'SWITCH_NETWORK.chainId': 'the chain id the host sent',
  'GET_CHAIN_ID.chainId': "the frame's chain id",
  'CONNECT_SOCIAL.userName': 'the API user record',
  'CONNECT_SOCIAL.email': 'the API user record',
  'GET_FARCASTER_URI.url': "the API's relay URL",
  'CONNECT_FARCASTER.userName': 'the API user record',
  'GET_SOCIAL_REDIRECT_URI.uri': "the API's authorization URL",
  'INIT_SMART_ACCOUNT.address': 'the API user record',
  'SET_PREFERRED_ACCOUNT.address': 'the API user record',
  'SET_PREFERRED_ACCOUNT.reason': "the API's error text",
  'UPDATE_EMAIL_SECONDARY_OTP.newEmail': "the API's answer",
  'ADD_PASSKEY.passkey.id': "the API's passkey record (the credential id)",
  'ADD_PASSKEY.passkey.name': "the API's passkey record (the name given to it)",
  'GET_PASSKEYS.passkeys[].id': "the API's passkey records",
  'GET_PASSKEYS.passkeys[].name': "the API's passkey records",
  'REMOVE_PASSKEY.passkeys[].id': "the API's passkey records",
  'REMOVE_PASSKEY.passkeys[].name': "the API's passkey records",
}

describe('no message to the host can carry key material', () => {
  it('walks FRAME_SUCCESS_PAYLOADS: no field is named for a key, share or seed; every free-text field is reviewed; export replies are empty', async () => {
    const w = await wallet()
    const evmText = await w.exportKey('evm').then((key) => exportedKeyText('evm', key))
    const solanaText = await w.exportKey('solana').then((key) => exportedKeyText('solana', key))
    const all = Object.entries(FRAME_SUCCESS_PAYLOADS).flatMap(([type, schema]) => leaves(schema, type))
    expect(all.length).toBeGreaterThan(40)

    // No field named for key material (nor the TOTP set-up's secret: it shows in the frame's document; a passkey's
    // fields are its credential id and the name the user gave it).
    const named = all
      .map((l) => l.path)
      .filter((p) => /private|secret|seed|share|mnemonic|(?<!pass)key/i.test(p.split('.').slice(1).join('.')))
    expect(named).toEqual([])

    // Which fields accept a key's text, as hex or base58?
    const accepting = all
      .filter((l) =>
        [evmText, evmText.slice(2), solanaText].some(
          (text) => (l.schema as { safeParse(v: unknown): { success: boolean } }).safeParse(text).success,
        ),
      )
      .map((l) => l.path)
    const unknown = all.filter((l) => l.type === 'unknown').map((l) => l.path)
    // RPC_REQUEST.result is the API's JSON-RPC answer (signatures, hashes), never anything of the key-share core.
    expect(unknown).toEqual(['RPC_REQUEST.result'])
    expect([...new Set(accepting)].filter((p) => !unknown.includes(p)).sort()).toEqual(Object.keys(FREE_TEXT_FIELDS).sort())

    // The export replies have no field at all: a key put into one is dropped by the parse the frame does.
    for (const type of ['EXPORT_KEY', 'EXPORT_KEY_HIDE', 'RECOVERY_HIDE'] as const) {
      expect(Object.keys(defOf(FRAME_SUCCESS_PAYLOADS[type]).shape ?? {})).toEqual([])
      const parsed = FRAME_SUCCESS_PAYLOADS[type].safeParse({ privateKey: evmText, key: solanaText, secretKey: solanaText })
      expect(parsed).toEqual({ success: true, data: {} })
    }
    // The recovery secret's reply says only whether the user saved it: one boolean, nothing else gets through.
    expect(Object.keys(defOf(FRAME_SUCCESS_PAYLOADS.SHOW_RECOVERY_SECRET).shape ?? {})).toEqual(['saved'])
    expect(
      FRAME_SUCCESS_PAYLOADS.SHOW_RECOVERY_SECRET.safeParse({ saved: true, secret: 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX', key: solanaText }),
    ).toEqual({ success: true, data: { saved: true } })
    expect(FRAME_SUCCESS_PAYLOADS.SHOW_RECOVERY_SECRET.safeParse({ saved: 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX' }).success).toBe(false)
  })
})
