// Issue 11: social sign-in through the embedded wallet, end to end in Chromium — the Connect view's
// button opens a real popup in the click, the dev OIDC provider (oidc-provider, standing in for
// every social provider) shows its login page, the API's callback posts the result to the page, the
// frame finishes the sign-in on its own origin. Also: a popup closed mid-flow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  await h?.close()
})

const modal = () => h.page.getByRole('dialog')

describe('social sign-in through the secure frame', () => {
  it('a. a popup closed before the sign-in ends shows "Popup closed" and Try again', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const popupOpened = page.waitForEvent('popup')
    await modal().getByRole('button', { name: 'Continue with Google' }).click()
    const popup = await popupOpened
    await popup.waitForURL(/\/interaction\//, { timeout: 20_000 })
    await popup.close()
    await expect.poll(() => modal().getByRole('alert').textContent(), { timeout: 20_000 }).toContain('Popup closed')
    expect(await page.getByTestId('portico-demo-status').textContent()).toBe('disconnected')
  })

  it("b. Try again, then the provider's login page: picking Ada signs in, the Account shows her name", async () => {
    const { page } = h
    const popupOpened = page.waitForEvent('popup')
    await page.getByTestId('portico-connecting-social-retry').click()
    const popup = await popupOpened
    await popup.getByTestId('portico-oidc-user-ada').click({ timeout: 20_000 })
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent(), { timeout: 20_000 }).toBe('connected')
    await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true)
    await expect.poll(() => page.getByTestId('portico-account-address').textContent()).toBe('Ada Lovelace')
  })

  it('c. after a reload the visitor is still signed in with the same name', async () => {
    const { page } = h
    await page.reload()
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent(), { timeout: 20_000 }).toBe('connected')
    await page.getByTestId('portico-connect-button').click()
    await expect.poll(() => page.getByTestId('portico-account-address').textContent()).toBe('Ada Lovelace')
  })

  it("d. Discord: a username ending in 0 shows without it (SPEC §3), after signing out of Google's", async () => {
    const { page } = h
    await page.getByTestId('portico-account-disconnect').click()
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent()).toBe('disconnected')
    const popupOpened = page.waitForEvent('popup')
    await modal().getByRole('button', { name: 'Continue with Discord' }).click()
    const popup = await popupOpened
    await popup.getByTestId('portico-oidc-user-grace0').click({ timeout: 20_000 })
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent(), { timeout: 20_000 }).toBe('connected')
    await expect.poll(() => page.getByTestId('portico-account-address').textContent()).toBe('grace')
  })

  it('e. nothing left loopback and the page threw nothing', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
