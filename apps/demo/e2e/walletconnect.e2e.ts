// Issue 4 §5 (WalletConnect): pair the demo with the scriptable Node WalletConnect wallet through the
// local relay — real anvil chains, the real Portico API, a production build of the demo, Chromium.
// The journeys run in order on one page, as one visitor would.
import { startWcWallet, type WcWallet } from '@portico/devnet/wcwallet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SHORT_0 = '0xf39F…b92266'

let h: Harness
let wallet: WcWallet

/**
 * Test-only shim (never shipped): sign-client refuses to pair when navigator.onLine is false, as in
 * a network namespace. (The IS_VITEST shim of local-stack.md §3.5 cannot reach a production build —
 * Vite replaces process.env with {} — so the adapter itself leaves Verify off for a loopback relay.)
 */
function onlineShim() {
  Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true })
}

beforeAll(async () => {
  h = await startHarness({ initScripts: [onlineShim], beforeGoto: (page) => page.clock.install() })
  wallet = await startWcWallet({
    relayUrl: h.stack.config.relayUrl,
    evm: { chains: h.stack.devnet.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })) },
  })
})

afterAll(async () => {
  await wallet?.stop()
  await h?.close()
})

const modal = () => h.page.getByRole('dialog')
const pairing = () => h.page.getByTestId('portico-connecting-wc')
const walletConnectEntry = () => modal().getByRole('button', { name: /^WalletConnect/ })

/** The URI shown by the view once it exists (the same one Copy link copies). */
async function shownUri(): Promise<string> {
  await expect.poll(() => pairing().getAttribute('data-uri'), { timeout: 15_000 }).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  const uri = (await pairing().getAttribute('data-uri'))!
  expect(await h.page.getByTestId('portico-wc-copy').getAttribute('data-uri')).toBe(uri)
  return uri
}

describe('WalletConnect on the local stack', () => {
  it('a. Connect → WalletConnect shows a QR code; the Node wallet pairs and approves; connected on EVM', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.poll(() => modal().isVisible()).toBe(true)
    await walletConnectEntry().click()
    const uri = await shownUri()
    expect(await pairing().getByRole('img', { name: 'WalletConnect QR code' }).isVisible()).toBe(true)
    await wallet.pair(uri)
    const session = await wallet.approveNext()
    expect(Object.keys(session.namespaces)).toContain('eip155')
    await expect.poll(() => page.getByTestId('portico-account-address').textContent(), { timeout: 15_000 }).toBe(SHORT_0)
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent()).toBe('connected')
    expect(wallet.sessions().map((s) => s.namespaces.eip155?.accounts[0])).toContain(
      `eip155:${h.stack.devnet.chains[0]!.chainId}:${ACCOUNT_0}`,
    )
  })

  it('b. a reload restores the session without a new pairing', async () => {
    const { page } = h
    const sessions = wallet.sessions().length
    await page.reload()
    await expect.poll(() => page.getByTestId('portico-connect-button-address').textContent(), { timeout: 15_000 }).toBe(SHORT_0)
    expect(wallet.pendingProposals()).toEqual([])
    expect(wallet.sessions().length).toBe(sessions)
  })

  it('c. the wallet ends the session while the modal shows the account: the modal turns to the Connect view, no reload', async () => {
    const { page } = h
    // A marker a reload would wipe.
    await page.evaluate(() => Object.assign(window, { __porticoSamePage: 'yes' }))
    await page.getByTestId('portico-connect-button').click()
    await expect.poll(() => page.getByTestId('portico-account-address').textContent(), { timeout: 15_000 }).toBe(SHORT_0)
    expect(await walletConnectEntry().count()).toBe(0)

    await wallet.disconnect()
    await expect.poll(() => walletConnectEntry().isVisible(), { timeout: 15_000 }).toBe(true)
    expect(await modal().isVisible()).toBe(true)
    expect(await page.getByTestId('portico-account-address').count()).toBe(0)
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent()).toBe('disconnected')
    expect(wallet.sessions()).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { __porticoSamePage?: string }).__porticoSamePage)).toBe('yes')
  })

  it('d. an expired pairing is refreshed with a new URI (3 min 50 s later), which still pairs', async () => {
    const { page } = h
    await walletConnectEntry().click()
    const first = await shownUri()
    await page.clock.fastForward('03:50')
    await expect.poll(() => pairing().getAttribute('data-uri'), { timeout: 15_000 }).not.toBe(first)
    const second = await shownUri()
    expect(second).not.toBe(first)
    await wallet.pair(second)
    await wallet.approveNext()
    await expect.poll(() => page.getByTestId('portico-account-address').textContent(), { timeout: 15_000 }).toBe(SHORT_0)
  })

  it('e. nothing left loopback and the page raised no errors', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
