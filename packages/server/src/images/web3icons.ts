// Logos from @web3icons/core (MIT, https://github.com/0xa3k5/web3icons): tokens, networks and
// wallets. Only files of the installed package are read, found by name in an index of its
// directories (never a path built from input), and each SVG is checked before it is served.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

export type IconKind = 'tokens' | 'networks' | 'wallets' | 'exchanges'

/**
 * Which style of the set each kind uses: tokens the round coin ('branded'); networks, wallets and
 * exchanges (the marks of Uniswap, 1inch and Binance, whose wallets carry them) the square tile with
 * the brand's background ('background'), which views clip to a circle or a rounded square.
 */
const VARIANT: Record<IconKind, string> = { tokens: 'branded', networks: 'background', wallets: 'background', exchanges: 'background' }

const FILE = /^([A-Za-z0-9._-]{1,64})\.svg\.js$/

function svgsDir(): string | undefined {
  try {
    const entry = createRequire(import.meta.url).resolve('@web3icons/core')
    const dir = path.join(path.dirname(entry), 'svgs')
    return existsSync(dir) ? dir : undefined
  } catch {
    return undefined
  }
}

const indexes = new Map<IconKind, Map<string, string>>()

/** The set's files of a kind by lower-case name ('usdc' → …/tokens/branded/USDC.svg.js). */
function indexOf(kind: IconKind): Map<string, string> {
  let index = indexes.get(kind)
  if (index === undefined) {
    index = new Map()
    const base = svgsDir()
    const dir = base === undefined ? undefined : path.join(base, kind, VARIANT[kind])
    if (dir !== undefined && existsSync(dir)) {
      for (const file of readdirSync(dir)) {
        const name = FILE.exec(file)?.[1]
        if (name !== undefined) index.set(name.toLowerCase(), path.join(dir, file))
      }
    }
    indexes.set(kind, index)
  }
  return index
}

/**
 * The SVG of a module of the set: `var name =\n  '<svg …>'\n…`. Read as text (the module is not
 * run); the string may hold no escape but `\n`.
 */
export function svgOfModule(source: string): string | undefined {
  const literal = /^var [A-Za-z_$][\w$]* =\s*'((?:[^'\\]|\\n)*)'/.exec(source)?.[1]
  return literal === undefined ? undefined : literal.replace(/\\n/g, '\n')
}

/**
 * True when an SVG is plain vector art: one `<svg>` in the SVG namespace, no script, event
 * handler, style sheet, foreign content, embedded image or link, and no URL but its own `#ids`.
 */
export function isSafeSvg(svg: string): boolean {
  const trimmed = svg.trim()
  if (!trimmed.startsWith('<svg xmlns="http://www.w3.org/2000/svg"') || !trimmed.endsWith('</svg>')) return false
  if (/<script|<style|<foreignObject|<image|<use|<a[\s>]|<iframe|<!|<\?|&|href|javascript:|data:/i.test(trimmed)) return false
  if (/\son[a-z]+\s*=/i.test(trimmed)) return false
  const urls = trimmed.match(/url\([^)]*\)/gi) ?? []
  if (urls.some((u) => !/^url\(#[A-Za-z0-9_-]+\)$/.test(u))) return false
  const links = trimmed.match(/[a-z]+:\/\/[^"'\s)]*/gi) ?? []
  return links.every((l) => l === 'http://www.w3.org/2000/svg')
}

const cache = new Map<string, string | null>()

/** The set's SVG for `name` (case-insensitive), or undefined when the set has none. */
export function web3Icon(kind: IconKind, name: string): string | undefined {
  // Only names of the index are cached, so input cannot grow the cache.
  const file = indexOf(kind).get(name.toLowerCase())
  if (file === undefined) return undefined
  let svg = cache.get(file)
  if (svg === undefined) {
    const text = svgOfModule(readFileSync(file, 'utf8'))
    svg = text !== undefined && isSafeSvg(text) ? text : null
    cache.set(file, svg)
  }
  return svg ?? undefined
}

/** True when the set has a logo for `name`. */
export const hasWeb3Icon = (kind: IconKind, name: string) => indexOf(kind).has(name.toLowerCase())
