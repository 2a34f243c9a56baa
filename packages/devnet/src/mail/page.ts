// The dev mailbox page: plain server-rendered HTML. Every piece of mail content (addresses,
// subjects, bodies) is untrusted input and goes through escapeHtml; links are built only from
// http(s) URLs; the page also carries a strict CSP, so even a missed escape could run no script.
import type { CapturedMail } from './types.ts'

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi
// Punctuation that ends a sentence rather than the URL ("see https://x.test/a.").
const TRAILING_PUNCTUATION = /[.,;:!?)\]}*_]+$/

/** The http(s) URL that `candidate` is, normalised, or undefined for anything else. */
function safeHref(candidate: string): string | undefined {
  try {
    const url = new URL(candidate)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/**
 * The first 6-digit code in a mail's text (digits inside URLs do not count), or undefined.
 * One-time codes are 6 digits (issue 11); this is what the page highlights and what tests read.
 */
export function findCode(text: string): string | undefined {
  return /(?<!\d)\d{6}(?!\d)/.exec(text.replace(URL_PATTERN, ' '))?.[0]
}

/** Escapes `text` and turns its http(s) URLs into links (no other scheme ever becomes a link). */
export function linkify(text: string): string {
  let out = ''
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index
    const raw = match[0]
    const trailing = TRAILING_PUNCTUATION.exec(raw)?.[0] ?? ''
    const candidate = raw.slice(0, raw.length - trailing.length)
    const href = safeHref(candidate)
    if (!href) continue
    out += escapeHtml(text.slice(last, start))
    out += `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(candidate)}</a>`
    last = start + candidate.length
  }
  return out + escapeHtml(text.slice(last))
}

function time(iso: string): string {
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}

export interface MailboxPageOptions {
  /** Newest first. */
  messages: readonly CapturedMail[]
  /** The message shown open; defaults to the newest. */
  selectedId?: string | undefined
  smtpUrl: string
  /** A fresh random value per response, for the CSP of the inline style and script. */
  nonce: string
}

export function mailboxPageCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; }
header { padding: 12px 20px; border-bottom: 1px solid #8884; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
h1 { font-size: 18px; margin: 0; }
header p { margin: 0; opacity: .8; font-size: 14px; }
main { display: grid; grid-template-columns: minmax(240px, 360px) 1fr; min-height: calc(100vh - 50px); }
ol { list-style: none; margin: 0; padding: 0; border-right: 1px solid #8884; overflow: auto; }
li a { display: block; padding: 10px 16px; border-bottom: 1px solid #8882; color: inherit; text-decoration: none; }
li a:hover, li a[aria-current="true"] { background: #7c3aed22; }
.to, .meta { font-size: 12px; opacity: .75; overflow-wrap: anywhere; }
.subject { font-weight: 600; overflow-wrap: anywhere; }
.chip { font-family: ui-monospace, monospace; font-weight: 700; }
article { padding: 16px 24px; min-width: 0; }
article h2 { margin: 0 0 8px; font-size: 20px; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; font-size: 14px; margin: 0 0 16px; }
dt { opacity: .7; } dd { margin: 0; overflow-wrap: anywhere; }
.code { font: 700 44px/1.2 ui-monospace, monospace; letter-spacing: .2em; padding: 8px 16px; border: 2px solid #7c3aed; border-radius: 8px; display: inline-block; margin: 0 0 16px; user-select: all; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: 14px/1.5 ui-monospace, monospace; margin: 0; }
details { margin-top: 16px; }
.empty { padding: 24px; opacity: .7; }
button { font: inherit; font-size: 13px; }
`

// Reloads the page when the newest message changes (a mail arrives or the mailbox is cleared),
// checked every 2 s, so a selection or a half-copied code is not lost on every tick.
const SCRIPT = `
const latest = document.body.dataset.latest;
setInterval(async () => {
  try {
    const res = await fetch('/messages?limit=1', { cache: 'no-store' });
    const list = await res.json();
    if ((list[0]?.id ?? '') !== latest) location.reload();
  } catch {}
}, 2000);
document.getElementById('clear')?.addEventListener('click', async () => {
  await fetch('/messages', { method: 'DELETE' });
  location.assign('/');
});
`

/** The whole mailbox page, as one HTML string. */
export function renderMailboxPage({ messages, selectedId, smtpUrl, nonce }: MailboxPageOptions): string {
  const selected = selectedId === undefined ? messages[0] : messages.find((m) => m.id === selectedId)
  const items = messages
    .map((mail) => {
      const code = findCode(mail.text)
      const current = mail === selected ? ' aria-current="true"' : ''
      return (
        `<li><a href="/?id=${encodeURIComponent(mail.id)}"${current}>` +
        `<div class="to">${escapeHtml(mail.to.join(', '))}</div>` +
        `<div class="subject">${escapeHtml(mail.subject || '(no subject)')}</div>` +
        `<div class="meta"><time datetime="${escapeHtml(mail.receivedAt)}">${time(mail.receivedAt)}</time>` +
        (code ? ` · code <span class="chip">${code}</span>` : '') +
        `</div></a></li>`
      )
    })
    .join('')

  let article: string
  if (selected) {
    const code = findCode(selected.text)
    article =
      `<article>` +
      `<h2>${escapeHtml(selected.subject || '(no subject)')}</h2>` +
      `<dl><dt>From</dt><dd>${escapeHtml(selected.from)}</dd>` +
      `<dt>To</dt><dd>${escapeHtml(selected.to.join(', '))}</dd>` +
      `<dt>Received</dt><dd><time datetime="${escapeHtml(selected.receivedAt)}">${escapeHtml(selected.receivedAt)}</time></dd></dl>` +
      (code ? `<div class="code" aria-label="One-time code">${code}</div>` : '') +
      `<pre>${linkify(selected.text)}</pre>` +
      (selected.html === undefined ? '' : `<details><summary>HTML source</summary><pre>${escapeHtml(selected.html)}</pre></details>`) +
      `</article>`
  } else if (selectedId !== undefined) {
    article = `<article><p class="empty">No message ${escapeHtml(selectedId)} (cleared or dropped).</p></article>`
  } else {
    article = `<article><p class="empty">No mail yet. This page refreshes when mail arrives.</p></article>`
  }

  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Portico dev mailbox (${messages.length})</title>` +
    `<noscript><meta http-equiv="refresh" content="2"></noscript>` +
    `<style nonce="${nonce}">${STYLE}</style></head>` +
    `<body data-latest="${escapeHtml(messages[0]?.id ?? '')}">` +
    `<header><h1>Portico dev mailbox</h1>` +
    `<p>${messages.length} message${messages.length === 1 ? '' : 's'} · SMTP ${escapeHtml(smtpUrl)} · refreshes when mail arrives</p>` +
    (messages.length ? `<button type="button" id="clear">Clear</button>` : '') +
    `</header>` +
    `<main><ol aria-label="Messages, newest first">${items || '<li class="empty">Empty</li>'}</ol>${article}</main>` +
    `<script nonce="${nonce}">${SCRIPT}</script>` +
    `</body></html>`
  )
}
