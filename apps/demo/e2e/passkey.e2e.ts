// Issue 22 §2: passkey login end to end — the demo (?passkeys=1), the frame on its own origin
// (http://localhost:<port>: a passkey's relying party id is a host name), the Portico API verifying
// with @simplewebauthn/server, and Chromium's virtual WebAuthn authenticator (CDP, CTAP2, internal,
// resident keys, user verification, PRF). Sign-up creates the passkey in the popup on the frame's
// origin; a second browser context, given the same credential, signs in with it from the hidden frame.
// Under key shares, Chromium's PRF output at creation (in the popup) reaches the frame, which seals the
// recovery share under it as well as under the recovery secret (the upload is read off the wire). The
// second context's credential is imported through CDP, which carries no PRF secret (WebAuthn.Credential
// has no field for it: an imported credential answers no PRF), so that device can not recover with the
// passkey: it signs in, and signing says it must recover. The last journey proves the recovery with the
// PRF in Chromium on a new device made of the sign-up's own tab with its storage cleared;
// tests/passkey-frame.test.ts proves it across browsers (a software authenticator, the real API).
// The demo is opened on localhost too: the frame is then on the page's own site, so its storage
// (the session key in IndexedDB) is first-party, as it is for the journeys on 127.0.0.1.
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { answerConfirmations, nextConfirmWindow } from './confirm-window.ts'
import { type Harness, startHarness } from './harness.ts'

let h: Harness
/** The passkey made at sign-up (as the virtual authenticator reported it), and the wallet's address. */
let signedUp: Credential | undefined
let wallet = ''

beforeAll(async () => {
  h = await startHarness({ frameOnLocalhost: true })
  await h.page.goto(demoUrl())
})

/** The demo on localhost, with passkey login offered (?passkeys=1). */
const demoUrl = () => {
  const url = new URL(h.stack.demoUrl)
  url.hostname = 'localhost'
  url.search = '?passkeys=1'
  return url.href
}

afterAll(async () => {
  await h?.close()
})

/** What the journey reads of a virtual authenticator's credential (CDP WebAuthn.Credential). */
type Credential = { credentialId: string; isResidentCredential: boolean; rpId?: string; privateKey: string; signCount: number }

/** A virtual authenticator on `page` (its frames included). */
async function authenticator(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}

const modal = (page: Page) => page.getByRole('dialog')
const status = (page: Page) => page.getByTestId('portico-demo-status').textContent()

describe('passkey login (issue 22 §2)', () => {
  it('signs up with a passkey (created in the popup on the frame origin), then signs in with it in a second browser context', async () => {
    const { page, context } = h
    // Sign-up: the popup opens in the click; its authenticator is attached before its button is pressed.
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const popupOpened = page.waitForEvent('popup')
    await modal(page).getByTestId('portico-connect-passkey-sign-up').click()
    const popup = await popupOpened
    const { cdp } = await authenticator(context, popup)
    const uploads: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/auth/keys') uploads.push(request.postData() ?? '')
    })
    const added = new Promise<Credential>((resolve) => cdp.on('WebAuthn.credentialAdded', (event) => resolve(event.credential)))
    await popup.waitForURL((url) => url.hostname === 'localhost' && url.search === '?portico-passkey=create', { timeout: 20_000 })
    const create = popup.getByTestId('portico-passkey-create')
    await expect.poll(() => create.isEnabled(), { timeout: 20_000 }).toBe(true)
    await create.click()
    const credential = await added
    signedUp = credential
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' })
    await expect.poll(() => status(page), { timeout: 20_000 }).toBe('connected')
    await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true)
    const address = await page.evaluate(() => window.__portico?.chain.$global.get().activeCaipAddress?.split(':')[2])
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    wallet = address as string
    // The keys' upload: each recovery share sealed under the secret and under the passkey's PRF output.
    expect(uploads).toHaveLength(1)
    const upload = JSON.parse(uploads[0] as string) as Record<
      'evm' | 'solana',
      { recovery: { type: string; blobs: { kdf: { name: string } }[] } }
    >
    for (const kind of ['evm', 'solana'] as const) {
      expect(upload[kind].recovery.type).toBe('portico-recovery-shares')
      expect(upload[kind].recovery.blobs.map((b) => b.kdf.name)).toEqual(['PBKDF2-SHA-256', 'PRF-HKDF-SHA-256'])
    }

    // A second browser (its own storage: no session), with the same passkey on its authenticator.
    const other = await h.browser.newContext({ viewport: { width: 1100, height: 820 } })
    const answers = answerConfirmations(other)
    try {
      await other.route('**/*', (route) =>
        ['127.0.0.1', 'localhost'].includes(new URL(route.request().url()).hostname) ? route.continue() : route.abort(),
      )
      const second = await other.newPage()
      const { cdp: cdp2, authenticatorId } = await authenticator(other, second)
      await cdp2.send('WebAuthn.addCredential', { authenticatorId, credential })
      await second.goto(demoUrl())
      await second.getByRole('button', { name: 'Connect wallet' }).click()
      await modal(second).getByTestId('portico-connect-passkey-sign-in').click()
      await expect.poll(() => status(second), { timeout: 20_000 }).toBe('connected')
      expect(await second.evaluate(() => window.__portico?.chain.$global.get().activeCaipAddress?.split(':')[2])).toBe(address)
      const { credentials } = await cdp2.send('WebAuthn.getCredentials', { authenticatorId })
      expect(credentials[0]?.signCount).toBeGreaterThan(credential.signCount)
      // Without a PRF output (see above) this device has no way to open the recovery share by itself.
      const signed = await second.evaluate(() =>
        window.__portico!.wallet.signMessage('no device share').then(
          () => 'signed',
          (error: Error) => error.message,
        ),
      )
      expect(signed).toBe('This device has no key share for this wallet: recover the wallet to sign here')
    } finally {
      answers.stop()
      await other.close()
    }
    expect(h.pageErrors).toEqual([])
    expect(h.offLoopback).toEqual([])
  })

  it("the account's passkeys (Account → Passkeys): one more added in the popup in the click, removed after its question; the only one left can not be removed", async () => {
    const { page, context } = h
    const count = () => modal(page).getByTestId('portico-passkeys').getAttribute('data-count')
    if (!(await modal(page).isVisible())) await page.getByTestId('portico-connect-button-address').click()
    await modal(page).getByTestId('portico-account-passkeys').click()
    await expect.poll(count, { timeout: 20_000 }).toBe('1')
    await modal(page).getByTestId('portico-passkeys-name').fill('Laptop')
    const popupOpened = page.waitForEvent('popup')
    await modal(page).getByTestId('portico-passkeys-add').click()
    const popup = await popupOpened
    await authenticator(context, popup)
    await popup.waitForURL((url) => url.search === '?portico-passkey=create', { timeout: 20_000 })
    const create = popup.getByTestId('portico-passkey-create')
    await expect.poll(() => create.isEnabled(), { timeout: 20_000 }).toBe(true)
    await create.click()
    await expect.poll(count, { timeout: 20_000 }).toBe('2')
    expect(await modal(page).getByTestId('portico-passkey').nth(1).textContent()).toContain('Laptop')
    // Removal waits for the user in the window on the frame's origin, which names the passkey: rejected there, it stays.
    await modal(page).getByRole('button', { name: 'Remove passkey Laptop' }).click()
    const windowOpened = nextConfirmWindow(context)
    await modal(page).getByTestId('portico-passkey-confirm-remove').click()
    const confirmWindow = await windowOpened
    expect(await confirmWindow.locator('h1').textContent()).toBe('Remove a passkey')
    expect(await confirmWindow.locator('main').textContent()).toContain('Laptop')
    await confirmWindow.getByTestId('portico-confirm-reject').click()
    await expect
      .poll(() => modal(page).getByTestId('portico-passkeys-error').textContent(), { timeout: 20_000 })
      .toBe('The passkey could not be removed.')
    expect(await count()).toBe('2')
    const answers = answerConfirmations(context)
    try {
      await modal(page).getByRole('button', { name: 'Remove passkey Laptop' }).click()
      await modal(page).getByTestId('portico-passkey-confirm-remove').click()
      await expect.poll(count, { timeout: 20_000 }).toBe('1')
      // The only one left: confirmed in the window, then refused by the API.
      await modal(page).getByTestId('portico-passkey-remove').click()
      await modal(page).getByTestId('portico-passkey-confirm-remove').click()
      await expect
        .poll(() => modal(page).getByTestId('portico-passkeys-error').textContent(), { timeout: 20_000 })
        .toBe('This passkey is your only way to sign in. Add another passkey or an email first.')
    } finally {
      answers.stop()
    }
    expect(answers.titles).toEqual(['Remove a passkey', 'Remove a passkey'])
    expect(await count()).toBe('1')
    expect(h.pageErrors).toEqual([])
    expect(h.offLoopback).toEqual([])
  })

  it('a second factor by passkey: the sign-up gave no step-up; "Use a passkey" (in the popup on the frame origin) unlocks the export, whose key is the wallet’s', async () => {
    const { page, context } = h
    expect(signedUp).toBeDefined()
    if (!(await modal(page).isVisible())) await page.getByTestId('portico-connect-button-address').click()
    if (await modal(page).getByTestId('portico-passkeys').isVisible()) await modal(page).getByRole('button', { name: 'Back' }).click()
    const twoFactor = modal(page).getByTestId('portico-two-factor')
    await modal(page).getByTestId('portico-account-two-factor').click()
    // No TOTP, a passkey: the view offers the passkey; export is not offered before a step-up.
    await expect.poll(() => twoFactor.getAttribute('data-phase'), { timeout: 20_000 }).toBe('off')
    expect(await modal(page).getByTestId('portico-export-evm').count()).toBe(0)
    const popupOpened = page.waitForEvent('popup')
    await modal(page).getByTestId('portico-two-factor-passkey').click()
    const popup = await popupOpened
    // The same passkey, on this popup's authenticator (its counter past the one the API keeps).
    const { cdp, authenticatorId } = await authenticator(context, popup)
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...(signedUp as Credential), signCount: 1000 } })
    await popup.waitForURL((url) => url.hostname === 'localhost' && url.search === '?portico-passkey=verify', { timeout: 20_000 })
    const verify = popup.getByTestId('portico-passkey-verify')
    await expect.poll(() => verify.isEnabled(), { timeout: 20_000 }).toBe(true)
    expect(await popup.locator('h1').textContent()).toBe('Confirm it’s you')
    await verify.click()
    await expect.poll(() => twoFactor.getAttribute('data-phase'), { timeout: 20_000 }).toBe('verified')
    // The wallet closes the window once the step-up is done.
    await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true)

    await modal(page).getByTestId('portico-export-evm').click()
    const frame = page.frames().find((f) => f.url().startsWith(h.stack.frameUrl))
    if (!frame) throw new Error('no wallet frame in the page')
    const value = frame.getByTestId('portico-export-key-value')
    await value.waitFor({ timeout: 20_000 })
    const key = ((await value.textContent()) ?? '').trim()
    expect(key).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAccount(key as `0x${string}`).address).toBe(wallet)
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(key.slice(2))
    await modal(page).getByTestId('portico-export-done').click()
    expect(h.pageErrors).toEqual([])
    expect(h.offLoopback).toEqual([])
  })

  it("a new device recovers with the passkey's PRF at sign-in, in Chromium: the device share and the session gone (this origin's storage cleared), the same authenticator signs in, the wallet signs as before", async () => {
    // Chromium's virtual authenticator keeps a credential's PRF secret to itself (CDP's WebAuthn.Credential has no
    // field for it): a PRF-capable passkey can not be copied to another browser. So the new device is this browser
    // tab with nothing of the wallet left — the frame's and the page's storage cleared — and the same authenticator:
    // the tab the passkey was created in (the sign-up's window, kept open and then sent to the demo).
    const other = await h.browser.newContext({ viewport: { width: 1100, height: 820 } })
    // The sign-up's window is closed when done (by itself, and by the page that opened it): here it stays open,
    // to become the new device.
    await other.addInitScript(() => {
      if (new URLSearchParams(location.search).get('portico-passkey') === 'create') window.close = () => undefined
      const open = window.open.bind(window)
      window.open = (...args: Parameters<typeof window.open>) => {
        const opened = open(...args)
        if (!opened) return opened
        return new Proxy(opened, {
          get: (target, key) => (key === 'close' ? () => undefined : (target as unknown as Record<PropertyKey, unknown>)[key]),
        })
      }
    })
    const answers = answerConfirmations(other)
    try {
      await other.route('**/*', (route) =>
        ['127.0.0.1', 'localhost'].includes(new URL(route.request().url()).hostname) ? route.continue() : route.abort(),
      )
      const first = await other.newPage()
      await first.goto(demoUrl())
      await first.getByRole('button', { name: 'Connect wallet' }).click()
      const popupOpened = first.waitForEvent('popup')
      await modal(first).getByTestId('portico-connect-passkey-sign-up').click()
      const tab = await popupOpened
      const { cdp } = await authenticator(other, tab)
      await tab.waitForURL((url) => url.hostname === 'localhost' && url.search === '?portico-passkey=create', { timeout: 20_000 })
      const create = tab.getByTestId('portico-passkey-create')
      await expect.poll(() => create.isEnabled(), { timeout: 20_000 }).toBe(true)
      await create.click()
      await expect.poll(() => status(first), { timeout: 20_000 }).toBe('connected')
      const address = await first.evaluate(() => window.__portico?.chain.$global.get().activeCaipAddress?.split(':')[2])
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      await first.close()

      // Nothing of the wallet is left on this device: the frame's origin (session, key shares) and the page's.
      for (const origin of [new URL(h.stack.frameUrl).origin, new URL(demoUrl()).origin])
        await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
      await tab.goto(demoUrl())
      expect(await status(tab)).toBe('disconnected')
      const keyCalls: string[] = []
      tab.on('request', (request) => {
        const path = new URL(request.url()).pathname
        if (request.method() === 'POST' && path.startsWith('/v1/auth/keys')) keyCalls.push(path)
      })
      await tab.getByRole('button', { name: 'Connect wallet' }).click()
      await modal(tab).getByTestId('portico-connect-passkey-sign-in').click()
      await expect.poll(() => status(tab), { timeout: 20_000 }).toBe('connected')
      // The recovery share was fetched and opened here, and this device registered a new device share.
      await expect
        .poll(() => keyCalls, { timeout: 20_000 })
        .toEqual(expect.arrayContaining(['/v1/auth/keys/recovery', '/v1/auth/keys/devices']))
      expect(await tab.evaluate(() => window.__portico?.chain.$global.get().activeCaipAddress?.split(':')[2])).toBe(address)
      // Recovered at sign-in by the passkey's PRF output (no secret typed): it signs, as the same address.
      const signature = await tab.evaluate(() => window.__portico!.wallet.signMessage('recovered by passkey'))
      expect(
        await verifyMessage({ address: address as `0x${string}`, message: 'recovered by passkey', signature: signature as `0x${string}` }),
      ).toBe(true)
    } finally {
      answers.stop()
      await other.close()
    }
    expect(h.offLoopback).toEqual([])
  })
})
