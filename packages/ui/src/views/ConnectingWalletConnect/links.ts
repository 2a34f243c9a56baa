import type { ExplorerWallet } from '@portico/headless'

/** Schemes that run code or read files are never linked, whatever the explorer says. */
const UNSAFE_SCHEME = /^\s*(javascript|data|vbscript|file|blob):/i

/**
 * A wallet's pairing link for `uri`: universal links (https://…) get `/wc?uri=…`, native schemes
 * (`metamask://`) get `wc?uri=…` after the scheme. undefined when the wallet has no such link.
 */
export function walletLink(base: string | null | undefined, uri: string): string | undefined {
  const link = base?.trim()
  if (!link || UNSAFE_SCHEME.test(link)) return undefined
  const encoded = encodeURIComponent(uri)
  if (/^https?:\/\//i.test(link)) return `${link.replace(/\/+$/, '')}/wc?uri=${encoded}`
  const scheme = link.includes('://') ? link.replace(/\/+$/, '').replace(/:\/*$/, '') + '://' : `${link.replace(/:\/*$/, '')}://`
  return `${scheme}wc?uri=${encoded}`
}

export type WalletLinks = { mobile?: string; desktop?: string; web?: string }

/** The links shown for a chosen explorer wallet: its app on mobile, desktop app and web app elsewhere. */
export function walletLinks(wallet: Pick<ExplorerWallet, 'mobile_link' | 'desktop_link' | 'webapp_link'> | undefined, uri: string | undefined, mobile: boolean): WalletLinks {
  if (!wallet || !uri) return {}
  if (mobile) return { mobile: walletLink(wallet.mobile_link, uri) }
  return { desktop: walletLink(wallet.desktop_link, uri), web: walletLink(wallet.webapp_link, uri) }
}
