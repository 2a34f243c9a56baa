// The dev OIDC provider's login page: plain server-rendered HTML, no script, a strict CSP. A test
// user picks an account (one button each) or cancels (the client gets error=access_denied).
import type { OidcUser } from './users.ts'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)

/** No script at all; the form posts to this origin (the provider then redirects to the client). */
export const loginPageCsp = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'"

/** The text of a user's button: "Ada Lovelace (ada@social.test)". */
export const userLabel = (user: OidcUser) => `${user.name} (${user.email})`

export function renderLoginPage(input: { uid: string; clientId: string; users: readonly OidcUser[] }): string {
  const action = `/interaction/${encodeURIComponent(input.uid)}/login`
  const buttons = input.users
    .map(
      (user) =>
        `<li><button type="submit" name="account" value="${escapeHtml(user.id)}" data-testid="portico-oidc-user-${escapeHtml(user.id)}">${escapeHtml(userLabel(user))}</button></li>`,
    )
    .join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev sign-in</title>
<style>
body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;background:#f4f4f5;color:#18181b}
main{background:#fff;border-radius:16px;padding:24px;width:min(340px,90vw);box-shadow:0 1px 3px #0002}
h1{font-size:18px;margin:0 0 4px}p{margin:0 0 16px;color:#52525b;font-size:14px}
ul{list-style:none;margin:0;padding:0;display:grid;gap:8px}
button{width:100%;padding:12px;border-radius:10px;border:1px solid #d4d4d8;background:#fff;font:inherit;text-align:left;cursor:pointer}
button:hover{background:#f4f4f5}.cancel{margin-top:16px;text-align:center;color:#52525b}
</style></head>
<body><main data-testid="portico-oidc-login">
<h1>Dev sign-in</h1><p>Choose an account to continue to <b>${escapeHtml(input.clientId)}</b>.</p>
<form method="post" action="${escapeHtml(action)}"><ul>${buttons}</ul>
<button type="submit" name="cancel" value="1" class="cancel" data-testid="portico-oidc-cancel">Cancel</button></form>
</main></body></html>`
}
