/**
 * The page the social provider redirects the popup to (GET /v1/auth/social/callback). It posts the
 * result to the frame that started the login: to each frame of the window that opened it (the host
 * page), with the frame origin stored at start as targetOrigin, so that the browser delivers it to
 * the Portico frame only and never to the host page itself. The host page closes the popup when the
 * login ends. Its one script runs under a per-response CSP nonce.
 */
import { SOCIAL_RESULT_CHANNEL, SOCIAL_RESULT_TYPE, type SocialResultMessage } from '@portico/protocol/auth'
import { randomToken } from './crypto.ts'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)

/** JSON that is safe inside a <script> element (no `</script>`, no `<!--`, no line separators). */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

const COMMON_HEADERS = {
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
}

const shell = (title: string, text: string, script = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0"><main><h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main>${script}</body></html>`

/**
 * The result page: posts `message` to every frame of window.opener at exactly `frameOrigin` (only
 * a frame of that origin receives it), never to the opener itself. Without an opener it closes.
 */
export function socialResultPage(message: SocialResultMessage, frameOrigin: string): { html: string; headers: Record<string, string> } {
  const nonce = randomToken(18)
  const script =
    `<script nonce="${nonce}">(function(){var m=${scriptJson(message)};var o=${scriptJson(frameOrigin)};var w=window.opener;` +
    `if(!w){setTimeout(function(){window.close()},50);return}` +
    `for(var i=0;i<w.frames.length;i++){try{w.frames[i].postMessage(m,o)}catch(e){}}})()</script>`
  const text =
    message.error === undefined
      ? 'Signing you in. This window closes by itself.'
      : 'The sign-in was not completed. This window closes by itself.'
  return {
    html: shell('Portico sign-in', text, script),
    headers: {
      ...COMMON_HEADERS,
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    },
  }
}

/** An error page: no script, nothing posted. */
export function socialErrorPage(text: string): { html: string; headers: Record<string, string> } {
  return {
    html: shell('This sign-in can not be completed', text),
    headers: {
      ...COMMON_HEADERS,
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  }
}

export const socialResultMessage = (resultUri: string, error?: string): SocialResultMessage => ({
  channel: SOCIAL_RESULT_CHANNEL,
  type: SOCIAL_RESULT_TYPE,
  resultUri,
  ...(error === undefined ? {} : { error }),
})
