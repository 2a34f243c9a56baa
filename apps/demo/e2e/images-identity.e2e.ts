// Issue 9 §3.6 and §3.7 on the local stack (production build, Chromium): network logos come from
// the Portico API by imageId, lazily, and the NetworkButton and the views draw the same one; the
// WalletConnect connector has its mark; the dev wallet looks the same in Connect and in All wallets;
// All wallets lists real wallets with the logos of @web3icons/core (issue 25 §2);
// a WalletConnect session shows the peer wallet's own name and icon "via WalletConnect", also after
// a reload. The peer is the scriptable Node WalletConnect wallet with metadata of its own.
import { startWcWallet, WC_DEV_WALLET_ICON, type WcWallet } from '@portico/devnet/wcwallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'

const PEER_NAME = 'Portico Phone Wallet'
const SHORT_0 = '0xf39F…b92266'

let h: Harness
let wallet: WcWallet
let api: string

/** Test-only shim: sign-client refuses to pair when navigator.onLine is false (see walletconnect.e2e.ts). */
function onlineShim() {
  Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true })
}

beforeAll(async () => {
  h = await startHarness({ initScripts: [onlineShim] })
  api = h.stack.config.apiUrl
  wallet = await startWcWallet({
    relayUrl: h.stack.config.relayUrl,
    evm: { chains: h.stack.devnet.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })) },
    metadata: { name: PEER_NAME, description: 'A phone wallet', url: 'http://127.0.0.1', icons: [WC_DEV_WALLET_ICON] },
  })
})

afterAll(async () => {
  await wallet?.stop()
  await h?.close()
})

const modal = () => h.page.getByRole('dialog')
/** src, loading and whether the image decoded (naturalWidth > 0) of the first img under a locator. */
const imageOf = (root: ReturnType<Harness['page']['getByTestId']>) =>
  root
    .locator('img')
    .first()
    .evaluate((img: HTMLImageElement) => ({
      src: img.getAttribute('src'),
      loading: img.getAttribute('loading'),
      loaded: img.complete && img.naturalWidth > 0,
    }))

describe('images and the WalletConnect peer’s identity', () => {
  it('a. the NetworkButton shows the local chain’s logo from the API once the modal has opened (none before), and the Networks view the same image', async () => {
    const { page } = h
    const logo = `${api}/network-images/ethereum`
    // Before the first open the button asks the API for nothing: the monogram tile.
    expect(await page.getByTestId('portico-network-button').locator('img').count()).toBe(0)
    await page.getByTestId('portico-network-button').click()
    await expect.poll(() => modal().isVisible()).toBe(true)
    await expect
      .poll(() => imageOf(page.getByTestId('portico-network-button')), { timeout: 15_000 })
      .toEqual({ src: logo, loading: 'lazy', loaded: true })
    const rows = page.getByTestId('portico-network-item')
    await expect
      .poll(() => imageOf(rows.filter({ hasText: 'Portico Local A' })), { timeout: 15_000 })
      .toEqual({ src: logo, loading: 'lazy', loaded: true })
    await expect
      .poll(() => imageOf(rows.filter({ hasText: 'Portico Local Solana' })), { timeout: 15_000 })
      .toEqual({ src: `${api}/network-images/solana`, loading: 'lazy', loaded: true })
    await page.keyboard.press('Escape')
    await expect.poll(() => modal().count()).toBe(0)
  })

  it('b. Connect: WalletConnect has its mark; the dev wallet’s icon in Connect is the image All wallets shows for it', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect
      .poll(
        () =>
          modal()
            .getByRole('button', { name: /Portico Dev Wallet/ })
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true)
    const wc = await imageOf(modal().getByRole('button', { name: /^WalletConnect/ }))
    expect(wc.src).toMatch(/^data:image\/svg\+xml,/)
    expect(decodeURIComponent(wc.src!.slice('data:image/svg+xml,'.length))).toContain('#3396ff')
    const installed = await imageOf(modal().getByRole('button', { name: /Portico Dev Wallet/ }))
    expect(installed.src).toMatch(/^data:image\/svg\+xml,/)

    await modal()
      .getByRole('button', { name: /All wallets/ })
      .click()
    await page.keyboard.type('Portico Dev')
    const entry = modal().getByTestId('portico-all-wallets-item').filter({ hasText: 'Portico Dev Wallet' })
    await expect.poll(() => imageOf(entry), { timeout: 15_000 }).toMatchObject({ loaded: true })
    const listed = (await imageOf(entry)).src!
    expect(listed.startsWith(`${api}/wallet-images/`)).toBe(true)
    // The very same picture: the API's SVG is the icon the wallet announces.
    const served = await (await fetch(listed)).text()
    expect(`data:image/svg+xml,${encodeURIComponent(served)}`).toBe(installed.src)
    await modal().getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => modal().count()).toBe(0)
  })

  it('b2. All wallets lists the real catalogue: "meta" finds MetaMask with its logo from the API (@web3icons/core), Frame its initials', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await modal()
      .getByRole('button', { name: /All wallets/ })
      .click()
    await page.keyboard.type('meta')
    const metamask = modal().getByTestId('portico-all-wallets-item').filter({ hasText: 'MetaMask' })
    await expect.poll(() => imageOf(metamask), { timeout: 15_000 }).toMatchObject({ loaded: true })
    const listed = (await imageOf(metamask)).src!
    expect(listed.startsWith(`${api}/wallet-images/`)).toBe(true)
    const served = await fetch(listed)
    expect(served.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    const svg = await served.text()
    expect(svg).toContain('fill="#FF5C16"') // MetaMask's orange, not a monogram
    expect(svg).not.toContain('<text')
    await page.getByTestId('portico-all-wallets-search').fill('frame')
    const frame = modal().getByTestId('portico-all-wallets-item').filter({ hasText: 'Frame' })
    await expect.poll(() => imageOf(frame), { timeout: 15_000 }).toMatchObject({ loaded: true })
    expect(await (await fetch((await imageOf(frame)).src!)).text()).toContain('>F</text>')
    await modal().getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => modal().count()).toBe(0)
  })

  it('c. after pairing, the Account view names the peer wallet with its icon, "via WalletConnect"', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.poll(() => modal().isVisible()).toBe(true)
    await modal()
      .getByRole('button', { name: /^WalletConnect/ })
      .click()
    const pairing = page.getByTestId('portico-connecting-wc')
    await expect.poll(() => pairing.getAttribute('data-uri'), { timeout: 15_000 }).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair((await pairing.getAttribute('data-uri'))!)
    await wallet.approveNext()
    await expect.poll(() => page.getByTestId('portico-account-address').textContent(), { timeout: 15_000 }).toBe(SHORT_0)
    expect(await page.getByTestId('portico-account-wallet-name').textContent()).toBe(PEER_NAME)
    expect(await page.getByTestId('portico-account-wallet').textContent()).toContain('via WalletConnect')
    expect(await imageOf(page.getByTestId('portico-account-wallet'))).toMatchObject({ src: WC_DEV_WALLET_ICON, loaded: true })
  })

  it('d. a reload restores the session and the Account view still names the peer wallet', async () => {
    const { page } = h
    await page.reload()
    await expect.poll(() => page.getByTestId('portico-connect-button-address').textContent(), { timeout: 15_000 }).toBe(SHORT_0)
    await page.getByTestId('portico-connect-button').click()
    await expect.poll(() => page.getByTestId('portico-account-wallet-name').textContent(), { timeout: 15_000 }).toBe(PEER_NAME)
    // The account's picture is the generated one, in the modal and on the button.
    expect(await page.getByTestId('portico-avatar-blockie').count()).toBeGreaterThan(0)
  })

  it('e. nothing left loopback and the page raised no errors', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
