// A real dev SMTP server with a mailbox, for the local stack and the e2e tests (issue 11).
// The Portico API sends its one-time codes with nodemailer to `smtpUrl`; an `npm start` user reads
// them on the page at `httpUrl`; tests read them with `waitFor`. Both servers listen on 127.0.0.1.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'
import { mailboxPageCsp, renderMailboxPage } from './page.ts'
import type { CapturedMail } from './types.ts'

export type { CapturedMail } from './types.ts'

export interface StartMailboxOptions {
  /** Only loopback: the mailbox holds login codes. @default '127.0.0.1' */
  host?: '127.0.0.1'
  /** SMTP port; 0 takes a free one. @default 0 */
  smtpPort?: number
  /** Mailbox page / JSON API port; 0 takes a free one. @default 0 */
  httpPort?: number
  /** Mail kept; the oldest is dropped past it. @default 500 */
  maxMessages?: number
  /** Largest message accepted (SMTP SIZE); a bigger one is refused with 552. @default 1 MiB */
  maxMessageBytes?: number
}

export interface MailFilter {
  /** A recipient, compared without regard to case. */
  to?: string
}

export interface WaitForFilter extends MailFilter {
  subject?: RegExp
  /** Only mail received after the mail with this id. */
  after?: string
}

export interface Mailbox {
  /** 'smtp://127.0.0.1:<port>', for nodemailer's createTransport({ url }). No auth, no TLS. */
  smtpUrl: string
  /** 'http://127.0.0.1:<port>/': the mailbox page; GET /messages?to=…, GET /messages/:id, DELETE /messages. */
  httpUrl: string
  /** Captured mail, newest first. */
  messages(filter?: MailFilter): CapturedMail[]
  /**
   * The first mail in `messages()` order (so the newest) that matches, already here or arriving;
   * rejects after `timeoutMs` with a message naming the filter and the mail that is there.
   * @default timeoutMs 10_000
   */
  waitFor(filter: WaitForFilter, timeoutMs?: number): Promise<CapturedMail>
  clear(): void
  /** Stops both servers and frees their ports; pending waitFor calls reject. */
  close(): Promise<void>
}

interface Stored {
  seq: number
  mail: CapturedMail
}

interface Waiter {
  filter: WaitForFilter
  afterSeq: number
  resolve(mail: CapturedMail): void
  reject(error: Error): void
  timer: NodeJS.Timeout
}

const ID_PREFIX = 'mail-'
const DEFAULT_MAX_MESSAGES = 500
const DEFAULT_MAX_MESSAGE_BYTES = 1024 * 1024
const DEFAULT_WAIT_MS = 10_000

function parseId(id: string): number | undefined {
  if (!id.startsWith(ID_PREFIX)) return undefined
  const seq = Number(id.slice(ID_PREFIX.length))
  return Number.isSafeInteger(seq) && seq > 0 ? seq : undefined
}

function matchesTo(mail: CapturedMail, to: string | undefined): boolean {
  if (to === undefined) return true
  const wanted = to.trim().toLowerCase()
  return mail.to.some((address) => address.toLowerCase() === wanted)
}

function describeFilter(filter: WaitForFilter): string {
  const parts: string[] = []
  if (filter.to !== undefined) parts.push(`to ${JSON.stringify(filter.to)}`)
  if (filter.subject !== undefined) parts.push(`subject ${String(filter.subject)}`)
  if (filter.after !== undefined) parts.push(`after ${filter.after}`)
  return parts.length ? parts.join(', ') : 'any mail'
}

function checkPort(name: string, port: number): number {
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new RangeError(`startMailbox: ${name} must be an integer 0..65535, got ${port}`)
  return port
}

/** MIME bodies end with a line break that the sender did not write ('code 123456' → 'code 123456\n'). */
function dropFinalLineBreak(value: string): string {
  return value.replace(/\r?\n$/, '')
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode })
}

/** Starts the dev SMTP server and its mailbox page. Resolves once both listen. */
export async function startMailbox(options: StartMailboxOptions = {}): Promise<Mailbox> {
  const host = options.host ?? '127.0.0.1'
  if (host !== '127.0.0.1') throw new RangeError(`startMailbox: host must be 127.0.0.1, got ${String(host)}`)
  const smtpPort = checkPort('smtpPort', options.smtpPort ?? 0)
  const httpPort = checkPort('httpPort', options.httpPort ?? 0)
  const maxMessages = options.maxMessages ?? DEFAULT_MAX_MESSAGES
  if (!Number.isSafeInteger(maxMessages) || maxMessages < 1)
    throw new RangeError(`startMailbox: maxMessages must be a positive integer, got ${maxMessages}`)
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES
  if (!Number.isSafeInteger(maxMessageBytes) || maxMessageBytes < 1)
    throw new RangeError(`startMailbox: maxMessageBytes must be a positive integer, got ${maxMessageBytes}`)

  // Oldest first inside; the public views reverse it.
  let store: Stored[] = []
  let seq = 0
  const waiters = new Set<Waiter>()
  let closed = false

  const list = (filter: MailFilter = {}): CapturedMail[] => {
    const out: CapturedMail[] = []
    for (const { mail } of store.toReversed()) {
      if (matchesTo(mail, filter.to)) out.push(mail)
    }
    return out
  }

  const matches = (entry: Stored, filter: WaitForFilter, afterSeq: number): boolean => {
    if (entry.seq <= afterSeq) return false
    if (!matchesTo(entry.mail, filter.to)) return false
    if (filter.subject) {
      filter.subject.lastIndex = 0 // a /g or /y pattern must not carry state between mails
      if (!filter.subject.test(entry.mail.subject)) return false
    }
    return true
  }

  const add = (mail: Omit<CapturedMail, 'id'>): CapturedMail => {
    seq += 1
    const captured = Object.freeze({ ...mail, id: `${ID_PREFIX}${seq}`, to: Object.freeze([...mail.to]) as string[] })
    const entry = { seq, mail: captured }
    store.push(entry)
    if (store.length > maxMessages) store = store.slice(store.length - maxMessages)
    for (const waiter of waiters) {
      if (!matches(entry, waiter.filter, waiter.afterSeq)) continue
      waiters.delete(waiter)
      clearTimeout(waiter.timer)
      waiter.resolve(captured)
    }
    return captured
  }

  const waitFor = (filter: WaitForFilter, timeoutMs = DEFAULT_WAIT_MS): Promise<CapturedMail> => {
    if (closed) return Promise.reject(new Error('Mailbox.waitFor: the mailbox is closed'))
    let afterSeq = 0
    if (filter.after !== undefined) {
      const parsed = parseId(filter.after)
      if (parsed === undefined)
        return Promise.reject(new TypeError(`Mailbox.waitFor: 'after' is not a mail id: ${JSON.stringify(filter.after)}`))
      afterSeq = parsed
    }
    for (const entry of store.toReversed()) {
      if (matches(entry, filter, afterSeq)) return Promise.resolve(entry.mail)
    }
    return new Promise<CapturedMail>((resolve, reject) => {
      const waiter: Waiter = {
        filter,
        afterSeq,
        resolve,
        reject,
        timer: setTimeout(() => {
          waiters.delete(waiter)
          const recent = list()
            .slice(0, 5)
            .map((m) => `${m.id} to ${m.to.join(', ')}: ${JSON.stringify(m.subject)}`)
          reject(
            new Error(
              `Mailbox.waitFor: no mail matching ${describeFilter(filter)} arrived within ${timeoutMs} ms ` +
                `(${store.length} in the mailbox${recent.length ? `; newest: ${recent.join('; ')}` : ''})`,
            ),
          )
        }, timeoutMs),
      }
      waiters.add(waiter)
    })
  }

  // ---- SMTP ----
  const onData = (stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void): void => {
    const chunks: Buffer[] = []
    let bytes = 0
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      if (bytes <= maxMessageBytes) chunks.push(chunk) // past the limit, drain without keeping
    })
    stream.once('error', (error) => callback(smtpError(`Error: ${error.message}`, 451)))
    stream.once('end', () => {
      if (stream.sizeExceeded || bytes > maxMessageBytes) {
        callback(smtpError(`Error: message exceeds fixed maximum message size ${maxMessageBytes}`, 552))
        return
      }
      const envelope = session.envelope
      simpleParser(Buffer.concat(chunks), { skipImageLinks: true, skipTextToHtml: true }).then(
        (parsed) => {
          const envelopeFrom = envelope.mailFrom ? envelope.mailFrom.address : ''
          add({
            from: parsed.from?.text || envelopeFrom,
            to: envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: dropFinalLineBreak(parsed.text ?? ''),
            ...(typeof parsed.html === 'string' ? { html: dropFinalLineBreak(parsed.html) } : {}),
            receivedAt: new Date().toISOString(),
          })
          callback()
        },
        (error: unknown) =>
          callback(smtpError(`Error: the message could not be parsed: ${error instanceof Error ? error.message : String(error)}`, 554)),
      )
    })
  }

  const smtp = new SMTPServer({
    name: 'portico-devnet-mailbox',
    banner: 'Portico dev mailbox',
    logger: false,
    authOptional: true,
    // A client configured with credentials (as in production) still gets in: any user and password.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'dev' }),
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    size: maxMessageBytes,
    closeTimeout: 1_000,
    onData,
  })

  // ---- HTTP ----
  const json = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    res.end(JSON.stringify(body))
  }
  const plain = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', ...headers })
    res.end(text)
  }
  const notAllowed = (res: ServerResponse, allow: string): void => plain(res, 405, 'Method Not Allowed\n', { allow })

  let httpUrl = ''
  let smtpUrl = ''
  let allowedHosts = new Set<string>()

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    // Only our own origin: a DNS-rebinding page must not read the login codes.
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) {
      plain(res, 421, 'Misdirected Request\n')
      return
    }
    const url = new URL(req.url ?? '/', httpUrl)
    const method = req.method ?? 'GET'
    const path = url.pathname

    if (path === '/') {
      if (method !== 'GET' && method !== 'HEAD') {
        notAllowed(res, 'GET, HEAD')
        return
      }
      const nonce = randomBytes(16).toString('base64')
      const selectedId = url.searchParams.get('id') ?? undefined
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': mailboxPageCsp(nonce),
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
      })
      res.end(renderMailboxPage({ messages: list(), selectedId, smtpUrl, nonce }))
      return
    }

    if (path === '/messages') {
      if (method === 'GET' || method === 'HEAD') {
        const to = url.searchParams.get('to') ?? undefined
        const limitParam = url.searchParams.get('limit')
        let found = list({ to })
        if (limitParam !== null) {
          const limit = Number(limitParam)
          if (!Number.isSafeInteger(limit) || limit < 0) {
            json(res, 400, { error: `limit must be a non-negative integer, got ${JSON.stringify(limitParam)}` })
            return
          }
          found = found.slice(0, limit)
        }
        json(res, 200, found)
        return
      }
      if (method === 'DELETE') {
        store = []
        res.writeHead(204, { 'cache-control': 'no-store' })
        res.end()
        return
      }
      notAllowed(res, 'GET, HEAD, DELETE')
      return
    }

    const encodedId = /^\/messages\/([^/]+)$/.exec(path)?.[1]
    if (encodedId !== undefined) {
      if (method !== 'GET' && method !== 'HEAD') {
        notAllowed(res, 'GET, HEAD')
        return
      }
      let id: string
      try {
        id = decodeURIComponent(encodedId)
      } catch {
        json(res, 404, { error: 'no such message' })
        return
      }
      const mail = store.find((entry) => entry.mail.id === id)?.mail
      if (mail) json(res, 200, mail)
      else json(res, 404, { error: `no message ${id}` })
      return
    }

    plain(res, 404, 'Not Found\n')
  }

  const http: Server = createServer((req, res) => {
    try {
      handle(req, res)
    } catch (error) {
      if (!res.headersSent) plain(res, 500, `Internal Server Error: ${error instanceof Error ? error.message : String(error)}\n`)
      else res.destroy()
    }
  })
  http.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n')
    else socket.destroy()
  })

  const listen = (
    server: {
      listen(port: number, host: string, cb: () => void): unknown
      once(e: 'error', l: (e: Error) => void): unknown
      off(e: 'error', l: (e: Error) => void): unknown
    },
    port: number,
    what: string,
  ) =>
    new Promise<void>((resolve, reject) => {
      const onError = (error: Error) =>
        reject(new Error(`startMailbox: the ${what} server could not listen on ${host}:${port}: ${error.message}`, { cause: error }))
      server.once('error', onError)
      server.listen(port, host, () => {
        server.off('error', onError)
        resolve()
      })
    })

  const closeSmtp = () => new Promise<void>((resolve) => smtp.close(() => resolve()))
  const closeHttp = () =>
    new Promise<void>((resolve) => {
      http.close(() => resolve())
      http.closeAllConnections()
    })

  await listen(smtp, smtpPort, 'SMTP')
  // From here on, a client that resets its connection must not crash the process: smtp-server
  // re-emits every connection error on the server.
  smtp.on('error', () => {})
  try {
    await listen(http, httpPort, 'mailbox HTTP')
  } catch (error) {
    await closeSmtp()
    throw error
  }
  http.on('error', () => {})

  const smtpAddress = smtp.server.address() as AddressInfo
  const httpAddress = http.address() as AddressInfo
  smtpUrl = `smtp://${host}:${smtpAddress.port}`
  httpUrl = `http://${host}:${httpAddress.port}/`
  allowedHosts = new Set([`${host}:${httpAddress.port}`, `localhost:${httpAddress.port}`])

  let closing: Promise<void> | undefined
  return {
    smtpUrl,
    httpUrl,
    messages: (filter) => list(filter),
    waitFor,
    clear: () => {
      store = []
    },
    close: () => {
      closing ??= (async () => {
        closed = true
        for (const waiter of waiters) {
          clearTimeout(waiter.timer)
          waiter.reject(new Error(`Mailbox.waitFor: the mailbox closed before mail matching ${describeFilter(waiter.filter)} arrived`))
        }
        waiters.clear()
        await Promise.all([closeSmtp(), closeHttp()])
      })()
      return closing
    },
  }
}
