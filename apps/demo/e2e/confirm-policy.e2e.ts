// Issues 23 §1 and 22 §2: the project's confirmation policy on the local stack. The project's row says (what
// `portico-api project set-policy` writes, through the same repository): sends to ACCOUNT_1 of at most 0.01 ETH
// go without a prompt, 0.05 ETH a day; above 0.5 ETH a fresh second factor. Then, from a script on the page:
// a. 0.005 ETH to ACCOUNT_1: no confirmation window opens, and exactly 0.005 ETH moves on anvil;
// b. 0.02 ETH (above the per-transaction cap): the window asks, and it moves once confirmed;
// c. 0.6 ETH without a second factor: refused at once, saying so; nothing moves;
// d. with TOTP set up (the frame's set-up view, as a user does it), 0.6 ETH: the window asks for a code; the
//    code typed there, the send goes and 0.6 ETH moves.
// The API, the frame, the chain, the mailbox and Chromium are real.
import { createProjectsRepository } from '@portico/server'
import { Secret, TOTP } from 'otpauth'
import type { Frame, Page } from 'playwright-core'
import { createPublicClient, type Hex, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextConfirmWindow } from './confirm-window.ts'
import { emailLogin } from './email-login.ts'
import { type Harness, setNativeBalance, startHarness } from './harness.ts'

const EMAIL = 'pol@portico.test'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const NO_SECOND_FACTOR = 'This transfer needs a second factor, and none is set up: set one up in your wallet first'
let h: Harness
/** Confirmation windows the page opened (any, whether or not they showed a request). */
const windows: Page[] = []

declare global {
  interface Window {
    __sent?: { hash?: string; error?: string }
  }
}

/** A script on the host page asks the embedded wallet to send `wei` to `to` (the outcome lands in window.__sent). */
const askToSend = (to: string, wei: bigint) =>
  h.page.evaluate(
    ({ to, value }) => {
      window.__sent = undefined
      void window.__portico!.wallet.sendTransaction({ to, value: BigInt(value) }).then(
        (hash) => {
          window.__sent = { hash }
        },
        (error: Error) => {
          window.__sent = { error: error.message }
        },
      )
    },
    { to, value: String(wei) },
  )
const sent = () => h.page.evaluate(() => window.__sent ?? null)
const chain = () => h.stack.devnet.chains[0]!
const client = () => createPublicClient({ transport: http(chain().rpcUrl) })
const modal = () => h.page.getByRole('dialog')
function frameOf(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(h.stack.frameUrl))
  if (!frame) throw new Error('no wallet frame')
  return frame
}

/** The send's hash once mined, and what ACCOUNT_1 received. */
async function mined(before: bigint): Promise<bigint> {
  await expect.poll(sent, { timeout: 30_000 }).not.toBeNull()
  const outcome = await sent()
  expect(outcome?.error).toBeUndefined()
  const receipt = await client().waitForTransactionReceipt({ hash: outcome?.hash as Hex, timeout: 20_000 })
  expect(receipt.status).toBe('success')
  return (await client().getBalance({ address: ACCOUNT_1 })) - before
}

beforeAll(async () => {
  h = await startHarness()
  const projects = createProjectsRepository({
    query: async (sql, params) => ({ rows: await h.stack.queryApi(sql, params) }),
    exec: async () => {},
  })
  const key = `eip155:${chain().chainId}`
  await projects.setConfirmPolicy(h.stack.config.projectId, {
    auto: {
      methods: ['eth_sendTransaction'],
      chains: { [key]: { targets: [ACCOUNT_1], perTx: String(parseEther('0.01')), perDay: String(parseEther('0.05')) } },
    },
    stepUp: { [key]: String(parseEther('0.5')) },
  })
  // The frame reads the policy when it loads: a fresh page.
  await h.page.reload()
  await emailLogin(h, EMAIL)
  const address = (await h.page.evaluate(() => window.__portico?.chain.$global.get().activeCaipAddress?.split(':')[2])) as Hex
  await setNativeBalance(chain().rpcUrl, address, parseEther('5'))
  // From here on the only pages the context opens are confirmation windows.
  h.context.on('page', (page) => void windows.push(page))
}, 240_000)

afterAll(async () => {
  await h?.close()
})

describe('the project’s confirmation policy', () => {
  it('a. 0.005 ETH to the allowed address: no window opens, and exactly 0.005 ETH moves', async () => {
    const before = await client().getBalance({ address: ACCOUNT_1 })
    await askToSend(ACCOUNT_1, parseEther('0.005'))
    expect(await mined(before)).toBe(parseEther('0.005'))
    expect(windows).toEqual([])
  })

  it('b. 0.02 ETH, above the per-transaction cap: the window asks; confirmed, 0.02 ETH moves', async () => {
    const before = await client().getBalance({ address: ACCOUNT_1 })
    const opened = nextConfirmWindow(h.context)
    await askToSend(ACCOUNT_1, parseEther('0.02'))
    const popup = await opened
    await expect.poll(() => popup.locator('h1').textContent(), { timeout: 20_000 }).toBe('Send')
    expect(await popup.getByTestId('portico-confirm-code').isVisible()).toBe(false)
    await popup.getByTestId('portico-confirm-confirm').click()
    expect(await mined(before)).toBe(parseEther('0.02'))
    // The window a. did not see was this one's kind: the listener sees them.
    expect(windows).toHaveLength(1)
  })

  it('c. 0.6 ETH without a second factor: refused at once, saying so; nothing moves', async () => {
    const before = await client().getBalance({ address: ACCOUNT_1 })
    await askToSend(ACCOUNT_1, parseEther('0.6'))
    await expect.poll(sent, { timeout: 20_000 }).toEqual({ error: NO_SECOND_FACTOR })
    expect(await client().getBalance({ address: ACCOUNT_1 })).toBe(before)
  })

  it('d. with TOTP set up, 0.6 ETH: the window asks for a code; typed there, 0.6 ETH moves', async () => {
    // TOTP set up as a user does it: the modal's Account, the setup key in the frame's view, the first code.
    const twoFactor = modal().getByTestId('portico-two-factor')
    // The modal closed when a confirmation window took the focus: Account opens from the connect button.
    if (!(await modal().isVisible())) await h.page.getByTestId('portico-connect-button').click()
    await modal().getByTestId('portico-account-two-factor').click()
    await expect.poll(() => twoFactor.getAttribute('data-phase'), { timeout: 20_000 }).toBe('off')
    await modal().getByTestId('portico-two-factor-enroll').click()
    const shown = frameOf(h.page).getByTestId('portico-totp-secret')
    await shown.waitFor({ timeout: 20_000 })
    const totp = new TOTP({ secret: Secret.fromBase32(((await shown.textContent()) ?? '').replace(/\s/g, '')), digits: 6, period: 30 })
    await modal().getByTestId('portico-email-otp-input').fill(totp.generate())
    await expect.poll(() => twoFactor.getAttribute('data-phase'), { timeout: 20_000 }).toBe('verified')

    const before = await client().getBalance({ address: ACCOUNT_1 })
    const opened = nextConfirmWindow(h.context)
    await askToSend(ACCOUNT_1, parseEther('0.6'))
    const popup = await opened
    await expect.poll(() => popup.locator('h1').textContent(), { timeout: 20_000 }).toBe('Send')
    expect(await popup.getByTestId('portico-confirm-warnings').textContent()).toContain(
      'This is above 0.5 ETH: type a code from your authenticator app to send it.',
    )
    // The code field has the focus, and Confirm waits for six digits.
    expect(await popup.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('portico-confirm-code')
    expect(await popup.getByTestId('portico-confirm-confirm').isDisabled()).toBe(true)
    // At 375 px wide: nothing overflows, the field and both buttons are on screen.
    await popup.setViewportSize({ width: 375, height: 667 })
    expect(await popup.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    for (const id of ['portico-confirm-code', 'portico-confirm-reject', 'portico-confirm-confirm']) {
      const box = await popup.getByTestId(id).boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(375)
    }
    if (process.env.PORTICO_POLICY_SHOT) await popup.screenshot({ path: process.env.PORTICO_POLICY_SHOT })
    // The next time step's code (the set-up used this one's; each code is good once).
    await popup.getByTestId('portico-confirm-code').fill(totp.generate({ timestamp: Date.now() + 30_000 }))
    // Enter confirms, and the window closes itself once answered: it may be gone before the key is let up.
    await popup
      .getByTestId('portico-confirm-code')
      .press('Enter')
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error
      })
    expect(await mined(before)).toBe(parseEther('0.6'))
    expect(h.pageErrors).toEqual([])
    expect(h.offLoopback).toEqual([])
  })
})
