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

const escapeHtml = (text: string) =>
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

/** The mail with the link that approves a new device. */
export function deviceMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Approve your new device for Portico',
    text: `A new device asked to sign in to Portico with this email.\n\nApprove it by opening this link:\n${link}\n\nThe link works once and expires in 10 minutes. If it was not you, ignore this mail.\n`,
    html: `<p>A new device asked to sign in to Portico with this email.</p><p><a href="${escapeHtml(link)}">Approve this device</a></p><p>The link works once and expires in 10 minutes. If it was not you, ignore this mail.</p>`,
  }
}
