// Issue 12 (Tests: E2E "through WalletConnect"): the send journeys of the default modal with the
// scriptable Node WalletConnect wallet — real anvil chains, the litesvm Solana RPC, the local relay,
// the real Portico API, a production build of the demo, Chromium. One session covers EVM and Solana.
// Every request is answered by hand (approveNextRequest / rejectNextRequest), so the modal's
// 'Confirm in your wallet' state is seen first. Beside ETH, USDC, a refusal, Activity, SOL and SPL: an
// amount above the balance disables the button with 'Insufficient funds'; a name registered from Account
// (personal_sign in the Node wallet) shows in Account and in the connect button, and ETH sent to that name
// lands on the named address. The journeys run in order on one page, as one visitor would.
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DEVNET_TOKEN_ADDRESSES } from '@portico/devnet'
import type { WcWallet } from '@portico/devnet/wcwallet'
import { createTestClient, formatUnits, http, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'
import { erc20BalanceOf, onlineShim, pairNodeWallet, publicClient, simulatedChanges, solanaReads, startNodeWallet } from './support.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SHORT_0 = '0xf39F…b92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SHORT_1 = '0x7099…dc79C8'
const SOL_0 = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const SHORT_SOL_0 = 'oeYf…A9kq96'
const USDC = DEVNET_TOKEN_ADDRESSES.USDC as `0x${string}`
const LAMPORTS_PER_SOL = 1_000_000_000n
// A name no earlier run has taken (the names live in the stack's database).
const NAME = `e2e-send-wc-${Date.now().toString(36)}`
/** Generous: 2 cores, the whole stack and Chromium on them. */
const POLL = { timeout: 20_000 }

let h: Harness
let wallet: WcWallet
const outDir = path.join(os.tmpdir(), `portico-demo-e2e-send-wc-${process.pid}`)

beforeAll(async () => {
  // Its own build directory: another e2e file building at the same time empties the shared one.
  h = await startHarness({ initScripts: [onlineShim], outDir })
  wallet = await startNodeWallet(h, { solana: true })
})

afterAll(async () => {
  await wallet?.stop()
  await h?.close()
  await rm(outDir, { recursive: true, force: true })
})

const modal = () => h.page.getByRole('dialog')
const byTestId = (id: string) => h.page.getByTestId(id)
const evm = () => h.stack.devnet.chains[0]!
const evmClient = () => publicClient(evm().rpcUrl)
const anvil = () => createTestClient({ mode: 'anvil', transport: http(evm().rpcUrl) })

const { lamportsOf, splUsdcOf } = solanaReads(() => h)

/** The Account view in the modal (opened from the connect button when closed). */
async function openAccount(short: string) {
  if (!(await modal().isVisible())) await byTestId('portico-connect-button').click()
  await expect.poll(() => byTestId('portico-account-address').textContent(), POLL).toBe(short)
}

/** Account → Send → the token → amount → receiver; resolves when the form offers 'Preview send'. */
async function fillSendForm(symbol: string, amount: string, to: string) {
  await byTestId('portico-account-feature-send').click()
  await expect.poll(() => byTestId('portico-send').isVisible(), POLL).toBe(true)
  await byTestId('portico-send-token').click()
  const item = byTestId('portico-send-token-item').and(h.page.locator(`[data-token="${symbol}"]`))
  await expect.poll(() => item.count(), POLL).toBe(1)
  await item.click()
  await expect.poll(() => byTestId('portico-send-token').textContent(), POLL).toContain(symbol)
  await byTestId('portico-send-amount').fill(amount)
  await byTestId('portico-send-receiver').fill(to)
  await expect.poll(() => byTestId('portico-send-button').textContent(), POLL).toBe('Preview send')
}

/**
 * Review → Send: the preview waits on the wallet ('Confirm in your wallet') while the request sits in the
 * Node wallet. Resolves with the review's simulated changes (EVM), read before Send is pressed.
 */
async function submitAndAwaitRequest(method: string): Promise<Record<string, bigint>> {
  await byTestId('portico-send-button').click()
  await expect.poll(() => byTestId('portico-send-preview').isVisible(), POLL).toBe(true)
  const simulated = method === 'eth_sendTransaction' ? await simulatedChanges(h) : {}
  await byTestId('portico-send-submit').click()
  await expect.poll(() => wallet.pendingRequests().map((r) => r.params.request.method), POLL).toEqual([method])
  const waiting = byTestId('portico-send-waiting')
  expect(await waiting.isVisible()).toBe(true)
  expect(await waiting.textContent()).toContain('Confirm in your wallet')
  expect(await byTestId('portico-send-preview').getAttribute('data-sending')).toBe('true')
  expect(await byTestId('portico-send-submit').isDisabled()).toBe(true)
  expect(await byTestId('portico-send-cancel').isDisabled()).toBe(true)
  return simulated
}

/** The success view: heading, receiver and the full hash (the title of the shortened one). */
async function successHash(amount: string, symbol: string, toShort: string): Promise<string> {
  await expect.poll(() => byTestId('portico-send-success').isVisible(), POLL).toBe(true)
  expect(await byTestId('portico-send-success-heading').textContent()).toBe(`${amount} ${symbol} sent`)
  expect(await byTestId('portico-send-success-to').textContent()).toBe(`to ${toShort}`)
  return (await byTestId('portico-send-hash').getAttribute('title')) ?? ''
}

describe('send through WalletConnect on the local stack', () => {
  it('1. pairs the Node wallet over WalletConnect: one session with EVM and Solana', async () => {
    const { page } = h
    const session = await pairNodeWallet(h, wallet, POLL)
    expect(Object.keys(session.namespaces)).toEqual(expect.arrayContaining(['eip155', 'solana']))
    expect(session.namespaces.eip155!.methods).toContain('eth_sendTransaction')
    expect(session.namespaces.solana!.methods).toContain('solana_signAndSendTransaction')
    expect(session.namespaces.solana!.accounts).toEqual([`${h.stack.solana.caipNetworkId}:${SOL_0}`])
    await openAccount(SHORT_0)
    expect(await page.getByTestId('portico-demo-network').textContent()).toBe(`${evm().name} (eip155:${evm().chainId})`)
  })

  it('2 + 5. sends ETH: Confirm in your wallet → approved → success with the hash; Activity lists it pending, then confirmed once mined; the receiver gains exactly the amount', async () => {
    // Three decimals at most: the Activity row shows amounts floored to 3 decimals (SPEC §9).
    const amount = '0.125'
    const before = await evmClient().getBalance({ address: ACCOUNT_1 })
    const senderBefore = await evmClient().getBalance({ address: ACCOUNT_0 })
    // Blocks are mined by hand for this send, so the transaction is seen pending before it is confirmed.
    await anvil().setAutomine(false)
    try {
      await fillSendForm('ETH', amount, ACCOUNT_1)
      // The review's simulation (issue 23 §2) for the wallet the user brought: exactly the amount leaves.
      const simulated = await submitAndAwaitRequest('eth_sendTransaction')
      expect(simulated).toEqual({ native: -parseEther(amount) })
      const request = wallet.pendingRequests()[0]!
      expect(request.params.chainId).toBe(`eip155:${evm().chainId}`)
      expect(request.params.request.params).toMatchObject([
        { from: ACCOUNT_0, to: ACCOUNT_1, value: `0x${parseEther(amount).toString(16)}` },
      ])
      const hash = (await wallet.approveNextRequest()) as string
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(await successHash(amount, 'ETH', SHORT_1)).toBe(hash)

      // Done → Account → Activity: the send is listed at once, pending (not mined yet).
      await byTestId('portico-send-done').click()
      await openAccount(SHORT_0)
      await modal().getByRole('tab', { name: 'Activity' }).click()
      const row = modal().locator(`[data-testid="portico-activity-row"][data-id="eip155:${evm().chainId}:${hash}"]`)
      await expect.poll(() => row.getAttribute('data-status'), POLL).toBe('pending')
      expect(await row.getByTestId('portico-activity-description').textContent()).toBe(`Sent ${amount} ETH`)
      expect(await row.getByTestId('portico-activity-status').textContent()).toBe('Pending')
      expect(await row.textContent()).toContain(`to ${SHORT_1}`)
      expect(await evmClient().getBalance({ address: ACCOUNT_1 })).toBe(before)

      await anvil().mine({ blocks: 1 })
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('confirmed')
      expect(await row.getByTestId('portico-activity-status').count()).toBe(0)
      const receipt = await evmClient().getTransactionReceipt({ hash: hash as `0x${string}` })
      expect(receipt.status).toBe('success')
      expect((await evmClient().getBalance({ address: ACCOUNT_1 })) - before).toBe(parseEther(amount))
      // After mining, the sender's balance moved by the simulated change and the fee paid.
      const fee = receipt.gasUsed * receipt.effectiveGasPrice
      expect((await evmClient().getBalance({ address: ACCOUNT_0 })) - senderBefore).toBe((simulated.native as bigint) - fee)
    } finally {
      await anvil().setAutomine(true)
    }
    await modal().getByRole('tab', { name: 'Tokens' }).click()
  })

  it('3. sends USDC (the devnet ERC-20): a transfer call to the token, approved in the wallet; the receiver gains exactly the amount', async () => {
    const amount = '12.5'
    const balanceOf = () => erc20BalanceOf(evm().rpcUrl, USDC, ACCOUNT_1)
    const before = await balanceOf()
    const senderBefore = await erc20BalanceOf(evm().rpcUrl, USDC, ACCOUNT_0)
    await fillSendForm('USDC', amount, ACCOUNT_1)
    const simulated = await submitAndAwaitRequest('eth_sendTransaction')
    expect(simulated).toEqual({ [USDC.toLowerCase()]: -parseUnits(amount, 6) })
    const [tx] = wallet.pendingRequests()[0]!.params.request.params as { to: string; data: string; value?: string }[]
    expect(tx!.to.toLowerCase()).toBe(USDC.toLowerCase())
    expect(tx!.data.slice(0, 10)).toBe('0xa9059cbb')
    const hash = (await wallet.approveNextRequest()) as `0x${string}`
    expect(await successHash(amount, 'USDC', SHORT_1)).toBe(hash)
    expect((await evmClient().waitForTransactionReceipt({ hash, timeout: 15_000 })).status).toBe('success')
    expect((await balanceOf()) - before).toBe(parseUnits(amount, 6))
    expect((await erc20BalanceOf(evm().rpcUrl, USDC, ACCOUNT_0)) - senderBefore).toBe(simulated[USDC.toLowerCase()])
    await byTestId('portico-send-done').click()
  })

  it('4. a send rejected in the wallet returns to the form with the token, amount and receiver kept and the error shown; nothing moves', async () => {
    const amount = '0.5'
    const before = await evmClient().getBalance({ address: ACCOUNT_1 })
    await openAccount(SHORT_0)
    await fillSendForm('ETH', amount, ACCOUNT_1)
    await submitAndAwaitRequest('eth_sendTransaction')
    await wallet.rejectNextRequest()
    await expect.poll(() => byTestId('portico-send').isVisible(), POLL).toBe(true)
    expect(await byTestId('portico-send-preview').count()).toBe(0)
    await expect.poll(() => byTestId('portico-send-error').textContent(), POLL).toBe('User rejected the request')
    expect(await byTestId('portico-send-amount').inputValue()).toBe(amount)
    expect(await byTestId('portico-send-receiver').inputValue()).toBe(ACCOUNT_1)
    expect(await byTestId('portico-send-token').textContent()).toContain('ETH')
    expect(await byTestId('portico-send-button').textContent()).toBe('Preview send')
    expect(wallet.pendingRequests()).toEqual([])
    expect(await evmClient().getBalance({ address: ACCOUNT_1 })).toBe(before)
    // Back to Account for the Solana journeys.
    await modal().getByRole('button', { name: 'Back' }).click()
    await openAccount(SHORT_0)
  })

  it('4b. an amount above the balance (ETH, then USDC): the button says Insufficient funds and is disabled; the whole balance is accepted', async () => {
    // Account 0 starts with 10,000 ETH on a fresh stack: 20,000 is above it whatever the sends so far cost.
    await byTestId('portico-account-feature-send').click()
    await expect.poll(() => byTestId('portico-send').isVisible(), POLL).toBe(true)
    await byTestId('portico-send-token').click()
    await byTestId('portico-send-token-item').and(h.page.locator('[data-token="ETH"]')).click()
    await expect.poll(() => byTestId('portico-send-token').textContent(), POLL).toContain('ETH')
    await byTestId('portico-send-receiver').fill(ACCOUNT_1)
    await byTestId('portico-send-amount').fill('20000')
    await expect.poll(() => byTestId('portico-send-button').textContent(), POLL).toBe('Insufficient funds')
    expect(await byTestId('portico-send-button').isDisabled()).toBe(true)
    // USDC: one base unit above the on-chain balance (after journey 3's send) is refused, the balance itself is not.
    const usdc = await erc20BalanceOf(evm().rpcUrl, USDC, ACCOUNT_0)
    expect(usdc).toBeGreaterThan(0n)
    await byTestId('portico-send-token').click()
    await byTestId('portico-send-token-item').and(h.page.locator('[data-token="USDC"]')).click()
    await expect.poll(() => byTestId('portico-send-token').textContent(), POLL).toContain('USDC')
    await byTestId('portico-send-amount').fill(formatUnits(usdc + 1n, 6))
    await expect.poll(() => byTestId('portico-send-button').textContent(), POLL).toBe('Insufficient funds')
    expect(await byTestId('portico-send-button').isDisabled()).toBe(true)
    await byTestId('portico-send-amount').fill(formatUnits(usdc, 6))
    await expect.poll(() => byTestId('portico-send-button').textContent(), POLL).toBe('Preview send')
    expect(await byTestId('portico-send-button').isDisabled()).toBe(false)
    expect(wallet.pendingRequests()).toEqual([])
    await modal().getByRole('button', { name: 'Back' }).click()
    await openAccount(SHORT_0)
  })

  let fullName = ''

  it('4c. registers a name from Account through WalletConnect: personal_sign approved in the Node wallet; the name shows in the success view, in Account and in the connect button', async () => {
    const { page } = h
    await byTestId('portico-account-choose-name').click()
    await expect.poll(() => byTestId('portico-register-name').isVisible(), POLL).toBe(true)
    const zone = ((await byTestId('portico-register-name-zone').textContent()) ?? '').replace(/^\./, '')
    expect(zone).toBe('portico.id')
    fullName = `${NAME}.${zone}`
    await byTestId('portico-register-name-input').fill(NAME)
    await expect.poll(() => byTestId('portico-register-name-status').textContent(), POLL).toBe(`${fullName} is available`)
    const answered = wallet.requestLog().length
    await byTestId('portico-register-name-submit').click()
    // The registration message waits in the Node wallet; the form stays, busy.
    await expect.poll(() => wallet.pendingRequests().map((r) => r.params.request.method), POLL).toEqual(['personal_sign'])
    const request = wallet.pendingRequests()[0]!
    expect(request.params.chainId).toBe(`eip155:${evm().chainId}`)
    const [message, signer] = request.params.request.params as [string, string]
    expect(signer.toLowerCase()).toBe(ACCOUNT_0.toLowerCase())
    expect(typeof message).toBe('string')
    expect(await byTestId('portico-register-name-success').count()).toBe(0)
    const signature = (await wallet.approveNextRequest()) as string
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(wallet.requestLog().slice(answered)).toEqual([
      expect.objectContaining({ method: 'personal_sign', chainId: `eip155:${evm().chainId}`, result: signature }),
    ])

    await expect.poll(() => byTestId('portico-register-name-success-name').textContent(), POLL).toBe(fullName)
    // The server has it, for account 0.
    const res = await fetch(new URL(`/v1/profile/account/${fullName}`, h.stack.apiUrl))
    expect(res.status).toBe(200)
    expect(JSON.stringify(await res.json()).toLowerCase()).toContain(ACCOUNT_0.toLowerCase())
    await byTestId('portico-register-name-done').click()
    await openAccount(fullName)
    await page.keyboard.press('Escape')
    await expect.poll(() => modal().count(), POLL).toBe(0)
    await expect.poll(() => byTestId('portico-connect-button-name').textContent(), POLL).toBe(fullName)
    expect(await byTestId('portico-connect-button-name').getAttribute('title')).toBe(ACCOUNT_0)
    await openAccount(fullName)
  })

  it('4d. sends ETH to the name typed in the receiver field: it resolves to account 0 in the form and the review; approved in the Node wallet; the receipt goes to the named address', async () => {
    const amount = '0.25'
    await byTestId('portico-account-feature-send').click()
    await expect.poll(() => byTestId('portico-send').isVisible(), POLL).toBe(true)
    await byTestId('portico-send-token').click()
    await byTestId('portico-send-token-item').and(h.page.locator('[data-token="ETH"]')).click()
    await expect.poll(() => byTestId('portico-send-token').textContent(), POLL).toContain('ETH')
    await byTestId('portico-send-amount').fill(amount)
    await byTestId('portico-send-receiver').fill(fullName)
    await expect.poll(() => byTestId('portico-send-resolved').textContent(), POLL).toBe(`${fullName}${SHORT_0}`)
    await expect.poll(() => byTestId('portico-send-button').textContent(), POLL).toBe('Preview send')
    await byTestId('portico-send-button').click()
    await expect.poll(() => byTestId('portico-send-preview-to').textContent(), POLL).toBe(`${fullName}${SHORT_0}`)
    await byTestId('portico-send-submit').click()
    await expect.poll(() => wallet.pendingRequests().map((r) => r.params.request.method), POLL).toEqual(['eth_sendTransaction'])
    expect(await byTestId('portico-send-waiting').textContent()).toContain('Confirm in your wallet')
    expect(wallet.pendingRequests()[0]!.params.request.params).toMatchObject([
      { from: ACCOUNT_0, to: ACCOUNT_0, value: `0x${parseEther(amount).toString(16)}` },
    ])
    const hash = (await wallet.approveNextRequest()) as `0x${string}`
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await expect.poll(() => byTestId('portico-send-success').isVisible(), POLL).toBe(true)
    expect(await byTestId('portico-send-success-heading').textContent()).toBe(`${amount} ETH sent`)
    expect(await byTestId('portico-send-success-to').textContent()).toBe(`to ${fullName}(${SHORT_0})`)
    expect(await byTestId('portico-send-hash').getAttribute('title')).toBe(hash)
    expect(await evmClient().waitForTransactionReceipt({ hash, timeout: 15_000 })).toMatchObject({
      status: 'success',
      from: ACCOUNT_0.toLowerCase(),
      to: ACCOUNT_0.toLowerCase(),
    })
    await byTestId('portico-send-done').click()
    await openAccount(fullName)
  })

  it('6a. on the local Solana network, the same session sends SOL: solana_signAndSendTransaction approved; the receiver gains exactly the lamports', async () => {
    const { page, stack } = h
    await byTestId('portico-account-network').click()
    await byTestId('portico-network-item').filter({ hasText: 'Portico Local Solana' }).click()
    await expect
      .poll(() => page.getByTestId('portico-demo-network').textContent(), POLL)
      .toBe(`Portico Local Solana (${stack.solana.caipNetworkId})`)
    await openAccount(SHORT_SOL_0)
    expect(wallet.sessions()).toHaveLength(1)

    const to = stack.solana.accounts[2] as string
    const before = await lamportsOf(to)
    const amount = '1.25'
    await fillSendForm('SOL', amount, to)
    await submitAndAwaitRequest('solana_signAndSendTransaction')
    expect(wallet.pendingRequests()[0]!.params.chainId).toBe(stack.solana.caipNetworkId)
    const { signature } = (await wallet.approveNextRequest()) as { signature: string }
    expect(await successHash(amount, 'SOL', `${to.slice(0, 4)}…${to.slice(-6)}`)).toBe(signature)
    await expect.poll(() => lamportsOf(to), POLL).toBe(before + (5n * LAMPORTS_PER_SOL) / 4n)
    await byTestId('portico-send-done').click()
  })

  it('6b. sends SPL USDC on the local Solana network (the adapter builds CreateIdempotent + TransferChecked, the wallet signs and sends); the receiver gains exactly the amount', async () => {
    const { stack } = h
    const to = stack.solana.accounts[2] as string
    const before = await splUsdcOf(to)
    const amount = '7.25'
    await openAccount(SHORT_SOL_0)
    await fillSendForm('USDC', amount, to)
    await submitAndAwaitRequest('solana_signAndSendTransaction')
    const { signature } = (await wallet.approveNextRequest()) as { signature: string }
    expect(await successHash(amount, 'USDC', `${to.slice(0, 4)}…${to.slice(-6)}`)).toBe(signature)
    await expect.poll(() => splUsdcOf(to), POLL).toBe(before + parseUnits(amount, 6))
    expect(wallet.requestLog().at(-1)).toMatchObject({
      method: 'solana_signAndSendTransaction',
      chainId: stack.solana.caipNetworkId,
      result: { signature },
    })
    await byTestId('portico-send-done').click()
    await openAccount(SHORT_SOL_0)
  })

  it('nothing left loopback and the page raised no errors', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
