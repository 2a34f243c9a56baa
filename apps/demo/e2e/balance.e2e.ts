// Issue 9 §3.8: the balance refreshes without a reload — after a transfer the app sends (a transaction
// event), and on the next new block once the SPEC 30 s cache has run out — while the modal shows it.
// Real anvil chain, the real Portico API, the production demo, the EIP-6963 dev wallet.
import { formatBalance } from '@portico/headless'
import { formatEther, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, setNativeBalance, startHarness } from './harness.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let h: Harness

beforeAll(async () => {
  // The page's clock is Playwright's, so the test can step past the 30 s cache.
  h = await startHarness({ beforeGoto: (page) => page.clock.install() })
})

afterAll(async () => {
  await h?.close()
})

const rpcUrl = () => h.stack.devnet.chains[0]!.rpcUrl
async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(rpcUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}
/** The account's balance as the modal shows it: floored to 3 decimals, grouped. */
const shown = async (address: string) =>
  `${formatBalance(formatEther(BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string)))} ETH`

const modal = () => h.page.getByRole('dialog')
const accountBalance = () => h.page.getByTestId('portico-account-balance')

describe('the balance follows the chain without a reload', () => {
  it('connects and shows the on-chain balance', async () => {
    const { page } = h
    // A marker that a reload would wipe.
    await page.evaluate(() => {
      ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
    })
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await modal()
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    await page.getByTestId('portico-devwallet-approve').click()
    await expect.poll(() => accountBalance().textContent()).toBe('10,000.000 ETH')
  })

  it('a transfer sent through the app: the balance drops by the amount and the gas, with the modal open', async () => {
    const { page } = h
    const sending = page.evaluate(
      (to) => window.__portico!.wallet.transfer({ to, amount: 1_500_000_000_000_000_000n }).then(String),
      ACCOUNT_1,
    )
    await expect.poll(() => page.getByTestId('portico-devwallet-prompt').getAttribute('data-kind')).toBe('sendTransaction')
    await page.getByTestId('portico-devwallet-approve').click()
    const hash = await sending
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    // anvil answers the hash before its block is mined when the machine is busy: read the balance once it is.
    await expect.poll(() => rpc('eth_getTransactionReceipt', [hash]), { timeout: 10_000 }).not.toBeNull()
    const expected = await shown(ACCOUNT_0)
    expect(expected).toMatch(/^9,998\.49\d ETH$/)
    // The app reads it on the block's event: a busy machine (the CI run's parallel journeys) can take seconds.
    await expect.poll(() => accountBalance().textContent(), { timeout: 20_000 }).toBe(expected)
    expect(await modal().isVisible()).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  })

  it('a change made outside the app shows on the next new block once the 30 s cache has run out', async () => {
    const { page } = h
    await page.clock.fastForward('00:31')
    await setNativeBalance(rpcUrl(), ACCOUNT_0, parseEther('12345.6789'))
    await rpc('evm_mine')
    // The dev chain's blocks are read every 2 s: the next read sees the new block.
    await expect.poll(() => accountBalance().textContent(), { timeout: 10_000 }).toBe('12,345.678 ETH')
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})

describe("the demo's theme switch", () => {
  it("System follows the browser's colour scheme live; Light and Dark fix it", async () => {
    const { page } = h
    const theme = () => page.getByTestId('portico-connect-button').getAttribute('data-portico-theme')
    // The dialog follows too: its surface is the dark theme's.
    const surface = () => modal().evaluate((el) => getComputedStyle(el).backgroundColor)
    // The switch sits on the page, under the modal: close it first.
    await page.keyboard.press('Escape')
    await expect.poll(() => modal().count()).toBe(0)
    await page.emulateMedia({ colorScheme: 'light' })
    expect(await page.getByRole('button', { name: 'System (light)' }).getAttribute('aria-pressed')).toBe('true')
    expect(await theme()).toBe('light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(theme).toBe('dark')
    await page.getByRole('button', { name: 'Light', exact: true }).click()
    await expect.poll(theme).toBe('light')
    await page.getByRole('button', { name: 'Dark', exact: true }).click()
    await expect.poll(theme).toBe('dark')
    await page.getByTestId('portico-connect-button').click()
    // #191b22, written by color-mix as an sRGB colour
    await expect.poll(surface).toBe('color(srgb 0.0980392 0.105882 0.133333)')
    await page.screenshot({ path: 'e2e-results/theme-dark.png' })
    await page.keyboard.press('Escape')
    await expect.poll(() => modal().count()).toBe(0)
    await page.getByRole('button', { name: /^System/ }).click()
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(theme).toBe('light')
  })
})
