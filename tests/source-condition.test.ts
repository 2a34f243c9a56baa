// Workspace tools resolve @portico/* to TypeScript source (scripts/source-condition.ts), through the
// '@portico/source' export condition, and through the built file's source when a package.json lacks
// the condition (npm pack removes it while it packs).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build, type Rollup } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { sourceOfBuilt, withSourceCondition, workspaceSource } from '../scripts/source-condition.ts'

const root = path.resolve(import.meta.dirname, '..')

describe('sourceOfBuilt', () => {
  it.each([
    ['packages/ui/dist/modal.js', 'packages/ui/src/modal.ts'],
    ['packages/headless/dist/react/index.js', 'packages/headless/src/react/index.ts'],
    ['packages/ui/dist/components/Button/Button.styles.js', 'packages/ui/src/components/Button/Button.css.ts'],
    ['packages/ui/dist/components/Button/Button.js', 'packages/ui/src/components/Button/Button.tsx'],
  ])('%s → %s', (built, source) => {
    expect(sourceOfBuilt(path.join(root, built))).toBe(path.join(root, source))
  })

  it.each([
    'node_modules/@portico/ui/dist/index.js', // an installed package, not a workspace one
    'packages/ui/dist/no-such-module.js',
    'packages/ui/src/index.ts',
  ])('leaves %s alone', (file) => {
    expect(sourceOfBuilt(path.join(root, file))).toBeUndefined()
  })
})

describe('withSourceCondition', () => {
  it.each([
    [undefined, '--conditions=@portico/source'],
    ['--max-old-space-size=4096', '--max-old-space-size=4096 --conditions=@portico/source'],
    ['--conditions=@portico/source', '--conditions=@portico/source'],
  ])('NODE_OPTIONS %j → %j', (before, after) => {
    expect(withSourceCondition(before)).toBe(after)
  })
})

describe('workspaceSource() in a Vite build', () => {
  // A workspace with one package whose package.json is in its packed form (no source condition) and
  // whose dist/ holds a different value than its src/.
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-source-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const pkgDir = path.join(dir, 'packages/thing')
  mkdirSync(path.join(pkgDir, 'src'), { recursive: true })
  mkdirSync(path.join(pkgDir, 'dist'), { recursive: true })
  mkdirSync(path.join(dir, 'node_modules/@portico'), { recursive: true })
  writeFileSync(path.join(pkgDir, 'src/index.ts'), `export const where: string = 'source'\n`)
  writeFileSync(path.join(pkgDir, 'dist/index.js'), `export const where = 'dist'\n`)
  symlinkSync(pkgDir, path.join(dir, 'node_modules/@portico/thing'))
  writeFileSync(path.join(dir, 'entry.ts'), `export { where } from '@portico/thing'\n`)
  const manifest = (exports: unknown) =>
    writeFileSync(path.join(pkgDir, 'package.json'), JSON.stringify({ name: '@portico/thing', type: 'module', exports }))

  const bundle = async (plugins: ReturnType<typeof workspaceSource>[]) => {
    const out = (await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins,
      build: { write: false, minify: false, lib: { entry: path.join(dir, 'entry.ts'), formats: ['es'] } },
    })) as Rollup.RollupOutput[]
    return out[0]!.output[0].code
  }

  it('takes src/ through the export condition', async () => {
    manifest({ '.': { '@portico/source': './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' } })
    expect(await bundle([workspaceSource()])).toContain('"source"')
    expect(await bundle([])).toContain('"dist"') // an app (no plugin) gets dist/
  })

  it('takes src/ when the package.json is in its packed form, without the condition', async () => {
    manifest({ '.': { types: './dist/index.d.ts', default: './dist/index.js' } })
    expect(await bundle([workspaceSource()])).toContain('"source"')
  })
})
