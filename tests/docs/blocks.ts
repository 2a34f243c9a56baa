// Fenced code blocks of the Markdown docs, for the docs typecheck (tests/docs.test.ts).
//
// A TypeScript block is one whose info string starts with ts, typescript or tsx. Its info string may
// carry more words:
//   ```tsx file=src/App.tsx      written under that path, so blocks of one document can import each
//                                other ('./portico') as files of one app do
//   ```ts env=node               server code: typechecked with Node's types instead of the browser's
//   ```ts no-check: <reason>     not typechecked (a fragment); the reason is required

export type CodeBlock = {
  /** The document, relative to the repository root ('docs/quick-start.md'). */
  doc: string
  /** 1-based line of the block's first code line in the document. */
  line: number
  lang: 'ts' | 'tsx'
  /** The `file=` path, when given. */
  file?: string
  /** Where the code runs: a browser app (Vite's client types, DOM) or Node (`env=node`). */
  env: 'browser' | 'node'
  /** Present on `no-check` blocks: the reason given after it ('' when none was). */
  skip?: string
  code: string
}

const LANGS: Record<string, 'ts' | 'tsx'> = { ts: 'ts', typescript: 'ts', tsx: 'tsx' }
const FENCE = /^( *)(`{3,}|~{3,})(.*)$/

/** Every TypeScript / TSX block of one Markdown text, in order. Other blocks (sh, json …) are left out. */
export function extractBlocks(doc: string, markdown: string): CodeBlock[] {
  const lines = markdown.split(/\r?\n/)
  const blocks: CodeBlock[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] ?? '')
    if (!open) continue
    const [, indent = '', fence = '', info = ''] = open
    // A closing fence: the same character, at least as long, nothing after it.
    const closes = (text: string) => {
      const m = FENCE.exec(text)
      return m !== null && m[2]?.[0] === fence[0] && (m[2]?.length ?? 0) >= fence.length && m[3]?.trim() === ''
    }
    let end = i + 1
    while (end < lines.length && !closes(lines[end] ?? '')) end++
    const body = lines.slice(i + 1, end).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()))
    const words = info.trim().split(/\s+/)
    const lang = LANGS[(words[0] ?? '').toLowerCase()]
    if (lang) {
      const rest = info
        .trim()
        .slice((words[0] ?? '').length)
        .trim()
      const file = /(?:^|\s)file=(\S+)/.exec(rest)?.[1]
      const env = /(?:^|\s)env=(\S+)/.exec(rest)?.[1] ?? 'browser'
      if (env !== 'browser' && env !== 'node') throw new Error(`${doc}:${i + 1}: env=${env} is neither browser nor node`)
      const noCheck = /(?:^|\s)no-check(?::?\s*(.*))?$/.exec(rest)
      blocks.push({
        doc,
        line: i + 2,
        lang,
        ...(file ? { file } : {}),
        env,
        ...(noCheck ? { skip: (noCheck[1] ?? '').trim() } : {}),
        code: `${body.join('\n')}\n`,
      })
    }
    i = end
  }
  return blocks
}

/**
 * Where a checked block is written inside its document's folder: its `file=` path, else
 * `block-<line>.<ts|tsx>`. A `file=` path must stay inside the folder and keep the block's extension.
 */
export function blockPath(block: CodeBlock): string {
  if (!block.file) return `block-${block.line}.${block.lang}`
  const file = block.file.replace(/^\.\//, '')
  if (file.startsWith('/') || file.split('/').includes('..'))
    throw new Error(`${block.doc}:${block.line}: file=${block.file} must be a relative path inside the app`)
  if (!file.endsWith(`.${block.lang}`))
    throw new Error(`${block.doc}:${block.line}: file=${block.file} must end in .${block.lang} (the block's language)`)
  return file
}
