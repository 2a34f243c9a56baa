import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, type TestApp } from '../test-support.ts'
import { browserOf, codeMail, deviceMail, emailChangedMail, newSessionMail, smtpMailProvider } from './mail.ts'
import { approveByPage, FRAME_ORIGIN, post, TEST_KEK } from './test-support.ts'

type Received = { from: string; to: string[]; subject: string; text: string; html: string }

let smtp: SMTPServer
let port: number
const inbox: Received[] = []
let waiters: (() => void)[] = []

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          })
          for (const wake of waiters) wake()
          waiters = []
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  port = (smtp.server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

async function nextMail(count: number): Promise<Received> {
  while (inbox.length < count) await new Promise<void>((resolve) => waiters.push(resolve))
  return inbox[count - 1] as Received
}

describe('mail texts', () => {
  it('the code mail names the code in its subject and body', () => {
    const mail = codeMail('a@example.com', '123456', 'login')
    expect(mail.subject).toBe('Your Portico code: 123456')
    expect(mail.text).toContain('123456')
    expect(mail.html).toContain('123456')
  })
  it('the device mail carries the approval link (escaped in HTML) and names the site, browser and time', () => {
    const mail = deviceMail('a@example.com', 'https://api.example/v1/auth/device/approve?token=abc&x="1"', {
      site: 'https://shop.example',
      browser: 'Firefox on Windows',
      time: Date.parse('2031-03-04T05:06:07Z'),
    })
    expect(mail.text).toContain('https://api.example/v1/auth/device/approve?token=abc&x="1"')
    expect(mail.html).toContain('href="https://api.example/v1/auth/device/approve?token=abc&amp;x=&quot;1&quot;"')
    expect(mail.text).toContain('Site: https://shop.example\nBrowser: Firefox on Windows\nTime: 2031-03-04 05:06 UTC\n')
    expect(mail.text).toContain('press "Approve this device"')
    expect(mail.html).toContain(
      '<li>Site: https://shop.example</li><li>Browser: Firefox on Windows</li><li>Time: 2031-03-04 05:06 UTC</li>',
    )
  })
  it('the new-session notice names site, browser and time, escaped in HTML, with its revocation link', () => {
    const mail = newSessionMail('a@example.com', 'https://api.example/v1/auth/sessions/revoke?token=t&u', {
      site: 'https://<b>.example',
      browser: null,
      time: Date.parse('2031-03-04T05:06:07Z'),
    })
    expect(mail.subject).toBe('New sign-in to your Portico wallet')
    expect(mail.text).toContain('Site: https://<b>.example\nBrowser: not known\nTime: 2031-03-04 05:06 UTC\n')
    expect(mail.text).toContain('https://api.example/v1/auth/sessions/revoke?token=t&u\n')
    expect(mail.html).toContain('<li>Site: https://&lt;b&gt;.example</li>')
    expect(mail.html).toContain('<a href="https://api.example/v1/auth/sessions/revoke?token=t&amp;u">Sign this session out</a>')
  })
  it('the email-change notice names both addresses', () => {
    const mail = emailChangedMail(
      'old@example.com',
      { oldEmail: 'old@example.com', newEmail: 'new@example.com', scope: 'all' },
      'https://api.example/r',
      { site: null, browser: 'Safari on iOS', time: 0 },
    )
    expect(mail.subject).toBe('The email of your Portico wallet was changed')
    expect(mail.text).toContain('changed from old@example.com to new@example.com.')
    expect(mail.html).toContain('<a href="https://api.example/r">Sign out every session</a>')
  })
  it('summarises the User-Agent as "browser on system"', () => {
    const cases: [string | null, string | null][] = [
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Windows'],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
        'Safari on macOS',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        'Safari on iOS',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge on Windows',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        'Chrome on Android',
      ],
      ['curl/8.5.0', null],
      [null, null],
    ]
    for (const [ua, expected] of cases) expect(browserOf(ua), String(ua)).toBe(expected)
  })
  it('refuses a URL that is not SMTP', () => {
    expect(() => smtpMailProvider('http://127.0.0.1:25')).toThrow('SMTP URL must start with smtp:// or smtps://')
  })
})

describe('through a real SMTP server (smtp-server on 127.0.0.1)', () => {
  let app: TestApp
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ app, close } = await openTestApp({
      publicUrl: 'http://127.0.0.1:8787',
      auth: {
        kek: TEST_KEK,
        mail: `smtp://127.0.0.1:${port}`,
        mailFrom: 'Portico Test <login@portico.test>',
        frameOrigins: [FRAME_ORIGIN],
        devicePollMs: 20,
      },
    }))
  })
  afterAll(async () => {
    await close?.()
  })

  it('sends the approval link, then the code, as the SMTP server receives them', async () => {
    const email = 'smtp-user@example.com'
    const deviceId = 'device-smtp-0000001'
    const connect = await post(app, '/v1/auth/email/connect', { email, deviceId, sessionKeyHash: 'A'.repeat(43) })
    expect(await connect.json()).toEqual({ action: 'VERIFY_DEVICE' })
    const device = await nextMail(1)
    expect(device.from).toBe('login@portico.test')
    expect(device.to).toEqual([email])
    expect(device.subject).toBe('Approve your new device for Portico')
    const link = /http:\/\/127\.0\.0\.1:8787(\/v1\/auth\/device\/approve\?token=[A-Za-z0-9_-]{43})/.exec(device.text)
    expect(link).not.toBeNull()
    expect(device.html).toContain('Approve this device')

    // The link opens the approval page; its button approves.
    expect((await app.request(link![1]!)).status).toBe(200)
    expect((await approveByPage(app, link![1]!)).status).toBe(200)
    const res = await post(app, '/v1/auth/email/device', { email, deviceId, sessionKeyHash: 'A'.repeat(43) })
    expect(await res.json()).toEqual({ action: 'VERIFY_OTP' })
    const code = await nextMail(2)
    const match = /^Your Portico code: (\d{6})$/.exec(code.subject)
    expect(match).not.toBeNull()
    expect(code.text).toContain(match![1])
  })
})
