// Issue 12, E2E through the default modal UI on the local Solana chain: the dev wallet's Solana side
// (Wallet Standard) connected on 'Portico Local Solana' (litesvm RPC, the real Portico API, the
// production demo), Account → Send sends SOL, then SPL USDC; the receiver's lamports and token amount
// (read from the local Solana RPC in Node) rise by exactly the amounts, and Account → Activity lists both
// sends (the API reads them from the local chain; issue 25). A refusal in the wallet returns
// to the form with its values; an amount above the balance disables the button. In order, one page.
import { getBase58Encoder } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'
import { connectSolanaDevWallet, openSendWith, solanaReads } from './support.ts'

// Solana dev account 0 of the devnet mnemonic (m/44'/501'/0'/0'), 100 SOL and 1000 USDC on the local chain.
const SOL_0 = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const SHORT_SOL_0 = 'oeYf…A9kq96'
const base58 = (text: string) => getBase58Encoder().encode(text) as Uint8Array

let h: Harness
/** The signatures of the SOL and USDC sends, for the Activity check. */
const sent: { sol?: string; usdc?: string } = {}

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  await h?.close()
})

const { solanaRpc, lamportsOf, splUsdcOf } = solanaReads(() => h)

const modal = () => h.page.getByRole('dialog')
const accountAddress = () => h.page.getByTestId('portico-account-address')
const sendButton = () => h.page.getByTestId('portico-send-button')
const receiver = () => h.stack.solana.accounts[2] as string
const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-6)}`

/** Amount and receiver typed; the button ready for the review; Review opened. */
async function fillAndReview(amount: string, symbol: string, to: string): Promise<void> {
  const { page } = h
  await page.getByTestId('portico-send-amount').fill(amount)
  await page.getByTestId('portico-send-receiver').fill(to)
  await expect.poll(() => sendButton().textContent(), { timeout: 10_000 }).toBe('Preview send')
  await sendButton().click()
  await expect.poll(() => page.getByTestId('portico-send-preview-amount').textContent()).toBe(`${amount} ${symbol}`)
  expect(await page.getByTestId('portico-send-preview-to').textContent()).toContain(short(to))
  expect(await page.getByTestId('portico-send-preview-network').textContent()).toBe('Portico Local Solana')
}

/** Send → the dev wallet's Solana transaction prompt, approved or rejected. */
async function sendAndAnswer(answer: 'approve' | 'reject'): Promise<void> {
  const { page } = h
  await page.getByTestId('portico-send-submit').click()
  await expect
    .poll(() => page.getByTestId('portico-devwallet-prompt').getAttribute('data-kind'), { timeout: 10_000 })
    .toMatch(/^solana\w*Transaction$/)
  await page.getByTestId(`portico-devwallet-${answer}`).click()
}

/** The success view: heading, the signature (full in the title, a 64-byte base58 signature), no explorer link locally. */
async function successSignature(heading: string, to: string): Promise<string> {
  const { page } = h
  await expect.poll(() => page.getByTestId('portico-send-success-heading').textContent(), { timeout: 20_000 }).toBe(heading)
  const signature = (await page.getByTestId('portico-send-hash').getAttribute('title')) ?? ''
  expect(base58(signature)).toHaveLength(64)
  expect(await page.getByTestId('portico-send-hash').textContent()).toContain('…')
  expect(await page.getByTestId('portico-send-success-to').textContent()).toContain(`to ${short(to)}`)
  const explorer = await page.evaluate(() => window.__portico!.chain.$global.get().activeCaipNetwork?.blockExplorers?.default.url ?? null)
  const link = page.getByTestId('portico-send-explorer')
  if (explorer) expect(await link.getAttribute('href')).toContain(signature)
  else expect(await link.count()).toBe(0)
  const [status] = (await solanaRpc<{ value: ({ err: unknown } | null)[] }>('getSignatureStatuses', [[signature]])).value
  expect(status).toMatchObject({ err: null })
  return signature
}

describe('send on the local Solana chain through the modal', () => {
  it("switches to the local Solana network and connects the dev wallet's Solana side", async () => {
    const { page } = h
    await page.getByTestId('portico-network-button').click()
    await expect.poll(() => modal().isVisible()).toBe(true)
    await page.getByTestId('portico-network-item').filter({ hasText: 'Portico Local Solana' }).click()
    await expect
      .poll(() => page.getByTestId('portico-demo-network').textContent())
      .toBe(`Portico Local Solana (${h.stack.solana.caipNetworkId})`)
    await connectSolanaDevWallet(h, SOL_0)
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_SOL_0)
    await expect.poll(() => page.getByTestId('portico-account-balance').textContent(), { timeout: 10_000 }).toBe('100.000 SOL')
  })

  it('sends SOL: review, approve, success with the signature; the receiver gains exactly the lamports', async () => {
    const { page } = h
    const to = receiver()
    await openSendWith(h, 'SOL')
    await fillAndReview('1.25', 'SOL', to)
    const before = await lamportsOf(to)
    await sendAndAnswer('approve')
    sent.sol = await successSignature('1.25 SOL sent', to)
    await expect.poll(() => lamportsOf(to), { timeout: 10_000 }).toBe(before + 1_250_000_000n)
    await page.getByTestId('portico-send-done').click()
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_SOL_0)
  })

  it('sends SPL USDC: the receiver’s token amount rises by exactly the amount', async () => {
    const { page } = h
    const to = receiver()
    await openSendWith(h, 'USDC')
    await fillAndReview('7.5', 'USDC', to)
    const before = await splUsdcOf(to)
    await sendAndAnswer('approve')
    sent.usdc = await successSignature('7.5 USDC sent', to)
    await expect.poll(() => splUsdcOf(to), { timeout: 10_000 }).toBe(before + 7_500_000n)
    await page.getByTestId('portico-send-done').click()
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_SOL_0)
  })

  it('Account → Activity lists both sends, newest first, from the API (not "No activity yet")', async () => {
    const { page } = h
    await modal().getByRole('tab', { name: 'Activity' }).click()
    const rowOf = (signature = '') =>
      modal().locator(`[data-testid="portico-activity-row"][data-id="${h.stack.solana.caipNetworkId}:${signature}"]`)
    await expect.poll(() => rowOf(sent.usdc).count(), { timeout: 15_000 }).toBe(1)
    const ids = await modal()
      .getByTestId('portico-activity-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')))
    expect(ids.slice(0, 2)).toEqual([`${h.stack.solana.caipNetworkId}:${sent.usdc}`, `${h.stack.solana.caipNetworkId}:${sent.sol}`])
    expect(await rowOf(sent.usdc).getByTestId('portico-activity-description').textContent()).toBe('Sent 7.500 USDC')
    expect(await rowOf(sent.sol).getByTestId('portico-activity-description').textContent()).toBe('Sent 1.250 SOL')
    for (const signature of [sent.usdc, sent.sol]) {
      expect(await rowOf(signature).textContent()).toContain(`to ${short(receiver())}`)
      expect(await rowOf(signature).getAttribute('data-status')).toBe('confirmed')
    }
    expect(await modal().getByText('No activity yet').count()).toBe(0)
    // The rows are the API's (read from the local chain), not only the app's record of its own sends.
    const res = await fetch(new URL(`/v1/account/${SOL_0}/history?chainId=${h.stack.solana.caipNetworkId}&limit=2`, h.stack.apiUrl))
    const served = (await res.json()) as { data: { id: string; metadata: { status: string; sentTo: string } }[] }
    expect(served.data.map((t) => [t.id, t.metadata.status, t.metadata.sentTo])).toEqual([
      [`${h.stack.solana.caipNetworkId}:${sent.usdc}`, 'confirmed', receiver()],
      [`${h.stack.solana.caipNetworkId}:${sent.sol}`, 'confirmed', receiver()],
    ])
    await modal().getByRole('tab', { name: 'Tokens' }).click()
    await expect.poll(() => page.getByTestId('portico-account-feature-send').isVisible()).toBe(true)
  })

  it('a refusal in the wallet returns to the form with the values kept; an amount above the balance disables the button', async () => {
    const { page } = h
    const to = receiver()
    await openSendWith(h, 'SOL')
    await fillAndReview('0.5', 'SOL', to)
    const before = await lamportsOf(to)
    await sendAndAnswer('reject')
    await expect.poll(() => page.getByTestId('portico-send-error').textContent(), { timeout: 10_000 }).toBe('User rejected the request')
    expect(await page.getByTestId('portico-send-amount').inputValue()).toBe('0.5')
    expect(await page.getByTestId('portico-send-receiver').inputValue()).toBe(to)
    expect(await sendButton().textContent()).toBe('Preview send')
    expect(await lamportsOf(to)).toBe(before)

    await page.getByTestId('portico-send-amount').fill('500')
    await expect.poll(() => sendButton().textContent()).toBe('Insufficient funds')
    expect(await sendButton().isDisabled()).toBe(true)
    await modal().getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_SOL_0)
  })

  it('made no request beyond loopback and raised no page error', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
