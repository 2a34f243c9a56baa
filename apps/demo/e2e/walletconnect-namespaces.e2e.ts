// Issue 4 §2/§5 (WalletConnect, several namespaces): one session covers EVM + Solana (switching the
// app's network shows the other namespace's account, no new pairing, and Sign message is signed by the
// Solana account); a session with no EVM account (bip122 + polkadot) connects on its own namespaces.
// Local relay, Node wallet, production build, Chromium.
import { ed25519 } from '@noble/curves/ed25519'
import { startWcWallet, type WcWallet } from '@portico/devnet/wcwallet'
import { getBase58Encoder } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'

const SHORT_EVM_0 = '0xf39F…b92266'
const SOL_0 = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const SHORT_SOL_0 = 'oeYf…A9kq96'
const BTC_0 = 'bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te'
const DOT_0 = '13AYmj8xmDGKixenStJSz6j5B9HeRR7Kx4yRLpSR6C5UDLvf'
const POLKADOT_ID = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
const base58 = (text: string) => getBase58Encoder().encode(text) as Uint8Array

let h: Harness
let evmAndSolana: WcWallet
let btcAndDot: WcWallet

/** Test-only shim: sign-client refuses to pair when navigator.onLine is false (see walletconnect.e2e.ts). */
function onlineShim() {
  Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true })
}

/**
 * Test-only shim: the demo's config gets a Bitcoin and a Polkadot network (the WalletConnect wallet
 * offers accounts there; the adapter only asks for namespaces the app has networks for). Their RPC
 * URLs are loopback ports nobody listens on: nothing reads them.
 */
function extraNetworks() {
  const extra = [
    {
      id: '000000000019d6689c085ae165831e93',
      caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
      chainNamespace: 'bip122',
      name: 'Bitcoin',
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
    },
    {
      id: '91b171bb158e2d3848fa23a9f1c25182',
      caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      chainNamespace: 'polkadot',
      name: 'Polkadot',
      nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
    },
  ]
  let value: unknown
  Object.defineProperty(window, '__PORTICO_DEMO__', {
    configurable: true,
    get: () => value,
    set: (v: { networks: unknown[] }) => {
      value = { ...v, networks: [...v.networks, ...extra] }
    },
  })
}

beforeAll(async () => {
  h = await startHarness({ initScripts: [onlineShim, extraNetworks] })
  const relayUrl = h.stack.config.relayUrl
  ;[evmAndSolana, btcAndDot] = await Promise.all([
    startWcWallet({
      relayUrl,
      evm: { chains: h.stack.devnet.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })) },
      solana: { rpcUrl: h.stack.solana.rpcUrl },
    }),
    // No EVM chains and no Solana: this wallet approves bip122 and polkadot only.
    startWcWallet({ relayUrl }),
  ])
})

afterAll(async () => {
  await Promise.all([evmAndSolana?.stop(), btcAndDot?.stop()])
  await h?.close()
})

const modal = () => h.page.getByRole('dialog')
const pairing = () => h.page.getByTestId('portico-connecting-wc')
const accountAddress = () => h.page.getByTestId('portico-account-address')
const demoAccounts = async () => (await h.page.getByTestId('portico-demo-accounts').locator('li').allTextContents()).sort()

/** Connect wallet → WalletConnect; resolves with the URI the pairing view shows. */
async function startPairing(): Promise<string> {
  const { page } = h
  if (!(await modal().isVisible())) await page.getByRole('button', { name: 'Connect wallet' }).click()
  await modal()
    .getByRole('button', { name: /^WalletConnect/ })
    .click()
  await expect.poll(() => pairing().getAttribute('data-uri'), { timeout: 15_000 }).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return (await pairing().getAttribute('data-uri'))!
}

describe('WalletConnect sessions across namespaces', () => {
  it('a. an EVM + Solana session: switching the app to Portico Local Solana shows the Solana address, no new pairing', async () => {
    const { page } = h
    await evmAndSolana.pair(await startPairing())
    const session = await evmAndSolana.approveNext()
    expect(Object.keys(session.namespaces).sort()).toEqual(['bip122', 'eip155', 'polkadot', 'solana'])
    await expect.poll(() => accountAddress().textContent(), { timeout: 15_000 }).toBe(SHORT_EVM_0)
    expect(await page.getByTestId('portico-demo-network').textContent()).toMatch(/^Portico Local A \(eip155:/)

    await page.getByTestId('portico-account-network').click()
    await page.getByTestId('portico-network-item').filter({ hasText: 'Portico Local Solana' }).click()
    await expect
      .poll(() => page.getByTestId('portico-demo-network').textContent())
      .toBe(`Portico Local Solana (${h.stack.solana.caipNetworkId})`)
    await expect.poll(() => page.getByTestId('portico-demo-address').textContent()).toBe(SOL_0)
    if (!(await accountAddress().isVisible())) await page.getByTestId('portico-connect-button').click()
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_SOL_0)
    expect(await demoAccounts()).toEqual([
      `bip122: ${BTC_0}`,
      `eip155: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266`,
      `polkadot: ${DOT_0}`,
      `solana: ${SOL_0}`,
    ])
    // The same session: no second proposal, no second session.
    expect(evmAndSolana.sessions()).toHaveLength(1)
    expect(evmAndSolana.pendingProposals()).toEqual([])
  })

  it("b. on Solana, the demo's Sign message is a solana_signMessage; the signature shown verifies against the Solana account", async () => {
    const { page } = h
    if (await modal().isVisible()) await modal().getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => modal().isVisible()).toBe(false)
    const message = 'Hello Solana over WalletConnect'
    await page.getByRole('textbox', { name: 'Message' }).fill(message)
    await page.getByTestId('portico-demo-sign').click()
    const signature = page.getByTestId('portico-demo-signature')
    await expect.poll(() => signature.isVisible(), { timeout: 15_000 }).toBe(true)
    const text = (await signature.textContent()) ?? ''
    expect(base58(text)).toHaveLength(64)
    expect(ed25519.verify(base58(text), new TextEncoder().encode(message), base58(SOL_0))).toBe(true)
    expect(evmAndSolana.requestLog().at(-1)).toMatchObject({
      method: 'solana_signMessage',
      chainId: h.stack.solana.caipNetworkId,
      params: { pubkey: SOL_0 },
      result: { signature: text },
    })
  })

  it('c. a session with no EVM account (bip122 + polkadot) connects; both addresses are in headless', async () => {
    const { page } = h
    await evmAndSolana.disconnect()
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent(), { timeout: 15_000 }).toBe('disconnected')
    await expect.poll(demoAccounts).toEqual(['—'])
    // The app stays on Solana, which this session lacks: its first namespace the app has networks for becomes active.
    expect(await page.getByTestId('portico-demo-network').textContent()).toBe(`Portico Local Solana (${h.stack.solana.caipNetworkId})`)

    await btcAndDot.pair(await startPairing())
    const session = await btcAndDot.approveNext()
    expect(Object.keys(session.namespaces).sort()).toEqual(['bip122', 'polkadot'])
    await expect.poll(() => page.getByTestId('portico-demo-status').textContent(), { timeout: 15_000 }).toBe('connected')
    expect(await page.getByTestId('portico-demo-network').textContent()).toBe(`Polkadot (${POLKADOT_ID})`)
    expect(await page.getByTestId('portico-demo-address').textContent()).toBe(DOT_0)
    expect(await demoAccounts()).toEqual([`bip122: ${BTC_0}`, `polkadot: ${DOT_0}`])
    expect(await modal().getByText('Failed to connect').count()).toBe(0)
  })

  it('d. a reload restores the bip122 + polkadot session without a new pairing', async () => {
    const { page } = h
    await page.reload()
    await expect.poll(demoAccounts, { timeout: 15_000 }).toEqual([`bip122: ${BTC_0}`, `polkadot: ${DOT_0}`])
    expect(btcAndDot.pendingProposals()).toEqual([])
    expect(btcAndDot.sessions()).toHaveLength(1)
  })

  it('e. nothing left loopback and the page raised no errors', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
