// Issue 4 §1: the page wallet (apps/demo/wallet.html) pairs with the demo from a pasted URI — two pages
// of one browser, the local relay between them, real anvil chains, a production build, Chromium.
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { SignClient } from '@walletconnect/sign-client'
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { decodePersonalMessage, formatEth, parsePairingUri, summarizeRequest } from '../src/wallet-page/engine.ts'
import { type Harness, startHarness } from './harness.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SHORT_0 = '0xf39F…b92266'
const SOLANA_0 = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

let h: Harness
let walletPage: Page

/** Test-only shim (never shipped): sign-client refuses to pair when navigator.onLine is false (a network namespace). */
function onlineShim() {
  Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true })
}

beforeAll(async () => {
  h = await startHarness({ initScripts: [onlineShim] })
  walletPage = await h.context.newPage()
  walletPage.on('pageerror', (e) => h.pageErrors.push(`wallet.html: ${e.message}`))
  await walletPage.goto(new URL('wallet.html', h.stack.demoUrl).href)
})

afterAll(async () => {
  await h?.close()
})

const modal = () => h.page.getByRole('dialog')
const pairing = () => h.page.getByTestId('portico-connecting-wc')

describe('the page wallet pairs from a pasted URI', () => {
  it('a. wallet.html starts on the local relay with the devnet account', async () => {
    await expect
      .poll(() => walletPage.getByTestId('portico-pagewallet-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('ready')
    expect(await walletPage.getByTestId('portico-pagewallet-evm-address').textContent()).toBe(ACCOUNT_0)
    expect(await walletPage.getByText('No active sessions.').isVisible()).toBe(true)
  })

  it('b. a text that is not a pairing URI is refused with a message', async () => {
    await walletPage.getByTestId('portico-pagewallet-uri').fill('https://example.invalid/not-a-uri')
    await walletPage.getByTestId('portico-pagewallet-pair').click()
    await expect
      .poll(() => walletPage.getByTestId('portico-pagewallet-error').textContent())
      .toBe('This is not a WalletConnect pairing URI (wc:…@2?…)')
  })

  it('c. demo: Connect → WalletConnect; wallet: paste, Pair, Approve → the demo is connected on EVM', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.poll(() => modal().isVisible()).toBe(true)
    await modal()
      .getByRole('button', { name: /^WalletConnect/ })
      .click()
    await expect.poll(() => pairing().getAttribute('data-uri'), { timeout: 15_000 }).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    const uri = (await page.getByTestId('portico-wc-copy').getAttribute('data-uri'))!
    expect(uri).toBe(await pairing().getAttribute('data-uri'))

    await walletPage.getByTestId('portico-pagewallet-uri').fill(uri)
    await walletPage.getByTestId('portico-pagewallet-pair').click()
    const proposal = walletPage.getByTestId('portico-pagewallet-proposal')
    await expect.poll(() => proposal.isVisible(), { timeout: 15_000 }).toBe(true)
    // The app's own metadata (createPortico's, issue 25): the demo's name, url the demo's origin.
    expect(await proposal.locator('.title').textContent()).toBe('Portico demo')
    expect(await proposal.locator('.url').textContent()).toBe(new URL(h.stack.demoUrl).origin)
    expect(await proposal.textContent()).toContain('eip155')
    await walletPage.getByTestId('portico-pagewallet-approve-proposal').click()

    await expect.poll(() => page.getByTestId('portico-account-address').textContent(), { timeout: 15_000 }).toBe(SHORT_0)
    await expect.poll(() => page.getByTestId('portico-demo-address').textContent()).toBe(ACCOUNT_0)
    const session = walletPage.getByTestId('portico-pagewallet-session')
    await expect.poll(() => session.count()).toBe(1)
    expect(await session.textContent()).toContain(`eip155:${h.stack.devnet.chains[0]!.chainId}:${ACCOUNT_0}`)
    // The demo also has the local Solana network: the wallet approved its account too.
    expect(await session.textContent()).toContain(`${h.stack.config.solana.caipNetworkId}:${SOLANA_0}`)
    expect(await walletPage.getByTestId('portico-pagewallet-proposal').count()).toBe(0)
  })

  it('d. demo: Sign message; wallet: Reject → the demo shows the refusal', async () => {
    const { page } = h
    await modal().getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => modal().count()).toBe(0)
    await page.getByTestId('portico-demo-sign').click()
    const request = walletPage.getByTestId('portico-pagewallet-request')
    await expect.poll(() => request.isVisible(), { timeout: 15_000 }).toBe(true)
    await walletPage.getByTestId('portico-pagewallet-reject-request').click()
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toBe('User rejected the request')
    expect(await request.count()).toBe(0)
    expect(await page.getByTestId('portico-demo-signature').count()).toBe(0)
  })

  it('e. demo: Sign message; wallet: the request shows the text, Approve → the demo shows a valid signature', async () => {
    const { page } = h
    await page.getByTestId('portico-demo-sign').click()
    const request = walletPage.getByTestId('portico-pagewallet-request')
    await expect.poll(() => request.isVisible(), { timeout: 15_000 }).toBe(true)
    expect(await request.getAttribute('data-method')).toBe('personal_sign')
    // A reload of the wallet page keeps the session and the waiting request.
    await walletPage.reload()
    await expect
      .poll(() => walletPage.getByTestId('portico-pagewallet-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('ready')
    await expect.poll(() => request.count()).toBe(1)
    expect(await walletPage.getByTestId('portico-pagewallet-session').count()).toBe(1)
    expect(await walletPage.getByTestId('portico-pagewallet-request-summary').textContent()).toBe('Message: Hello from Portico')
    await walletPage.getByTestId('portico-pagewallet-approve-request').click()
    await expect.poll(() => page.getByTestId('portico-demo-signature').isVisible(), { timeout: 15_000 }).toBe(true)
    const signature = (await page.getByTestId('portico-demo-signature').textContent()) as `0x${string}`
    expect(await verifyMessage({ address: ACCOUNT_0, message: 'Hello from Portico', signature })).toBe(true)
    expect(await request.count()).toBe(0)
  })

  it('f. wallet: Disconnect → the demo is disconnected', async () => {
    await walletPage.getByTestId('portico-pagewallet-disconnect').click()
    await expect.poll(() => h.page.getByTestId('portico-demo-status').textContent(), { timeout: 15_000 }).toBe('disconnected')
    await expect.poll(() => walletPage.getByText('No active sessions.').isVisible()).toBe(true)
  })

  it('g. a second dapp (sign-client in Node): eth_sendTransaction reaches anvil, solana_signMessage verifies', async () => {
    const chain = h.stack.devnet.chains[0]!
    const solanaChain = h.stack.config.solana.caipNetworkId
    const dapp = await SignClient.init({
      projectId: 'pagewallet-e2e',
      relayUrl: h.stack.config.relayUrl,
      customStoragePrefix: 'pagewallet-e2e-dapp',
      storageOptions: { database: ':memory:' },
      telemetryEnabled: false,
      logger: 'silent',
      metadata: { name: 'Node dapp', description: 'e2e', url: 'http://127.0.0.1', icons: [] },
    })
    dapp.core.verify.register = async () => ''
    try {
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: {
          eip155: { chains: [`eip155:${chain.chainId}`], methods: ['eth_sendTransaction'], events: [] },
          solana: { chains: [solanaChain], methods: ['solana_signMessage'], events: [] },
        },
      })
      await walletPage.getByTestId('portico-pagewallet-uri').fill(uri!)
      await walletPage.getByTestId('portico-pagewallet-pair').click()
      const proposal = walletPage.getByTestId('portico-pagewallet-proposal')
      await expect.poll(() => proposal.locator('.title').textContent(), { timeout: 15_000 }).toBe('Node dapp')
      expect(await proposal.locator('li').allTextContents()).toEqual([
        `optionaleip155 eip155:${chain.chainId}`,
        `optionalsolana ${solanaChain}`,
      ])
      await walletPage.getByTestId('portico-pagewallet-approve-proposal').click()
      const session = await approval()

      const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
      const sent = dapp.request<`0x${string}`>({
        topic: session.topic,
        chainId: `eip155:${chain.chainId}`,
        request: { method: 'eth_sendTransaction', params: [{ from: ACCOUNT_0, to, value: `0x${parseEther('1.5').toString(16)}` }] },
      })
      const request = walletPage.getByTestId('portico-pagewallet-request')
      await expect
        .poll(() => walletPage.getByTestId('portico-pagewallet-request-summary').textContent(), { timeout: 15_000 })
        .toBe(`To ${to} · 1.5 ETH`)
      await walletPage.getByTestId('portico-pagewallet-approve-request').click()
      const hash = await sent
      const receipt = await createPublicClient({ transport: http(chain.rpcUrl) }).getTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      expect(receipt.to?.toLowerCase()).toBe(to.toLowerCase())

      const message = new TextEncoder().encode('Hello Solana')
      const signed = dapp.request<{ signature: string }>({
        topic: session.topic,
        chainId: solanaChain,
        request: { method: 'solana_signMessage', params: { message: getBase58Decoder().decode(message), pubkey: SOLANA_0 } },
      })
      await expect.poll(() => request.getAttribute('data-method'), { timeout: 15_000 }).toBe('solana_signMessage')
      expect(await walletPage.getByTestId('portico-pagewallet-request-summary').textContent()).toBe('Message: Hello Solana')
      await walletPage.getByTestId('portico-pagewallet-approve-request').click()
      const { signature } = await signed
      expect(
        ed25519.verify(new Uint8Array(getBase58Encoder().encode(signature)), message, new Uint8Array(getBase58Encoder().encode(SOLANA_0))),
      ).toBe(true)
    } finally {
      dapp.core.heartbeat.stop()
      await dapp.core.relayer.transportClose().catch(() => undefined)
    }
  })

  it('h. nothing left loopback and neither page raised errors', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000240'

describe('page wallet helpers', () => {
  it.each([
    [`  ${URI}\n`, URI],
    [URI.replace('relay-protocol=irn&', ''), URI.replace('relay-protocol=irn&', '')],
  ])('parsePairingUri accepts %j', (input, out) => {
    expect(parsePairingUri(input)).toBe(out)
  })

  it.each([
    ['', 'This is not a WalletConnect pairing URI (wc:…@2?…)'],
    ['wc:abc@2?symKey=1', 'This is not a WalletConnect pairing URI (wc:…@2?…)'],
    [URI.replace('@2?', '@1?'), 'This is not a WalletConnect pairing URI (wc:…@2?…)'],
    [URI.replace(/&symKey=[0-9a-f]+/, ''), 'The pairing URI has no symKey'],
    [URI.replace('relay-protocol=irn', 'relay-protocol=waku'), 'Unsupported relay protocol waku'],
  ])('parsePairingUri refuses %j', (input, message) => {
    expect(() => parsePairingUri(input)).toThrow(message)
  })

  it.each([
    ['0x48656c6c6f2066726f6d20506f727469636f', 'Hello from Portico'],
    ['plain text', 'plain text'],
    ['0xff00', '0xff00'],
    [42, '42'],
  ])('decodePersonalMessage(%j) → %j', (input, out) => {
    expect(decodePersonalMessage(input)).toBe(out)
  })

  it.each([
    [0n, '0'],
    [10n ** 18n, '1'],
    [1_500_000_000_000_000_000n, '1.5'],
    [1_234_567_890_000_000_000n, '1.234567'],
    [1n, '0'],
  ])('formatEth(%s) → %s', (wei, out) => {
    expect(formatEth(wei)).toBe(out)
  })

  it.each([
    ['personal_sign', ['0x48656c6c6f', ACCOUNT_0], 'Message: Hello'],
    ['eth_sendTransaction', [{ from: ACCOUNT_0, to: ACCOUNT_0, value: '0x14d1120d7b160000' }], `To ${ACCOUNT_0} · 1.5 ETH`],
    ['eth_sendTransaction', [{ from: ACCOUNT_0, data: '0x6080' }], 'To (contract creation) · 0 ETH · with data'],
    [
      'eth_signTypedData_v4',
      [ACCOUNT_0, JSON.stringify({ primaryType: 'Mail', domain: { name: 'Ether Mail' } })],
      'Typed data: Mail (Ether Mail)',
    ],
    ['solana_signMessage', { message: '9Ajdvzr', pubkey: SOLANA_0 }, 'Message: Hello'],
    ['solana_signAndSendTransaction', { transaction: 'AQ==' }, 'A Solana transaction'],
    ['wallet_switchEthereumChain', [{ chainId: '0x7a6a' }], 'Switch to chain 31338'],
    ['eth_chainId', [], 'eth_chainId'],
  ])('summarizeRequest(%s)', (method, params, out) => {
    expect(summarizeRequest(method, params)).toBe(out)
  })
})
