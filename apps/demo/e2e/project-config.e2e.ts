// Issue 15: the project's remote config on the local stack, end to end — a production build of the demo,
// the local API with the project's row in its database (what `portico-api project set-origins |
// set-features` writes, through the same repository), region restrictions configured on the API
// (restrictedTimezones) and the browser's time zone emulated by Chromium, the dev mailbox (SMTP).
// a. A page whose origin the project does not allow: a console error naming the origin and the fix,
//    and the modal's not-allowed view in place of the connect methods.
// b. Allowed again, emailCapture on for the project, in a restricted time zone: the dev wallet connects,
//    the email prompt shows over Account, the email goes to the API, the confirmation mail arrives and
//    its link confirms it; Account then has no Buy or Swap and says why.
import os from 'node:os'
import path from 'node:path'
import { createProjectsRepository } from '@portico/server'
import type { ConsoleMessage, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'
import { connectDevWallet } from './support.ts'

const TZ = 'Asia/Pyongyang'
const EMAIL = 'visitor@example.com'
let h: Harness
/** GETs of the project config the page made (path and query). */
const asked: URL[] = []
const consoleErrors: string[] = []

const projects = () =>
  createProjectsRepository({ query: async (sql, params) => ({ rows: await h.stack.queryApi(sql, params) }), exec: async () => {} })

beforeAll(async () => {
  h = await startHarness({
    restrictedTimezones: [TZ],
    timezoneId: TZ,
    outDir: path.join(os.tmpdir(), `portico-demo-e2e-project-${process.pid}`),
  })
  h.page.on('request', (request: Request) => {
    const url = new URL(request.url())
    if (/^\/(appkit\/v1\/config|projects\/v1\/origins)$/.test(url.pathname)) asked.push(url)
  })
  h.page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
}, 240_000)

afterAll(async () => {
  await h?.close()
})

describe('project config on the local stack', () => {
  it('a. a disallowed origin: a console error naming it and the fix, and the not-allowed view', async () => {
    const { page } = h
    await page.waitForLoadState('networkidle')
    expect(asked).toEqual([])
    const projectId = h.stack.config.projectId
    await projects().setOrigins(projectId, ['https://shop.example.com'])
    await page.reload()
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const modal = page.getByRole('dialog')
    await expect.poll(() => modal.getByTestId('portico-origin-not-allowed').isVisible(), { timeout: 10_000 }).toBe(true)
    await expect.poll(() => modal.getByRole('heading').first().textContent()).toBe('Not available')
    expect(await modal.getByRole('alert').textContent()).toContain('This site isn’t allowed to use this wallet connection')
    expect(await modal.getByRole('button', { name: /Portico Dev Wallet/ }).count()).toBe(0)
    const origin = new URL(h.stack.demoUrl).origin
    await expect.poll(() => consoleErrors.find((e) => e.includes('is not allowed'))).toBeDefined()
    const error = consoleErrors.find((e) => e.includes('is not allowed'))!
    expect(error).toContain(`origin ${origin} is not allowed for project "${projectId}"`)
    expect(error).toContain(`portico-api project set-origins ${projectId} https://shop.example.com ${origin}`)
    // Closed and opened again: still not allowed.
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    await expect.poll(() => modal.getByTestId('portico-origin-not-allowed').isVisible()).toBe(true)
    expect(h.offLoopback).toEqual([])
  })

  it('b. allowed, emailCapture on, a restricted time zone: the email prompt after connecting, the confirmation mail and its link; Account without Buy or Swap says why', async () => {
    const { page } = h
    const projectId = h.stack.config.projectId
    const origin = new URL(h.stack.demoUrl).origin
    await projects().setOrigins(projectId, ['https://shop.example.com', 'http://127.0.0.1:*'])
    await projects().setFeatures(projectId, { emailCapture: true })
    asked.length = 0
    consoleErrors.length = 0
    await page.reload()
    await connectDevWallet(h)
    // The config call carried the emulated time zone.
    await expect.poll(() => asked.find((u) => u.pathname === '/appkit/v1/config')?.searchParams.get('tz')).toBe(TZ)
    const modal = page.getByRole('dialog')
    const prompt = modal.getByTestId('portico-email-capture')
    await expect.poll(() => prompt.getAttribute('data-step'), { timeout: 15_000 }).toBe('form')
    // An invalid email: refused before any request.
    await modal.getByTestId('portico-email-capture-input').fill('visitor@example')
    await modal.getByTestId('portico-email-capture-submit').click()
    await expect.poll(() => modal.getByRole('alert').textContent()).toBe('Invalid email. Try again.')
    await modal.getByTestId('portico-email-capture-input').fill(EMAIL)
    await modal.getByTestId('portico-email-capture-submit').click()
    await expect.poll(() => prompt.getAttribute('data-step'), { timeout: 10_000 }).toBe('sent')
    expect(await prompt.textContent()).toContain('Check your inbox to confirm your email')

    const mail = await h.stack.mailbox.waitFor({ to: EMAIL, subject: /Confirm your email/ }, 20_000)
    const link = /https?:\/\/\S+\/v1\/email-capture\/confirm\?token=[^\s"<>]+/.exec(mail.text)?.[0]
    expect(link).toBeDefined()
    type Row = { email: string; account: string; confirmed: boolean }
    const rows = () =>
      h.stack.queryApi<Row>(
        'SELECT email, account, confirmed_at IS NOT NULL AS confirmed FROM portico_capture.emails WHERE project_id = $1',
        [projectId],
      )
    const account = `eip155:${h.stack.devnet.chains[0]!.chainId}:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266`
    expect(await rows()).toEqual([{ email: EMAIL, account, confirmed: false }])
    const confirmPage = await h.context.newPage()
    await confirmPage.goto(link!)
    expect(await confirmPage.textContent('body')).toContain(`${EMAIL} is confirmed`)
    await confirmPage.close()
    expect(await rows()).toEqual([{ email: EMAIL, account, confirmed: true }])

    // Done: back to Account, in a restricted region.
    await modal.getByTestId('portico-email-capture-done').click()
    await expect.poll(() => page.getByTestId('portico-account-address').textContent()).toBe('0xf39F…b92266')
    await expect
      .poll(() => page.getByTestId('portico-account-region-note').textContent())
      .toBe('Swapping and buying are not available in your region.')
    expect(await page.getByTestId('portico-account-feature-swaps').count()).toBe(0)
    expect(await page.getByTestId('portico-account-feature-onramp').count()).toBe(0)
    expect(await page.getByTestId('portico-account-feature-send').count()).toBe(1)
    expect(consoleErrors.filter((e) => e.includes('is not allowed'))).toEqual([])
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(h.offLoopback).toEqual([])
    expect(h.pageErrors).toEqual([])
  })
})
