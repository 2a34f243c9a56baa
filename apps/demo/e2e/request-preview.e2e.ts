// Issue 23 §2, E2E on the local stack (real anvil chains, the Portico API, the production demo, the
// EIP-6963 dev wallet): the page asks a previewing provider (getProvider('eip155', { preview: true }))
// to send 0.01 ETH from the dev wallet. The modal's RequestPreview shows −0.01 ETH simulated on anvil
// before the wallet is asked; Continue hands the request to the wallet ('Confirm in your wallet'), the
// wallet approves, and the transaction is mined with exactly that change. Cancel rejects with 4001 and
// the wallet never sees the request.
import { parseEther, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'
import { connectDevWallet, publicClient, simulatedChanges } from './support.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const AMOUNT = parseEther('0.01')

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  await h?.close()
})

const client = () => publicClient(h.stack.devnet.chains[0]!.rpcUrl)
const prompt = () => h.page.getByTestId('portico-devwallet-prompt')

/** The page sends through a previewing provider; its answer (a hash, or the error's code) lands in window.__previewed. */
async function askToSend(value: bigint): Promise<void> {
  await h.page.evaluate(
    ({ from, to, value }) => {
      const w = window as unknown as { __previewed?: unknown }
      w.__previewed = undefined
      void window
        .__portico!.getProvider('eip155', { preview: true })
        .request({ method: 'eth_sendTransaction', params: [{ from, to, value }] })
        .then(
          (hash) => {
            w.__previewed = hash
          },
          (error: { code?: number }) => {
            w.__previewed = { code: error.code }
          },
        )
    },
    { from: ACCOUNT_0, to: ACCOUNT_2, value: toHex(value) },
  )
}
const answer = () => h.page.evaluate(() => (window as unknown as { __previewed?: unknown }).__previewed)

describe('a previewing provider on the local stack', () => {
  it('connects the dev wallet (account 0)', async () => {
    await connectDevWallet(h)
    await expect.poll(() => h.page.getByTestId('portico-account-address').textContent()).toBe('0xf39F…b92266')
    await h.page.keyboard.press('Escape')
    await expect.poll(() => h.page.getByRole('dialog').count()).toBe(0)
  })

  it('send 0.01 ETH: Review request shows −0.01 ETH before the wallet is asked; Continue, the wallet approves, mined with exactly that change', async () => {
    const { page } = h
    const before = await client().getBalance({ address: ACCOUNT_2 })
    await askToSend(AMOUNT)
    await expect.poll(() => page.getByTestId('portico-request-preview-heading').textContent(), { timeout: 15_000 }).toBe('Send')
    expect(await simulatedChanges(h)).toEqual({ native: -AMOUNT })
    expect(await page.getByTestId('portico-request-preview-details').textContent()).toContain('0.01 ETH')
    expect(await prompt().isVisible()).toBe(false)
    await page.getByTestId('portico-request-preview-continue').click()
    await expect.poll(() => prompt().getAttribute('data-kind')).toBe('sendTransaction')
    expect(await page.getByTestId('portico-request-preview-waiting').textContent()).toContain('Confirm in your wallet')
    await page.getByTestId('portico-devwallet-approve').click()
    await expect.poll(answer, { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    const hash = (await answer()) as `0x${string}`
    const receipt = await client().waitForTransactionReceipt({ hash, pollingInterval: 100 })
    expect(receipt.status).toBe('success')
    expect(await client().getBalance({ address: ACCOUNT_2 })).toBe(before + AMOUNT)
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
  })

  it('Cancel: the provider rejects with 4001; the wallet never sees the request', async () => {
    const { page } = h
    await askToSend(parseEther('0.02'))
    await expect.poll(() => page.getByTestId('portico-request-preview-continue').isEnabled(), { timeout: 15_000 }).toBe(true)
    await page.getByTestId('portico-request-preview-cancel').click()
    await expect.poll(answer).toEqual({ code: 4001 })
    expect(await prompt().isVisible()).toBe(false)
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
  })

  it('made no request beyond loopback and raised no page error', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
