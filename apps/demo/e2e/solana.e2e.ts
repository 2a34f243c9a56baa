// Issue 4 §3/§5: connect the dev wallet's Solana side (Wallet Standard) on the local Solana chain, end
// to end — litesvm RPC, the real Portico API (SOL balance from lamports, USDC from the SPL token
// account), a production build of the demo, Debian Chromium; a SOL send signed in the dev wallet lands
// on the local chain. The journeys run in order on one page, as one visitor would.
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Encoder } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'
import { connectSolanaDevWallet, solanaReads } from './support.ts'

// Solana dev account 0 of the devnet mnemonic (m/44'/501'/0'/0'), 100 SOL on the local chain.
const SOL_0 = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const SHORT_SOL_0 = 'oeYf…A9kq96'
const base58 = (text: string) => getBase58Encoder().encode(text) as Uint8Array
const LAMPORTS_PER_SOL = 1_000_000_000n

const { solanaRpc, lamportsOf } = solanaReads(() => h)

let h: Harness
/** Balance requests the page made to the API, as paths. */
const balanceRequests: string[] = []

beforeAll(async () => {
  h = await startHarness({
    beforeGoto: async (page) => {
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (url.pathname.endsWith('/balance')) balanceRequests.push(`${url.pathname}?chainId=${url.searchParams.get('chainId')}`)
      })
    },
  })
})

afterAll(async () => {
  await h?.close()
})

const modal = () => h.page.getByRole('dialog')
const accountAddress = () => h.page.getByTestId('portico-account-address')
const accountBalance = () => h.page.getByTestId('portico-account-balance')
const demoNetwork = () => h.page.getByTestId('portico-demo-network')

describe('Solana wallet on the local stack', () => {
  it('a. switches to the local Solana network from the network button', async () => {
    const { page } = h
    await page.getByTestId('portico-network-button').click()
    await expect.poll(() => modal().isVisible()).toBe(true)
    await page.getByTestId('portico-network-item').filter({ hasText: 'Portico Local Solana' }).click()
    await expect.poll(() => demoNetwork().textContent()).toBe(`Portico Local Solana (${h.stack.solana.caipNetworkId})`)
  })

  it("b. connects the dev wallet's Solana side after approval: shortened base58 address and the SOL balance from the API", async () => {
    const { page } = h
    // The dev wallet's Solana side registers over Wallet Standard under the same name as its EVM side;
    // with Solana active the Connect view lists only that one.
    await connectSolanaDevWallet(h, SOL_0)
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_SOL_0)
    await expect.poll(() => accountBalance().textContent()).toBe('100.000 SOL')
    expect(balanceRequests).toContain(`/v1/account/${SOL_0}/balance?chainId=${h.stack.solana.caipNetworkId}`)
    expect(await page.getByTestId('portico-demo-address').textContent()).toBe(SOL_0)
    await page.screenshot({ path: 'e2e-results/solana-connected.png' })
  })

  it("f. the Account view's token list shows the dev account's USDC (SPL) balance from the API", async () => {
    const { page } = h
    const tokens = page.getByTestId('portico-account-tokens')
    const usdc = tokens.getByRole('listitem').filter({ hasText: 'USD Coin' })
    await expect.poll(() => usdc.textContent()).toBe('USD Coin1,000.000 USDC$1,000.00')
    // The row is the API's answer for the account: the SPL token of the local chain's USDC mint.
    const caip = h.stack.solana.caipNetworkId
    const res = await fetch(`${h.stack.apiUrl}/v1/account/${SOL_0}/balance?currency=usd&chainId=${caip}`)
    const { balances } = (await res.json()) as { balances: { symbol: string; address?: string; quantity: { numeric: string } }[] }
    expect(balances.find((b) => b.symbol === 'USDC')).toMatchObject({
      address: `${caip}:${h.stack.solana.usdcMint}`,
      quantity: { numeric: '1000' },
    })
    expect(balanceRequests).toContain(`/v1/account/${SOL_0}/balance?chainId=${caip}`)
  })

  it('c. a transfer made elsewhere shows after a reload, and the session is restored without a prompt', async () => {
    const { page, stack } = h
    await stack.solana.server.airdrop(SOL_0 as Parameters<typeof stack.solana.server.airdrop>[0], 2_500_000_000n)
    await page.reload()
    await expect.poll(() => page.getByTestId('portico-connect-button-address').textContent()).toBe(SHORT_SOL_0)
    expect(await page.getByTestId('portico-devwallet-prompt').isVisible()).toBe(false)
    await expect.poll(() => demoNetwork().textContent()).toBe(`Portico Local Solana (${stack.solana.caipNetworkId})`)
    // The authorised wallet would answer a non-silent connect without a prompt too: its log of this
    // page load shows the reconnect asked silently.
    const connects = (await page.evaluate(() => window.__porticoDevWallet?.requestLog() ?? [])).filter((m) =>
      m.startsWith('standard:connect'),
    )
    expect(connects.length).toBeGreaterThan(0)
    expect(new Set(connects)).toEqual(new Set(['standard:connect (silent)']))
    await page.getByTestId('portico-connect-button').click()
    await expect.poll(() => accountBalance().textContent()).toBe('102.500 SOL')
  })

  it('d. signs a message with the Solana account: an ed25519 signature in base58', async () => {
    const { page } = h
    await page.keyboard.press('Escape')
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello Solana')
    await page.getByTestId('portico-demo-sign').click()
    await expect.poll(() => page.getByTestId('portico-devwallet-prompt').getAttribute('data-kind')).toBe('solanaSignMessage')
    expect(await page.getByTestId('portico-devwallet-prompt-details').textContent()).toContain('Hello Solana')
    await page.getByTestId('portico-devwallet-approve').click()
    const signature = page.getByTestId('portico-demo-signature')
    await expect.poll(() => signature.isVisible()).toBe(true)
    const text = (await signature.textContent()) ?? ''
    expect(ed25519.verify(base58(text), new TextEncoder().encode('Hello Solana'), base58(SOL_0))).toBe(true)
  })

  it('g. sends 1.5 SOL through the dev wallet after approval: the lamports move on the local chain', async () => {
    const { page, stack } = h
    const to = stack.solana.accounts[2] as string
    const [toBefore, fromBefore] = [await lamportsOf(to), await lamportsOf(SOL_0)]
    // The demo has no send view yet: drive the headless API of the page's own Portico instance.
    const sent = page.evaluate(({ to, value }) => window.__portico!.wallet.sendTransaction({ to, value: BigInt(value) }), {
      to,
      value: String((3n * LAMPORTS_PER_SOL) / 2n),
    })
    await expect
      .poll(() => page.getByTestId('portico-devwallet-prompt').getAttribute('data-kind'))
      .toMatch(/^solana(Send|Sign)Transaction$/)
    expect(await lamportsOf(to)).toBe(toBefore)
    await page.getByTestId('portico-devwallet-approve').click()
    const signature = await sent
    expect(base58(signature)).toHaveLength(64)
    const [status] = (
      await solanaRpc<{ value: ({ err: unknown; confirmationStatus: string } | null)[] }>('getSignatureStatuses', [[signature]])
    ).value
    expect(status).toMatchObject({ err: null })
    expect(await lamportsOf(to)).toBe(toBefore + (3n * LAMPORTS_PER_SOL) / 2n)
    const fee = fromBefore - (3n * LAMPORTS_PER_SOL) / 2n - (await lamportsOf(SOL_0))
    expect(fee).toBe(5000n)
  })

  it('e. follows an account change made in the wallet, then disconnects', async () => {
    const { page } = h
    const sol1 = h.stack.solana.accounts[1] as string
    await page.getByTestId('portico-devwallet-account-select').selectOption('1')
    await expect.poll(() => page.getByTestId('portico-demo-address').textContent()).toBe(sol1)
    await page.getByTestId('portico-connect-button').click()
    await expect.poll(() => accountAddress().textContent()).toBe(`${sol1.slice(0, 4)}…${sol1.slice(-6)}`)
    await page.getByTestId('portico-account-disconnect').click()
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent()).toBe('disconnected')
  })

  it('made no request beyond loopback and raised no page error', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
