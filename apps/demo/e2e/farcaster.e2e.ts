// Issue 11: Sign In With Farcaster through the embedded wallet, end to end — the demo, the frame on
// its own origin, the Portico API verifying the signed SIWE message against the IdRegistry on anvil,
// and the dev Farcaster relay whose approver page stands in for the Farcaster app: the journey reads
// the channel URL from the modal (as a phone would scan it), opens the approver page in a second tab
// and approves as 'ada'.
import { farcasterChannelToken } from '@portico/devnet'
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
const view = () => modal().getByTestId('portico-connecting-farcaster')

/** Pick Farcaster in Connect; resolves with the channel URL the modal shows (the QR code's value, on the copy button). */
async function startFarcaster(): Promise<string> {
  await h.page.getByRole('button', { name: 'Connect wallet' }).click()
  await modal()
    .getByRole('button', { name: /Farcaster/ })
    .click()
  await expect.poll(() => view().getAttribute('data-state'), { timeout: 20_000 }).toBe('waiting')
  const url = (await modal().getByTestId('portico-farcaster-copy').getAttribute('data-url')) ?? ''
  expect(await view().getAttribute('data-url')).toBe(url)
  expect(await modal().getByRole('img', { name: 'QR code to sign in with Farcaster' }).isVisible()).toBe(true)
  expect(await modal().getByTestId('portico-farcaster-waiting').textContent()).toBe('Waiting for approval')
  return url
}

describe('Farcaster (issue 11)', () => {
  it('a. the QR code carries the relay channel; approving as ada on the approver page signs in: the Account shows ada', async () => {
    const url = await startFarcaster()
    expect(url).toMatch(/^https:\/\/warpcast\.com\/~\/siwf\?channelToken=[\w-]+$/)
    const token = farcasterChannelToken(url)
    expect(token).toBeTruthy()
    const tab = await h.context.newPage()
    await tab.goto(h.stack.farcaster.approverUrl(url))
    // The approver names the app that asks (the demo page's host), not the API (issue 25 §1).
    expect(await tab.locator('strong').first().textContent()).toBe(new URL(h.page.url()).host)
    await tab.getByTestId('portico-farcaster-approve-1').click()
    await tab.getByTestId('portico-farcaster-approved').waitFor()
    await tab.close()
    await expect.poll(() => h.page.getByTestId('portico-account-address').textContent(), { timeout: 20_000 }).toBe('ada')
    expect(h.offLoopback).toEqual([])
  })

  it('b. a rejected request shows "Failed to connect to farcaster" with Try again, which opens a new channel', async () => {
    const { page } = h
    await page.getByTestId('portico-account-disconnect').click()
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent()).toBe('disconnected')
    await page.reload()
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor()
    const url = await startFarcaster()
    const tab = await h.context.newPage()
    await tab.goto(h.stack.farcaster.approverUrl(url))
    await tab.getByTestId('portico-farcaster-reject').click()
    await tab.getByTestId('portico-farcaster-rejected').waitFor()
    await tab.close()
    await expect.poll(() => view().getAttribute('data-state'), { timeout: 20_000 }).toBe('error')
    expect(await modal().getByRole('alert').textContent()).toContain('Failed to connect to farcaster')
    await modal().getByTestId('portico-farcaster-retry').click()
    await expect.poll(() => view().getAttribute('data-state'), { timeout: 20_000 }).toBe('waiting')
    const again = (await view().getAttribute('data-url')) ?? ''
    expect(farcasterChannelToken(again)).not.toBe(farcasterChannelToken(url))
    expect(h.pageErrors).toEqual([])
    expect(h.offLoopback).toEqual([])
  })
})
