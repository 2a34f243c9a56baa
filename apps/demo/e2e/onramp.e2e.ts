// Issue 14 (Tests: E2E 1–3): buying crypto on the local stack through the on-ramp provider sandbox —
// the real Portico API's /v1/onramp/* and /v1/generators/onrampurl over the sandbox's two providers
// (SandPay 1 %, TestRamp 1.75 %), the production demo, Chromium, the dev wallet, anvil and the local
// Solana chain. The visitor goes Account → Buy (OnRampProviders, its views' chunk loaded then), types
// the amount and picks a provider by its quote; the provider's checkout page opens in a real window,
// where the test pays with the sandbox's test cards. useOnRamp's state is read alongside as a custom
// UI would see it. Every outcome is read on chain in Node.
import { DEVNET_TOKEN_ADDRESSES } from '@portico/devnet'
import type { Page } from 'playwright-core'
import { parseUnits, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'
import { connectDevWallet, connectSolanaDevWallet, erc20BalanceOf, solanaReads } from './support.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL_0 = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const USDC = DEVNET_TOKEN_ADDRESSES.USDC as Address
const CARD_PAYS = '4242 4242 4242 4242'
const CARD_DECLINED = '4000 0000 0000 0002'
/** Generous: 2 cores, the whole stack, Chromium and a second window on them. */
const POLL = { timeout: 30_000 }

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  await h?.close()
})

const usdcOf = (address: Address) => erc20BalanceOf(h.stack.devnet.chains[0]!.rpcUrl, USDC, address)
const { lamportsOf } = solanaReads(() => h)

/** The on-ramp state the journeys read. */
const onramp = () =>
  h.page.evaluate(() => {
    const s = window.__portico!.peek('onramp')!.$onramp.get()
    return {
      supported: s.supported,
      initialized: s.initialized,
      providers: s.providers,
      purchase: s.purchaseCurrency?.symbol,
      network: s.network?.chain_id,
      payment: s.paymentCurrency?.id,
      amount: s.paymentAmount,
      quotesLoading: s.quotesLoading,
      quotes: s.quotes.map((q) => ({ provider: q.provider, purchaseAmount: q.purchaseAmount, error: q.error })),
      error: s.error,
      ready: s.ready,
    }
  })

/** The transaction ids the Portico API lists for `address` on a chain (straight to the server, no cache). */
async function historyIds(address: string, chainId: string): Promise<string[]> {
  const url = new URL(`/v1/account/${address}/history`, h.stack.apiUrl)
  url.searchParams.set('chainId', chainId)
  const res = await fetch(url)
  if (!res.ok) return []
  return ((await res.json()) as { data: { id: string }[] }).data.map((t) => t.id)
}

/** Account → Buy: OnRampProviders, once the providers are in. */
async function openBuy(): Promise<Awaited<ReturnType<typeof onramp>>> {
  const { page } = h
  if (!(await page.getByRole('dialog').isVisible())) await page.getByTestId('portico-connect-button').click()
  await page.getByTestId('portico-account-feature-onramp').click()
  await expect.poll(() => page.getByTestId('portico-onramp').isVisible(), POLL).toBe(true)
  await expect.poll(() => page.getByTestId('portico-onramp-provider').count(), POLL).toBe(2)
  return onramp()
}

/** Types the fiat amount; resolves with each provider's quote line once all are in. */
async function quotesFor(amount: string): Promise<Record<string, string>> {
  const { page } = h
  await page.getByTestId('portico-onramp-amount').fill(amount)
  await expect
    .poll(async () => {
      const s = await onramp()
      return (
        !s.quotesLoading &&
        s.quotes.length === s.providers.length &&
        (await page.getByTestId('portico-onramp-quote').count()) === s.providers.length
      )
    }, POLL)
    .toBe(true)
  const rows = page.getByTestId('portico-onramp-provider')
  const entries = await rows.evaluateAll((els) =>
    els.map((el) => [el.getAttribute('data-provider') ?? '', el.querySelector('[data-testid="portico-onramp-quote"]')?.textContent ?? '']),
  )
  return Object.fromEntries(entries)
}

/** Clicks the provider; resolves with its checkout window once it shows the checkout. */
async function openCheckout(provider: string): Promise<Page> {
  const opened = h.page.waitForEvent('popup')
  await h.page.locator(`[data-testid="portico-onramp-provider"][data-provider="${provider}"]`).click()
  const popup = await opened
  await expect.poll(() => popup.getByTestId('portico-onramp-pay').isVisible(), POLL).toBe(true)
  expect(popup.url()).toMatch(new RegExp(`^${h.stack.onramp.url}/${provider}/checkout/`))
  // The modal waits on the provider's window meanwhile.
  await expect.poll(() => h.page.getByTestId('portico-onramp-waiting').isVisible(), POLL).toBe(true)
  return popup
}

/** Pays on the checkout page with `card`. */
async function pay(popup: Page, card: string): Promise<void> {
  await popup.getByTestId('portico-onramp-card').fill(card)
  await popup.getByTestId('portico-onramp-pay').click()
}

describe('buy crypto through the on-ramp sandbox', () => {
  it('connects the dev wallet; the flow offers both sandbox providers, USDC on the local chain, paid in USD', async () => {
    await connectDevWallet(h)
    await expect.poll(() => h.page.getByTestId('portico-account-address').textContent(), POLL).toBe('0xf39F…b92266')
    const s = await openBuy()
    expect(s).toMatchObject({
      supported: true,
      providers: ['sandpay', 'testramp'],
      purchase: 'USDC',
      network: String(h.stack.devnet.chains[0]!.chainId),
      payment: 'USD',
      error: undefined,
    })
    expect(await h.page.getByTestId('portico-onramp-token').textContent()).toContain('USDC')
    expect(await h.page.getByTestId('portico-onramp-currency').textContent()).toContain('USD')
  })

  it('1. 100 USD quotes 99 USDC at SandPay (1 %) and 98.25 at TestRamp (1.75 %); paid at SandPay with the test card, the account gains exactly 99 USDC on chain, and Activity lists the purchase', async () => {
    expect(await quotesFor('100')).toEqual({ sandpay: 'You get 99 USDC', testramp: 'You get 98.25 USDC' })
    const before = await usdcOf(ACCOUNT_0)
    const popup = await openCheckout('sandpay')
    expect(await popup.getByTestId('portico-onramp-destination').textContent()).toBe(ACCOUNT_0)
    expect(await popup.getByTestId('portico-onramp-amount').inputValue()).toBe('100.00')
    await pay(popup, CARD_PAYS)
    await expect.poll(() => popup.getByTestId('portico-onramp-tx').textContent(), POLL).toMatch(/^0x[0-9a-f]{64}$/)
    const purchaseHash = (await popup.getByTestId('portico-onramp-tx').textContent())!
    expect(await popup.getByTestId('portico-onramp-crypto-amount').textContent()).toBe('99')
    await expect.poll(() => usdcOf(ACCOUNT_0), POLL).toBe(before + parseUnits('99', 6))
    await popup.close()
    // Back in the app: no longer waiting; the purchase is seen arriving (issue 25 §1): the amount, then its transaction.
    await expect.poll(() => h.page.getByTestId('portico-onramp-purchased').isVisible(), POLL).toBe(true)
    expect(await h.page.evaluate(() => window.__portico!.peek('onramp')!.$onramp.get().inProgress)).toBe(false)
    expect(await h.page.getByTestId('portico-onramp-purchased-amount').textContent()).toBe('99.000 USDC arrived in your wallet')
    await expect
      .poll(() => h.page.getByTestId('portico-onramp-purchased-hash').getAttribute('title'), { timeout: 40_000 })
      .toBe(purchaseHash)

    // The purchase in Activity (EVM): the API's indexer lists the treasury's transfer, and the tab shows it.
    const id = `eip155:${h.stack.devnet.chains[0]!.chainId}:${purchaseHash}`
    await expect.poll(() => historyIds(ACCOUNT_0, `eip155:${h.stack.devnet.chains[0]!.chainId}`), POLL).toContain(id)
    await h.page.getByTestId('portico-onramp-purchased-done').click()
    await h.page.getByRole('dialog').getByRole('tab', { name: 'Activity' }).click()
    const row = h.page.locator(`[data-testid="portico-activity-row"][data-id="${id}"]`)
    await expect.poll(() => row.count(), POLL).toBe(1)
    expect(await row.getByTestId('portico-activity-description').textContent()).toBe('Received +99.000 USDC')
    // The sender is the on-ramp's treasury, named by the API (issue 25), not its raw address.
    expect(await row.textContent()).toContain('from On-ramp (sandbox)')
    await h.page.getByRole('dialog').getByRole('tab', { name: 'Tokens' }).click()
  })

  it('3. a declined card: the checkout says so and nothing is sent', async () => {
    await openBuy()
    await quotesFor('50')
    const before = await usdcOf(ACCOUNT_0)
    const popup = await openCheckout('testramp')
    await pay(popup, CARD_DECLINED)
    await expect.poll(() => popup.getByTestId('portico-onramp-declined').textContent(), POLL).toContain('declined')
    expect(await popup.getByTestId('portico-onramp-tx').count()).toBe(0)
    expect(await usdcOf(ACCOUNT_0)).toBe(before)
    await popup.close()
  })

  it('2. on the local Solana chain the flow offers SOL; 30 USD at SandPay buys exactly the quoted lamports', async () => {
    const { page } = h
    // A Solana visitor: the EVM account disconnects first (Account → Disconnect), then the network
    // button picks the local Solana network and the dev wallet's Solana side connects.
    // The modal is still on Buy: closed, then opened again on Account.
    if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').isVisible(), POLL).toBe(false)
    await page.getByTestId('portico-connect-button').click()
    await page.getByTestId('portico-account-disconnect').click()
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent(), POLL).toBe('disconnected')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').isVisible(), POLL).toBe(false)
    await page.getByTestId('portico-network-button').click()
    await page.getByTestId('portico-network-item').filter({ hasText: 'Portico Local Solana' }).click()
    await expect
      .poll(() => page.getByTestId('portico-demo-network').textContent(), POLL)
      .toBe(`Portico Local Solana (${h.stack.solana.caipNetworkId})`)
    await connectSolanaDevWallet(h, SOL_0)
    await expect.poll(() => page.getByTestId('portico-account-address').textContent(), POLL).toBe('oeYf…A9kq96')
    const s = await openBuy()
    expect(s).toMatchObject({ supported: true, purchase: 'SOL', payment: 'USD' })
    // 30 USD − 1 % = 29.70 USD at 150 USD/SOL.
    expect((await quotesFor('30')).sandpay).toBe('You get 0.198 SOL')
    const before = await lamportsOf(SOL_0)
    const popup = await openCheckout('sandpay')
    expect(await popup.getByTestId('portico-onramp-destination').textContent()).toBe(SOL_0)
    await pay(popup, CARD_PAYS)
    await expect.poll(() => popup.getByTestId('portico-onramp-tx').textContent(), POLL).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    const signature = (await popup.getByTestId('portico-onramp-tx').textContent())!
    await expect.poll(() => lamportsOf(SOL_0), POLL).toBe(before + 198_000_000n)
    await popup.close()
    // The purchase in Solana Activity (issue 25): read by the API from the chain, from the named treasury.
    await expect.poll(() => page.getByTestId('portico-onramp-purchased').isVisible(), POLL).toBe(true)
    expect(await page.getByTestId('portico-onramp-purchased-amount').textContent()).toBe('0.198 SOL arrived in your wallet')
    await page.getByTestId('portico-onramp-purchased-done').click()
    await page.getByRole('dialog').getByRole('tab', { name: 'Activity' }).click()
    const row = page.locator(`[data-testid="portico-activity-row"][data-id="${h.stack.solana.caipNetworkId}:${signature}"]`)
    await expect.poll(() => row.count(), POLL).toBe(1)
    expect(await row.getByTestId('portico-activity-description').textContent()).toBe('Received +0.198 SOL')
    expect(await row.textContent()).toContain('from On-ramp (sandbox)')
  })

  it('nothing left loopback and the page raised no errors', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
