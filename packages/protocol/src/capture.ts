/**
 * Email capture (SPEC §1): after a wallet connects, the visitor may leave an email. It is stored
 * unconfirmed and a confirmation link is mailed (double opt-in, the same SMTP path as the email
 * login); following the link confirms it.
 *
 * | Method | Path | Body | Answer |
 * |---|---|---|---|
 * | POST | /v1/email-capture?projectId= | EmailCaptureRequest | EmailCaptureResponse |
 * | GET | /v1/email-capture/confirm?token= | none | an HTML page: confirmed, or the link is invalid/expired |
 */
import { z } from 'zod/mini'

export const emailCaptureRequestSchema = z.object({
  email: z.email().check(z.maxLength(254)),
  /** The connected account, CAIP-10 (`eip155:1:0xabc…`). */
  account: z.string().check(z.minLength(3), z.maxLength(200)),
})
export type EmailCaptureRequest = z.infer<typeof emailCaptureRequestSchema>

/** `pending`: a confirmation mail was sent; `confirmed`: this email was already confirmed for the account. */
export const emailCaptureResponseSchema = z.object({ status: z.enum(['pending', 'confirmed']) })
export type EmailCaptureResponse = z.infer<typeof emailCaptureResponseSchema>
