// A small Markdown renderer for the guides in docs/, shown in Storybook's Docs section. It knows
// what the guides use: headings, paragraphs, fenced code, GFM tables, nested lists, inline code,
// bold and links; HTML comments are dropped. No HTML from the Markdown is ever rendered as HTML.
import type { ReactNode } from 'react'

/** Where a link in a guide goes in Storybook; undefined renders its text without a link. */
export type LinkResolver = (href: string) => { href: string; target?: string } | undefined

const FENCE = /^( *)(`{3,}|~{3,})(.*)$/
const HEADING = /^(#{1,6})\s+(.*)$/
const LIST_ITEM = /^( *)([-*]|\d+\.)\s+(.*)$/
const TABLE_SEPARATOR = /^\|?(\s*:?-{3,}:?\s*\|)+\s*:?-{0,}:?\s*$/

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-')
}

/** The cells of a table row, `\|` kept as a pipe inside a cell. */
function cells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '')
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'))
}

const INLINE = /(`+)([\s\S]*?)\1|\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g

function inline(text: string, links: LinkResolver, key = 'i'): ReactNode[] {
  const out: ReactNode[] = []
  let last = 0
  let n = 0
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index))
    const k = `${key}-${n++}`
    if (m[1]) out.push(<code key={k}>{m[2]?.trim()}</code>)
    else if (m[3] !== undefined && m[4] !== undefined) {
      const to = links(m[4])
      out.push(
        to ? (
          <a key={k} href={to.href} target={to.target} rel={to.target === '_blank' ? 'noreferrer' : undefined}>
            {inline(m[3], links, k)}
          </a>
        ) : (
          <span key={k}>{inline(m[3], links, k)}</span>
        ),
      )
    } else if (m[5] !== undefined) out.push(<strong key={k}>{inline(m[5], links, k)}</strong>)
    last = m.index + m[0].length
  }
  if (last < text.length) out.push(text.slice(last))
  return out
}

/** Block-level Markdown of `lines` (already out-dented) as React nodes. */
function blocks(lines: readonly string[], links: LinkResolver, key: string): ReactNode[] {
  const out: ReactNode[] = []
  let i = 0
  const k = () => `${key}-${out.length}`
  while (i < lines.length) {
    const line = lines[i] ?? ''
    if (line.trim() === '' || /^\s*<!--.*-->\s*$/.test(line)) {
      i++
      continue
    }
    const fence = FENCE.exec(line)
    if (fence) {
      const [, indent = '', mark = ''] = fence
      const lang = (fence[3] ?? '').trim().split(/\s+/)[0]
      const body: string[] = []
      const closes = (l: string) => l.trim().startsWith(mark.charAt(0).repeat(mark.length)) && l.trim().replace(/[`~]/g, '') === ''
      i++
      for (let l = lines[i]; l !== undefined && !closes(l); l = lines[i]) {
        body.push(l.startsWith(indent) ? l.slice(indent.length) : l.trimStart())
        i++
      }
      i++
      out.push(
        // Focusable: a long line scrolls, and the keyboard must reach it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
        <pre key={k()} data-lang={lang || undefined} tabIndex={0}>
          <code>{body.join('\n')}</code>
        </pre>,
      )
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      const [, hashes = '', rawText = ''] = heading
      const level = hashes.length
      const text = rawText.trim()
      const Tag = `h${level}` as 'h2'
      out.push(
        <Tag key={k()} id={slugify(text)}>
          {inline(text, links, k())}
        </Tag>,
      )
      i++
      continue
    }
    if (line.trim().startsWith('|') && TABLE_SEPARATOR.test(lines[i + 1] ?? '')) {
      const head = cells(line)
      const rows: string[][] = []
      i += 2
      for (let l = lines[i]; l?.trim().startsWith('|'); l = lines[i]) {
        rows.push(cells(l))
        i++
      }
      out.push(
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls: the region must be reachable by keyboard (axe scrollable-region-focusable).
        <div key={k()} className="portico-docs-table" tabIndex={0}>
          <table>
            <thead>
              <tr>
                {head.map((h, c) => (
                  <th key={c} scope="col">
                    {inline(h, links, `${k()}-h${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c}>{inline(cell, links, `${k()}-${r}-${c}`)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      )
      continue
    }
    const item = LIST_ITEM.exec(line)
    if (item) {
      const [, indentText = '', marker = ''] = item
      const indent = indentText.length
      const ordered = /\d/.test(marker)
      const items: string[][] = []
      while (i < lines.length) {
        const current = lines[i] ?? ''
        const m = LIST_ITEM.exec(current)
        if (m && (m[1] ?? '').length === indent) {
          items.push([m[3] ?? ''])
          i++
          continue
        }
        const continues =
          current.trim() !== '' &&
          (current.startsWith(' '.repeat(indent + 2)) ||
            (!m && !FENCE.test(current) && !HEADING.test(current) && !current.trim().startsWith('|')))
        const blankInside = current.trim() === '' && (lines[i + 1] ?? '').startsWith(' '.repeat(indent + 2))
        const last = items.at(-1)
        if (last && (continues || blankInside)) {
          last.push(current.startsWith(' '.repeat(indent + 2)) ? current.slice(indent + 2) : current.trim())
          i++
          continue
        }
        break
      }
      const List = ordered ? 'ol' : 'ul'
      out.push(
        <List key={k()}>
          {items.map((body, n) => (
            <li key={n}>{itemBody(body, links, `${k()}-${n}`)}</li>
          ))}
        </List>,
      )
      continue
    }
    const para: string[] = []
    while (i < lines.length) {
      const current = lines[i] ?? ''
      if (
        current.trim() === '' ||
        FENCE.test(current) ||
        HEADING.test(current) ||
        LIST_ITEM.test(current) ||
        (current.trim().startsWith('|') && para.length === 0)
      )
        break
      para.push(current.trim())
      i++
    }
    if (para.length === 0) {
      para.push(line.trim())
      i++
    }
    out.push(<p key={k()}>{inline(para.join(' '), links, k())}</p>)
  }
  return out
}

/** A list item: its first paragraph inline, anything after it (code, a nested list) as blocks. */
function itemBody(body: readonly string[], links: LinkResolver, key: string): ReactNode {
  const firstBlock = body.findIndex((l, n) => n > 0 && (l.trim() === '' || FENCE.test(l) || LIST_ITEM.test(l) || l.trim().startsWith('|')))
  const head = (firstBlock < 0 ? body : body.slice(0, firstBlock)).map((l) => l.trim()).join(' ')
  const rest = firstBlock < 0 ? [] : body.slice(firstBlock)
  return (
    <>
      {inline(head, links, key)}
      {rest.length > 0 && blocks(rest, links, key)}
    </>
  )
}

/** A guide as React nodes, headings at their own level (`# Title` is the page's h1). */
export function Markdown({ source, links }: { source: string; links: LinkResolver }) {
  return <>{blocks(source.split(/\r?\n/), links, 'b')}</>
}
