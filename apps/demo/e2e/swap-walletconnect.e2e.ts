// Issue 13 (Tests: E2E "through the WalletConnect wallet", journeys 1–3): the swap flow on the local
// stack with the scriptable Node WalletConnect wallet — real anvil chain with the devnet's AMM
// (chain.amm), the real Portico API's /v1/convert/*, the local relay, a production build of the
// demo, Chromium. The flow is headless (`window.__portico.load('swap')`, driven through
// page.evaluate); every eth_sendTransaction is answered by hand in the Node wallet
// (approveNextRequest / rejectNextRequest). Every outcome is checked on chain with viem in Node.
// The journeys run in order on one page.
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DEVNET_TOKEN_ADDRESSES } from '@portico/devnet'
import type { WcWallet } from '@portico/devnet/wcwallet'
import { erc20Abi, maxUint256, parseEther, parseUnits, type Address, type Hash } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'
import { erc20BalanceOf, onlineShim, pairNodeWallet, startNodeWallet, swapJourney } from './support.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SHORT_0 = '0xf39F…b92266'
const USDC = DEVNET_TOKEN_ADDRESSES.USDC as Address
/** Generous: 2 cores, the whole stack and Chromium on them. */
const POLL = { timeout: 30_000 }

let h: Harness
let wallet: WcWallet
const outDir = path.join(os.tmpdir(), `portico-demo-e2e-swap-wc-${process.pid}`)

beforeAll(async () => {
  // Its own build directory: another e2e file building at the same time empties the shared one.
  h = await startHarness({ initScripts: [onlineShim], outDir })
  wallet = await startNodeWallet(h)
})

afterAll(async () => {
  await wallet?.stop()
  await h?.close()
  await rm(outDir, { recursive: true, force: true })
})

const { chain, client, routerQuote, gasPaid, swapState, quote, kept } = swapJourney(() => h, POLL)
const byTestId = (id: string) => h.page.getByTestId(id)
const usdcOf = (address: Address) => erc20BalanceOf(chain().rpcUrl, USDC, address)
const ethOf = (address: Address) => client().getBalance({ address })
const allowance = () =>
  client().readContract({ address: USDC, abi: erc20Abi, functionName: 'allowance', args: [ACCOUNT_0, chain().amm.router] })

/**
 * Start an action that asks the wallet; resolves once the request sits in the Node wallet, with the
 * request's transaction and the action's answer still to come.
 */
async function ask(action: 'sendTransactionForSwap' | 'sendTransactionForApproval') {
  const answer = h.page.evaluate((a) => window.__portico!.peek('swap')![a](), action)
  await expect.poll(() => wallet.pendingRequests().map((r) => r.params.request.method), POLL).toEqual(['eth_sendTransaction'])
  const request = wallet.pendingRequests()[0]!
  expect(request.params.chainId).toBe(`eip155:${chain().chainId}`)
  const [tx] = request.params.request.params as { from: string; to: string; data: string; value?: string; gas?: string }[]
  // Wrapped: an async function returning the promise itself would wait for the wallet's answer.
  return { tx: tx!, answer }
}

const trim = (text: string) => text.replace(/0+$/, '').replace(/\.$/, '')
/** '2962.647847' → '2,962.647847': an amount as the success banner writes it (en-US grouping). */
const grouped = (amount: string) => amount.replace(/^\d+/, (int) => int.replace(/\B(?=(\d{3})+$)/g, ','))

/**
 * The review's simulation (issue 23 §2) of what the swap would send, through the headless flow the
 * SwapPreview calls: each asset's change in base units (asset 'native' or the token's address, lower case).
 */
async function simulateSwap(): Promise<Record<string, bigint>> {
  const changes = await h.page.evaluate(async () => {
    const r = await window.__portico!.peek('swap')!.simulate()
    if (r?.simulation !== 'ok' || r.status !== 'success') return JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v))
    return r.changes.map((c) => [c.asset.toLowerCase(), c.amount.toString()] as const)
  })
  if (typeof changes === 'string') throw new Error(`not simulated: ${changes}`)
  return Object.fromEntries(changes.map(([asset, amount]) => [asset, BigInt(amount)]))
}

describe('swap through WalletConnect on the local stack', () => {
  it('pairs the Node wallet over WalletConnect, and the swap flow initializes on the local chain', async () => {
    const { page } = h
    const session = await pairNodeWallet(h, wallet, POLL)
    expect(session.namespaces.eip155!.methods).toContain('eth_sendTransaction')
    await expect.poll(() => byTestId('portico-account-address').textContent(), POLL).toBe(SHORT_0)
    expect(await page.evaluate(() => window.__portico!.chain.$global.get().activeCaipNetwork?.caipNetworkId)).toBe(
      `eip155:${chain().chainId}`,
    )

    await page.evaluate(() => window.__portico!.load('swap').then(() => undefined))
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            window
              .__portico!.peek('swap')!
              .$swap.get()
              .myTokensWithBalance.map((t) => t.symbol),
          ),
        POLL,
      )
      .toEqual(expect.arrayContaining(['ETH', 'USDC']))
    await page.evaluate(() => window.__portico!.peek('swap')!.initialize())
    await expect.poll(async () => (await swapState()).initialized, POLL).toBe(true)
    expect((await swapState()).source).toBe('ETH')
  })

  it('3a. ETH → USDC rejected in the wallet: the tokens, amount, quote and transaction are kept, transactionError is set, nothing moves', async () => {
    const s = await quote('ETH', 'USDC', '2')
    expect(s).toMatchObject({ source: 'ETH', to: 'USDC', amount: '2', inputError: undefined, needsApproval: false })
    const before = await usdcOf(ACCOUNT_0)
    const { tx, answer } = await ask('sendTransactionForSwap')
    expect(tx.to.toLowerCase()).toBe(chain().amm.router.toLowerCase())
    expect(BigInt(tx.value!)).toBe(parseEther('2'))
    // No gas limit: the wallet estimates it.
    expect(tx.gas).toBeUndefined()
    await wallet.rejectNextRequest()
    expect(await answer).toBeUndefined()
    const after = await swapState()
    expect(kept(after)).toEqual(kept(s))
    expect(after.transactionError).toBe('User rejected the request')
    expect(after.loadingTransaction).toBe(false)
    expect(wallet.pendingRequests()).toEqual([])
    expect(await usdcOf(ACCOUNT_0)).toBe(before)
  })

  it('1. ETH → USDC approved in the wallet: USDC rises by the quote within the slippage, ETH drops by the amount + gas, the fee recipient gets exactly 0.85% in ETH; the success banner shows', async () => {
    const amountWei = parseEther('2')
    const s = await swapState()
    expect(s).toMatchObject({ source: 'ETH', to: 'USDC', amount: '2', providerFee: '0.017' })
    const { feeRecipient, weth } = chain().amm
    expect(parseUnits(s.toTokenAmount, 6)).toBe(await routerQuote(amountWei, weth, USDC))
    const simulated = await simulateSwap()
    expect(simulated).toEqual({ native: -amountWei, [USDC.toLowerCase()]: await routerQuote(amountWei, weth, USDC) })
    const [eth0, usdc0, fee0] = await Promise.all([ethOf(ACCOUNT_0), usdcOf(ACCOUNT_0), ethOf(feeRecipient)])

    const { answer } = await ask('sendTransactionForSwap')
    const walletHash = (await wallet.approveNextRequest()) as Hash
    const hash = await answer
    expect({ hash, error: (await swapState()).transactionError }).toEqual({ hash: walletHash, error: undefined })
    const gas = await gasPaid(walletHash)

    const received = (await usdcOf(ACCOUNT_0)) - usdc0
    expect(received).toBeGreaterThanOrEqual(parseUnits(s.minimumReceived!, 6))
    expect(received).toBeLessThanOrEqual(parseUnits(s.toTokenAmount, 6))
    expect(eth0 - (await ethOf(ACCOUNT_0))).toBe(amountWei + gas)
    expect((await ethOf(feeRecipient)) - fee0).toBe((amountWei * 85n) / 10_000n)
    // The simulated changes are the balances' after mining (ETH less the gas paid).
    expect(received).toBe(simulated[USDC.toLowerCase()])
    expect((await ethOf(ACCOUNT_0)) - eth0 + gas).toBe(simulated.native)
    await expect
      .poll(() => byTestId('portico-snackbar').textContent(), POLL)
      .toBe(`Swapped ${grouped(s.amount)} ETH to ${grouped(trim(s.toTokenAmount))} USDC`)
    expect(await swapState()).toMatchObject({ source: undefined, to: undefined, amount: '', swapTransaction: undefined })
  })

  it('3b. USDC → ETH needs an approval (allowance 0); the approval rejected in the wallet keeps the state and sets transactionError', async () => {
    expect(await allowance()).toBe(0n)
    await h.page.evaluate(() => window.__portico!.peek('swap')!.initialize())
    const s = await quote('USDC', 'ETH', '300')
    expect(s).toMatchObject({
      source: 'USDC',
      to: 'ETH',
      amount: '300',
      inputError: undefined,
      needsApproval: true,
      swapTransaction: undefined,
    })
    const { tx, answer } = await ask('sendTransactionForApproval')
    expect(tx.to.toLowerCase()).toBe(USDC.toLowerCase())
    expect(tx.data.slice(0, 10)).toBe('0x095ea7b3')
    await wallet.rejectNextRequest()
    expect(await answer).toBeUndefined()
    const after = await swapState()
    expect(kept(after)).toEqual(kept(s))
    expect(after.transactionError).toBe('User rejected the request')
    expect(after.loadingApprovalTransaction).toBe(false)
    expect(await allowance()).toBe(0n)
  })

  it('2. USDC → ETH: the approval approved in the wallet, then the swap transaction is built and approved; ETH rises within the slippage, the fee recipient gets exactly 0.85% in USDC', async () => {
    const amountUnits = parseUnits('300', 6)
    const approving = await ask('sendTransactionForApproval')
    const approvalHash = (await wallet.approveNextRequest()) as Hash
    expect(await approving.answer).toBe(approvalHash)
    await gasPaid(approvalHash)
    expect(await allowance()).toBe(maxUint256)
    const s = await swapState()
    expect(s).toMatchObject({
      source: 'USDC',
      to: 'ETH',
      amount: '300',
      needsApproval: false,
      approvalTransaction: undefined,
      transactionError: undefined,
      inputError: undefined,
    })
    expect(s.swapTransaction?.to.toLowerCase()).toBe(chain().amm.router.toLowerCase())

    const { feeRecipient, weth } = chain().amm
    const onChainQuote = await routerQuote(amountUnits, USDC, weth)
    const simulated = await simulateSwap()
    expect(simulated).toEqual({ native: onChainQuote, [USDC.toLowerCase()]: -amountUnits })
    const [eth0, usdc0, fee0] = await Promise.all([ethOf(ACCOUNT_0), usdcOf(ACCOUNT_0), usdcOf(feeRecipient)])
    const { answer } = await ask('sendTransactionForSwap')
    const hash = (await wallet.approveNextRequest()) as Hash
    expect(await answer).toBe(hash)
    const gas = await gasPaid(hash)

    const received = (await ethOf(ACCOUNT_0)) + gas - eth0
    expect(received).toBeGreaterThanOrEqual(parseEther(s.minimumReceived!))
    expect(received).toBeLessThanOrEqual(onChainQuote)
    expect(usdc0 - (await usdcOf(ACCOUNT_0))).toBe(amountUnits)
    expect((await usdcOf(feeRecipient)) - fee0).toBe((amountUnits * 85n) / 10_000n)
    expect(received).toBe(simulated.native)
    expect((await usdcOf(ACCOUNT_0)) - usdc0).toBe(simulated[USDC.toLowerCase()])
    await expect
      .poll(() => byTestId('portico-snackbar').textContent(), POLL)
      .toBe(`Swapped ${grouped(s.amount)} USDC to ${grouped(trim(s.toTokenAmount))} ETH`)
  })

  it('nothing left loopback and the page raised no errors', () => {
    expect(wallet.pendingRequests()).toEqual([])
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
