// The dev wallet's on-page UI: a fixed corner widget (account and network selects, auto-approve,
// disconnect) and an approve/reject prompt for the oldest pending request. Plain DOM, inline styles,
// text only through textContent. Created by installDevWallet; touches the DOM only when mounted.
//
// Like an extension's popup, the prompt sits above everything on the page, a site's modal overlay
// included: the browser's top layer (a manual popover) where supported, else the highest z-index.
// It takes focus when a request arrives (so a keyboard user is in it at once: Tab to Reject /
// Approve, Escape rejects) and gives focus back when the request is answered.
import { type DevWalletCore, type DevWalletState, shortAddress as short } from './core.ts'
import { DEV_WALLET_ICON } from './icon.ts'

export interface DevWalletUiOptions {
  /** @default globalThis.document */
  document?: Document
  /** @default 'bottom-left' */
  position?: 'bottom-left' | 'bottom-right'
}

export interface DevWalletUi {
  readonly root: HTMLElement
  unmount(): void
}

const FONT = '12px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'
const EDGE = 12
const GAP = 8

function style(el: HTMLElement, css: Partial<CSSStyleDeclaration>): void {
  Object.assign(el.style, css)
}

/** Mounts the widget and prompt into `document.body`; re-renders on every wallet state change. */
export function mountDevWalletUi(core: DevWalletCore, options: DevWalletUiOptions = {}): DevWalletUi {
  const doc = options.document ?? globalThis.document
  if (!doc) throw new Error('mountDevWalletUi needs a document')
  const h = <K extends keyof HTMLElementTagNameMap>(tag: K, testId?: string): HTMLElementTagNameMap[K] => {
    const el = doc.createElement(tag)
    if (testId) el.dataset.testid = testId
    return el
  }

  const root = h('div', 'portico-devwallet')
  const right = options.position === 'bottom-right'
  // The widget is page furniture: a site's modal overlay (Portico's is at z-index 16777000) covers
  // it, so on a phone it never hides the bottom of a sheet. Only the prompt sits above everything.
  style(root, {
    position: 'fixed',
    bottom: `${EDGE}px`,
    zIndex: '16776000',
    font: FONT,
    color: '#141414',
    display: 'flex',
    flexDirection: 'column',
    alignItems: right ? 'flex-end' : 'flex-start',
    gap: `${GAP}px`,
    maxWidth: `calc(100vw - ${2 * EDGE}px)`,
  })
  if (right) root.style.right = `${EDGE}px`
  else root.style.left = `${EDGE}px`

  // Prompt: its own layer above the page (see the top of this file), placed just above the widget.
  const prompt = h('div', 'portico-devwallet-prompt')
  prompt.setAttribute('role', 'dialog')
  prompt.setAttribute('aria-label', 'Portico Dev Wallet request')
  prompt.tabIndex = -1
  const topLayer = typeof prompt.showPopover === 'function'
  if (topLayer) prompt.popover = 'manual'
  style(prompt, {
    display: 'none',
    position: 'fixed',
    zIndex: '2147483647',
    top: 'auto',
    bottom: `${EDGE}px`,
    left: right ? 'auto' : `${EDGE}px`,
    right: right ? `${EDGE}px` : 'auto',
    margin: '0',
    overflow: 'visible',
    font: FONT,
    color: '#141414',
    width: '300px',
    maxWidth: `calc(100vw - ${2 * EDGE}px)`,
    boxSizing: 'border-box',
    background: '#ffffff',
    border: '1px solid #d6d6de',
    borderRadius: '12px',
    boxShadow: '0 8px 28px rgba(0,0,0,0.18)',
    padding: '12px',
  })
  const promptHeader = h('div')
  style(promptHeader, { fontSize: '11px', color: '#6b6b7b', marginBottom: '4px' })
  const promptTitle = h('div', 'portico-devwallet-prompt-title')
  style(promptTitle, { fontWeight: '600', fontSize: '13px', marginBottom: '6px', overflowWrap: 'anywhere' })
  const promptDetails = h('div', 'portico-devwallet-prompt-details')
  style(promptDetails, {
    maxHeight: '140px',
    overflow: 'auto',
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
    fontSize: '11px',
    color: '#3a3a48',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    marginBottom: '10px',
  })
  const buttons = h('div')
  style(buttons, { display: 'flex', gap: '8px', justifyContent: 'flex-end' })
  const button = (label: string, testId: string, primary: boolean) => {
    const b = h('button', testId)
    b.type = 'button'
    b.textContent = label
    style(b, {
      font: FONT,
      fontWeight: '600',
      padding: '6px 14px',
      borderRadius: '8px',
      cursor: 'pointer',
      border: primary ? '1px solid #2f5bff' : '1px solid #c9c9d3',
      background: primary ? '#2f5bff' : '#f3f3f6',
      color: primary ? '#ffffff' : '#141414',
    })
    return b
  }
  const reject = button('Reject', 'portico-devwallet-reject', false)
  const approve = button('Approve', 'portico-devwallet-approve', true)
  buttons.append(reject, approve)
  prompt.append(promptHeader, promptTitle, promptDetails, buttons)

  // Widget (corner badge)
  const widget = h('div', 'portico-devwallet-widget')
  style(widget, {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '6px',
    background: '#ffffff',
    border: '1px solid #d6d6de',
    borderRadius: '999px',
    boxShadow: '0 2px 10px rgba(0,0,0,0.12)',
    padding: '4px 8px 4px 4px',
  })
  const icon = h('img')
  icon.src = DEV_WALLET_ICON
  icon.alt = 'Portico Dev Wallet'
  icon.title = 'Portico Dev Wallet'
  icon.width = 22
  icon.height = 22
  style(icon, { borderRadius: '6px', display: 'block' })
  const dot = h('span', 'portico-devwallet-status')
  style(dot, { width: '8px', height: '8px', borderRadius: '50%', display: 'inline-block' })
  const select = (testId: string, label: string, maxWidth: string) => {
    const s = h('select', testId)
    s.setAttribute('aria-label', label)
    style(s, { font: FONT, maxWidth, border: '1px solid #d6d6de', borderRadius: '6px', background: '#fff', color: '#141414' })
    return s
  }
  const accountSelect = select('portico-devwallet-account-select', 'Dev wallet account', '150px')
  const chainSelect = select('portico-devwallet-chain-select', 'Dev wallet network', '200px')
  const autoLabel = h('label')
  style(autoLabel, { display: 'inline-flex', alignItems: 'center', gap: '3px', cursor: 'pointer', whiteSpace: 'nowrap' })
  const autoApprove = h('input', 'portico-devwallet-autoapprove')
  autoApprove.type = 'checkbox'
  autoLabel.append(autoApprove, doc.createTextNode('Auto-approve'))
  const revoke = button('Disconnect', 'portico-devwallet-revoke', false)
  style(revoke, { padding: '2px 8px', fontWeight: '500', borderRadius: '999px' })
  widget.append(icon, dot, accountSelect, chainSelect, autoLabel, revoke)

  root.append(widget)
  doc.body.append(root, prompt)

  // Events
  approve.addEventListener('click', () => {
    const first = core.getState().pending[0]
    if (first) core.approvePending(first.id)
  })
  reject.addEventListener('click', () => {
    const first = core.getState().pending[0]
    if (first) core.rejectPending(first.id)
  })
  accountSelect.addEventListener('change', () => core.selectAccount(Number(accountSelect.value)))
  chainSelect.addEventListener('change', () => core.switchChain(Number(chainSelect.value)))
  autoApprove.addEventListener('change', () => core.setAutoApprove(autoApprove.checked))
  revoke.addEventListener('click', () => core.revoke())
  prompt.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return
    e.stopPropagation()
    const first = core.getState().pending[0]
    if (first) core.rejectPending(first.id)
  })

  // Focus: taken when the prompt appears, given back when it goes. `returnTo` is the element that
  // had focus and its ancestors, nearest first: when that element is gone (the page moved on),
  // the nearest focusable ancestor still on the page (a modal dialog, say) gets it.
  let returnTo: HTMLElement[] = []
  const rememberFocus = (from: Element | null) => {
    returnTo = []
    for (let el = from as HTMLElement | null; el && el !== doc.body; el = el.parentElement) returnTo.push(el)
  }
  const takeFocus = () => {
    const active = doc.activeElement
    if (active && prompt.contains(active)) return
    rememberFocus(active)
    prompt.focus({ preventScroll: true })
  }
  // Focus that comes in later (Tab from a site's dialog) goes back where it came from.
  prompt.addEventListener('focusin', (e) => {
    const from = e.relatedTarget as Element | null
    if (from && !prompt.contains(from)) rememberFocus(from)
  })
  const giveBackFocus = () => {
    const chain = returnTo
    returnTo = []
    const active = doc.activeElement
    if (active && active !== doc.body && !prompt.contains(active)) return
    for (const el of chain) {
      if (!el.isConnected) continue
      el.focus({ preventScroll: true })
      if (doc.activeElement === el) return
    }
  }
  const show = () => {
    if (prompt.style.display === 'block') return false
    prompt.style.display = 'block'
    if (topLayer && !prompt.matches(':popover-open')) prompt.showPopover()
    return true
  }
  const hide = () => {
    if (prompt.style.display === 'none') return
    const hadFocus = prompt.contains(doc.activeElement)
    if (topLayer && prompt.matches(':popover-open')) prompt.hidePopover()
    prompt.style.display = 'none'
    if (hadFocus || doc.activeElement === doc.body) giveBackFocus()
    else returnTo = []
  }

  let accountKey = ''
  let chainKey = ''
  function render(s: DevWalletState) {
    const ak = s.accounts.join()
    if (ak !== accountKey) {
      accountKey = ak
      accountSelect.replaceChildren(
        ...s.accounts.map((a, i) => {
          const o = h('option')
          o.value = String(i)
          o.textContent = `#${i} ${short(a)}`
          o.title = a
          return o
        }),
      )
    }
    const ck = s.chains.map((c) => `${c.chainId}:${c.name}`).join()
    if (ck !== chainKey) {
      chainKey = ck
      chainSelect.replaceChildren(
        ...s.chains.map((c) => {
          const o = h('option')
          o.value = String(c.chainId)
          o.textContent = `${c.name} (${c.chainId})`
          return o
        }),
      )
    }
    accountSelect.value = String(s.accountIndex)
    chainSelect.value = String(s.chainId)
    autoApprove.checked = s.autoApprove
    dot.style.background = s.authorized ? '#1fb86b' : '#b5b5c0'
    dot.title = s.authorized ? 'Connected to this site' : 'Not connected to this site'
    widget.dataset.authorized = String(s.authorized)
    revoke.style.display = s.authorized ? '' : 'none'

    const first = s.pending[0]
    if (!first) {
      prompt.dataset.kind = ''
      hide()
      return
    }
    prompt.dataset.kind = first.kind
    promptHeader.textContent = s.pending.length > 1 ? `Portico Dev Wallet · 1 of ${s.pending.length} requests` : 'Portico Dev Wallet'
    promptTitle.textContent = first.title
    promptDetails.textContent = first.details.join('\n')
    prompt.style.bottom = `${EDGE + root.getBoundingClientRect().height + GAP}px`
    if (show()) takeFocus()
  }
  const unsubscribe = core.subscribe(render)
  render(core.getState())

  return {
    root,
    unmount() {
      unsubscribe()
      root.remove()
      prompt.remove()
    },
  }
}
