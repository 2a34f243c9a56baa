import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, type TestApp } from '../test-support.ts'
import { codeMail, deviceMail, smtpMailProvider } from './mail.ts'
import { FRAME_ORIGIN, post, TEST_KEK } from './test-support.ts'

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
  it('the device mail carries the approval link (escaped in HTML)', () => {
    const mail = deviceMail('a@example.com', 'https://api.example/v1/auth/device/approve?token=abc&x="1"')
    expect(mail.text).toContain('https://api.example/v1/auth/device/approve?token=abc&x="1"')
    expect(mail.html).toContain('href="https://api.example/v1/auth/device/approve?token=abc&amp;x=&quot;1&quot;"')
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

    expect((await app.request(link![1]!)).status).toBe(200)
    const res = await post(app, '/v1/auth/email/device', { email, deviceId, sessionKeyHash: 'A'.repeat(43) })
    expect(await res.json()).toEqual({ action: 'VERIFY_OTP' })
    const code = await nextMail(2)
    const match = /^Your Portico code: (\d{6})$/.exec(code.subject)
    expect(match).not.toBeNull()
    expect(code.text).toContain(match![1])
  })
})
