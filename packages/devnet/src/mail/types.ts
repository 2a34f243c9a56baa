// The shape of a captured mail, shared by the mailbox and its page.
export interface CapturedMail {
  /** Opaque, unique per mailbox; later mail has a later id (see `waitFor`'s `after`). */
  id: string
  /** The From header as written ('"Portico" <no-reply@portico.test>'), else the envelope sender. */
  from: string
  /** Envelope recipients (RCPT TO) as the client wrote them (nodemailer lower-cases the domain), so Bcc recipients are included. */
  to: string[]
  subject: string
  /** The text part; for an HTML-only mail, text that mailparser derived from the HTML. The line break that ends a MIME body is dropped. */
  text: string
  html?: string
  /** ISO 8601. */
  receivedAt: string
}
