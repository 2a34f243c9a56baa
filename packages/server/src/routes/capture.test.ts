/**
 * Email capture (SPEC §1) through the real dev SMTP server of @portico/devnet: the mail goes by the
 * auth service's SMTP path (auth.mail as an smtp:// URL), the test follows the link it carries.
 */
import { startMailbox, type Mailbox } from '@portico/devnet'
import { emailCaptureConfirmResponseSchema, emailCaptureResponseSchema } from '@portico/protocol/capture'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { FRAME_ORIGIN, TEST_KEK } from '../auth/test-support.ts'
import { createProjectsRepository } from '../db/projects.ts'
import type { Database } from '../db/types.ts'
import { openTestApp, requestJson, TEST_CHAINS } from '../test-support.ts'
import { EMAIL_CAPTURE_ERRORS } from './capture.ts'

let mailbox: Mailbox
let db: Database
let close: () => Promise<void>
const clock = { t: Date.UTC(2026, 10, 23, 12) }
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  mailbox = await startMailbox()
  ;({ db, close } = await openTestApp())
  app = createApp({
    chains: TEST_CHAINS,
    db,
    publicUrl: 'http://127.0.0.1:8787',
    auth: { kek: TEST_KEK, mail: mailbox.smtpUrl, mailFrom: 'Portico <no-reply@portico.test>', frameOrigins: [FRAME_ORIGIN] },
    now: () => clock.t,
  })
  await createProjectsRepository(db).setFeatures('capture-on', { emailCapture: true })
})
afterAll(async () => {
  await close()
  await mailbox.close()
})

const ACCOUNT = 'eip155:1:0x1111111111111111111111111111111111111111'
const post = (projectId: string, body: unknown) =>
  app.request(`/v1/email-capture?projectId=${projectId}&st=portico&sv=0.1.0`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const linkIn = (text: string) => {
  const match = /(http:\/\/127\.0\.0\.1:8787\/v1\/email-capture\/confirm\?token=[A-Za-z0-9_-]{43})/.exec(text)
  if (!match) throw new Error(`no confirmation link in ${text}`)
  return match[1] as string
}
const confirmed = async (email: string) =>
  (await db.query<{ confirmed_at: unknown }>('SELECT confirmed_at FROM portico_capture.emails WHERE email = $1', [email])).rows.map(
    (r) => r.confirmed_at !== null,
  )

describe('POST /v1/email-capture + GET /v1/email-capture/confirm', () => {
  it('stores the email unconfirmed, mails a link by SMTP; the link confirms it (an HTML page), and a second capture says confirmed', async () => {
    const res = await post('capture-on', { email: ' Visitor@Example.com ', account: ACCOUNT })
    expect(res.status).toBe(200)
    expect(emailCaptureResponseSchema.parse(await res.json())).toEqual({ status: 'pending' })
    expect(await confirmed('visitor@example.com')).toEqual([false])

    const mail = await mailbox.waitFor({ to: 'visitor@example.com', subject: /Confirm your email/ })
    expect(mail.from).toBe('"Portico" <no-reply@portico.test>')
    const link = new URL(linkIn(mail.text))

    const page = await app.request(`${link.pathname}${link.search}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8')
    expect(await page.text()).toContain('visitor@example.com is confirmed')
    expect(await confirmed('visitor@example.com')).toEqual([true])
    // Following it again still says confirmed.
    expect((await app.request(`${link.pathname}${link.search}`)).status).toBe(200)

    const again = await requestJson(app, '/v1/email-capture?projectId=capture-on', emailCaptureResponseSchema, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'visitor@example.com', account: ACCOUNT }),
    })
    expect(again.body).toEqual({ status: 'confirmed' })
    expect(mailbox.messages({ to: 'visitor@example.com' })).toHaveLength(1)
  })

  it('a bad or expired link gets the "can not be used" page (400), and confirms nothing', async () => {
    expect((await app.request('/v1/email-capture/confirm?token=nope')).status).toBe(400)
    expect((await app.request(`/v1/email-capture/confirm?token=${'a'.repeat(43)}`)).status).toBe(400)
    await post('capture-on', { email: 'late@example.com', account: ACCOUNT })
    const link = new URL(linkIn((await mailbox.waitFor({ to: 'late@example.com' })).text))
    clock.t += 24 * 60 * 60 * 1000 + 1
    const page = await app.request(`${link.pathname}${link.search}`)
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('This link can not be used')
    expect(await confirmed('late@example.com')).toEqual([false])
  })

  it('answers the link by Accept: a page for a browser, JSON for a client that prefers it (confirmed, then invalid)', async () => {
    await post('capture-on', { email: 'api-client@example.com', account: ACCOUNT })
    const link = new URL(linkIn((await mailbox.waitFor({ to: 'api-client@example.com' })).text))
    const url = `${link.pathname}${link.search}`
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
    const asJson = await app.request(url, { headers: { accept: 'application/json' } })
    expect([asJson.status, asJson.headers.get('content-type')]).toEqual([200, 'application/json'])
    expect(emailCaptureConfirmResponseSchema.parse(await asJson.json())).toEqual({ status: 'confirmed', email: 'api-client@example.com' })
    const asPage = await app.request(url, { headers: { accept: browser } })
    expect([asPage.status, asPage.headers.get('content-type')]).toEqual([200, 'text/html; charset=UTF-8'])
    expect(await asPage.text()).toContain('api-client@example.com is confirmed')
    // No Accept, or one that names neither: the page (a mail client's link opener sends no preference).
    for (const accept of [undefined, '*/*', 'image/png'])
      expect((await app.request(url, accept ? { headers: { accept } } : {})).headers.get('content-type')).toBe('text/html; charset=UTF-8')
    // JSON preferred by weight over HTML.
    const weighted = await app.request(url, { headers: { accept: 'text/html;q=0.5, application/json' } })
    expect(weighted.headers.get('content-type')).toBe('application/json')
    const bad = await app.request('/v1/email-capture/confirm?token=nope', { headers: { accept: 'application/json' } })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: EMAIL_CAPTURE_ERRORS.linkInvalid })
    const badPage = await app.request('/v1/email-capture/confirm?token=nope', { headers: { accept: browser } })
    expect([badPage.status, badPage.headers.get('content-type')]).toEqual([400, 'text/html; charset=UTF-8'])
  })

  it('limits confirmation mails to 3 an hour per email (429 with retry-after), whatever the account', async () => {
    const email = 'spam@example.com'
    for (let i = 0; i < 3; i++)
      expect((await post('capture-on', { email, account: `eip155:1:0x${String(i).repeat(40)}` })).status).toBe(200)
    const refused = await post('capture-on', { email, account: ACCOUNT })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBe(3600)
    expect(await refused.json()).toEqual({ error: EMAIL_CAPTURE_ERRORS.rateLimited })
    clock.t += 60 * 60 * 1000 + 1
    expect((await post('capture-on', { email, account: ACCOUNT })).status).toBe(200)
  })

  it('is refused (403, clear error) for a project whose emailCapture flag is off (the default)', async () => {
    const res = await post('capture-off', { email: 'x@example.com', account: ACCOUNT })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: 'Email capture is off for this project (feature flag emailCapture)' })
  })

  it.each([[{ email: 'not-an-email', account: ACCOUNT }], [{ email: 'a@example.com', account: '0x1111' }], [{ email: 'a@example.com' }]])(
    'refuses %j with 400',
    async (body) => {
      expect((await post('capture-on', body)).status).toBe(400)
    },
  )

  it('without a mailer (no auth service) answers 503 saying what to configure', async () => {
    const bare = createApp({ chains: TEST_CHAINS, db, features: { emailCapture: true } })
    const res = await bare.request('/v1/email-capture?projectId=p', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@example.com', account: ACCOUNT }),
    })
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ error: EMAIL_CAPTURE_ERRORS.noMail })
  })
})
