// Issue 13 (Tests: E2E 1–5, and the success banner): the swap flow on the local stack — real anvil
// chain with the devnet's constant-product AMM (chain.amm), the real Portico API's /v1/convert/*
// routes, a production build of the demo, Chromium and the EIP-6963 dev wallet. The flow is
// headless (`window.__portico.load('swap')`, driven from the test through page.evaluate, as in
// send-headless.e2e.ts); every wallet prompt is answered in the dev wallet's own UI. Every outcome
// is checked on chain, read with viem in Node. The journeys run in order on one page.
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DEVNET_TOKEN_ADDRESSES } from '@portico/devnet'
import { erc20Abi, formatUnits, maxUint256, parseEther, parseUnits, type Address, type Hash } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'
import { connectDevWallet, erc20BalanceOf, swapJourney } from './support.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const USDC = DEVNET_TOKEN_ADDRESSES.USDC as Address
/** Generous: 2 cores, the whole stack and Chromium on them. */
const POLL = { timeout: 30_000 }

let h: Harness
const outDir = path.join(os.tmpdir(), `portico-demo-e2e-swap-${process.pid}`)

beforeAll(async () => {
  // Its own build directory: another e2e file building at the same time empties the shared one.
  h = await startHarness({ outDir })
})

afterAll(async () => {
  await h?.close()
  await rm(outDir, { recursive: true, force: true })
})

const { chain, client, routerQuote, gasPaid, swapState, quote, kept } = swapJourney(() => h, POLL)
const byTestId = (id: string) => h.page.getByTestId(id)
const usdcOf = (address: Address) => erc20BalanceOf(chain().rpcUrl, USDC, address)
const ethOf = (address: Address) => client().getBalance({ address })
const allowance = () => client().readContract({ address: USDC, abi: erc20Abi, functionName: 'allowance', args: [ACCOUNT_0, chain().amm.router] })

/** Start an action that asks the wallet; resolves once the dev wallet shows its prompt, with the action's answer still to come. */
async function ask(action: 'sendTransactionForSwap' | 'sendTransactionForApproval'): Promise<{ answer: Promise<string | undefined> }> {
  const sending = h.page.evaluate((a) => window.__portico!.peek('swap')![a](), action)
  const prompt = byTestId('portico-devwallet-prompt')
  // The prompt keeps its last kind while hidden: wait for it to be shown.
  await expect.poll(async () => ((await prompt.isVisible()) ? prompt.getAttribute('data-kind') : 'hidden'), POLL).toBe('sendTransaction')
  // Wrapped: an async function returning the promise itself would wait for the wallet's answer.
  return { answer: sending }
}

describe('swap on the local stack through the dev wallet', () => {
  it('connects the dev wallet, and the swap flow initializes on the local chain with its AMM tokens', async () => {
    const { page } = h
    await connectDevWallet(h)
    await expect.poll(() => byTestId('portico-account-address').textContent(), POLL).toBe('0xf39F…b92266')
    expect(await page.evaluate(() => window.__portico!.chain.$global.get().activeCaipNetwork?.caipNetworkId)).toBe(`eip155:${chain().chainId}`)

    await page.evaluate(() => window.__portico!.load('swap').then(() => undefined))
    // The account's balances first: the input errors are checked against them.
    await expect
      .poll(() => page.evaluate(() => window.__portico!.peek('swap')!.$swap.get().myTokensWithBalance.map((t) => t.symbol)), POLL)
      .toEqual(expect.arrayContaining(['ETH', 'USDC']))
    await page.evaluate(() => window.__portico!.peek('swap')!.initialize())
    await expect.poll(async () => (await swapState()).initialized, POLL).toBe(true)
    const tokens = await page.evaluate(() => window.__portico!.peek('swap')!.$swap.get().tokens!.map((t) => `${t.symbol}:${t.address}`))
    expect(tokens).toEqual(expect.arrayContaining([`ETH:eip155:${chain().chainId}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, `USDC:eip155:${chain().chainId}:${USDC}`]))
    expect((await swapState()).source).toBe('ETH')
  })

  it('3a. ETH → USDC rejected in the wallet: the tokens, amount, quote and transaction are kept, transactionError is set, nothing moves', async () => {
    const s = await quote('ETH', 'USDC', '1.5')
    expect(s).toMatchObject({ source: 'ETH', to: 'USDC', amount: '1.5', inputError: undefined, needsApproval: false, button: 'Review swap' })
    expect(s.swapTransaction?.to.toLowerCase()).toBe(chain().amm.router.toLowerCase())
    const before = await usdcOf(ACCOUNT_0)
    const { answer: sending } = await ask('sendTransactionForSwap')
    await byTestId('portico-devwallet-reject').click()
    expect(await sending).toBeUndefined()
    const after = await swapState()
    expect(kept(after)).toEqual(kept(s))
    expect(after.transactionError).toBe('User rejected the request')
    expect(after.loadingTransaction).toBe(false)
    expect(await usdcOf(ACCOUNT_0)).toBe(before)
  })

  it('1 + 6. ETH → USDC approved: USDC rises by the quote within the slippage, ETH drops by the amount + gas, the fee recipient gets exactly 0.85% in ETH; the success banner shows and the balances refresh', async () => {
    const amount = '1.5'
    const amountWei = parseEther(amount)
    const s = await swapState()
    expect(s).toMatchObject({ source: 'ETH', to: 'USDC', amount, providerFee: '0.01275' })
    const { feeRecipient, weth } = chain().amm
    const onChainQuote = await routerQuote(amountWei, weth, USDC)
    // The flow's quote is the router's (USDC has 6 decimals: nothing trimmed).
    expect(parseUnits(s.toTokenAmount, 6)).toBe(onChainQuote)
    const [eth0, usdc0, fee0] = await Promise.all([ethOf(ACCOUNT_0), usdcOf(ACCOUNT_0), ethOf(feeRecipient)])

    const { answer: sending } = await ask('sendTransactionForSwap')
    await byTestId('portico-devwallet-approve').click()
    const hash = (await sending) as Hash
    expect({ hash, error: (await swapState()).transactionError }).toEqual({ hash: expect.stringMatching(/^0x[0-9a-f]{64}$/), error: undefined })
    const gas = await gasPaid(hash)

    const received = (await usdcOf(ACCOUNT_0)) - usdc0
    expect(received).toBeGreaterThanOrEqual(parseUnits(s.minimumReceived!, 6))
    expect(received).toBeLessThanOrEqual(parseUnits(s.toTokenAmount, 6))
    expect(eth0 - (await ethOf(ACCOUNT_0))).toBe(amountWei + gas)
    expect((await ethOf(feeRecipient)) - fee0).toBe((amountWei * 85n) / 10_000n)

    // 6: 'Swapped ETH to X USDC' in the modal's banner, the flow reset, the balances read again.
    const snackbar = byTestId('portico-snackbar')
    await expect.poll(() => snackbar.textContent(), POLL).toBe(`Swapped ETH to ${s.toTokenAmount.replace(/0+$/, '').replace(/\.$/, '')} USDC`)
    expect(await snackbar.getAttribute('data-variant')).toBe('success')
    const reset = await swapState()
    expect(reset).toMatchObject({ source: undefined, to: undefined, amount: '', toTokenAmount: '', swapTransaction: undefined, loadingTransaction: false })
    const usdcNow = await usdcOf(ACCOUNT_0)
    await expect
      .poll(() => h.page.evaluate(() => window.__portico!.peek('swap')!.$swap.get().myTokensWithBalance.find((t) => t.symbol === 'USDC')?.quantity?.numeric), POLL)
      .toSatisfy((numeric) => typeof numeric === 'string' && parseUnits(numeric, 6) === usdcNow)
  })

  it('3b. USDC → ETH needs an approval (allowance 0); the approval rejected in the wallet keeps the state and sets transactionError', async () => {
    expect(await allowance()).toBe(0n)
    await h.page.evaluate(() => window.__portico!.peek('swap')!.initialize())
    const s = await quote('USDC', 'ETH', '500')
    expect(s).toMatchObject({ source: 'USDC', to: 'ETH', amount: '500', inputError: undefined, needsApproval: true, swapTransaction: undefined })
    expect(s.approvalTransaction?.to.toLowerCase()).toBe(USDC.toLowerCase())
    const { answer: sending } = await ask('sendTransactionForApproval')
    await byTestId('portico-devwallet-reject').click()
    expect(await sending).toBeUndefined()
    const after = await swapState()
    expect(kept(after)).toEqual(kept(s))
    expect(after.transactionError).toBe('User rejected the request')
    expect(after.loadingApprovalTransaction).toBe(false)
    expect(await allowance()).toBe(0n)
  })

  it('2. USDC → ETH: approve in the wallet, then the swap transaction is built and sent; ETH rises within the slippage, the fee recipient gets exactly 0.85% in USDC', async () => {
    const amount = '500'
    const amountUnits = parseUnits(amount, 6)
    const { answer: approving } = await ask('sendTransactionForApproval')
    await byTestId('portico-devwallet-approve').click()
    const approvalHash = (await approving) as Hash
    expect(approvalHash).toMatch(/^0x[0-9a-f]{64}$/)
    await gasPaid(approvalHash)
    expect(await allowance()).toBe(maxUint256)
    // Re-quoted and rebuilt: now the swap transaction, no approval.
    const s = await swapState()
    expect(s).toMatchObject({ source: 'USDC', to: 'ETH', amount, needsApproval: false, approvalTransaction: undefined, transactionError: undefined, inputError: undefined })
    expect(s.swapTransaction?.to.toLowerCase()).toBe(chain().amm.router.toLowerCase())

    const { feeRecipient, weth } = chain().amm
    const onChainQuote = await routerQuote(amountUnits, USDC, weth)
    const [eth0, usdc0, fee0] = await Promise.all([ethOf(ACCOUNT_0), usdcOf(ACCOUNT_0), usdcOf(feeRecipient)])
    const { answer: sending } = await ask('sendTransactionForSwap')
    await byTestId('portico-devwallet-approve').click()
    const hash = (await sending) as Hash
    const gas = await gasPaid(hash)

    const received = (await ethOf(ACCOUNT_0)) + gas - eth0
    // The flow shows 6 decimals of the 18: the minimum and the quote are compared in wei.
    expect(received).toBeGreaterThanOrEqual(parseEther(s.minimumReceived!))
    expect(received).toBeLessThanOrEqual(onChainQuote)
    // The 6-decimal quote the flow shows is the on-chain one, rounded.
    expect(parseEther(s.toTokenAmount) - onChainQuote).toBeLessThanOrEqual(parseEther('0.000001'))
    expect(onChainQuote - parseEther(s.toTokenAmount)).toBeLessThanOrEqual(parseEther('0.000001'))
    expect(usdc0 - (await usdcOf(ACCOUNT_0))).toBe(amountUnits)
    expect((await usdcOf(feeRecipient)) - fee0).toBe((amountUnits * 85n) / 10_000n)
    await expect.poll(() => byTestId('portico-snackbar').textContent(), POLL).toBe(`Swapped USDC to ${s.toTokenAmount.replace(/0+$/, '').replace(/\.$/, '')} ETH`)
  })

  it("4. an amount above the balance → 'Insufficient balance' (no transaction built)", async () => {
    await h.page.evaluate(() => window.__portico!.peek('swap')!.initialize())
    const balance = await usdcOf(ACCOUNT_0)
    const above = formatUnits(balance + parseUnits('1000', 6), 6)
    const s = await quote('USDC', 'ETH', above)
    expect(s).toMatchObject({ amount: above, inputError: 'Insufficient balance', button: 'Insufficient balance', swapTransaction: undefined, approvalTransaction: undefined })
    expect(s.toTokenAmount).not.toBe('')
  })

  it("5. an amount that drains the pool (2500 ETH into the 1000 WETH / 3M USDC pool) → 'Insufficient liquidity'", async () => {
    // Enough ETH that the balance is not what stops it.
    expect(await ethOf(ACCOUNT_0)).toBeGreaterThan(parseEther('2600'))
    const s = await quote('ETH', 'USDC', '2500')
    expect(s).toMatchObject({ source: 'ETH', to: 'USDC', amount: '2500', inputError: 'Insufficient liquidity', toTokenAmount: '', swapTransaction: undefined })
  })

  it('nothing left loopback and the page raised no errors', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
