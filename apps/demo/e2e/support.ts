// Helpers the e2e journeys share (next to harness.ts, which starts the stack and the page): the
// WalletConnect shim and pairing with the Node wallet, connecting the dev wallet, reads from the local
// chains in Node (viem for EVM, JSON-RPC for Solana), and the swap flow's state and quotes. Each
// journey's assertions stay in its own file.
import { PorticoRouter } from '@portico/devnet'
import { startWcWallet, type WcWallet } from '@portico/devnet/wcwallet'
import { createPublicClient, erc20Abi, http, type Address, type Hash } from 'viem'
import { expect } from 'vitest'
import type { Harness } from './harness.ts'

type Poll = { timeout: number }

// ---- WalletConnect with the Node wallet ----

/** Test-only shim: sign-client refuses to pair when navigator.onLine is false (see walletconnect.e2e.ts). */
export function onlineShim() {
  Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true })
}

/** The scriptable Node WalletConnect wallet on the stack's relay and EVM chains (and its Solana chain when asked); every request is answered by hand. */
export function startNodeWallet(h: Harness, options: { solana?: boolean } = {}): Promise<WcWallet> {
  return startWcWallet({
    relayUrl: h.stack.config.relayUrl,
    evm: { chains: h.stack.devnet.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })) },
    ...(options.solana ? { solana: { rpcUrl: h.stack.solana.rpcUrl } } : {}),
    autoApproveRequests: false,
  })
}

/** Connect wallet → WalletConnect; the Node wallet pairs with the URI the modal shows and approves the session it is offered. */
export async function pairNodeWallet(h: Harness, wallet: WcWallet, poll: Poll): ReturnType<WcWallet['approveNext']> {
  await h.page.getByRole('button', { name: 'Connect wallet' }).click()
  await h.page
    .getByRole('dialog')
    .getByRole('button', { name: /^WalletConnect/ })
    .click()
  const pairing = h.page.getByTestId('portico-connecting-wc')
  await expect.poll(() => pairing.getAttribute('data-uri'), poll).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await wallet.pair((await pairing.getAttribute('data-uri'))!)
  return wallet.approveNext()
}

// ---- The dev wallet ----

/** Connect wallet → Portico Dev Wallet → approved in the dev wallet's prompt (its EVM side, account 0). */
export async function connectDevWallet(h: Harness): Promise<void> {
  await h.page.getByRole('button', { name: 'Connect wallet' }).click()
  await h.page
    .getByRole('dialog')
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await h.page.getByTestId('portico-devwallet-approve').click()
}

/**
 * With Solana active: the Connect view (opened when closed) → Portico Dev Wallet, listed installed once
 * over Wallet Standard → its prompt shares `address` → approved.
 */
export async function connectSolanaDevWallet(h: Harness, address: string): Promise<void> {
  const { page } = h
  const modal = page.getByRole('dialog')
  if (!(await modal.isVisible())) await page.getByRole('button', { name: 'Connect wallet' }).click()
  const wallet = modal.getByRole('button', { name: /Portico Dev Wallet/ })
  await expect.poll(() => wallet.textContent()).toContain('Installed')
  await wallet.click()
  await expect.poll(() => page.getByTestId('portico-devwallet-prompt-details').textContent()).toContain(`Share Solana account ${address}`)
  await page.getByTestId('portico-devwallet-approve').click()
}

/** Account → Send, then the token `symbol` from the token list: back on the form with it chosen. */
export async function openSendWith(h: Harness, symbol: string): Promise<void> {
  const { page } = h
  await page.getByTestId('portico-account-feature-send').click()
  await expect.poll(() => page.getByTestId('portico-send').isVisible()).toBe(true)
  await page.getByTestId('portico-send-token').click()
  const item = page.locator(`[data-testid="portico-send-token-item"][data-token="${symbol}"]`)
  await expect.poll(() => item.count(), { timeout: 10_000 }).toBe(1)
  await item.click()
  await expect.poll(() => page.getByTestId('portico-send-token').getAttribute('aria-label')).toBe(`Token: ${symbol}. Change token`)
}

// ---- Reads from the local chains, in Node ----

/** A viem client on one local EVM chain. */
export const publicClient = (rpcUrl: string) => createPublicClient({ transport: http(rpcUrl) })

/** An ERC-20 balance (base units) on one local EVM chain. */
export const erc20BalanceOf = (rpcUrl: string, token: Address, owner: Address) =>
  publicClient(rpcUrl).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** Reads from the local Solana chain (the harness is read when called: it starts in beforeAll). */
export function solanaReads(harness: () => Harness) {
  /** One JSON-RPC call to the local Solana chain, from Node. */
  async function solanaRpc<T>(method: string, params: unknown[]): Promise<T> {
    const res = await fetch(harness().stack.solana.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await res.json()) as { result?: T; error?: { message: string } }
    if (body.error) throw new Error(body.error.message)
    return body.result as T
  }
  const lamportsOf = async (address: string) =>
    BigInt((await solanaRpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value)
  /** The owner's SPL balance of the local USDC mint in base units (0 without a token account). */
  async function splUsdcOf(owner: string): Promise<bigint> {
    const { value } = await solanaRpc<{ value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }>(
      'getTokenAccountsByOwner',
      [owner, { mint: harness().stack.solana.usdcMint }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
    )
    return value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n)
  }
  return { solanaRpc, lamportsOf, splUsdcOf }
}

// ---- The reviews' simulation (issue 23 §2) ----

/**
 * The balance changes the open review (Send or Swap) shows from its simulation, once it is in: each
 * row's asset ('native' or the token's address, lower case) and its exact change in base units.
 */
export async function simulatedChanges(h: Harness, poll: Poll = { timeout: 15_000 }): Promise<Record<string, bigint>> {
  const box = h.page.getByTestId('portico-simulation')
  await expect.poll(() => box.getAttribute('data-status'), poll).toBe('success')
  const rows = await box
    .getByTestId('portico-simulation-change')
    .evaluateAll((els) =>
      els.map((el) => [el.getAttribute('data-asset')?.toLowerCase() ?? '', el.getAttribute('data-amount') ?? ''] as const),
    )
  return Object.fromEntries(rows.map(([asset, amount]) => [asset, BigInt(amount)]))
}

// ---- The headless swap flow on the local AMM ----

/** The swap journeys' reads: the page's swap state, quotes, and the router and receipts on chain 0. */
export function swapJourney(harness: () => Harness, poll: Poll) {
  const chain = () => harness().stack.devnet.chains[0]!
  const client = () => publicClient(chain().rpcUrl)

  /** The router's own quote at the current reserves (gross amount in, the fee and the LP fee taken). */
  async function routerQuote(amountIn: bigint, from: Address, to: Address): Promise<bigint> {
    const amounts = (await client().readContract({
      address: chain().amm.router,
      abi: PorticoRouter.abi,
      functionName: 'getAmountsOut',
      args: [amountIn, [from, to]],
    })) as readonly bigint[]
    return amounts[amounts.length - 1]!
  }
  /** What the transaction cost in gas (wei). */
  async function gasPaid(hash: Hash): Promise<bigint> {
    const receipt = await client().waitForTransactionReceipt({ hash, timeout: 15_000 })
    expect(receipt.status).toBe('success')
    return receipt.gasUsed * receipt.effectiveGasPrice
  }

  /** The swap state's fields the journeys read. */
  async function swapState() {
    return harness().page.evaluate(() => {
      const s = window.__portico!.peek('swap')!.$swap.get()
      const tx = (t: typeof s.swapTransaction) => (t ? { to: t.to, value: t.value.toString(), gas: t.gas.toString() } : undefined)
      return {
        initialized: s.initialized,
        source: s.sourceToken?.symbol,
        to: s.toToken?.symbol,
        amount: s.sourceTokenAmount,
        toTokenAmount: s.toTokenAmount,
        minimumReceived: s.minimumReceived,
        providerFee: s.providerFee,
        inputError: s.inputError,
        transactionError: s.transactionError,
        fetchError: s.fetchError,
        needsApproval: s.needsApproval,
        approvalTransaction: tx(s.approvalTransaction),
        swapTransaction: tx(s.swapTransaction),
        loading: s.loadingQuote || s.loadingPrices || s.loadingBuildTransaction || s.switchingTokens,
        loadingApprovalTransaction: s.loadingApprovalTransaction,
        loadingTransaction: s.loadingTransaction,
        button: s.button.label,
      }
    })
  }
  type SwapSnapshot = Awaited<ReturnType<typeof swapState>>

  /** Choose the pair and type the amount; resolves once the quote (and the transaction, or an input error) is in. */
  async function quote(from: string, to: string, amount: string): Promise<SwapSnapshot> {
    await harness().page.evaluate(
      async ({ from, to, amount }) => {
        const swap = window.__portico!.peek('swap')!
        const tokens = swap.$swap.get().tokens ?? []
        const pick = (symbol: string) => tokens.find((t) => t.symbol === symbol)!
        await swap.setSourceToken(pick(from))
        await swap.setToToken(pick(to))
        swap.setSourceTokenAmount(amount)
      },
      { from, to, amount },
    )
    await expect
      .poll(async () => {
        const s = await swapState()
        return (
          !s.loading &&
          (s.swapTransaction !== undefined || s.approvalTransaction !== undefined || s.inputError !== undefined || s.fetchError)
        )
      }, poll)
      .toBe(true)
    return swapState()
  }

  /** The fields a rejection must keep. */
  const kept = (s: SwapSnapshot) => ({
    source: s.source,
    to: s.to,
    amount: s.amount,
    toTokenAmount: s.toTokenAmount,
    approvalTransaction: s.approvalTransaction,
    swapTransaction: s.swapTransaction,
  })

  return { chain, client, routerQuote, gasPaid, swapState, quote, kept }
}
