// Issue 12: the Account view's Activity tab on the local stack — connect the EIP-6963 dev wallet (real
// anvil chains, the real Portico API with its history indexer, the production demo), send ETH to
// another dev account through the app, and once the indexer (it follows the chain every second) has
// the transaction, Account → Activity lists it: 'Sent 0.123 ETH' to the shortened recipient, in
// 'This month', with the explorer link only if the local network has a block explorer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SHORT_1 = '0x7099…dc79C8'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  await h?.close()
})

const modal = () => h.page.getByRole('dialog')

/** The transaction ids the Portico API lists for the account on a chain (no cache: straight to the server). */
async function historyIds(chainId: string): Promise<string[]> {
  const url = new URL(`/v1/account/${ACCOUNT_0}/history`, h.stack.apiUrl)
  url.searchParams.set('chainId', chainId)
  const res = await fetch(url)
  if (!res.ok) return []
  return ((await res.json()) as { data: { id: string }[] }).data.map((t) => t.id)
}

describe('Activity on the local stack', () => {
  it('a transfer sent through the app shows in Account → Activity once the indexer has it', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await modal()
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    await page.getByTestId('portico-devwallet-approve').click()
    await expect.poll(() => page.getByTestId('portico-account-address').textContent()).toBe('0xf39F…b92266')

    const sending = page.evaluate(
      (to) => window.__portico!.wallet.transfer({ to, amount: 123_000_000_000_000_000n }).then(String),
      ACCOUNT_1,
    )
    await expect.poll(() => page.getByTestId('portico-devwallet-prompt').getAttribute('data-kind')).toBe('sendTransaction')
    await page.getByTestId('portico-devwallet-approve').click()
    const hash = await sending
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)

    const network = await page.evaluate(() => {
      const n = window.__portico!.chain.$global.get().activeCaipNetwork
      return { caipNetworkId: n?.caipNetworkId ?? '', explorer: n?.blockExplorers?.default.url ?? null }
    })
    const id = `${network.caipNetworkId}:${hash}`
    // The Activity tab reads the history once (then it is cached 15 s, SPEC §9): open it when the
    // indexer, which follows the chain every second, has the transaction.
    await expect.poll(() => historyIds(network.caipNetworkId), { timeout: 15_000, interval: 250 }).toContain(id)

    await modal().getByRole('tab', { name: 'Activity' }).click()
    const row = modal().locator(`[data-testid="portico-activity-row"][data-id="${id}"]`)
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1)
    expect(await row.getByTestId('portico-activity-description').textContent()).toBe('Sent 0.123 ETH')
    expect(await row.textContent()).toContain(`to ${SHORT_1}`)
    expect(await row.getAttribute('data-status')).toBe('confirmed')
    expect(await modal().getByRole('heading', { name: 'This month' }).count()).toBe(1)
    const link = row.getByRole('link', { name: 'View on block explorer: Sent 0.123 ETH' })
    if (network.explorer) {
      expect(await link.getAttribute('href')).toBe(`${network.explorer.replace(/\/+$/, '')}/tx/${hash}`)
      expect(await link.getAttribute('target')).toBe('_blank')
    } else {
      // The local chains have no block explorer: no link.
      expect(await link.count()).toBe(0)
    }
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
