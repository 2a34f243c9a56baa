// Issue 12, headless send: on the local stack (real anvil chain, the real Portico API, the production
// demo, the EIP-6963 dev wallet) the send flow loaded through `window.__portico.load('send')` sends
// ETH: pick the ETH token from the account's balances, type an amount and a dev account as the
// receiver, send and approve in the dev wallet. The hash is recorded, the form is reset, and the
// receiver's on-chain balance (read with viem in Node from the anvil RPC) rose by exactly the amount.
import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'

const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const AMOUNT = '0.4321'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  await h?.close()
})

const modal = () => h.page.getByRole('dialog')

describe('headless send on the local stack', () => {
  it('sends ETH to a dev account through the send flow; the receiver gains exactly the amount', async () => {
    const { page } = h
    const client = createPublicClient({ transport: http(h.stack.devnet.chains[0]!.rpcUrl) })

    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await modal()
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    await page.getByTestId('portico-devwallet-approve').click()
    await expect.poll(() => page.getByTestId('portico-account-address').textContent()).toBe('0xf39F…b92266')
    const chainId = await page.evaluate(() => window.__portico!.chain.$global.get().activeCaipNetwork?.caipNetworkId)
    expect(chainId).toBe(`eip155:${await client.getChainId()}`)

    // The flow loads on demand; the ETH entry of the balances (no token address) is offered once they are in.
    await page.evaluate(() => window.__portico!.load('send').then(() => undefined))
    await expect
      .poll(() =>
        page.evaluate(() =>
          window
            .__portico!.peek('send')!
            .$send.get()
            .tokenBalances.map((t) => `${t.symbol}:${t.address ?? 'native'}`),
        ),
      )
      .toContain('ETH:native')
    const form = await page.evaluate(
      ({ amount, to }) => {
        const send = window.__portico!.peek('send')!
        const eth = send.$send.get().tokenBalances.find((t) => !t.address)!
        send.setToken(eth)
        send.setAmount(amount)
        send.setReceiver(to)
        const s = send.$send.get()
        return { token: s.token?.symbol, amount: s.sendTokenAmount, receiver: s.receiverAddress, button: s.button.label }
      },
      { amount: AMOUNT, to: ACCOUNT_1 },
    )
    expect(form).toEqual({ token: 'ETH', amount: AMOUNT, receiver: ACCOUNT_1, button: 'Preview send' })

    const before = await client.getBalance({ address: ACCOUNT_1 })
    const sending = page.evaluate(() => window.__portico!.peek('send')!.send())
    await expect.poll(() => page.getByTestId('portico-devwallet-prompt').getAttribute('data-kind')).toBe('sendTransaction')
    await page.getByTestId('portico-devwallet-approve').click()
    const hash = await sending
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await client.waitForTransactionReceipt({ hash: hash as `0x${string}`, timeout: 10_000 })
    expect((await client.getBalance({ address: ACCOUNT_1 })) - before).toBe(parseEther(AMOUNT))

    // The hash is kept, the form is empty again.
    const after = await page.evaluate(() => {
      const s = window.__portico!.peek('send')!.$send.get()
      return { hash: s.hash, token: s.token, amount: s.sendTokenAmount, receiver: s.receiverInput, loading: s.loading, error: s.error }
    })
    expect(after).toEqual({ hash, token: undefined, amount: '', receiver: '', loading: false, error: null })
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
