// Signs a visitor in with the embedded wallet the way they would: the email in the Connect view, the
// device approved on the page the mailed link opens (its "Approve this device" button), the code
// mailed to them — read from the dev mailbox (the real SMTP server the API sends through), never from
// a back door.
import type { BrowserContext } from 'playwright-core'
import type { Harness } from './harness.ts'

/**
 * Open the mailed approval link in a new tab and press "Approve this device" (opening the link alone
 * approves nothing); resolves once the page says the device is approved.
 */
export async function approveDevice(context: BrowserContext, link: string): Promise<void> {
  const tab = await context.newPage()
  try {
    await tab.goto(link)
    await tab.getByRole('button', { name: 'Approve this device' }).click()
    await tab.getByText('Device approved. You can close this tab.').waitFor({ timeout: 20_000 })
  } finally {
    await tab.close()
  }
}

const codeOf = (subject: string) => /(\d{6})/.exec(subject)?.[1] ?? ''

/**
 * Sign `email` in on a fresh device (browser context); resolves once the account view shows it, or
 * once `done` holds (an app that asks to sign in with the wallet shows that view instead).
 */
export async function emailLogin(h: Harness, email: string, done?: () => Promise<boolean>): Promise<void> {
  const { page, stack } = h
  const modal = page.getByRole('dialog')
  const step = () => modal.getByTestId('portico-email-login').getAttribute('data-step')
  const last = stack.mailbox.messages({ to: email })[0]?.id
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await modal.getByRole('textbox', { name: 'Email' }).fill(email)
  await modal.getByRole('textbox', { name: 'Email' }).press('Enter')
  const approval = await stack.mailbox.waitFor({ to: email, subject: /Approve your new device/, ...(last ? { after: last } : {}) }, 20_000)
  const link = /https?:\/\/\S+\/v1\/auth\/device\/approve\?token=[\w-]+/.exec(approval.text)?.[0]
  if (!link) throw new Error(`no approval link in: ${approval.text}`)
  await approveDevice(h.context, link)
  const mail = await stack.mailbox.waitFor({ to: email, subject: /Your Portico code/, after: approval.id }, 20_000)
  await waitUntil(async () => (await step()) === 'verifyOtp')
  await modal.getByTestId('portico-email-otp-input').fill(codeOf(mail.subject))
  await waitUntil(done ?? (async () => (await page.getByTestId('portico-account-address').textContent()) === email))
}

async function waitUntil(ok: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await ok().catch(() => false))) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}
