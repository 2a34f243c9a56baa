// Issue 4 §4: several wallets at once, one per namespace, end to end — the dev wallet's EVM side
// (EIP-6963) and its Solana side (Wallet Standard) on the local stack, managed from ProfileWallets.
// The journeys run in order on one page, as one visitor would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'

const SHORT_EVM_0 = '0xf39F…b92266'
// Solana dev account 0 of the devnet mnemonic (m/44'/501'/0'/0').
const SOL_0 = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const SHORT_SOL_0 = 'oeYf…A9kq96'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  await h?.close()
})

const modal = () => h.page.getByRole('dialog')
const approveInWallet = () => h.page.getByTestId('portico-devwallet-approve').click()
const accountAddress = () => h.page.getByTestId('portico-account-address')
const cards = () => modal().getByTestId('portico-profile-wallet')
/** The listed wallets as 'namespace address' ('*' marks the active one). */
async function listed(): Promise<string[]> {
  const out: string[] = []
  for (const card of await cards().all()) {
    const ns = await card.getAttribute('data-namespace')
    const active = (await card.getAttribute('data-active')) !== null ? '*' : ''
    out.push(`${ns}${active} ${await card.getByTestId('portico-profile-wallet-address').textContent()}`)
  }
  return out
}

describe('one wallet per namespace', () => {
  it('a. connects the EVM dev wallet; the Connect view lists one "Portico Dev Wallet" (the active namespace’s)', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.poll(() => modal().isVisible()).toBe(true)
    const wallet = modal().getByRole('button', { name: /Portico Dev Wallet/ })
    await expect.poll(() => wallet.textContent()).toContain('Installed')
    expect(await wallet.count()).toBe(1)
    await wallet.click()
    await expect.poll(() => page.getByTestId('portico-devwallet-prompt-details').textContent()).toContain('0xf39F')
    await approveInWallet()
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_EVM_0)
  })

  it('b. ProfileWallets → Add wallet for Solana → SwitchActiveChain → Connect: the Solana side connects, both are listed', async () => {
    const { page } = h
    await modal().getByTestId('portico-account-wallets').click()
    await expect.poll(() => listed()).toEqual([`eip155* ${SHORT_EVM_0}`])
    await modal()
      .getByTestId('portico-profile-wallet-empty')
      .filter({ hasText: 'Solana' })
      .getByRole('button', { name: /^Add wallet/ })
      .click()
    await expect.poll(() => modal().getByTestId('portico-switch-active-chain').textContent()).toContain('Switch to Solana')
    await modal().getByRole('button', { name: 'Continue' }).click()
    // Connect, for Solana now: one dev wallet entry again, its Solana side.
    const wallet = modal().getByRole('button', { name: /Portico Dev Wallet/ })
    await expect.poll(() => wallet.textContent()).toContain('Installed')
    expect(await wallet.count()).toBe(1)
    await wallet.click()
    await expect.poll(() => page.getByTestId('portico-devwallet-prompt-details').textContent()).toContain(`Share Solana account ${SOL_0}`)
    await approveInWallet()
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_SOL_0)
    await modal().getByTestId('portico-account-wallets').click()
    await expect.poll(() => listed()).toEqual([`eip155 ${SHORT_EVM_0}`, `solana* ${SHORT_SOL_0}`])
    await page.screenshot({ path: 'e2e-results/multiwallet-both.png' })
  })

  it('c. makes EVM active again without a wallet prompt: Account shows the EVM address', async () => {
    const { page } = h
    await modal().getByRole('button', { name: 'Make active: Portico Dev Wallet on EVM' }).click()
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_EVM_0)
    expect(await page.getByTestId('portico-devwallet-prompt').isVisible()).toBe(false)
    await expect.poll(() => page.getByTestId('portico-connect-button-address').textContent()).toBe(SHORT_EVM_0)
  })

  it('d. disconnects Solana only: EVM stays connected and active', async () => {
    const { page } = h
    await modal().getByTestId('portico-account-wallets').click()
    await modal().getByRole('button', { name: 'Disconnect: Portico Dev Wallet on Solana' }).click()
    await expect.poll(() => listed()).toEqual([`eip155* ${SHORT_EVM_0}`])
    await expect.poll(() => modal().getByTestId('portico-profile-wallet-empty').getAttribute('data-namespace')).toBe('solana')
    // Focus stayed in the dialog when the Solana card went away: Escape closes it.
    await page.keyboard.press('Escape')
    await expect.poll(() => modal().isVisible()).toBe(false)
    await expect.poll(() => page.getByTestId('portico-connect-button-address').textContent()).toBe(SHORT_EVM_0)
    await page.getByTestId('portico-connect-button').click()
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_EVM_0)
  })

  it('made no request off loopback and raised no page error', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
