// The exchange sandbox's pages: the pay page a user "logged in to the exchange" confirms or cancels,
// its script (served from the sandbox itself, so the page's CSP allows no inline script), and the
// logos as data: URIs (nothing is fetched from anywhere else).
import { escapeHtml } from '../mail/page.ts'

/** An SVG logo as a data: URI: a rounded square in `color` with `letter`. */
export function logoDataUri(letter: string, color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="16" fill="${color}"/>` +
    `<text x="32" y="43" font-family="Arial,sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${escapeHtml(letter)}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
}

export function page(title: string, body: string, script = false): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:420px;margin:32px auto;padding:0 16px;color:#141414">${body}` +
    (script ? '<script src="/pay.js"></script>' : '') +
    `</body></html>`
  )
}

export interface PayPageModel {
  sessionId: string
  exchange: { name: string; imageUrl: string; user: string }
  symbol: string
  amount: string
  network: string
  recipient: string
  /** What the exchange holds of the asset, in whole units. */
  balance: string | undefined
  state: 'awaiting' | 'sending' | 'success' | 'failed'
  reason?: string
  txHash?: string
}

const row = (label: string, value: string, testId: string) =>
  `<div style="display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-bottom:1px solid #eee"><span style="color:#666">${escapeHtml(label)}</span>` +
  `<span data-testid="${testId}" style="text-align:right;word-break:break-all">${escapeHtml(value)}</span></div>`

/** What the status line says in each state. */
export function statusText(model: Pick<PayPageModel, 'state' | 'reason' | 'txHash'>): string {
  switch (model.state) {
    case 'awaiting':
      return 'Waiting for your confirmation'
    case 'sending':
      return 'Sending…'
    case 'success':
      return 'Sent. You can close this window.'
    case 'failed':
      return `Payment failed: ${model.reason ?? 'unknown error'}`
  }
}

export function payPage(model: PayPageModel): string {
  const id = encodeURIComponent(model.sessionId)
  const pending = model.state === 'awaiting'
  const buttons = pending
    ? `<div style="display:flex;gap:8px;margin-top:20px">` +
      `<form method="post" action="/pay/${id}/confirm" data-pay-action="confirm" style="flex:1"><button type="submit" data-testid="portico-exchange-confirm" style="width:100%;font:inherit;padding:10px;border-radius:10px;border:0;background:#1b5cff;color:#fff">Confirm</button></form>` +
      `<form method="post" action="/pay/${id}/cancel" data-pay-action="cancel" style="flex:1"><button type="submit" data-testid="portico-exchange-cancel" style="width:100%;font:inherit;padding:10px;border-radius:10px;border:1px solid #ccc;background:#fff">Cancel</button></form>` +
      `</div>`
    : ''
  const tx = model.txHash ? row('Transaction', model.txHash, 'portico-exchange-tx') : ''
  return page(
    `${model.exchange.name} · Pay`,
    `<main data-testid="portico-exchange-pay" data-session="${escapeHtml(model.sessionId)}" data-state="${model.state}">` +
      `<header style="display:flex;align-items:center;gap:12px"><img src="${escapeHtml(model.exchange.imageUrl)}" alt="" width="40" height="40">` +
      `<div><h1 style="font-size:20px;margin:0" data-testid="portico-exchange-name">${escapeHtml(model.exchange.name)}</h1>` +
      `<div style="color:#666;font-size:14px" data-testid="portico-exchange-user">Signed in as ${escapeHtml(model.exchange.user)}</div></div></header>` +
      `<p style="font-size:28px;font-weight:600;margin:24px 0 8px" data-testid="portico-exchange-amount">${escapeHtml(model.amount)} ${escapeHtml(model.symbol)}</p>` +
      row('Network', model.network, 'portico-exchange-network') +
      row('Recipient', model.recipient, 'portico-exchange-recipient') +
      row('Your balance', model.balance === undefined ? '—' : `${model.balance} ${model.symbol}`, 'portico-exchange-balance') +
      tx +
      `<p role="status" data-testid="portico-exchange-status" style="margin-top:16px">${escapeHtml(statusText(model))}</p>` +
      buttons +
      `</main>`,
    pending,
  )
}

/**
 * The pay page's script: Confirm and Cancel are sent with fetch (the page stays, so leaving it
 * means the user left), and leaving the page before deciding tells the sandbox (a beacon on
 * pagehide; the sandbox also sees the page's event stream close when the window goes away).
 */
export const PAY_SCRIPT = `(() => {
  const main = document.querySelector('[data-testid="portico-exchange-pay"]')
  if (!main) return
  const id = encodeURIComponent(main.dataset.session)
  let decided = false
  const status = document.querySelector('[data-testid="portico-exchange-status"]')
  const events = new EventSource('/pay/' + id + '/events')
  events.onmessage = (e) => {
    try {
      const s = JSON.parse(e.data)
      if (s.state !== 'awaiting') decided = true
      if (s.text) status.textContent = s.text
      main.dataset.state = s.state
      if (s.txHash && !document.querySelector('[data-testid="portico-exchange-tx"]')) {
        const p = document.createElement('p')
        p.dataset.testid = 'portico-exchange-tx'
        p.style.wordBreak = 'break-all'
        p.textContent = s.txHash
        status.after(p)
      }
      if (s.state === 'success' || s.state === 'failed') events.close()
    } catch {}
  }
  for (const form of document.querySelectorAll('form[data-pay-action]')) {
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      decided = true
      for (const b of document.querySelectorAll('form[data-pay-action] button')) b.disabled = true
      status.textContent = form.dataset.payAction === 'confirm' ? 'Sending…' : 'Cancelling…'
      fetch(form.action, { method: 'POST', headers: { accept: 'application/json' } }).catch(() => {})
    })
  }
  addEventListener('pagehide', () => {
    if (!decided) navigator.sendBeacon('/pay/' + id + '/closed')
  })
})()
`
