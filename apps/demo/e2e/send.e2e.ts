// Issue 12, E2E through the default modal UI: on the local stack (real anvil chains, the real Portico
// API with its history indexer and names service, the production demo, the EIP-6963 dev wallet) the
// visitor sends from Account → Send: ETH, then USDC, each landing on chain for exactly the amount (read
// with viem in Node); the Activity tab lists the ETH send as pending while its block is not mined, then
// confirmed; a refusal in the wallet returns to the form with its values and the wallet's error; an
// amount above the balance disables the button with 'Insufficient funds'; a name registered from
// Account shows in Account and in the connect button, and another dev account sends ETH to that name;
// the seeded ENS name portico-dev.eth shows its avatar (issue 25) in Send and its review.
// The journeys run in order on one page, as one visitor would.
import { DEVNET_ENS_DEMO_AVATAR, DEVNET_TOKEN_ADDRESSES } from '@portico/devnet'
import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'
import { connectDevWallet, erc20BalanceOf, openSendWith, publicClient, simulatedChanges } from './support.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const SHORT_0 = '0xf39F…b92266'
const SHORT_1 = '0x7099…dc79C8'
const SHORT_2 = '0x3C44…4293BC'
const USDC = DEVNET_TOKEN_ADDRESSES.USDC as `0x${string}`
// A name no earlier run has taken (the names live in the stack's database).
const NAME = `e2e-send-${Date.now().toString(36)}`

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  await h?.close()
})

const modal = () => h.page.getByRole('dialog')
const accountAddress = () => h.page.getByTestId('portico-account-address')
const sendButton = () => h.page.getByTestId('portico-send-button')
const client = () => publicClient(h.stack.devnet.chains[0]!.rpcUrl)

async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(h.stack.devnet.chains[0]!.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

const usdcOf = (address: `0x${string}`) => erc20BalanceOf(h.stack.devnet.chains[0]!.rpcUrl, USDC, address)

/** The active network as the page has it: its CAIP-2 id and its block explorer, if any. */
const activeNetwork = () =>
  h.page.evaluate(() => {
    const n = window.__portico!.chain.$global.get().activeCaipNetwork
    return { caipNetworkId: n?.caipNetworkId ?? '', explorer: n?.blockExplorers?.default.url ?? null }
  })

/** The transaction ids the Portico API lists for `address` on a chain (no cache: straight to the server). */
async function historyIds(address: string, chainId: string): Promise<string[]> {
  const url = new URL(`/v1/account/${address}/history`, h.stack.apiUrl)
  url.searchParams.set('chainId', chainId)
  const res = await fetch(url)
  if (!res.ok) return []
  return ((await res.json()) as { data: { id: string }[] }).data.map((t) => t.id)
}

/** The form filled in: amount and receiver typed, the button ready for the review. */
async function fillForm(amount: string, receiver: string): Promise<void> {
  const { page } = h
  await page.getByTestId('portico-send-amount').fill(amount)
  await page.getByTestId('portico-send-receiver').fill(receiver)
  await expect.poll(() => sendButton().textContent(), { timeout: 10_000 }).toBe('Preview send')
  expect(await sendButton().isDisabled()).toBe(false)
}

/** Review → Send → the dev wallet's sendTransaction prompt, approved or rejected. */
async function sendAndAnswer(answer: 'approve' | 'reject'): Promise<void> {
  const { page } = h
  await page.getByTestId('portico-send-submit').click()
  await expect.poll(() => page.getByTestId('portico-devwallet-prompt').getAttribute('data-kind')).toBe('sendTransaction')
  await page.getByTestId(`portico-devwallet-${answer}`).click()
}

/** The success view: the heading, the hash (full in its title) and the explorer link iff the network has an explorer. */
async function successHash(heading: string): Promise<`0x${string}`> {
  const { page } = h
  await expect.poll(() => page.getByTestId('portico-send-success-heading').textContent(), { timeout: 15_000 }).toBe(heading)
  const hash = (await page.getByTestId('portico-send-hash').getAttribute('title')) as `0x${string}`
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  expect(await page.getByTestId('portico-send-hash').textContent()).toBe(`${hash.slice(0, 10)}…${hash.slice(-8)}`)
  const { explorer } = await activeNetwork()
  const link = page.getByTestId('portico-send-explorer')
  if (explorer) expect(await link.getAttribute('href')).toBe(`${explorer.replace(/\/+$/, '')}/tx/${hash}`)
  // The local chains have no block explorer: no link.
  else expect(await link.count()).toBe(0)
  return hash
}

describe('send through the modal on the local stack', () => {
  it('connects the dev wallet (account 0)', async () => {
    const { page } = h
    await connectDevWallet(h)
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_0)
    await expect.poll(() => page.getByTestId('portico-account-balance').textContent()).toBe('10,000.000 ETH')
  })

  it('1 + 3. sends ETH: review, approve, success with the hash; Activity lists it pending, then confirmed once mined; the receiver gains exactly the amount', async () => {
    const { page } = h
    const amount = '0.125'
    await openSendWith(h, 'ETH')
    await fillForm(amount, ACCOUNT_1)
    await sendButton().click()
    await expect.poll(() => page.getByTestId('portico-send-preview-amount').textContent()).toBe(`${amount} ETH`)
    expect(await page.getByTestId('portico-send-preview-to').textContent()).toContain(SHORT_1)
    // The review's simulation (issue 23 §2, eth_simulateV1 on anvil): exactly the amount leaves, nothing else changes.
    const simulated = await simulatedChanges(h)
    expect(simulated).toEqual({ native: -parseEther(amount) })
    expect(await page.getByTestId('portico-simulation').textContent()).toContain('ETH-0.125')

    const before = await client().getBalance({ address: ACCOUNT_1 })
    const senderBefore = await client().getBalance({ address: ACCOUNT_0 })
    // No block is mined until the test says so: the send stays pending for as long as the test looks.
    await rpc('evm_setAutomine', [false])
    try {
      await sendAndAnswer('approve')
      const hash = await successHash(`${amount} ETH sent`)
      expect(await page.getByTestId('portico-send-success-to').textContent()).toContain(`to ${SHORT_1}`)
      expect(await rpc('eth_getTransactionReceipt', [hash])).toBeNull()

      await page.getByTestId('portico-send-done').click()
      await expect.poll(() => accountAddress().textContent()).toBe(SHORT_0)
      await modal().getByRole('tab', { name: 'Activity' }).click()
      const { caipNetworkId } = await activeNetwork()
      const row = modal().locator(`[data-testid="portico-activity-row"][data-id="${caipNetworkId}:${hash}"]`)
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('pending')
      expect(await row.getByTestId('portico-activity-status').textContent()).toBe('Pending')
      expect(await row.getByTestId('portico-activity-description').textContent()).toBe(`Sent ${amount} ETH`)
      expect(await row.textContent()).toContain(`to ${SHORT_1}`)

      await rpc('evm_mine')
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('confirmed')
      expect(await row.getByTestId('portico-activity-status').count()).toBe(0)
      expect(await row.getByTestId('portico-activity-description').textContent()).toBe(`Sent ${amount} ETH`)
      // The server's indexer lists the same id.
      await expect
        .poll(() => historyIds(ACCOUNT_0, caipNetworkId), { timeout: 15_000, interval: 250 })
        .toContain(`${caipNetworkId}:${hash}`)
      expect(await row.getAttribute('data-status')).toBe('confirmed')
      const receipt = await client().getTransactionReceipt({ hash })
      expect(receipt).toMatchObject({ status: 'success' })
      // After mining, the sender's balance moved by the simulated change and the fee paid.
      const fee = receipt.gasUsed * receipt.effectiveGasPrice
      expect((await client().getBalance({ address: ACCOUNT_0 })) - senderBefore).toBe((simulated.native as bigint) - fee)
    } finally {
      await rpc('evm_setAutomine', [true])
    }
    expect((await client().getBalance({ address: ACCOUNT_1 })) - before).toBe(parseEther(amount))
  })

  it('2. sends USDC (the devnet ERC-20): the receiver’s balanceOf rises by exactly the amount', async () => {
    const { page } = h
    const amount = '12.5'
    await openSendWith(h, 'USDC')
    await fillForm(amount, ACCOUNT_2)
    await sendButton().click()
    await expect.poll(() => page.getByTestId('portico-send-preview-amount').textContent()).toBe(`${amount} USDC`)
    const simulated = await simulatedChanges(h)
    expect(simulated).toEqual({ [USDC.toLowerCase()]: -12_500_000n })
    const before = await usdcOf(ACCOUNT_2)
    const senderBefore = await usdcOf(ACCOUNT_0)
    await sendAndAnswer('approve')
    const hash = await successHash(`${amount} USDC sent`)
    expect(await page.getByTestId('portico-send-success-to').textContent()).toContain(`to ${SHORT_2}`)
    expect(await client().waitForTransactionReceipt({ hash, timeout: 15_000 })).toMatchObject({ status: 'success' })
    expect((await usdcOf(ACCOUNT_2)) - before).toBe(12_500_000n)
    expect((await usdcOf(ACCOUNT_0)) - senderBefore).toBe(simulated[USDC.toLowerCase()])
    await page.getByTestId('portico-send-done').click()
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_0)
  })

  it('4. a refusal in the wallet returns to the form with the amount and receiver kept and the wallet’s error', async () => {
    const { page } = h
    await openSendWith(h, 'ETH')
    await fillForm('0.5', ACCOUNT_1)
    await sendButton().click()
    await expect.poll(() => page.getByTestId('portico-send-preview-amount').textContent()).toBe('0.5 ETH')
    const before = await client().getBalance({ address: ACCOUNT_1 })
    await sendAndAnswer('reject')
    await expect.poll(() => page.getByTestId('portico-send-error').textContent(), { timeout: 10_000 }).toBe('User rejected the request')
    expect(await page.getByTestId('portico-send-preview').count()).toBe(0)
    expect(await page.getByTestId('portico-send-amount').inputValue()).toBe('0.5')
    expect(await page.getByTestId('portico-send-receiver').inputValue()).toBe(ACCOUNT_1)
    expect(await page.getByTestId('portico-send-token').getAttribute('aria-label')).toBe('Token: ETH. Change token')
    expect(await sendButton().textContent()).toBe('Preview send')
    expect(await client().getBalance({ address: ACCOUNT_1 })).toBe(before)
  })

  it('5. an amount above the balance: the button says Insufficient funds and is disabled', async () => {
    const { page } = h
    // Still on the form from the refusal: ETH, to account 1.
    await page.getByTestId('portico-send-amount').fill('20000')
    await expect.poll(() => sendButton().textContent()).toBe('Insufficient funds')
    expect(await sendButton().isDisabled()).toBe(true)
    // A token too: more USDC than the 987.5 left.
    await page.getByTestId('portico-send-token').click()
    await page.locator('[data-testid="portico-send-token-item"][data-token="USDC"]').click()
    await page.getByTestId('portico-send-amount').fill('987.51')
    await expect.poll(() => sendButton().textContent()).toBe('Insufficient funds')
    expect(await sendButton().isDisabled()).toBe(true)
    await page.getByTestId('portico-send-amount').fill('987.5')
    await expect.poll(() => sendButton().textContent()).toBe('Preview send')
    await modal().getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_0)
  })

  let fullName = ''

  it('6a. registers a name from Account: signed in the wallet, shown in the success view, in Account and in the connect button', async () => {
    const { page } = h
    await page.getByTestId('portico-account-choose-name').click()
    await expect.poll(() => page.getByTestId('portico-register-name').isVisible()).toBe(true)
    const zone = ((await page.getByTestId('portico-register-name-zone').textContent()) ?? '').replace(/^\./, '')
    expect(zone).not.toBe('')
    fullName = `${NAME}.${zone}`
    await page.getByTestId('portico-register-name-input').fill(NAME)
    await expect
      .poll(() => page.getByTestId('portico-register-name-status').textContent(), { timeout: 10_000 })
      .toBe(`${fullName} is available`)
    await page.getByTestId('portico-register-name-submit').click()
    await expect.poll(() => page.getByTestId('portico-devwallet-prompt').getAttribute('data-kind')).toMatch(/sign/i)
    await page.getByTestId('portico-devwallet-approve').click()
    await expect.poll(() => page.getByTestId('portico-register-name-success-name').textContent(), { timeout: 15_000 }).toBe(fullName)
    await page.getByTestId('portico-register-name-done').click()
    await expect.poll(() => accountAddress().textContent(), { timeout: 10_000 }).toBe(fullName)
    // The server has it, for account 0.
    const res = await fetch(new URL(`/v1/profile/account/${fullName}`, h.stack.apiUrl))
    expect(res.status).toBe(200)
    await page.keyboard.press('Escape')
    await expect.poll(() => modal().count()).toBe(0)
    await expect.poll(() => page.getByTestId('portico-connect-button-name').textContent(), { timeout: 10_000 }).toBe(fullName)
    expect(await page.getByTestId('portico-connect-button-name').getAttribute('title')).toBe(ACCOUNT_0)
  })

  it('6b. account 1 (picked in the dev wallet) sends ETH to the name: it resolves to account 0, whose balance rises by exactly the amount', async () => {
    const { page } = h
    const amount = '0.25'
    await page.getByTestId('portico-devwallet-account-select').selectOption('1')
    // The connect button follows: account 1's address, not account 0's name.
    await expect.poll(() => page.getByTestId('portico-connect-button-address').textContent(), { timeout: 10_000 }).toBe(SHORT_1)
    expect(await page.getByTestId('portico-connect-button-name').count()).toBe(0)
    await page.getByTestId('portico-connect-button').click()
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_1)
    await openSendWith(h, 'ETH')
    await page.getByTestId('portico-send-amount').fill(amount)
    await page.getByTestId('portico-send-receiver').fill(fullName)
    const resolved = page.getByTestId('portico-send-resolved')
    await expect.poll(() => resolved.textContent(), { timeout: 10_000 }).toBe(`${fullName}${SHORT_0}`)
    await expect.poll(() => sendButton().textContent()).toBe('Preview send')
    await sendButton().click()
    await expect.poll(() => page.getByTestId('portico-send-preview-to').textContent()).toBe(`${fullName}${SHORT_0}`)
    const before = await client().getBalance({ address: ACCOUNT_0 })
    await sendAndAnswer('approve')
    const hash = await successHash(`${amount} ETH sent`)
    expect(await page.getByTestId('portico-send-success-to').textContent()).toBe(`to ${fullName}(${SHORT_0})`)
    expect(await client().waitForTransactionReceipt({ hash, timeout: 15_000 })).toMatchObject({
      status: 'success',
      from: ACCOUNT_1.toLowerCase(),
      to: ACCOUNT_0.toLowerCase(),
    })
    expect((await client().getBalance({ address: ACCOUNT_0 })) - before).toBe(parseEther(amount))
  })

  it('6c. the seeded ENS name portico-dev.eth resolves in Send with its avatar (not the address pattern), in the review too', async () => {
    const { page } = h
    await page.getByTestId('portico-send-done').click()
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_1)
    await openSendWith(h, 'ETH')
    await page.getByTestId('portico-send-amount').fill('0.01')
    await page.getByTestId('portico-send-receiver').fill('portico-dev.eth')
    const resolved = page.getByTestId('portico-send-resolved')
    await expect.poll(() => resolved.textContent(), { timeout: 10_000 }).toBe('portico-dev.eth0x15d3…2C6A65')
    expect(await resolved.locator('[data-testid="portico-avatar"] img').getAttribute('src')).toBe(DEVNET_ENS_DEMO_AVATAR)
    await expect.poll(() => sendButton().textContent()).toBe('Preview send')
    await sendButton().click()
    const to = page.getByTestId('portico-send-preview-to')
    await expect.poll(() => to.textContent()).toBe('portico-dev.eth0x15d3…2C6A65')
    expect(await to.locator('[data-testid="portico-avatar"] img').getAttribute('src')).toBe(DEVNET_ENS_DEMO_AVATAR)
    await modal().getByRole('button', { name: 'Back' }).click()
    await modal().getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => accountAddress().textContent()).toBe(SHORT_1)
  })

  it('made no request beyond loopback and raised no page error', () => {
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
