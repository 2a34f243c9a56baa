// The table of docs/theming.md: every `--portico-*` variable with its light and dark default, built
// from the theme's shape and values (packages/ui/src/theme/shape.ts + tokens.ts). Written into the
// doc by `scripts/docs-theme.mjs --write`; tests/docs.test.ts fails when the doc's copy differs.
// Plain erasable TypeScript, so Node runs it as is (the script imports it).

export type ThemeTree = { readonly [key: string]: null | ThemeTree }
export type ThemeValueTree = { readonly [key: string]: string | ThemeValueTree }
export type ThemeRow = { name: string; light: string; dark: string }

export const TABLE_START =
  '<!-- theme-table:start — generated from packages/ui/src/theme/tokens.ts by `npx node scripts/docs-theme.mjs --write`; do not edit by hand -->'
export const TABLE_END = '<!-- theme-table:end -->'

function valueAt(values: ThemeValueTree, path: readonly string[], mode: string): string {
  let node: string | ThemeValueTree | undefined = values
  for (const key of path) node = typeof node === 'object' ? node[key] : undefined
  if (typeof node !== 'string') throw new Error(`the ${mode} theme has no value for ${path.join('.')}`)
  return node
}

/** One row per leaf of `shape`, in its order: the variable name and both defaults. */
export function themeRows(
  shape: ThemeTree,
  light: ThemeValueTree,
  dark: ThemeValueTree,
  tokenName: (path: readonly string[]) => string,
): ThemeRow[] {
  const rows: ThemeRow[] = []
  const walk = (node: ThemeTree, path: string[]) => {
    for (const [key, child] of Object.entries(node)) {
      const at = [...path, key]
      if (child === null) rows.push({ name: `--${tokenName(at)}`, light: valueAt(light, at, 'light'), dark: valueAt(dark, at, 'dark') })
      else walk(child, at)
    }
  }
  walk(shape, [])
  return rows
}

/** What `mixed(x)` of tokens.ts writes around a colour: the colour-mix tint every surface and accent gets. */
export const MIXED_PREFIX = 'color-mix(in srgb, var(--portico-color-mix) var(--portico-color-mix-strength), '

/** A value for the table: `mixed(x)` in place of its long color-mix() form. */
export function shortValue(value: string): string {
  return value.startsWith(MIXED_PREFIX) && value.endsWith(')') ? `mixed(${value.slice(MIXED_PREFIX.length, -1)})` : value
}

const cell = (value: string) => `\`${shortValue(value).replace(/\|/g, '\\|')}\``

/** The Markdown table, between its markers. */
export function themeTable(rows: readonly ThemeRow[]): string {
  return [
    TABLE_START,
    '| variable | light | dark |',
    '|---|---|---|',
    ...rows.map((r) => `| ${cell(r.name)} | ${cell(r.light)} | ${cell(r.dark)} |`),
    TABLE_END,
  ].join('\n')
}

/** The table block of a document (markers included), or undefined when it has none. */
export function tableIn(markdown: string): string | undefined {
  const start = markdown.indexOf(TABLE_START)
  const end = markdown.indexOf(TABLE_END, start)
  return start < 0 || end < 0 ? undefined : markdown.slice(start, end + TABLE_END.length)
}

/** The document with its table block replaced by `table`. Throws when the markers are missing. */
export function withTable(markdown: string, table: string): string {
  const current = tableIn(markdown)
  if (current === undefined) throw new Error(`the document has no ${TABLE_START} … ${TABLE_END} block`)
  return markdown.replace(current, () => table)
}

/** Rows of the document's table that differ from `rows` (missing, extra or changed), as readable lines. */
export function tableDrift(markdown: string, rows: readonly ThemeRow[]): string[] {
  const current = tableIn(markdown)
  if (current === undefined) return ['the theme table markers are missing']
  const want = themeTable(rows).split('\n')
  const have = current.split('\n')
  const drift: string[] = []
  for (const line of have) if (!want.includes(line)) drift.push(`in the doc, not in the tokens: ${line}`)
  for (const line of want) if (!have.includes(line)) drift.push(`in the tokens, not in the doc: ${line}`)
  if (drift.length === 0 && current !== themeTable(rows)) drift.push('the rows are in another order than the tokens')
  return drift
}
