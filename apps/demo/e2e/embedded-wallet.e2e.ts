// Issue 11: the embedded wallet's money on the local chains — ETH sent through the frame lands on
// anvil, and the same login signs on Solana. The frame signs on the API (keys never in the page);
// the chain, the API, the frame and Chromium are real.
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Encoder } from '@solana/kit'
import { createPublicClient, type Hex, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailLogin } from './email-login.ts'
import { type Harness, setNativeBalance, startHarness } from './harness.ts'

const EMAIL = 'grace@portico.test'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const base58 = (text: string) => getBase58Encoder().encode(text) as Uint8Array

let h: Harness

beforeAll(async () => {
  h = await startHarness()
  await emailLogin(h, EMAIL)
})

afterAll(async () => {
  await h?.close()
})

const accountOf = (namespace: string) =>
  h.page.evaluate((ns) => window.__portico?.chain.$chains.get()[ns as 'eip155']?.accountState.address, namespace) as Promise<string | undefined>

describe('the embedded wallet on the local chains', () => {
  it('a. sends 1.5 ETH through the frame: the transaction is mined on anvil and the balances move', async () => {
    const { page, stack } = h
    const from = (await accountOf('eip155')) as Hex
    expect(from).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const chain = stack.devnet.chains[0]!
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    // A new embedded account holds nothing: fund it for the value and the gas.
    await setNativeBalance(chain.rpcUrl, from, 5n * 10n ** 18n)
    const before = await client.getBalance({ address: ACCOUNT_1 })
    const hash = (await page.evaluate(
      ({ to, value }) => window.__portico!.wallet.sendTransaction({ to, value: BigInt(value) }),
      { to: ACCOUNT_1, value: String(1_500_000_000_000_000_000n) },
    )) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 20_000 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())
    expect((await client.getBalance({ address: ACCOUNT_1 })) - before).toBe(1_500_000_000_000_000_000n)
    expect(await client.getBalance({ address: from })).toBeLessThan(35n * 10n ** 17n)
  })

  it('b. switches to Solana (same login, no prompt) and signs there: an ed25519 signature of the Solana account', async () => {
    const { page, stack } = h
    await page.keyboard.press('Escape')
    await page.getByTestId('portico-network-button').click()
    await page.getByTestId('portico-network-item').filter({ hasText: 'Portico Local Solana' }).click()
    await expect.poll(() => page.getByTestId('portico-demo-network').textContent(), { timeout: 20_000 }).toBe(`Portico Local Solana (${stack.solana.caipNetworkId})`)
    const solana = (await accountOf('solana')) as string
    expect(solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    await page.keyboard.press('Escape')
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello from the embedded wallet')
    await page.getByTestId('portico-demo-sign').click()
    const signature = page.getByTestId('portico-demo-signature')
    await expect.poll(() => signature.isVisible(), { timeout: 20_000 }).toBe(true)
    const text = (await signature.textContent()) ?? ''
    expect(ed25519.verify(base58(text), new TextEncoder().encode('Hello from the embedded wallet'), base58(solana))).toBe(true)
  })

  it('c. nothing left loopback and the page threw nothing', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
