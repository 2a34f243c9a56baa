// The second demo page (headless.html): the app's own markup over @portico/headless/react, no
// @portico/ui. On the real local stack — anvil chains, the Portico API, a production build of the
// demo, the EIP-6963 dev wallet, Debian Chromium — a visitor connects, switches network, reloads and
// disconnects through that page's own buttons. The journeys run in order on one page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, setNativeBalance, startHarness } from './harness.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SHORT_0 = '0xf39F…b92266'

let h: Harness

beforeAll(async () => {
  h = await startHarness({ path: 'headless.html' })
  await setNativeBalance(h.stack.devnet.chains[1]!.rpcUrl, ACCOUNT_0, 7n * 10n ** 18n)
})

afterAll(async () => {
  await h?.close()
})

const byTestId = (id: string) => h.page.getByTestId(id)
const walletButton = () => h.page.getByRole('button', { name: 'Portico Dev Wallet (EVM)' })
const text = (id: string) => byTestId(id).textContent()

describe('headless demo page on the local stack', () => {
  it("lists the dev wallet with the page's own markup; no default-modal element is on the page", async () => {
    const { page } = h
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Portico — headless hooks only')
    await expect.poll(() => walletButton().isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Choose a wallet' }).isVisible()).toBe(true)
    // The dev wallet's Solana side (Wallet Standard) is a second connector of the same wallet.
    expect(await page.getByRole('button', { name: 'Portico Dev Wallet (Solana)' }).isVisible()).toBe(true)
    // The default modal's parts (ConnectButton, NetworkButton, the dialog) are not here.
    expect(await page.locator('[data-testid^="portico-connect-button"], [data-testid^="portico-network-button"]').count()).toBe(0)
    expect(await page.locator('[role="dialog"]:not([data-testid="portico-devwallet-prompt"])').count()).toBe(0)
  })

  it('connects after approval in the dev wallet: shortened and full address, network and balance from the hooks', async () => {
    const { page } = h
    await walletButton().click()
    await expect.poll(() => text('portico-devwallet-prompt-title')).toBe('Connect to this site')
    expect(await page.getByText('Approve in your wallet…').isVisible()).toBe(true)
    await byTestId('portico-devwallet-approve').click()
    await expect.poll(() => text('portico-demo-address')).toBe(SHORT_0)
    expect(await byTestId('portico-demo-address').getAttribute('title')).toBe(ACCOUNT_0)
    expect(await text('portico-demo-address-full')).toBe(ACCOUNT_0)
    expect(await text('portico-demo-network')).toBe('Portico Local A (eip155:31337)')
    await expect.poll(() => text('portico-demo-balance')).toBe('10000 ETH')
    expect(await page.getByRole('button', { name: 'Portico Local A' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('switches to the second chain with the page button; the wallet switches and the balance follows', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Portico Local B' }).click()
    await expect.poll(() => text('portico-devwallet-prompt-title')).toBe('Switch network to Portico Local B')
    await byTestId('portico-devwallet-approve').click()
    await expect.poll(() => text('portico-demo-network')).toBe('Portico Local B (eip155:31338)')
    await expect.poll(() => byTestId('portico-devwallet-chain-select').inputValue()).toBe('31338')
    await expect.poll(() => text('portico-demo-balance')).toBe('7 ETH')
    expect(await page.getByRole('button', { name: 'Portico Local B' }).getAttribute('aria-pressed')).toBe('true')
    expect(await text('portico-demo-address')).toBe(SHORT_0)
  })

  it('stays connected after a reload: the wallet was asked eth_accounts, never eth_requestAccounts, and showed no prompt', async () => {
    const { page } = h
    await page.reload()
    await expect.poll(() => text('portico-demo-address')).toBe(SHORT_0)
    await expect.poll(() => text('portico-demo-network')).toBe('Portico Local B (eip155:31338)')
    const log = await page.evaluate(() => window.__porticoDevWallet?.requestLog() ?? null)
    expect(log).toContain('eth_accounts')
    expect(log).not.toContain('eth_requestAccounts')
    expect(log).not.toContain('wallet_requestPermissions')
    expect(await byTestId('portico-devwallet-prompt').isVisible()).toBe(false)
  })

  it('disconnects with the page button: back to the wallet list, and the wallet forgot the site', async () => {
    const { page } = h
    // The page's own button (the dev wallet's corner widget has a 'Disconnect' too).
    await page.getByRole('region', { name: 'Connected' }).getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => walletButton().isVisible()).toBe(true)
    expect(await byTestId('portico-demo-address').count()).toBe(0)
    await expect.poll(() => byTestId('portico-devwallet-widget').getAttribute('data-authorized')).toBe('false')
    expect(await page.getByText('Connect a wallet first.').isVisible()).toBe(true)
  })

  it('made no request beyond loopback and raised no page error', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
