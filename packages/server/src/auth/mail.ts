import nodemailer from 'nodemailer'

export type MailMessage = { to: string; subject: string; text: string; html: string }

/** Where the auth service's mail goes (SMTP in production and in the local stack). */
export interface MailProvider {
  send(message: MailMessage): Promise<void>
}

/** Sends through an SMTP server, e.g. `smtp://127.0.0.1:2525` or `smtps://user:pass@mail.example:465`. */
export function smtpMailProvider(url: string, options: { from?: string } = {}): MailProvider & { close(): void } {
  const parsed = new URL(url)
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new Error('SMTP URL must start with smtp:// or smtps://')
  const transport = nodemailer.createTransport(url)
  const from = options.from ?? DEFAULT_MAIL_FROM
  return {
    async send(message) {
      await transport.sendMail({ from, ...message })
    },
    close: () => transport.close(),
  }
}

export const DEFAULT_MAIL_FROM = 'Portico <no-reply@portico.localhost>'

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string)

/** The mail carrying a one-time code. */
export function codeMail(to: string, code: string, purpose: 'login' | 'update_primary' | 'update_secondary'): MailMessage {
  const why =
    purpose === 'login'
      ? 'Use this code to sign in to Portico.'
      : purpose === 'update_primary'
        ? 'Use this code to confirm changing the email of your Portico account.'
        : 'Use this code to confirm this address as the new email of your Portico account.'
  return {
    to,
    subject: `Your Portico code: ${code}`,
    text: `${why}\n\n${code}\n\nThe code expires in 10 minutes. If you did not ask for it, ignore this mail.\n`,
    html: `<p>${why}</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>The code expires in 10 minutes. If you did not ask for it, ignore this mail.</p>`,
  }
}

/** Who asked, as the approval page and the notices name it: the site, the browser, the time. */
export type RequestContext = { site: string | null; browser: string | null; time: number }

/** "Chrome on Linux", "Safari on iOS", …; null when the User-Agent says nothing recognisable. */
export function browserOf(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null
  const ua = userAgent.slice(0, 512)
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua) && /Version\//.test(ua)
            ? 'Safari'
            : null
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /CrOS/.test(ua)
        ? 'ChromeOS'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Linux/.test(ua)
              ? 'Linux'
              : null
  if (browser && os) return `${browser} on ${os}`
  return browser ?? (os ? `A browser on ${os}` : null)
}

/** "2031-03-04 05:06 UTC" */
export const mailTime = (time: number) => `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** The lines naming the request, as text (without HTML). */
export function requestLines(context: RequestContext): string[] {
  return [`Site: ${context.site ?? 'not known'}`, `Browser: ${context.browser ?? 'not known'}`, `Time: ${mailTime(context.time)}`]
}
const requestHtml = (context: RequestContext) =>
  `<ul>${requestLines(context)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('')}</ul>`

/** The subjects of the notices (no code, no link that signs in). */
export const NOTICE_SUBJECTS = {
  newSession: 'New sign-in to your Portico wallet',
  emailChanged: 'The email of your Portico wallet was changed',
} as const

/** The mail with the link to the page that approves a new device (by a button on it, never by the link alone). */
export function deviceMail(to: string, link: string, context: RequestContext): MailMessage {
  const lines = requestLines(context)
  return {
    to,
    subject: 'Approve your new device for Portico',
    text: `A new device asked to sign in to Portico with this email.\n\n${lines.join('\n')}\n\nTo approve it, open this link and press "Approve this device":\n${link}\n\nThe link works once and expires in 10 minutes. If it was not you, ignore this mail: nothing happens unless you press the button.\n`,
    html: `<p>A new device asked to sign in to Portico with this email.</p>${requestHtml(context)}<p><a href="${escapeHtml(link)}">Approve this device</a></p><p>The link opens a page with an approval button. It works once and expires in 10 minutes. If it was not you, ignore this mail: nothing happens unless you press the button.</p>`,
  }
}

/** The notice of a new session, with the link to the page that revokes it. */
export function newSessionMail(to: string, revokeLink: string, context: RequestContext): MailMessage {
  const lines = requestLines(context)
  return {
    to,
    subject: NOTICE_SUBJECTS.newSession,
    text: `Your Portico wallet was just signed in to.\n\n${lines.join('\n')}\n\nIf it was you, there is nothing to do. If it was not, sign this session out:\n${revokeLink}\n`,
    html: `<p>Your Portico wallet was just signed in to.</p>${requestHtml(context)}<p>If it was you, there is nothing to do. If it was not: <a href="${escapeHtml(revokeLink)}">Sign this session out</a></p>`,
  }
}

/**
 * The notice of an email change, to the old and to the new address, with a revocation link: to the
 * old address every session (the change may not have been its owner's doing), to the new one every
 * session but the one that made the change.
 */
export function emailChangedMail(
  to: string,
  change: { oldEmail: string; newEmail: string; scope: 'all' | 'others' },
  revokeLink: string,
  context: RequestContext,
): MailMessage {
  const what = `The email of your Portico wallet was changed from ${change.oldEmail} to ${change.newEmail}.`
  const action = change.scope === 'all' ? 'Sign out every session' : 'Sign out every other session'
  const lines = requestLines(context)
  return {
    to,
    subject: NOTICE_SUBJECTS.emailChanged,
    text: `${what}\n\n${lines.join('\n')}\n\nIf it was not you: ${action.toLowerCase()} of the wallet:\n${revokeLink}\n`,
    html: `<p>${escapeHtml(what)}</p>${requestHtml(context)}<p>If it was not you: <a href="${escapeHtml(revokeLink)}">${action}</a></p>`,
  }
}
