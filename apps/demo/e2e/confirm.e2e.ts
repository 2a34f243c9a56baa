// Issue 23 §1: the embedded wallet signs nothing a page asks before the user confirms it in the
// frame's own window (on the frame's origin, opened by the page in the click). A script on the host
// page asks for personal_sign: nothing is signed until Confirm is clicked there; Escape (Reject)
// fails the request with SPEC §8's text; a sign-in message for another domain is refused with no
// window to answer; the window reads and looks like the modal (its locale and theme). The API, the frame,
// the chain and Chromium are real.
// Issue 23 §2: a transaction is simulated first (eth_simulateV1 on anvil): the window shows a 1 ETH send's
// balance change and fee, and the send moves exactly that; a transfer that reverts is shown as failing
// ('Send anyway'), and rejected it is not sent.
import { createPublicClient, encodeFunctionData, erc20Abi, type Hex, http, parseEther, parseUnits, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextConfirmWindow } from './confirm-window.ts'
import { emailLogin } from './email-login.ts'
import { type Harness, setNativeBalance, startHarness } from './harness.ts'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
  await emailLogin(h, 'lin@portico.test')
})

afterAll(async () => {
  await h?.close()
})

declare global {
  interface Window {
    __signed?: { signature?: string; error?: string }
  }
}

/** A script on the host page asks the embedded wallet to sign `message` (the outcome lands in window.__signed). */
const askToSign = (message: string) =>
  h.page.evaluate((m) => {
    window.__signed = undefined
    void window.__portico!.wallet.signMessage(m).then(
      (signature) => {
        window.__signed = { signature }
      },
      (error: Error) => {
        window.__signed = { error: error.message }
      },
    )
  }, message)
const signed = () => h.page.evaluate(() => window.__signed ?? null)

declare global {
  interface Window {
    __sent?: { hash?: string; error?: string }
  }
}

/** A script on the host page asks the embedded wallet to send (the outcome lands in window.__sent). */
const askToSend = (tx: { to: string; value?: string; data?: string }) =>
  h.page.evaluate((t) => {
    window.__sent = undefined
    void window
      .__portico!.wallet.sendTransaction({
        to: t.to,
        ...(t.value ? { value: BigInt(t.value) } : {}),
        ...(t.data ? { data: t.data as `0x${string}` } : {}),
      })
      .then(
        (hash) => {
          window.__sent = { hash }
        },
        (error: Error) => {
          window.__sent = { error: error.message }
        },
      )
  }, tx)
const sent = () => h.page.evaluate(() => window.__sent ?? null)
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The window's details as label → value. */
const detailsOf = (popup: import('playwright-core').Page) =>
  popup.evaluate(() => {
    const out: Record<string, string> = {}
    const dts = [...document.querySelectorAll('[data-testid="portico-confirm-details"] dt')]
    for (const dt of dts) out[dt.textContent ?? ''] = dt.nextElementSibling?.textContent ?? ''
    return out
  })

describe("the frame's confirmation window", () => {
  it('personal_sign from a page script: nothing is signed until Confirm is clicked in the window; the signature is the account’s', async () => {
    const { page, context } = h
    await page.keyboard.press('Escape')
    const address = (await page.evaluate(() => window.__portico?.chain.$global.get().activeCaipAddress?.split(':')[2])) as Hex
    const message = 'Sent by a script on the page'
    const opened = nextConfirmWindow(context)
    await askToSign(message)
    const popup = await opened
    expect(new URL(popup.url()).origin).toBe(new URL(h.stack.frameUrl).origin)
    expect(await popup.locator('h1').textContent()).toBe('Sign a message')
    expect(await popup.getByTestId('portico-confirm-details').textContent()).toContain(message)
    // Reject has the focus: Enter at once would not confirm.
    expect(await popup.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('portico-confirm-reject')
    // At 375 px wide (a phone, where the window is a tab): nothing overflows, both buttons are on screen.
    await popup.setViewportSize({ width: 375, height: 667 })
    expect(await popup.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    for (const id of ['portico-confirm-reject', 'portico-confirm-confirm']) {
      const box = await popup.getByTestId(id).boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(375)
      expect(box!.y + box!.height).toBeLessThanOrEqual(667)
    }
    if (process.env.PORTICO_CONFIRM_SHOT) await popup.screenshot({ path: process.env.PORTICO_CONFIRM_SHOT })
    await new Promise((r) => setTimeout(r, 1000))
    expect(await signed()).toBeNull()
    await popup.getByTestId('portico-confirm-confirm').click()
    await expect.poll(signed, { timeout: 20_000 }).not.toBeNull()
    const signature = (await signed())?.signature as Hex
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })

  it('Escape in the window rejects: the request fails with "User rejected the request"', async () => {
    const opened = nextConfirmWindow(h.context)
    await askToSign('Please reject me')
    const popup = await opened
    await popup.keyboard.press('Escape')
    await expect.poll(signed, { timeout: 20_000 }).toEqual({ error: 'User rejected the request' })
  })

  it('a sign-in message for another domain is refused with no request to confirm', async () => {
    const address = (await h.page.evaluate(() => window.__portico?.chain.$global.get().activeCaipAddress?.split(':')[2])) as string
    const siwe = [
      'bank.example wants you to sign in with your Ethereum account:',
      address,
      '',
      'Sign in to the bank',
      '',
      'URI: https://bank.example/',
      'Version: 1',
      'Chain ID: 31337',
      'Nonce: abcdefgh12345678',
      `Issued At: ${new Date().toISOString()}`,
    ].join('\n')
    await askToSign(siwe)
    await expect.poll(signed, { timeout: 20_000 }).toEqual({ error: 'The sign-in message is for another domain than this page' })
  })

  it('a 1 ETH send: the window shows -1 ETH and the fee from the simulation; confirmed, exactly that moves on anvil', async () => {
    const chain = h.stack.devnet.chains[0]!
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const from = (await h.page.evaluate(() => window.__portico?.chain.$global.get().activeCaipAddress?.split(':')[2])) as Hex
    await setNativeBalance(chain.rpcUrl, from, parseEther('5'))
    const [fromBefore, toBefore] = await Promise.all([client.getBalance({ address: from }), client.getBalance({ address: ACCOUNT_1 })])
    const opened = nextConfirmWindow(h.context)
    await askToSend({ to: ACCOUNT_1, value: String(parseEther('1')) })
    const popup = await opened
    await expect.poll(() => popup.locator('h1').textContent(), { timeout: 20_000 }).toBe('Send')
    const details = await detailsOf(popup)
    expect(details['Balance changes']).toBe('-1 ETH')
    expect(details['Network fee']).toMatch(/^0\.\d+ ETH$/)
    expect(await popup.getByTestId('portico-confirm-confirm').textContent()).toBe('Confirm')
    await popup.getByTestId('portico-confirm-confirm').click()
    await expect.poll(sent, { timeout: 20_000 }).not.toBeNull()
    const hash = (await sent())?.hash as Hex
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 20_000 })
    expect(receipt.status).toBe('success')
    expect((await client.getBalance({ address: ACCOUNT_1 })) - toBefore).toBe(parseEther('1'))
    expect(fromBefore - (await client.getBalance({ address: from }))).toBe(parseEther('1') + receipt.gasUsed * receipt.effectiveGasPrice)
  })

  it('a USDC transfer the account can not pay reverts in the simulation: the window says it will fail, offers Send anyway; rejected, nothing is sent', async () => {
    const chain = h.stack.devnet.chains[0]!
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const from = (await h.page.evaluate(() => window.__portico?.chain.$global.get().activeCaipAddress?.split(':')[2])) as Hex
    const usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address
    const nonce = await client.getTransactionCount({ address: from })
    const opened = nextConfirmWindow(h.context)
    await askToSend({
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT_1, parseUnits('5', 6)] }),
    })
    const popup = await opened
    await expect.poll(() => popup.locator('h1').textContent(), { timeout: 20_000 }).toBe('This transaction will fail')
    expect(await popup.getByTestId('portico-confirm-confirm').textContent()).toBe('Send anyway')
    expect(await popup.getByTestId('portico-confirm-warnings').textContent()).toMatch(/^The simulation says it fails: .+/)
    if (process.env.PORTICO_CONFIRM_SHOT)
      await popup.screenshot({ path: process.env.PORTICO_CONFIRM_SHOT.replace(/\.png$/, '-revert.png') })
    await popup.getByTestId('portico-confirm-reject').click()
    await expect.poll(sent, { timeout: 20_000 }).toEqual({ error: 'User rejected the request' })
    expect(await client.getTransactionCount({ address: from })).toBe(nonce)
  })

  it("the window in the modal's look: the page switches to Arabic and dark with its own accent; the window reads Arabic, right to left, dark, with that accent, and a hostile override is not applied", async () => {
    const { page, context } = h
    await page.getByTestId('portico-demo-locale').selectOption('ar')
    await page.evaluate(() => {
      window.__portico!.theme.setThemeMode('dark')
      window.__portico!.theme.setThemeVariables({ '--portico-accent': '#7c3aed', '--portico-color-surface': 'red;background:url(//x)' })
    })
    const opened = nextConfirmWindow(context)
    await askToSign('Hello in Arabic')
    const popup = await opened
    expect(await popup.locator('h1').textContent()).toBe('توقيع رسالة')
    await expect.poll(() => popup.getByTestId('portico-confirm-reject').textContent()).toBe('رفض')
    const look = await popup.evaluate(() => ({
      dir: document.documentElement.dir,
      lang: document.documentElement.lang,
      theme: document.documentElement.dataset.porticoTheme,
      accent: getComputedStyle(document.documentElement).getPropertyValue('--portico-accent').trim(),
      surface: document.documentElement.style.getPropertyValue('--portico-color-surface'),
      // The style sheet of the frame's origin is applied (the CSP allows no inline <style>).
      buttonRadius: getComputedStyle(document.querySelector('[data-testid="portico-confirm-confirm"]')!).borderTopLeftRadius,
    }))
    expect(look).toEqual({ dir: 'rtl', lang: 'ar', theme: 'dark', accent: '#7c3aed', surface: '', buttonRadius: '14px' })
    if (process.env.PORTICO_CONFIRM_LOOK_SHOT) await popup.screenshot({ path: process.env.PORTICO_CONFIRM_LOOK_SHOT })
    await popup.keyboard.press('Escape')
    await expect.poll(signed, { timeout: 20_000 }).toEqual({ error: 'User rejected the request' })
  })
})
