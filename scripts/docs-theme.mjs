// The theme table of docs/theming.md, generated from packages/ui/src/theme/shape.ts + tokens.ts.
//   npx node scripts/docs-theme.mjs           print the table
//   npx node scripts/docs-theme.mjs --write   rewrite it in docs/theming.md
//   npx node scripts/docs-theme.mjs --check   exit 1 and list the rows when the doc's table is stale
// Needs Node 22.6+ (TypeScript type stripping): `npx node` runs the repository's Node 24.
// tests/docs.test.ts runs the same check in `npm test`.
import { readFileSync, writeFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')
const doc = path.join(root, 'docs', 'theming.md')

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 6)) {
  console.error(
    `Node ${process.versions.node} cannot run TypeScript sources: use \`npx node scripts/docs-theme.mjs\` (Node 24 from the repository).`,
  )
  process.exit(2)
}

// The theme sources import each other without an extension ('./shape'), as bundlers allow: resolve
// such relative imports to the .ts file.
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context)
    } catch (error) {
      if (specifier.startsWith('.') && !path.extname(specifier)) return next(`${specifier}.ts`, context)
      throw error
    }
  },
})

const tokens = await import(pathToFileURL(path.join(root, 'packages/ui/src/theme/tokens.ts')).href)
const table = await import(pathToFileURL(path.join(root, 'tests/docs/theme-table.ts')).href)
const rows = table.themeRows(tokens.themeShape, tokens.lightValues, tokens.darkValues, tokens.tokenName)

const mode = process.argv[2]
if (mode === '--write') {
  const before = readFileSync(doc, 'utf8')
  const after = table.withTable(before, table.themeTable(rows))
  if (after !== before) writeFileSync(doc, after)
  console.log(`${path.relative(root, doc)}: ${rows.length} variables${after === before ? ', already up to date' : ', table rewritten'}`)
} else if (mode === '--check') {
  const drift = table.tableDrift(readFileSync(doc, 'utf8'), rows)
  if (drift.length) {
    console.error(
      `${path.relative(root, doc)}: the theme table is stale (run \`npx node scripts/docs-theme.mjs --write\`):\n${drift.join('\n')}`,
    )
    process.exit(1)
  }
  console.log(`${path.relative(root, doc)}: the theme table matches the ${rows.length} tokens`)
} else if (mode === undefined) {
  console.log(table.themeTable(rows))
} else {
  console.error('usage: npx node scripts/docs-theme.mjs [--write | --check]')
  process.exit(2)
}
