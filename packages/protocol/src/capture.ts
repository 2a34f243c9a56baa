/**
 * Email capture (SPEC §1): after a wallet connects, the visitor may leave an email. It is stored
 * unconfirmed and a confirmation link is mailed (double opt-in, the same SMTP path as the email
 * login); following the link confirms it.
 *
 * | Method | Path | Body | Answer |
 * |---|---|---|---|
 * | POST | /v1/email-capture?projectId= | EmailCaptureRequest | EmailCaptureResponse |
 * | GET | /v1/email-capture/confirm?token= | none | an HTML page (a browser following the mailed link), or EmailCaptureConfirmResponse / `{ error }` when the client's `Accept` prefers `application/json` |
 */
import { z } from 'zod/mini'

// Marked pure: a client that uses only the response schema (headless's lazy capture client) drops
// this one, and with it zod's email and max-length checks from the shared zod chunk of every app's
// first load.
export const emailCaptureRequestSchema = /* @__PURE__ */ z.object({
  email: /* @__PURE__ */ z.email().check(/* @__PURE__ */ z.maxLength(254)),
  /** The connected account, CAIP-10 (`eip155:1:0xabc…`). */
  account: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(3), /* @__PURE__ */ z.maxLength(200)),
})
export type EmailCaptureRequest = z.infer<typeof emailCaptureRequestSchema>

/** `pending`: a confirmation mail was sent; `confirmed`: this email was already confirmed for the account. */
export const emailCaptureResponseSchema = z.object({ status: z.enum(['pending', 'confirmed']) })
export type EmailCaptureResponse = z.infer<typeof emailCaptureResponseSchema>

/** GET /v1/email-capture/confirm for a client whose `Accept` prefers JSON: the confirmed address. */
export const emailCaptureConfirmResponseSchema = z.object({ status: z.literal('confirmed'), email: z.string() })
export type EmailCaptureConfirmResponse = z.infer<typeof emailCaptureConfirmResponseSchema>
