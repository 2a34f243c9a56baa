// Issue 12: Receive on the local stack — connect the EIP-6963 dev wallet (real anvil chains, the real
// Portico API, the production demo), Account → Receive: the address shown is the connected account's,
// Copy puts it on the clipboard, Back returns to Account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SHORT_0 = '0xf39F…b92266'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
  await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(h.stack.demoUrl).origin })
})

afterAll(async () => {
  await h?.close()
})

const modal = () => h.page.getByRole('dialog')

describe('Receive on the local stack', () => {
  it('Account → Receive shows the connected address, Copy puts it on the clipboard, Back returns to Account', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await modal()
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    await page.getByTestId('portico-devwallet-approve').click()
    await expect.poll(() => page.getByTestId('portico-account-address').textContent()).toBe(SHORT_0)

    // The feature row offers Buy, Swap, Receive and Send on EVM (SPEC §9 order).
    const features = page.getByTestId('portico-account-features').getByRole('button')
    await expect.poll(() => features.allTextContents()).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
    await page.getByTestId('portico-account-feature-receive').click()
    await expect.poll(() => modal().getByRole('heading').first().textContent()).toBe('Receive')
    expect(await page.getByTestId('portico-receive-address').textContent()).toBe(ACCOUNT_0)
    // Focus lands on Copy; the current network is named with the warning.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('portico-receive-copy')
    expect(await page.getByTestId('portico-receive-warning').textContent()).toContain('Only send assets on')
    expect((await page.getByTestId('portico-receive-network-item').count()) > 0).toBe(true)

    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('portico-receive-copy').textContent()).toBe('Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ACCOUNT_0)

    await modal().getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => page.getByTestId('portico-account-address').textContent()).toBe(SHORT_0)
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
