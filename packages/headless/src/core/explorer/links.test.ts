import { describe, expect, it } from 'vitest'
import { installLinks, walletLink, walletLinks } from './links'

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000240'
const ENCODED = encodeURIComponent(URI)

describe('walletLink', () => {
  it.each([
    ['https://metamask.app.link', `https://metamask.app.link/wc?uri=${ENCODED}`],
    ['https://link.trustwallet.com/', `https://link.trustwallet.com/wc?uri=${ENCODED}`],
    ['metamask://', `metamask://wc?uri=${ENCODED}`],
    ['rainbow:', `rainbow://wc?uri=${ENCODED}`],
    ['ledgerlive', `ledgerlive://wc?uri=${ENCODED}`],
    ['javascript:alert(1)', undefined],
    ['data:text/html,hi', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j → %s', (base, out) => {
    expect(walletLink(base, URI)).toBe(out)
  })

  // Browsers drop leading/trailing C0 controls and spaces and every tab, CR and LF before they read
  // the scheme, and compare it case-insensitively: the filter sees the scheme the browser would.
  it.each([
    ['java\tscript:alert(1)'],
    ['\u0001javascript:alert(1)'],
    ['\u0000javascript:alert(1)'],
    [' javascript:alert(1)'],
    ['\u001f\u0020javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['javascript\n:alert(1)'],
    ['java\r\nscript:alert(1)'],
    ['j\ta\nv\ra\tscript:alert(1)'],
    ['javascript:'],
    ['javascript://'],
    ['javascript'],
    ['JAVASCRIPT'],
    ['java\tscript'],
    ['vbscript:msgbox(1)'],
    ['VBScript:msgbox(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['\tdata:text/html,hi'],
    ['file:///etc/passwd'],
    ['FILE://C:/Windows/win.ini'],
    ['blob:https://evil.example/0b3c0d4e'],
    ['java\u00a0script:alert(1)'],
    ['java\u0001script:alert(1)'],
  ])('%j is never linked', (base) => {
    expect(walletLink(base, URI)).toBeUndefined()
  })

  it.each([
    [' https://metamask.app.link ', `https://metamask.app.link/wc?uri=${ENCODED}`],
    ['\thttps://link.trustwallet.com/\n', `https://link.trustwallet.com/wc?uri=${ENCODED}`],
    ['\u0001https://metamask.app.link', `https://metamask.app.link/wc?uri=${ENCODED}`],
    ['https://meta\tmask.app.link', `https://metamask.app.link/wc?uri=${ENCODED}`],
    ['HTTPS://metamask.app.link', `HTTPS://metamask.app.link/wc?uri=${ENCODED}`],
    ['http://localhost:5173/wallet', `http://localhost:5173/wallet/wc?uri=${ENCODED}`],
    ['trust://', `trust://wc?uri=${ENCODED}`],
    ['cbwallet://', `cbwallet://wc?uri=${ENCODED}`],
    ['javascript-wallet://', `javascript-wallet://wc?uri=${ENCODED}`],
    ['datawallet:', `datawallet://wc?uri=${ENCODED}`],
    ['//metamask.app.link', `//metamask.app.link/wc?uri=${ENCODED}`],
    ['/wallet/', `/wallet/wc?uri=${ENCODED}`],
    ['./connect', `./connect/wc?uri=${ENCODED}`],
    ['zerion://wallet', `zerion://wallet/wc?uri=${ENCODED}`],
    ['zerion://wallet/', `zerion://wallet/wc?uri=${ENCODED}`],
    ['\u0001\u0002', undefined],
    ['  ', undefined],
    [undefined, undefined],
  ])('%j → %s', (base, out) => {
    expect(walletLink(base, URI)).toBe(out)
  })

  it('mobile shows the app link; desktop the desktop and web app links', () => {
    const w = { mobile_link: 'metamask://', desktop_link: 'https://desk.example', webapp_link: 'https://web.example/' }
    expect(walletLinks(w, URI, true)).toEqual({ mobile: `metamask://wc?uri=${ENCODED}` })
    expect(walletLinks(w, URI, false)).toEqual({
      desktop: `https://desk.example/wc?uri=${ENCODED}`,
      web: `https://web.example/wc?uri=${ENCODED}`,
    })
    expect(walletLinks(w, undefined, true)).toEqual({})
    expect(walletLinks(undefined, URI, true)).toEqual({})
  })

  it('an unsafe link of a wallet is left out, its safe links stay', () => {
    const w = { mobile_link: 'java\tscript:alert(1)', desktop_link: ' vbscript:x', webapp_link: 'https://web.example' }
    expect(walletLinks(w, URI, true)).toEqual({ mobile: undefined })
    expect(walletLinks(w, URI, false)).toEqual({ desktop: undefined, web: `https://web.example/wc?uri=${ENCODED}` })
  })
})

describe('installLinks (issue 9 §3.12: getting a wallet that is not installed)', () => {
  const full = {
    chrome_store: 'https://chromewebstore.google.com/detail/rabbit',
    app_store: 'https://apps.apple.com/app/rabbit',
    play_store: 'https://play.google.com/store/apps/details?id=rabbit',
    homepage: 'https://rabbit.example',
    webapp_link: 'https://app.rabbit.example',
  }
  it.each<[string, Parameters<typeof installLinks>[0], boolean, string[]]>([
    ['desktop: extension, website, web app, then the stores', full, false, ['chromeStore', 'website', 'webApp', 'appStore', 'playStore']],
    ['phone: the stores, then web app and website; no extension', full, true, ['appStore', 'playStore', 'webApp', 'website']],
    ['only a web app', { webapp_link: 'https://app.rabbit.example' }, false, ['webApp']],
    ['nothing to offer', { homepage: null, webapp_link: null }, false, []],
    [
      'unsafe or non-web links are left out',
      {
        homepage: 'javascript:alert(1)',
        chrome_store: 'java\tscript:x',
        app_store: 'itms-apps://x',
        play_store: 'market://details?id=x',
        webapp_link: '//app.example',
      },
      false,
      [],
    ],
    ['http (a local explorer) is a web page too', { homepage: 'http://127.0.0.1:8787/rabbit' }, false, ['website']],
  ])('%s', (_name, wallet, mobile, kinds) => {
    expect(installLinks(wallet, mobile).map((l) => l.kind)).toEqual(kinds)
  })

  it('keeps the URL as the browser reads it (surrounding spaces dropped)', () => {
    expect(installLinks({ homepage: '  https://rabbit.example/get \n' }, false)).toEqual([
      { kind: 'website', url: 'https://rabbit.example/get' },
    ])
  })
})
