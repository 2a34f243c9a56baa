import { connect, createServer, type Socket } from 'node:net'
import { createTransport } from 'nodemailer'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { findCode, linkify } from './page.ts'
import { type Mailbox, startMailbox } from './mailbox.ts'

function send(
  mailbox: Mailbox,
  mail: { from?: string; to: string | string[]; bcc?: string; subject: string; text?: string; html?: string },
  auth?: { user: string; pass: string },
) {
  const transport = createTransport({ url: mailbox.smtpUrl, ...(auth ? { auth } : {}) })
  return transport.sendMail({ from: '"Portico" <no-reply@portico.test>', ...mail }).finally(() => transport.close())
}

/** A raw SMTP exchange: sends each line once the previous reply came, returns every reply. */
async function rawSmtp(url: string, lines: string[]): Promise<string[]> {
  const { port } = new URL(url)
  const socket: Socket = connect(Number(port), '127.0.0.1')
  socket.setEncoding('utf8')
  const replies: string[] = []
  let buffer = ''
  let wake: (() => void) | undefined
  socket.on('data', (data: string) => {
    buffer += data
    wake?.()
  })
  const nextReply = async (): Promise<string> => {
    for (;;) {
      // A complete reply ends with a line "NNN text" (no dash after the code).
      const match = /(^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(buffer)
      if (match) {
        const end = match.index + match[0].length
        const reply = buffer.slice(0, end)
        buffer = buffer.slice(end)
        return reply
      }
      await new Promise<void>((resolve) => (wake = resolve))
    }
  }
  replies.push(await nextReply())
  for (const line of lines) {
    socket.write(line)
    replies.push(await nextReply())
  }
  socket.destroy()
  return replies
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

describe('startMailbox', () => {
  let mailbox: Mailbox

  beforeAll(async () => {
    mailbox = await startMailbox({ maxMessageBytes: 64 * 1024 })
  })
  afterAll(async () => {
    await mailbox.close()
  })
  beforeEach(() => {
    mailbox.clear()
  })

  it('listens on 127.0.0.1 and captures mail sent with nodemailer: from, to, subject, text, html', async () => {
    expect(mailbox.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/)
    expect(mailbox.httpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const info = await send(mailbox, {
      to: 'Alice@Example.test',
      subject: 'Your Portico code',
      text: 'Your code is 482913. It expires in 10 minutes.',
      html: '<p>Your code is <b>482913</b>.</p>',
    })
    expect(info.accepted).toEqual(['Alice@example.test'])
    const [mail, ...rest] = mailbox.messages()
    expect(rest).toEqual([])
    expect(mail).toMatchObject({
      from: '"Portico" <no-reply@portico.test>',
      to: ['Alice@example.test'],
      subject: 'Your Portico code',
      text: 'Your code is 482913. It expires in 10 minutes.',
      html: '<p>Your code is <b>482913</b>.</p>',
    })
    expect(mail!.id).toEqual(expect.any(String))
    expect(Date.parse(mail!.receivedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(findCode(mail!.text)).toBe('482913')
  })

  it('keeps envelope recipients (Bcc too), newest first, and filters by recipient without regard to case', async () => {
    await send(mailbox, { to: ['a@x.test', 'b@x.test'], bcc: 'hidden@x.test', subject: 'first', text: 'one' })
    await send(mailbox, { to: 'b@x.test', subject: 'second', text: 'two' })
    expect(mailbox.messages().map((m) => m.subject)).toEqual(['second', 'first'])
    expect(mailbox.messages()[1]!.to).toEqual(['a@x.test', 'b@x.test', 'hidden@x.test'])
    expect(mailbox.messages({ to: 'B@X.test' }).map((m) => m.subject)).toEqual(['second', 'first'])
    expect(mailbox.messages({ to: 'a@x.test' }).map((m) => m.subject)).toEqual(['first'])
    expect(mailbox.messages({ to: 'hidden@x.test' }).map((m) => m.subject)).toEqual(['first'])
    expect(mailbox.messages({ to: 'nobody@x.test' })).toEqual([])
    mailbox.clear()
    expect(mailbox.messages()).toEqual([])
  })

  it('keeps the text mailparser derives from an HTML-only mail', async () => {
    await send(mailbox, { to: 'h@x.test', subject: 'html only', html: '<p>Code <b>123456</b></p>' })
    const [mail] = mailbox.messages()
    expect(mail!.html).toBe('<p>Code <b>123456</b></p>')
    expect(mail!.text).toContain('123456')
  })

  it('accepts a client that authenticates, as a production configuration would', async () => {
    await send(mailbox, { to: 'auth@x.test', subject: 'with auth', text: 'hi' }, { user: 'portico', pass: 'secret' })
    expect(mailbox.messages({ to: 'auth@x.test' })).toHaveLength(1)
  })

  it('waitFor resolves with a mail sent after the call, matching to and subject', async () => {
    await send(mailbox, { to: 'w@x.test', subject: 'Welcome', text: 'old' })
    const waiting = mailbox.waitFor({ to: 'W@x.test', subject: /code/i }, 5_000)
    await send(mailbox, { to: 'other@x.test', subject: 'Your code', text: 'not for w' })
    await send(mailbox, { to: 'w@x.test', subject: 'Your code', text: 'Your code is 111222' })
    const mail = await waiting
    expect(mail.to).toEqual(['w@x.test'])
    expect(mail.text).toBe('Your code is 111222')
  })

  it('waitFor resolves at once for mail already there, and `after` skips it', async () => {
    await send(mailbox, { to: 'w@x.test', subject: 'Your code', text: 'Your code is 000001' })
    const first = await mailbox.waitFor({ to: 'w@x.test' }, 1_000)
    expect(first.text).toContain('000001')
    const next = mailbox.waitFor({ to: 'w@x.test', after: first.id }, 5_000)
    await send(mailbox, { to: 'w@x.test', subject: 'Your code', text: 'Your code is 000002' })
    expect((await next).text).toContain('000002')
    await expect(mailbox.waitFor({ after: 'not-an-id' })).rejects.toThrow(/'after' is not a mail id/)
  })

  it('waitFor rejects after its timeout with a message naming the filter and the mail there', async () => {
    await send(mailbox, { to: 'someone@x.test', subject: 'Unrelated', text: 'x' })
    const started = Date.now()
    await expect(mailbox.waitFor({ to: 'nobody@x.test', subject: /code/ }, 200)).rejects.toThrow(
      /no mail matching to "nobody@x\.test", subject \/code\/ arrived within 200 ms \(1 in the mailbox; newest: mail-\d+ to someone@x\.test: "Unrelated"\)/,
    )
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
  })

  it('refuses a message over the size limit with 552 and keeps nothing', async () => {
    const big = 'x'.repeat(100 * 1024)
    const refused = send(mailbox, { to: 'big@x.test', subject: 'too big', text: big })
    await expect(refused).rejects.toMatchObject({ responseCode: 552 })
    expect(mailbox.messages()).toEqual([])
    // The same limit when the client does not announce a SIZE: refused after DATA.
    const replies = await rawSmtp(mailbox.smtpUrl, [
      'EHLO test\r\n',
      'MAIL FROM:<a@x.test>\r\n',
      'RCPT TO:<big@x.test>\r\n',
      'DATA\r\n',
      `${`Subject: raw big\r\n\r\n${'y'.repeat(100)}\r\n`.repeat(800)}.\r\n`,
      'QUIT\r\n',
    ])
    expect(replies[0]).toMatch(/^220 /)
    expect(replies[1]).toMatch(/^250-.*\r\n(250-.*\r\n)*250 /)
    expect(replies[1]).toContain('SIZE 65536')
    expect(replies[1]).not.toContain('STARTTLS')
    expect(replies[5]).toMatch(/^552 /)
    expect(mailbox.messages()).toEqual([])
    // Still serving after the refusals.
    await send(mailbox, { to: 'small@x.test', subject: 'small', text: 'ok' })
    expect(mailbox.messages().map((m) => m.subject)).toEqual(['small'])
  })

  it('serves a mailbox page that escapes hostile mail, shows the code and links only http(s) URLs', async () => {
    await send(mailbox, {
      from: '"<img src=x onerror=alert(1)>" <evil@x.test>',
      to: 'victim@x.test',
      subject: '<script>alert("subject")</script> & "quotes"',
      text: 'Your code is 654321.\n<script>alert("body")</script>\nVerify: http://127.0.0.1:5173/verify?t=a&b=<c>.\njavascript:alert(1) and data:text/html,<b>x</b>',
      html: '<p onclick="alert(1)">hi</p><script>alert("html")</script>',
    })
    const res = await fetch(mailbox.httpUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toMatch(/script-src 'nonce-[^']+'/)
    const page = await res.text()
    expect(page).not.toContain('<script>alert')
    expect(page).not.toContain('<img')
    expect(page).not.toContain('<p onclick')
    expect(page).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;')
    expect(page).toContain('&lt;script&gt;alert(&quot;body&quot;)&lt;/script&gt;')
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(page).toContain('&lt;p onclick=&quot;alert(1)&quot;&gt;hi&lt;/p&gt;')
    // The only <script> is the page's own, with the CSP nonce.
    expect(page.match(/<script/g)).toHaveLength(1)
    expect(page).toMatch(/<script nonce="[^"]+">/)
    expect(page).toContain('<div class="code" aria-label="One-time code">654321</div>')
    // The link stops before '<' and the sentence's '.', and its href is escaped.
    expect(page).toContain('<a href="http://127.0.0.1:5173/verify?t=a&amp;b=" target="_blank" rel="noopener noreferrer">')
    const hrefs = [...page.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!)
    for (const href of hrefs) expect(href).toMatch(/^(\/\?id=|https?:\/\/)/)
    expect(page).not.toMatch(/href="(javascript|data):/)
    // Auto-refresh: the page polls the newest id every 2 s (meta refresh without script).
    expect(page).toContain('setInterval')
    expect(page).toContain('2000')
    expect(page).toContain('<meta http-equiv="refresh" content="2">')
  })

  it('lists messages newest first on the page and opens the one asked for', async () => {
    const a = await send(mailbox, { to: 'p@x.test', subject: 'Older', text: 'first body' })
    await send(mailbox, { to: 'p@x.test', subject: 'Newer', text: 'second body' })
    expect(a.accepted).toEqual(['p@x.test'])
    const page = await (await fetch(mailbox.httpUrl)).text()
    expect(page.indexOf('Newer')).toBeLessThan(page.indexOf('Older'))
    expect(page).toContain('second body')
    expect(page).not.toContain('first body')
    const older = mailbox.messages()[1]!
    const opened = await (await fetch(`${mailbox.httpUrl}?id=${older.id}`)).text()
    expect(opened).toContain('first body')
    const missing = await (await fetch(`${mailbox.httpUrl}?id=%3Cb%3E`)).text()
    expect(missing).toContain('No message &lt;b&gt;')
  })

  it('linkify links http(s) only and escapes everything else', () => {
    expect(linkify('go https://a.test/x?y=1&z=2, then')).toBe(
      'go <a href="https://a.test/x?y=1&amp;z=2" target="_blank" rel="noopener noreferrer">https://a.test/x?y=1&amp;z=2</a>, then',
    )
    expect(linkify('javascript:alert(1) <b>')).toBe('javascript:alert(1) &lt;b&gt;')
    expect(linkify('(see http://a.test/b)')).toContain('href="http://a.test/b"')
    expect(findCode('no code here 12345 or 1234567')).toBeUndefined()
    expect(findCode('link http://a.test/123456 then code 987654')).toBe('987654')
  })

  it('serves the JSON API: list filtered by recipient, one message, clear; 404 and 405 on bad requests', async () => {
    await send(mailbox, { to: 'one@x.test', subject: 'for one', text: '1' })
    await send(mailbox, { to: 'two@x.test', subject: 'for two', text: '2' })
    const all = (await (await fetch(`${mailbox.httpUrl}messages`)).json()) as { id: string; subject: string }[]
    expect(all.map((m) => m.subject)).toEqual(['for two', 'for one'])
    const res = await fetch(`${mailbox.httpUrl}messages?to=${encodeURIComponent('ONE@x.test')}`)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const filtered = (await res.json()) as { to: string[]; subject: string; text: string }[]
    expect(filtered).toEqual([expect.objectContaining({ to: ['one@x.test'], subject: 'for one', text: '1' })])
    const limited = (await (await fetch(`${mailbox.httpUrl}messages?limit=1`)).json()) as unknown[]
    expect(limited).toHaveLength(1)
    expect((await fetch(`${mailbox.httpUrl}messages?limit=-1`)).status).toBe(400)

    const one = await fetch(`${mailbox.httpUrl}messages/${all[1]!.id}`)
    expect(one.status).toBe(200)
    expect(await one.json()).toEqual(mailbox.messages({ to: 'one@x.test' })[0])
    expect((await fetch(`${mailbox.httpUrl}messages/mail-999999`)).status).toBe(404)
    expect((await fetch(`${mailbox.httpUrl}messages/%E0%A4%A`)).status).toBe(404)

    expect((await fetch(`${mailbox.httpUrl}nope`)).status).toBe(404)
    expect((await fetch(`${mailbox.httpUrl}messages/a/b`)).status).toBe(404)
    const post = await fetch(mailbox.httpUrl, { method: 'POST', body: 'x' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
    expect((await fetch(`${mailbox.httpUrl}messages`, { method: 'PUT' })).status).toBe(405)
    expect((await fetch(`${mailbox.httpUrl}messages/${all[0]!.id}`, { method: 'DELETE' })).status).toBe(405)

    const cleared = await fetch(`${mailbox.httpUrl}messages`, { method: 'DELETE' })
    expect(cleared.status).toBe(204)
    expect(mailbox.messages()).toEqual([])
    expect(await (await fetch(`${mailbox.httpUrl}messages`)).json()).toEqual([])
    // Still up after all of it.
    expect((await fetch(mailbox.httpUrl)).status).toBe(200)
  })

  it('answers only requests addressed to its own host (no DNS rebinding) and survives malformed HTTP', async () => {
    const { port } = new URL(mailbox.httpUrl)
    const rebound = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /messages HTTP/1.1\r\nHost: evil.test\r\nConnection: close\r\n\r\n'),
      )
      let data = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => (data += chunk))
      socket.on('close', () => resolve(data))
    })
    expect(rebound).toMatch(/^HTTP\/1\.1 421 /)
    const garbage = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'))
      let data = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => (data += chunk))
      socket.on('close', () => resolve(data))
    })
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /)
    expect((await fetch(mailbox.httpUrl)).status).toBe(200)
  })
})

describe('startMailbox limits and lifecycle', () => {
  it('keeps at most maxMessages, dropping the oldest', async () => {
    const mailbox = await startMailbox({ maxMessages: 3 })
    try {
      for (let i = 1; i <= 5; i++) await send(mailbox, { to: 'm@x.test', subject: `mail ${i}`, text: String(i) })
      expect(mailbox.messages().map((m) => m.subject)).toEqual(['mail 5', 'mail 4', 'mail 3'])
      const listed = (await (await fetch(`${mailbox.httpUrl}messages`)).json()) as { subject: string }[]
      expect(listed.map((m) => m.subject)).toEqual(['mail 5', 'mail 4', 'mail 3'])
    } finally {
      await mailbox.close()
    }
  })

  it('rejects bad options', async () => {
    await expect(startMailbox({ maxMessages: 0 })).rejects.toThrow(RangeError)
    await expect(startMailbox({ host: '0.0.0.0' as '127.0.0.1' })).rejects.toThrow(/127\.0\.0\.1/)
    await expect(startMailbox({ smtpPort: 70_000 })).rejects.toThrow(RangeError)
  })

  it('fails clearly when a port is taken, leaving nothing listening', async () => {
    const first = await startMailbox()
    try {
      const httpPort = Number(new URL(first.httpUrl).port)
      await expect(startMailbox({ httpPort })).rejects.toThrow(/mailbox HTTP server could not listen on 127\.0\.0\.1:\d+/)
    } finally {
      await first.close()
    }
  })

  it('close() frees both ports and rejects pending waitFor calls', async () => {
    const mailbox = await startMailbox()
    const smtpPort = Number(new URL(mailbox.smtpUrl).port)
    const httpPort = Number(new URL(mailbox.httpUrl).port)
    await send(mailbox, { to: 'c@x.test', subject: 'before close', text: 'x' })
    const pending = mailbox.waitFor({ to: 'never@x.test' }, 30_000)
    // A client still connected when close() runs must not hold the port.
    const idle = connect(smtpPort, '127.0.0.1')
    idle.on('error', () => {})
    await new Promise((resolve) => idle.once('data', resolve))
    const pendingRejects = expect(pending).rejects.toThrow(/the mailbox closed before mail matching to "never@x\.test" arrived/)
    const started = Date.now()
    await mailbox.close()
    expect(Date.now() - started).toBeLessThan(5_000)
    await pendingRejects
    await mailbox.close() // idempotent
    expect(await portIsFree(smtpPort)).toBe(true)
    expect(await portIsFree(httpPort)).toBe(true)
    const again = await startMailbox({ smtpPort, httpPort })
    try {
      expect(again.smtpUrl).toBe(`smtp://127.0.0.1:${smtpPort}`)
      expect(again.httpUrl).toBe(`http://127.0.0.1:${httpPort}/`)
      expect(again.messages()).toEqual([])
    } finally {
      await again.close()
      idle.destroy()
    }
  })
})
