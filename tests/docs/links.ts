// Relative links of the Markdown docs: each must name a file of the repository and, with a
// `#anchor`, a heading of that file (GitHub's anchors). Links to the web are not followed.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
export function headingAnchor(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-')
}

/** The anchors of a Markdown text's headings (outside code blocks). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  let fenced = false
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    const m = !fenced && /^#{1,6}\s+(.*)$/.exec(line)
    if (m) anchors.add(headingAnchor(m[1]!.trim()))
  }
  return anchors
}

/** `[text](href)` links outside code, with their line. */
export function linksOf(markdown: string): { href: string; line: number }[] {
  const out: { href: string; line: number }[] = []
  let fenced = false
  markdown.split(/\r?\n/).forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    if (fenced) return
    const prose = line.replace(/`[^`]*`/g, '')
    for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) out.push({ href: m[1]!, line: i + 1 })
  })
  return out
}

/** Broken relative links of `doc` (repository-relative), as `doc:line href: why`. */
export function brokenLinks(root: string, doc: string, markdown: string): string[] {
  const broken: string[] = []
  for (const { href, line } of linksOf(markdown)) {
    if (/^[a-z]+:/i.test(href)) continue
    const [file = '', anchor] = href.split('#')
    const target = file ? path.resolve(path.dirname(path.join(root, doc)), file) : path.join(root, doc)
    if (!existsSync(target)) {
      broken.push(`${doc}:${line} ${href}: no such file`)
      continue
    }
    if (anchor && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor))
      broken.push(`${doc}:${line} ${href}: no heading #${anchor}`)
  }
  return broken
}
