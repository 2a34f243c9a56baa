// Docs that compile (issue 10 §6): every ```ts / ```tsx block of README.md and docs/*.md is written
// to a scratch folder as a module of its own and typechecked with `strict` by the repository's tsc,
// resolving @portico/* to the packages' published .d.ts once they are built (else to their sources;
// see tests/docs/typecheck.ts). A table of deliberately broken copies of real blocks shows that a
// wrong import, option, value, hook field or prop fails the check.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blockPath, type CodeBlock, extractBlocks } from './docs/blocks'
import { anchorsOf, brokenLinks, headingAnchor, linksOf } from './docs/links'
import { shortValue, TABLE_END, TABLE_START, tableDrift, tableIn, themeRows, themeTable, withTable } from './docs/theme-table'
import { type Diagnostic, type Env, resolvePorticoTypes, staleBuilds, type TypecheckResult, typecheck } from './docs/typecheck'
import { darkValues, lightValues, themeShape, themeVariableNames, tokenName } from '../packages/ui/src/theme/tokens'

const root = path.resolve(import.meta.dirname, '..')
const DOCS = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
]
const read = (doc: string) => readFileSync(path.join(root, doc), 'utf8')
const blocks = DOCS.flatMap((doc) => extractBlocks(doc, read(doc)))
const checked = blocks.filter((b) => b.skip === undefined)
const slug = (doc: string) => doc.replace(/\.md$/, '').replace(/\//g, '__')

/** Documents that must hold at least one checked block (a guide with no compiled code is a bug). */
const GUIDES = [
  'README.md',
  'docs/quick-start.md',
  'docs/custom-ui.md',
  'docs/theming.md',
  'docs/adapters.md',
  'docs/self-hosting.md',
  'docs/security.md',
  'docs/networks.md',
  'docs/wagmi.md',
  'docs/embedded-wallet.md',
]

/** The few blocks that are fragments, per document. Adding one means saying why, here and in its info string. */
const NO_CHECK: Record<string, number> = {
  // The instance's members listed with comments, not a program.
  'docs/CONTRACTS.md': 1,
}

/** The files of `doc`'s checked blocks, keyed by their path in the scratch folder. */
function docFiles(
  doc: string,
  dir: string,
  replace?: { block: CodeBlock; code: string },
): Record<string, { block: CodeBlock; code: string }> {
  const out: Record<string, { block: CodeBlock; code: string }> = {}
  for (const block of checked.filter((b) => b.doc === doc)) {
    const file = `${dir}/${blockPath(block)}`
    if (out[file]) throw new Error(`${doc}:${block.line}: two blocks are written to ${blockPath(block)}`)
    out[file] = { block, code: replace?.block === block ? replace.code : block.code }
  }
  return out
}

type Broken = {
  what: string
  doc: string
  /** Text of the block to break, and what replaces it. */
  from: string
  to: string
  /** The TypeScript error the broken block must get. */
  code: string[]
  message: RegExp
}

/** Real blocks with one deliberate mistake each: every one must fail the typecheck. */
const BROKEN: Broken[] = [
  {
    what: 'a misspelt import',
    doc: 'README.md',
    from: 'import { createPortico }',
    to: 'import { createPortco }',
    code: ['TS2305', 'TS2724'],
    message: /createPortco/,
  },
  {
    what: 'an import from a subpath that does not exist',
    doc: 'README.md',
    from: "'@portico/headless/networks'",
    to: "'@portico/headless/chains'",
    code: ['TS2307'],
    message: /@portico\/headless\/chains/,
  },
  {
    what: 'a preset that does not exist',
    doc: 'docs/quick-start.md',
    from: 'import { base, mainnet }',
    to: 'import { base, ethereum }',
    code: ['TS2305', 'TS2724'],
    message: /ethereum/,
  },
  {
    what: 'an unknown option',
    doc: 'README.md',
    from: "themeMode: 'dark'",
    to: "colorMode: 'dark'",
    code: ['TS2353', 'TS2561'],
    message: /colorMode/,
  },
  { what: 'a wrong option value', doc: 'README.md', from: "themeMode: 'dark'", to: "themeMode: 'dusk'", code: ['TS2322'], message: /dusk/ },
  {
    what: 'a missing required option',
    doc: 'README.md',
    from: "projectId: 'my-app',",
    to: '',
    code: ['TS2345', 'TS2741'],
    message: /projectId/,
  },
  {
    what: 'a wrong option type',
    doc: 'docs/quick-start.md',
    from: 'networks: [mainnet, base]',
    to: 'networks: [1, 8453]',
    code: ['TS2322'],
    message: /number/,
  },
  {
    what: 'a wrong component prop',
    doc: 'README.md',
    from: '<PorticoProvider portico={portico}>',
    to: '<PorticoProvider instance={portico}>',
    code: ['TS2322', 'TS2769'],
    message: /instance/,
  },
  {
    what: 'a component that does not exist',
    doc: 'docs/quick-start.md',
    from: '<ConnectButton />',
    to: '<ConnectButon />',
    code: ['TS2304', 'TS2552'],
    message: /ConnectButon/,
  },
  {
    what: 'a hook field that does not exist',
    doc: 'docs/custom-ui.md',
    from: 'const { isConnected, address } = useAccount()',
    to: 'const { connected, address } = useAccount()',
    code: ['TS2339'],
    message: /connected/,
  },
  {
    what: 'a hook that does not exist',
    doc: 'docs/custom-ui.md',
    from: 'useWalletList()',
    to: 'useWalletsList()',
    code: ['TS2304', 'TS2552', 'TS2724'],
    message: /useWalletsList/,
  },
  {
    what: 'an adapter option that does not exist',
    doc: 'docs/adapters.md',
    from: "relayUrl: 'wss://relay.walletconnect.org',",
    to: "relay: 'wss://relay.walletconnect.org',",
    code: ['TS2353', 'TS2561', 'TS2345'],
    message: /relay/,
  },
  {
    what: 'an adapter without a required method',
    doc: 'docs/adapters.md',
    from: '  async getBalance(',
    to: '  async getBalanceOf(',
    code: ['TS2322', 'TS2741', 'TS2353', 'TS2561'],
    message: /getBalance/,
  },
  {
    what: 'a theme mode that does not exist',
    doc: 'docs/theming.md',
    from: "themeMode: 'system'",
    to: "themeMode: 'auto'",
    code: ['TS2322'],
    message: /auto/,
  },
  {
    what: 'a wagmi config option that does not exist',
    doc: 'docs/wagmi.md',
    from: 'createPorticoWagmiConfig({ portico })',
    to: 'createPorticoWagmiConfig({ instance: portico })',
    code: ['TS2353', 'TS2561', 'TS2345', 'TS2769'],
    message: /instance/,
  },
  {
    what: 'a provider namespace Portico does not serve',
    doc: 'docs/wagmi.md',
    from: "getProvider('eip155')",
    to: "getProvider('solana')",
    code: ['TS2345'],
    message: /solana/,
  },
  {
    what: 'a server option that does not exist',
    doc: 'docs/self-hosting.md',
    from: 'maxBodyBytes:',
    to: 'bodyLimit:',
    code: ['TS2353', 'TS2561'],
    message: /bodyLimit/,
  },
]

// PORTICO_DOCS_TYPES=src checks against the sources even where dist/ exists; =dist requires the build.
const packages = resolvePorticoTypes(root, process.env.PORTICO_DOCS_TYPES === 'src' ? 'src' : undefined)
const modes = packages.map((p) => `${p.name.replace('@portico/', '')}: ${p.mode}`).join(', ')

describe('docs code blocks typecheck (strict)', () => {
  let scratch = ''
  const results = {} as Record<Env, TypecheckResult>
  /** Scratch file (absolute) → the block it came from. */
  const origin = new Map<string, CodeBlock>()
  /** BROKEN index → the broken file (absolute). */
  const brokenFile = new Map<number, string>()

  beforeAll(() => {
    // Inside the repository (ignored by git) so react, viem … resolve from its node_modules like an app's.
    mkdirSync(path.join(root, '.vitest'), { recursive: true })
    scratch = mkdtempSync(path.join(root, '.vitest', 'docs-'))
    const byEnv: Record<Env, Record<string, string>> = { browser: {}, node: {} }
    const add = (files: Record<string, { block: CodeBlock; code: string }>) => {
      for (const [file, { block, code }] of Object.entries(files)) {
        byEnv[block.env][file] = code
        origin.set(path.join(scratch, block.env, file), block)
      }
    }
    for (const doc of DOCS) add(docFiles(doc, slug(doc)))
    BROKEN.forEach((c, i) => {
      const target = checked.find((b) => b.doc === c.doc && b.code.includes(c.from))
      if (!target) return // reported by its test
      const files = docFiles(c.doc, `broken-${i}`, { block: target, code: target.code.replace(c.from, c.to) })
      add(files)
      const [file] = Object.entries(files).find(([, f]) => f.block === target)!
      brokenFile.set(i, path.join(scratch, target.env, file))
    })
    for (const env of ['browser', 'node'] as const) {
      const dir = path.join(scratch, env)
      mkdirSync(dir, { recursive: true })
      results[env] = Object.keys(byEnv[env]).length
        ? typecheck(root, dir, env, byEnv[env], packages)
        : { diagnostics: [], files: [], status: 0, other: '' }
    }
  }, 120_000)

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  })

  const all = () => [...results.browser.diagnostics, ...results.node.diagnostics]
  const inFile = (file: string) => all().filter((d) => d.file === file)
  /** A diagnostic as `doc:line:column TScode message`, at the block's place in its document. */
  const show = (d: Diagnostic) => {
    const block = origin.get(d.file)
    const where = block ? `${block.doc}:${block.line + d.line - 1}:${d.column}` : `${path.relative(root, d.file)}:${d.line}:${d.column}`
    return `${where} ${d.code} ${d.message}`
  }

  it('finds the TypeScript blocks of every guide', () => {
    for (const doc of GUIDES) expect(checked.filter((b) => b.doc === doc).length, `${doc} has no checked ts/tsx block`).toBeGreaterThan(0)
  })

  it('skips only the listed fragments, each with its reason', () => {
    const skipped = blocks.filter((b) => b.skip !== undefined)
    expect(
      skipped.filter((b) => !b.skip).map((b) => `${b.doc}:${b.line}`),
      'no-check needs a reason: ```ts no-check: <why>',
    ).toEqual([])
    const counts: Record<string, number> = {}
    for (const b of skipped) counts[b.doc] = (counts[b.doc] ?? 0) + 1
    expect(counts).toEqual(NO_CHECK)
  })

  it.each(checked.map((b) => [`${b.doc}:${b.line}${b.file ? ` (${b.file})` : ''}`, b] as const))('%s compiles', (_name, block) => {
    const file = path.join(scratch, block.env, slug(block.doc), blockPath(block))
    expect(inFile(file).map(show)).toEqual([])
  })

  it('tsc ran, and reports nothing outside the blocks', () => {
    for (const env of ['browser', 'node'] as const) {
      const r = results[env]
      expect(r.other, `tsc (${env}) printed something unexpected`).toBe('')
      if (r.files.length)
        expect(r.status === 0 || r.diagnostics.length > 0, `tsc (${env}) exited ${r.status} with no diagnostic`).toBe(true)
    }
    const outside = all().filter((d) => !origin.has(d.file))
    expect(outside.map(show)).toEqual([])
  })

  it('resolves @portico/* as decided: built packages through their exports (no src/ file), the others to src/', () => {
    console.info(`docs typecheck: @portico/* types from ${modes}`)
    const stale = staleBuilds(root, packages)
    if (stale.length)
      console.warn(
        `docs typecheck: ${stale.join(', ')} changed since their last build; \`npm run build\` checks the docs against the current code`,
      )
    const files = [...results.browser.files, ...results.node.files].map((f) => path.relative(root, f).split(path.sep).join('/'))
    // The blocks really import the packages: their entries are in the program.
    const headless = packages.find((p) => p.name === '@portico/headless')!
    expect(files).toContain(headless.entries['@portico/headless'])
    for (const p of packages) {
      const mine = files.filter((f) => f.startsWith(`${p.dir}/`) && !f.includes('/node_modules/'))
      if (p.mode === 'dist')
        expect(
          mine.filter((f) => f.startsWith(`${p.dir}/src/`)),
          `${p.name} is built: its types come from its .d.ts`,
        ).toEqual([])
    }
    if (process.env.PORTICO_DOCS_TYPES === 'dist') {
      const imported = new Set(checked.flatMap((b) => [...b.code.matchAll(/from '(@portico\/[a-z-]+)/g)].map((m) => m[1])))
      expect(
        packages.filter((p) => imported.has(p.name) && p.mode !== 'dist').map((p) => p.name),
        'PORTICO_DOCS_TYPES=dist: run `npm run build` first',
      ).toEqual([])
    }
  })

  it.each(BROKEN.map((c, i) => [c.what, c.doc, i] as const))('fails on %s (%s)', (_what, _doc, i) => {
    const c = BROKEN[i]!
    expect(
      checked.some((b) => b.doc === c.doc && b.code.includes(c.from)),
      `no block of ${c.doc} contains ${JSON.stringify(c.from)}`,
    ).toBe(true)
    const found = inFile(brokenFile.get(i)!)
    expect(
      found.some((d) => c.code.includes(d.code) && c.message.test(d.message)),
      `expected ${c.code.join(' or ')} matching ${c.message}, got:\n${found.map((d) => `${d.code} ${d.message}`).join('\n') || '(no error)'}`,
    ).toBe(true)
  })
})

describe('extractBlocks', () => {
  const md = [
    '# Title',
    '```sh',
    'npm i @portico/ui',
    '```',
    '```tsx file=src/App.tsx',
    'export const App = () => <p />',
    '```',
    '- a list item',
    '  ```ts',
    '  const a = 1',
    '  ```',
    '````ts no-check: shows a fence',
    '```',
    '````',
    '```ts env=node',
    'process.exit(0)',
    '```',
  ].join('\n')

  it('takes ts/tsx blocks with their line, language, file, environment and no-check reason; leaves others out', () => {
    expect(extractBlocks('x.md', md)).toEqual([
      { doc: 'x.md', line: 6, lang: 'tsx', file: 'src/App.tsx', env: 'browser', code: 'export const App = () => <p />\n' },
      { doc: 'x.md', line: 10, lang: 'ts', env: 'browser', code: 'const a = 1\n' },
      { doc: 'x.md', line: 13, lang: 'ts', env: 'browser', skip: 'shows a fence', code: '```\n' },
      { doc: 'x.md', line: 16, lang: 'ts', env: 'node', code: 'process.exit(0)\n' },
    ])
  })

  it('gives a bare no-check an empty reason, which the docs test refuses', () => {
    expect(extractBlocks('y.md', '```ts no-check\nx\n```\n')[0]?.skip).toBe('')
  })

  it('writes a block to its file= path, else block-<line>.<ext>; refuses paths leaving the folder or changing the language', () => {
    const [app, plain] = extractBlocks('x.md', md)
    expect(blockPath(app!)).toBe('src/App.tsx')
    expect(blockPath(plain!)).toBe('block-10.ts')
    expect(() => blockPath({ ...app!, file: '../escape.tsx' })).toThrow(/inside the app/)
    expect(() => blockPath({ ...app!, file: 'src/App.ts' })).toThrow(/must end in \.tsx/)
  })
})

describe('docs/theming.md: the table of every --portico-* variable', () => {
  const rows = themeRows(themeShape, lightValues, darkValues, tokenName)
  const doc = read('docs/theming.md')

  it('matches the theme tokens (regenerate with `npx node scripts/docs-theme.mjs --write`)', () => {
    expect(tableDrift(doc, rows)).toEqual([])
  })

  it('has one row per theme variable, in the order of the shape', () => {
    expect(rows.map((r) => r.name)).toEqual([...themeVariableNames])
    expect(rows).toHaveLength(64)
  })

  it.each([
    ['--portico-accent', '#3366ff', '#6b8cff'],
    ['--portico-color-foreground', '#14161c', '#f3f4f7'],
    ['--portico-color-surface', 'mixed(#ffffff)', 'mixed(#191b22)'],
    ['--portico-size-modal-width', '370px', '370px'],
    ['--portico-z-index-modal', '16777000', '16777000'],
  ])('lists %s with light %s and dark %s', (name, light, dark) => {
    expect(tableIn(doc)?.split('\n')).toContain(`| \`${name}\` | \`${light}\` | \`${dark}\` |`)
  })

  it('writes color-mix tints as mixed(x), and leaves other values alone', () => {
    expect(shortValue('color-mix(in srgb, var(--portico-color-mix) var(--portico-color-mix-strength), #ffffff)')).toBe('mixed(#ffffff)')
    expect(shortValue('color-mix(in srgb, var(--portico-accent) 55%, transparent)')).toBe(
      'color-mix(in srgb, var(--portico-accent) 55%, transparent)',
    )
  })

  it('reports a changed default, a missing row, an extra row, another order and missing markers', () => {
    const table = themeTable(rows)
    const changed = doc.replace('| `--portico-accent` | `#3366ff` |', '| `--portico-accent` | `#000001` |')
    expect(tableDrift(changed, rows)).toEqual([
      'in the doc, not in the tokens: | `--portico-accent` | `#000001` | `#6b8cff` |',
      'in the tokens, not in the doc: | `--portico-accent` | `#3366ff` | `#6b8cff` |',
    ])
    const lines = table.split('\n')
    const without = withTable(doc, lines.filter((l) => !l.startsWith('| `--portico-size-avatar`')).join('\n'))
    expect(tableDrift(without, rows)).toEqual(['in the tokens, not in the doc: | `--portico-size-avatar` | `64px` | `64px` |'])
    const extra = withTable(doc, table.replace(TABLE_END, `| \`--portico-color-brand\` | \`red\` | \`red\` |\n${TABLE_END}`))
    expect(tableDrift(extra, rows)).toEqual(['in the doc, not in the tokens: | `--portico-color-brand` | `red` | `red` |'])
    const swapped = withTable(doc, [lines[0], lines[1], lines[2], lines[4], lines[3], ...lines.slice(5)].join('\n'))
    expect(tableDrift(swapped, rows)).toEqual(['the rows are in another order than the tokens'])
    expect(tableDrift('# Theming\n', rows)).toEqual(['the theme table markers are missing'])
    expect(() => withTable('# Theming\n', table)).toThrow(/theme-table:start/)
  })

  it('keeps the generated block between its markers, the rest of the doc untouched', () => {
    const rewritten = withTable(doc, themeTable(rows))
    expect(rewritten).toBe(doc)
    expect(tableIn(doc)?.startsWith(TABLE_START)).toBe(true)
  })

  it('names only variables that exist, in every doc', () => {
    const known = new Set(themeVariableNames)
    const named = DOCS.flatMap((d) => [...read(d).matchAll(/--portico-[a-z0-9-]*[a-z0-9]/g)].map((m) => `${d}: ${m[0]}`))
    expect(named.length).toBeGreaterThan(64)
    expect(named.filter((n) => !known.has(n.slice(n.indexOf(': ') + 2)))).toEqual([])
  })
})

describe('links between the docs', () => {
  it.each(DOCS)('%s: every relative link names a file and, with #anchor, one of its headings', (doc) => {
    expect(brokenLinks(root, doc, read(doc))).toEqual([])
  })

  it('makes GitHub anchors of headings', () => {
    expect(headingAnchor('4. Run against the local stack')).toBe('4-run-against-the-local-stack')
    expect(headingAnchor('`themeVariables`')).toBe('themevariables')
    expect(headingAnchor('Self-hosting the Portico API')).toBe('self-hosting-the-portico-api')
    expect([...anchorsOf('# A\n```sh\n# not a heading\n```\n## B c\n')]).toEqual(['a', 'b-c'])
  })

  it('reports a missing file and a missing heading, and follows no link to the web or in code', () => {
    const md = [
      '[ok](theming.md#plain-css) [gone](nowhere.md) [bad anchor](theming.md#no-such-part)',
      '`[code](x.md)` [web](https://example.com/x.md)',
    ].join('\n')
    expect(linksOf(md).map((l) => l.href)).toEqual([
      'theming.md#plain-css',
      'nowhere.md',
      'theming.md#no-such-part',
      'https://example.com/x.md',
    ])
    expect(brokenLinks(root, 'docs/x.md', md)).toEqual([
      'docs/x.md:1 nowhere.md: no such file',
      'docs/x.md:1 theming.md#no-such-part: no heading #no-such-part',
    ])
  })
})
