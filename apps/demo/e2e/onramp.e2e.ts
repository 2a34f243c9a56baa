// Issue 14 (Tests: E2E 1–3): buying crypto on the local stack through the on-ramp provider sandbox —
// the real Portico API's /v1/onramp/* and /v1/generators/onrampurl over the sandbox's two providers
// (SandPay 1 %, TestRamp 1.75 %), the production demo, Chromium, the dev wallet, anvil and the local
// Solana chain. The flow is headless (`window.__portico.load('onramp')`, driven through
// page.evaluate, as a custom UI would with useOnRamp); the provider's checkout page opens in a real
// window, where the test pays with the sandbox's test cards. Every outcome is read on chain in Node.
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

/** Loads and starts the flow on the active network; resolves once its options are in. */
async function startOnRamp(): Promise<Awaited<ReturnType<typeof onramp>>> {
  await h.page.evaluate(() => window.__portico!.load('onramp').then((f) => f.initialize()))
  await expect.poll(async () => (await onramp()).initialized, POLL).toBe(true)
  return onramp()
}

/** Types the fiat amount; resolves with the quotes once every provider has answered. */
async function quotesFor(amount: string) {
  await h.page.evaluate((a) => window.__portico!.peek('onramp')!.setPaymentAmount(a), amount)
  await expect.poll(async () => {
    const s = await onramp()
    return !s.quotesLoading && s.quotes.length === s.providers.length && s.quotes.every((q) => q.purchaseAmount !== undefined || q.error !== undefined)
  }, POLL).toBe(true)
  return (await onramp()).quotes
}

/** openProvider(name) in the page; resolves with the provider's checkout window once it shows the checkout. */
async function openCheckout(provider: string): Promise<Page> {
  const opened = h.page.waitForEvent('popup')
  const url = h.page.evaluate((p) => window.__portico!.peek('onramp')!.openProvider(p), provider)
  const popup = await opened
  expect(await url).toMatch(new RegExp(`^${h.stack.onramp.url}/${provider}/checkout/`))
  await expect.poll(() => popup.getByTestId('portico-onramp-pay').isVisible(), POLL).toBe(true)
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
    const s = await startOnRamp()
    expect(s).toMatchObject({ supported: true, providers: ['sandpay', 'testramp'], purchase: 'USDC', network: String(h.stack.devnet.chains[0]!.chainId), payment: 'USD', error: undefined })
  })

  it('1. 100 USD quotes 99 USDC at SandPay (1 %) and 98.25 at TestRamp (1.75 %); paid at SandPay with the test card, the account gains exactly 99 USDC on chain', async () => {
    const quotes = await quotesFor('100')
    expect(quotes.map((q) => [q.provider, Number(q.purchaseAmount)])).toEqual([
      ['sandpay', 99],
      ['testramp', 98.25],
    ])
    const before = await usdcOf(ACCOUNT_0)
    const popup = await openCheckout('sandpay')
    expect(await popup.getByTestId('portico-onramp-destination').textContent()).toBe(ACCOUNT_0)
    expect(await popup.getByTestId('portico-onramp-amount').inputValue()).toBe('100.00')
    await pay(popup, CARD_PAYS)
    await expect.poll(() => popup.getByTestId('portico-onramp-tx').textContent(), POLL).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await popup.getByTestId('portico-onramp-crypto-amount').textContent()).toBe('99')
    await expect.poll(() => usdcOf(ACCOUNT_0), POLL).toBe(before + parseUnits('99', 6))
    await popup.close()
    // Back in the app: the flow is no longer waiting on the provider.
    await expect.poll(() => h.page.evaluate(() => window.__portico!.peek('onramp')!.$onramp.get().inProgress), POLL).toBe(false)
  })

  it('3. a declined card: the checkout says so and nothing is sent', async () => {
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
    if (!(await page.getByRole('dialog').isVisible())) await page.getByTestId('portico-connect-button').click()
    await page.getByTestId('portico-account-disconnect').click()
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent(), POLL).toBe('disconnected')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').isVisible(), POLL).toBe(false)
    await page.getByTestId('portico-network-button').click()
    await page.getByTestId('portico-network-item').filter({ hasText: 'Portico Local Solana' }).click()
    await expect.poll(() => page.getByTestId('portico-demo-network').textContent(), POLL).toBe(`Portico Local Solana (${h.stack.solana.caipNetworkId})`)
    await connectSolanaDevWallet(h, SOL_0)
    await expect.poll(() => page.getByTestId('portico-account-address').textContent(), POLL).toBe('oeYf…A9kq96')
    await page.keyboard.press('Escape')
    const s = await startOnRamp()
    expect(s).toMatchObject({ supported: true, purchase: 'SOL', payment: 'USD' })
    const quotes = await quotesFor('30')
    const sandpay = quotes.find((q) => q.provider === 'sandpay')!
    // 30 USD − 1 % = 29.70 USD at 150 USD/SOL.
    expect(Number(sandpay.purchaseAmount)).toBe(0.198)
    const before = await lamportsOf(SOL_0)
    const popup = await openCheckout('sandpay')
    expect(await popup.getByTestId('portico-onramp-destination').textContent()).toBe(SOL_0)
    await pay(popup, CARD_PAYS)
    await expect.poll(() => popup.getByTestId('portico-onramp-tx').textContent(), POLL).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await expect.poll(() => lamportsOf(SOL_0), POLL).toBe(before + 198_000_000n)
    await popup.close()
  })

  it('nothing left loopback and the page raised no errors', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
