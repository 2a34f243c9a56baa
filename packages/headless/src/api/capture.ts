/**
 * Email capture (SPEC §1): POST /v1/email-capture, the visitor's email for the connected account; the
 * server mails a confirmation link (double opt-in). Loaded with `import()` on the first call, with its
 * wire schema. Failures: 'HTTP status code: {n}' for a status, else 'Something went wrong'.
 */
import { emailCaptureResponseSchema, type EmailCaptureRequest, type EmailCaptureResponse } from '@portico/protocol/capture'
import { ERRORS } from '../core/errors'
import type { CallOptions, Http } from './http'

export interface CaptureClient {
  /** POST /v1/email-capture → `pending` (a confirmation mail went out) or `confirmed` (already confirmed). */
  submit(body: EmailCaptureRequest, options?: CallOptions): Promise<EmailCaptureResponse>
}

export function createCaptureClient(http: Http, config: { baseUrl: string }): CaptureClient {
  return {
    submit: (body, options = {}) =>
      http.request({
        method: 'POST',
        url: http.url(config.baseUrl, '/v1/email-capture'),
        body,
        schema: emailCaptureResponseSchema,
        errorText: ERRORS.somethingWentWrong,
        signal: options.signal,
      }),
  }
}
