// Issue 22 §2: recovery on a new device, end to end, as a user meets it. The device that made the keys offers
// the recovery secret in the modal (Account's "Save your recovery secret"); the secret shows in the frame's own
// document, never in the page's. A second browser context (a new device: its own storage, no device share)
// signs the same email in: it cannot sign and says why, its Account says "Recover your wallet", a wrong secret
// is refused in the frame, the right one recovers, and it then signs as the same address. The chain, the API,
// the mail, the frame and Chromium are real.
import type { BrowserContext, Frame, Page } from 'playwright-core'
import { type Hex, recoverMessageAddress } from 'viem'
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
