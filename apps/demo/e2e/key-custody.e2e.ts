// Issue 22: the embedded wallet's keys in Chromium. §2, recovery on a new device, end to end, as a user meets it. The device that made the keys offers
// the recovery secret in the modal (Account's "Save your recovery secret"); the secret shows in the frame's own
// document, never in the page's. A second browser context (a new device: its own storage, no device share)
// signs the same email in: it cannot sign and says why, its Account says "Recover your wallet", a wrong secret
// is refused in the frame, the right one recovers, and it then signs as the same address. The chain, the API,
// the mail, the frame and Chromium are real.
// Then a second factor and the key's export (issue 22 §2): TOTP set up with the key the frame shows, a code, and the
// EVM key shown in the frame's document: its address is the wallet's.
// Then the threat model's host-page row: a script on the host page posts every frame message itself and calls
// every session route of the API: no key, share, secret or signature comes back without the frame's confirmation.
import type { BrowserContext, Frame, Page } from 'playwright-core'
import type { AppEventType, FRAME_RPC_UNSAFE } from '@portico/protocol/frame'
import { Secret, TOTP } from 'otpauth'
import { type Hex, recoverMessageAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerConfirmations } from './confirm-window.ts'
import { emailLogin } from './email-login.ts'
import { type Harness, startHarness } from './harness.ts'

const EMAIL = 'ada.recovery@portico.test'
const NO_DEVICE_SHARE = 'This device has no key share for this wallet: recover the wallet to sign here'

let h: Harness
let confirmations: ReturnType<typeof answerConfirmations>
/** The secret read off the first device's frame (as the user would copy it). */
let secret = ''
let address = ''

beforeAll(async () => {
  // The same address signs in again on the second device within seconds: a cooldown of 1 s between its mails.
  h = await startHarness({ authLimits: { resendCooldownMs: 1000 } })
  await emailLogin(h, EMAIL)
  confirmations = answerConfirmations(h.context)
})

afterAll(async () => {
  confirmations?.stop()
  await h?.close()
})

const modal = (page: Page) => page.getByRole('dialog')
const view = (page: Page) => modal(page).getByTestId('portico-recover-wallet')

/** The embedded wallet's frame in `page` (its own origin). */
function frameOf(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(h.stack.frameUrl))
  if (!frame) throw new Error('no wallet frame in the page')
  return frame
}

/** A page script asks the embedded wallet to sign `message`: its signature, or its error's text. */
const sign = (page: Page, message: string) =>
  page.evaluate(
    (m) =>
      window.__portico!.wallet.signMessage(m).then(
        (signature) => ({ signature, error: undefined }),
        (error: Error) => ({ signature: undefined, error: error.message }),
      ),
    message,
  )

const activeAddress = (page: Page) =>
  page.evaluate(() => window.__portico?.chain.$global.get().activeCaipAddress?.split(':')[2]) as Promise<string | undefined>

describe('recovery on a new device (issue 22 §2)', () => {
  it('a. the device that made the keys: "Save your recovery secret" shows the secret in the frame only, until "I have saved it"', async () => {
    const { page } = h
    address = (await activeAddress(page)) ?? ''
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const row = modal(page).getByTestId('portico-account-recovery')
    await expect.poll(() => row.getAttribute('data-kind'), { timeout: 20_000 }).toBe('unsaved')
    await row.click()
    await expect.poll(() => view(page).getAttribute('data-state')).toBe('unsaved')
    await modal(page).getByTestId('portico-recovery-show').click()
    await expect.poll(() => view(page).getAttribute('data-phase')).toBe('showing')

    // The secret is in the frame's document (its origin), over the room the modal made for it.
    const value = frameOf(page).getByTestId('portico-recovery-secret-value')
    await value.waitFor({ timeout: 20_000 })
    secret = (await value.textContent()) ?? ''
    expect(secret).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){5}$/)
    // ...and nowhere in the host page's DOM.
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(secret)
    const room = await modal(page).getByTestId('portico-recovery-room').boundingBox()
    const frameBox = await page.locator(`iframe[src^="${h.stack.frameUrl}"]`).boundingBox()
    expect(frameBox && room && Math.abs(frameBox.y - room.y) < 2 && Math.abs(frameBox.width - room.width) < 2).toBe(true)

    await frameOf(page).getByTestId('portico-recovery-secret-saved').click()
    await expect.poll(() => view(page).getAttribute('data-state')).toBe('saved')
    // Saved: the frame forgets it, and the Account offers nothing more.
    await modal(page).getByTestId('portico-recovery-done').click()
    await modal(page).getByTestId('portico-account-address').waitFor()
    expect(await modal(page).getByTestId('portico-account-recovery').count()).toBe(0)
  })

  it('b. a second browser context: it cannot sign and says why; a wrong secret is refused in the frame; the right one recovers, and it signs as the same address', async () => {
    expect(secret).not.toBe('')
    const other: BrowserContext = await h.browser.newContext({ viewport: { width: 1100, height: 820 } })
    const answers = answerConfirmations(other)
    try {
      await other.route('**/*', (route) =>
        ['127.0.0.1', 'localhost'].includes(new URL(route.request().url()).hostname) ? route.continue() : route.abort(),
      )
      const page = await other.newPage()
      await page.goto(h.stack.demoUrl)
      await emailLogin({ ...h, context: other, page }, EMAIL)
      expect(await activeAddress(page)).toBe(address)

      // No device share here: a signature is refused, and says what to do.
      expect(await sign(page, 'before recovery')).toEqual({ signature: undefined, error: NO_DEVICE_SHARE })

      const row = modal(page).getByTestId('portico-account-recovery')
      await expect.poll(() => row.getAttribute('data-kind'), { timeout: 20_000 }).toBe('needed')
      await row.click()
      await expect.poll(() => view(page).getAttribute('data-phase')).toBe('needed')
      await modal(page).getByTestId('portico-recovery-recover').click()
      await expect.poll(() => view(page).getAttribute('data-phase')).toBe('asking')

      // The secret is typed in the frame's document. A well-formed secret of another wallet: refused there.
      const frame = frameOf(page)
      const input = frame.getByTestId('portico-recovery-secret')
      await input.waitFor({ timeout: 20_000 })
      const wrong = secret.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))
      await input.fill(wrong)
      await frame.getByTestId('portico-recovery-submit').click()
      await expect
        .poll(() => frame.getByTestId('portico-recovery-error').textContent(), { timeout: 20_000 })
        .toBe('This recovery secret does not open this wallet')
      expect(await view(page).getAttribute('data-phase')).toBe('asking')

      await input.fill(secret.toLowerCase())
      await frame.getByTestId('portico-recovery-submit').click()
      await expect.poll(() => view(page).getAttribute('data-state'), { timeout: 20_000 }).toBe('recovered')
      expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(secret)

      // It signs now, as the wallet's address.
      const after = await sign(page, 'after recovery')
      expect(after.error).toBeUndefined()
      expect(await recoverMessageAddress({ message: 'after recovery', signature: after.signature as Hex })).toBe(address)
    } finally {
      answers.stop()
      await other.close()
    }
    // The first device still signs: the recovery made a new split for the new device, not a new key.
    const first = await sign(h.page, 'the first device')
    expect(await recoverMessageAddress({ message: 'the first device', signature: first.signature as Hex })).toBe(address)
    expect(h.pageErrors).toEqual([])
    expect(h.offLoopback).toEqual([])
  })
})

describe('a second factor and the export (issue 22 §2)', () => {
  it('b2. sets up TOTP with the setup key the frame shows, then exports the EVM key in the frame: its address is the wallet’s', async () => {
    const { page } = h
    const twoFactor = modal(page).getByTestId('portico-two-factor')
    await modal(page).getByTestId('portico-account-two-factor').click()
    await expect.poll(() => twoFactor.getAttribute('data-phase'), { timeout: 20_000 }).toBe('off')
    await modal(page).getByTestId('portico-two-factor-enroll').click()

    // The setup key is in the frame's document only (groups of four), over the room the view made.
    const shown = frameOf(page).getByTestId('portico-totp-secret')
    await shown.waitFor({ timeout: 20_000 })
    const setupKey = ((await shown.textContent()) ?? '').replace(/\s/g, '')
    expect(setupKey).toMatch(/^[A-Z2-7]{16,}$/)
    const hostHtml = () => page.evaluate(() => document.documentElement.outerHTML.replace(/\s/g, ''))
    expect(await hostHtml()).not.toContain(setupKey)

    // The user's authenticator app: the code of the key, typed into the modal, confirms TOTP and steps the session up.
    const code = new TOTP({ secret: Secret.fromBase32(setupKey), digits: 6, period: 30, algorithm: 'SHA1' }).generate()
    await modal(page).getByTestId('portico-email-otp-input').fill(code)
    await expect.poll(() => twoFactor.getAttribute('data-phase'), { timeout: 20_000 }).toBe('verified')
    expect(await frameOf(page).getByTestId('portico-totp-setup').count()).toBe(0)

    await modal(page).getByTestId('portico-export-evm').click()
    const value = frameOf(page).getByTestId('portico-export-key-value')
    await value.waitFor({ timeout: 20_000 })
    const exported = ((await value.textContent()) ?? '').trim()
    expect(exported).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAccount(exported as Hex).address).toBe(address)
    expect(await hostHtml()).not.toContain(exported.slice(2))
    await modal(page).getByTestId('portico-export-done').click()
    await expect.poll(() => frameOf(page).getByTestId('portico-export-key').count(), { timeout: 10_000 }).toBe(0)
  })
})

describe("a script on the host page (issue 22's threat model)", () => {
  it('c. posts every frame message itself and calls every session route: no key, share, secret or signature comes back', async () => {
    expect(address).not.toBe('')
    const { page } = h
    // Nothing answers the frame's confirmation windows from now on: the user is not there.
    confirmations.stop()
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const solana = await page.evaluate(() => window.__portico?.chain.$chains.get().solana?.accountState.address)
    expect(solana).toBeTruthy()
    const typedData = {
      types: { EIP712Domain: [{ name: 'name', type: 'string' }], Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      domain: { name: 'host script' },
      message: { text: 'sign me' },
    }
    const rpc: Record<(typeof FRAME_RPC_UNSAFE)[number], unknown[]> = {
      personal_sign: ['0x68656c6c6f', address],
      eth_signTypedData_v4: [address, JSON.stringify(typedData)],
      eth_sendTransaction: [{ from: address, to, value: '0x1' }],
      solana_signMessage: [{ message: '3yZe7d', pubkey: solana }],
      solana_signTransaction: [{ transaction: 'AQ==' }],
      solana_signAndSendTransaction: [{ transaction: 'AQ==' }],
      wallet_sendCalls: [{ version: '2.0.0', from: address, chainId: '0x7a69', atomicRequired: false, calls: [{ to, value: '0x1' }] }],
      wallet_grantPermissions: [
        { chainId: '0x7a69', expiry: 4_000_000_000, signer: { type: 'key', data: { id: address } }, permissions: [] },
      ],
      wallet_revokePermissions: [{ permissionsContext: '0x00' }],
    }
    // Every message type the frame takes (a new one fails to compile here until it is listed). RPC_REQUEST is sent
    // once per unsafe method; RPC_ABORT, SIGN_OUT and RELOAD go last, after the answers are in.
    const payloads = {
      SWITCH_NETWORK: { chainId: 31337 },
      CONNECT_EMAIL: { email: 'someone.else@portico.test' },
      CONNECT_DEVICE: {},
      CONNECT_OTP: { otp: '000000' },
      CONNECT_SOCIAL: {},
      GET_FARCASTER_URI: {},
      CONNECT_FARCASTER: {},
      GET_USER: {},
      GET_SOCIAL_REDIRECT_URI: { provider: 'google' },
      SIGN_OUT: 'last',
      IS_CONNECTED: {},
      GET_CHAIN_ID: {},
      GET_SMART_ACCOUNT_ENABLED_NETWORKS: {},
      INIT_SMART_ACCOUNT: {},
      SET_PREFERRED_ACCOUNT: { type: 'eoa' },
      RPC_REQUEST: 'per method',
      UPDATE_EMAIL: { email: 'thief@portico.test' },
      UPDATE_EMAIL_PRIMARY_OTP: { otp: '000000' },
      UPDATE_EMAIL_SECONDARY_OTP: { otp: '000000' },
      SYNC_THEME: { themeMode: 'dark', themeVariables: { '--portico-accent': 'red;background:url(//x)' }, locale: 'ar' },
      SYNC_DAPP_DATA: { projectId: 'host-script' },
      RELOAD: 'last',
      RPC_ABORT: 'last',
      CONNECT_PASSKEY: { mode: 'sign-in' },
      ADD_PASSKEY: { name: 'the host script' },
      GET_PASSKEYS: {},
      REMOVE_PASSKEY: { id: 'not-a-passkey' },
      GET_TWO_FACTOR: {},
      TOTP_ENROLL: {},
      TOTP_ENROLL_HIDE: {},
      TOTP_CONFIRM: { code: '000000' },
      TOTP_VERIFY: { code: '000000' },
      TOTP_REMOVE: { code: '000000' },
      STEP_UP_PASSKEY: {},
      EXPORT_KEY: { kind: 'evm' },
      EXPORT_KEY_HIDE: {},
      GET_KEY_STATE: {},
      RECOVER_WALLET: {},
      SHOW_RECOVERY_SECRET: {},
      RECOVERY_HIDE: {},
      GET_CONFIRM_POLICY: {},
    } satisfies Record<AppEventType, object | 'last' | 'per method'>
    type Post = { id: string; type: string; payload: unknown }
    let n = 0
    const post = (type: string, payload: unknown): Post => ({ id: `host-script-${String(++n).padStart(3, '0')}`, type, payload })
    const first: Post[] = [
      ...Object.entries(payloads).flatMap(([type, payload]) => (typeof payload === 'object' ? [post(type, payload)] : [])),
      post('EXPORT_KEY', { kind: 'solana' }),
      ...Object.entries(rpc).map(([method, params]) => post('RPC_REQUEST', { method, params })),
    ]
    const last = ['RPC_ABORT', 'SIGN_OUT', 'RELOAD'].map((type) => post(type, {}))

    /** Posts `posts` to the frame as a page script can, and collects the frame's replies (for at most `waitMs`). */
    const send = (posts: Post[], waitMs: number) =>
      page.evaluate(
        async ({ frameUrl, posts, waitMs }) => {
          const iframe = [...document.querySelectorAll('iframe')].find((f) => f.src.startsWith(frameUrl))
          const target = iframe?.contentWindow
          if (!target) throw new Error('no wallet frame')
          const replies: Record<string, { type: string; payload: unknown }> = {}
          const onMessage = (event: MessageEvent) => {
            const data = event.data as { channel?: string; id?: string; type: string; payload: unknown } | null
            if (event.source !== target || data?.channel !== 'portico:frame' || !data.id?.startsWith('host-script-')) return
            replies[data.id] = { type: data.type, payload: data.payload }
          }
          window.addEventListener('message', onMessage)
          for (const p of posts) target.postMessage({ channel: 'portico:app', ...p }, new URL(frameUrl).origin)
          // Until no new answer came for a second (the unsafe requests wait for a confirmation), at most waitMs.
          const end = Date.now() + waitMs
          let seen = -1
          while (Date.now() < end && seen !== Object.keys(replies).length) {
            seen = Object.keys(replies).length
            await new Promise((resolve) => setTimeout(resolve, 1000))
          }
          window.removeEventListener('message', onMessage)
          return replies
        },
        { frameUrl: h.stack.frameUrl, posts, waitMs },
      )
    const replies = { ...(await send(first, 8_000)), ...(await send(last, 3_000)) }

    // Every safe message was answered (the frame is listening: a silent frame would pass the checks below).
    for (const id of ['GET_USER', 'GET_KEY_STATE', 'IS_CONNECTED', 'GET_TWO_FACTOR'].map((t) => first.find((p) => p.type === t)!.id))
      expect(replies[id]?.type).toMatch(/_SUCCESS$/)
    // The user set up TOTP (b2): a script cannot start a set-up of its own. (Without TOTP, a set-up starts but nothing
    // of it comes to the page, its QR code and key show in the frame's document: two-factor.test.tsx.)
    expect(replies[first.find((p) => p.type === 'TOTP_ENROLL')!.id]).toEqual({
      type: 'TOTP_ENROLL_ERROR',
      payload: { message: 'Two-factor authentication is already on' },
    })
    // A step-up by passkey needs the user's passkey in a popup on the frame's origin (this user has none); a removal
    // needs the confirmation window (passkey.e2e.ts), and this id is not the user's.
    expect(replies[first.find((p) => p.type === 'STEP_UP_PASSKEY')!.id]).toEqual({
      type: 'STEP_UP_PASSKEY_ERROR',
      payload: { message: 'You have no passkey. Add one first.' },
    })
    expect(replies[first.find((p) => p.type === 'REMOVE_PASSKEY')!.id]?.type).toBe('REMOVE_PASSKEY_ERROR')
    // No unsafe request succeeded: each waits for a confirmation no one gives, or was refused.
    for (const p of first.filter((q) => q.type === 'RPC_REQUEST'))
      expect(replies[p.id]?.type ?? 'no answer').not.toBe('RPC_REQUEST_SUCCESS')
    // Nothing in any answer is a key, a share, the recovery secret or a signature.
    // (The social sign-in's URI carries its login's state and PKCE challenge, 43 base64url characters each: not key
    // material, and the result goes to the frame's origin, not to this page. It is left out of the base64url check.)
    const social = first.find((p) => p.type === 'GET_SOCIAL_REDIRECT_URI')!.id
    expect(replies[social]?.type).toBe('GET_SOCIAL_REDIRECT_URI_SUCCESS')
    const text = JSON.stringify(Object.entries(replies).flatMap(([id, r]) => (id === social ? [] : [r.payload])))
    expect(text).not.toMatch(/0x[0-9a-fA-F]{130}/) // a secp256k1 signature
    expect(text).not.toMatch(/[0-9a-fA-F]{64}/) // a private key, a share (32 bytes and more) or a hash of a sent transaction
    expect(text).not.toMatch(/[1-9A-HJ-NP-Za-km-z]{80,}/) // an ed25519 signature or secret key in base58
    // 32 bytes or more in base64url (the Solana address, 44 base58 characters, is the one such run expected)
    expect(text.match(/[A-Za-z0-9_-]{43,}/g)?.filter((run) => run !== solana) ?? []).toEqual([])
    expect(text.replaceAll('-', '')).not.toContain(secret.replaceAll('-', ''))

    // The API's session routes, called from the page (it has no session key: that is in the frame's origin).
    const routes = [
      'keys',
      'keys/share',
      'keys/recovery',
      'keys/escrow',
      'keys/devices',
      'keys/legacy',
      'rpc',
      'relay',
      'user',
      'sessions',
      'passkeys',
    ]
    const answers = await page.evaluate(
      async ({ api, routes, address }) =>
        Promise.all(
          routes.map(async (route) => {
            const res = await fetch(`${api}/v1/auth/${route}`, {
              method: 'POST',
              credentials: 'include',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ kind: 'evm', address, method: 'personal_sign', params: ['0x00', address] }),
            }).catch((error: Error) => ({ status: 0, text: async () => error.message }))
            return { route, status: res.status, body: await res.text() }
          }),
        ),
      { api: h.stack.apiUrl, routes, address },
    )
    // The browser does not even send them: the auth routes answer CORS for the frame's origin only.
    expect(answers.map((a) => `${a.route}: ${a.status} ${a.body}`)).toEqual(routes.map((route) => `${route}: 0 Failed to fetch`))
    // The same calls from anywhere else (no CORS: the host's own server): refused, with nothing of a key.
    for (const route of routes) {
      const res = await fetch(`${h.stack.apiUrl}/v1/auth/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'evm', address, method: 'personal_sign', params: ['0x00', address] }),
      })
      const body = await res.text()
      expect(res.status, `${route}: ${body}`).toBeGreaterThanOrEqual(400)
      expect(res.status, `${route}: ${body}`).toBeLessThan(500)
      expect(body).not.toMatch(/[A-Za-z0-9_-]{43,}|[0-9a-fA-F]{64}/)
    }
    expect(h.offLoopback).toEqual([])
  })
})
