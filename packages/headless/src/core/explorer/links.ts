/** Pairing links of explorer wallets: built from the wallet's links, never with a scheme that runs code. */
import type { ExplorerWallet } from '../../api/schemas'

/** Schemes that run code or read local files are never linked, whatever the explorer says. */
const UNSAFE_SCHEMES: ReadonlySet<string> = new Set(['javascript', 'vbscript', 'data', 'file', 'blob', 'filesystem'])

// U+0000–U+0020 (C0 controls and space) as a character-class range, for the patterns below.
const C0_OR_SPACE = '\\u0000-\\u0020'
const EDGE_C0_OR_SPACE = new RegExp(`^[${C0_OR_SPACE}]+|[${C0_OR_SPACE}]+$`, 'g')
const INVISIBLE = new RegExp(`[${C0_OR_SPACE}\\u007f-\\u009f\\s\\u200b-\\u200d\\u2060\\ufeff]`, 'g')

/**
 * What a browser does to an href before it reads it (WHATWG URL parsing): leading and trailing
 * C0 controls and spaces are dropped, and every tab, LF and CR anywhere.
 */
const asBrowserReads = (link: string): string => link.replace(EDGE_C0_OR_SPACE, '').replace(/[\t\n\r]/g, '')

/**
 * The scheme of `link`, lower case, read strictly: every control character, whitespace (Unicode
 * spaces included) and zero-width character is removed first, so 'java\u0001script:' and
 * 'java\u00a0script:' count as javascript even where a browser would only see a relative link.
 */
function schemeOf(link: string): string | undefined {
  const squeezed = link.replace(INVISIBLE, '')
  return /^([a-z][a-z0-9+.-]*):/i.exec(squeezed)?.[1]?.toLowerCase()
}

/** Whether `link` would open with a scheme of UNSAFE_SCHEMES (case, controls and whitespace ignored). */
export function isUnsafeLink(link: string): boolean {
  const scheme = schemeOf(link)
  return scheme !== undefined && UNSAFE_SCHEMES.has(scheme)
}

/**
 * A wallet's pairing link for `uri`: universal links (https://…, and relative ones: //host, /path,
 * ./path) get `/wc?uri=…`; native schemes (`metamask://`, `rainbow:`, `ledgerlive`) get
 * `wc?uri=…` after `scheme://`, and a native link with a path (`zerion://wallet`) gets `/wc?uri=…`.
 * undefined when the wallet has no such link, or when the link or the built one would open an
 * unsafe scheme (javascript:, vbscript:, data:, file:, blob:, filesystem:) — read the way a browser
 * reads it, so `java\tscript:`, `\u0001javascript:` or a bare `javascript` are caught too.
 */
export function walletLink(base: string | null | undefined, uri: string): string | undefined {
  const link = typeof base === 'string' ? asBrowserReads(base) : ''
  if (!link || isUnsafeLink(link)) return undefined
  const built = buildLink(link, encodeURIComponent(uri))
  return isUnsafeLink(built) ? undefined : built
}

function buildLink(link: string, encodedUri: string): string {
  const universal = /^https?:\/\//i.test(link) || link.startsWith('/') || link.startsWith('.')
  if (universal) return `${link.replace(/\/+$/, '')}/wc?uri=${encodedUri}`
  const schemeOnly = /^([a-z][a-z0-9+.-]*):\/*$/i.exec(link)
  if (schemeOnly) return `${schemeOnly[1]}://wc?uri=${encodedUri}`
  if (link.includes('://')) return `${link.replace(/\/+$/, '')}/wc?uri=${encodedUri}`
  return `${link.replace(/[:/]+$/, '')}://wc?uri=${encodedUri}`
}

export type WalletLinks = { mobile?: string; desktop?: string; web?: string }

/** The links shown for a chosen explorer wallet: its app on mobile, desktop app and web app elsewhere. */
export function walletLinks(
  wallet: Pick<ExplorerWallet, 'mobile_link' | 'desktop_link' | 'webapp_link'> | undefined,
  uri: string | undefined,
  mobile: boolean,
): WalletLinks {
  if (!wallet || !uri) return {}
  if (mobile) return { mobile: walletLink(wallet.mobile_link, uri) }
  return { desktop: walletLink(wallet.desktop_link, uri), web: walletLink(wallet.webapp_link, uri) }
}

/** A place to get a wallet that is not installed. */
export interface InstallLink {
  kind: 'chromeStore' | 'appStore' | 'playStore' | 'website' | 'webApp'
  url: string
}

/** Only web pages are offered as places to get a wallet: http(s) URLs, read the way a browser reads them. */
function webPage(link: string | null | undefined): string | undefined {
  const url = typeof link === 'string' ? asBrowserReads(link) : ''
  return /^https?:\/\/[^/\s]/i.test(url) && !isUnsafeLink(url) ? url : undefined
}

/**
 * Where to get an explorer wallet that is not installed, most useful first for the platform: on a
 * phone its app stores, then its web app and website; elsewhere its browser extension, website and
 * web app, then the app stores. Only http(s) links; each kind once; none when the explorer has none.
 */
export function installLinks(
  wallet: Pick<ExplorerWallet, 'homepage' | 'app_store' | 'play_store' | 'chrome_store' | 'webapp_link'>,
  mobile: boolean,
): InstallLink[] {
  const found: Record<InstallLink['kind'], string | undefined> = {
    chromeStore: webPage(wallet.chrome_store),
    appStore: webPage(wallet.app_store),
    playStore: webPage(wallet.play_store),
    website: webPage(wallet.homepage),
    webApp: webPage(wallet.webapp_link),
  }
  const order: InstallLink['kind'][] = mobile
    ? ['appStore', 'playStore', 'webApp', 'website']
    : ['chromeStore', 'website', 'webApp', 'appStore', 'playStore']
  return order.flatMap((kind) => (found[kind] ? [{ kind, url: found[kind] }] : []))
}
