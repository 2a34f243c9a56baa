// The package build (scripts/build.mjs) and the published manifest (scripts/pack-manifest.mjs):
// what they read from package.json, the order they build in, and what a built package contains,
// shown on a small fixture package built for real.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildOrder, buildPackage, packageEntries, type PackageJson, type Target } from '../scripts/build.mjs'
import { manifestTargets, publishedManifest } from '../scripts/pack-manifest.mjs'

const S = '@portico/source'
const entry = (src: string) => ({
  [S]: src,
  types: src.replace('./src/', './dist/').replace(/\.tsx?$/, '.d.ts'),
  default: src.replace('./src/', './dist/').replace(/\.tsx?$/, '.js'),
})

describe('packageEntries: the entries a package.json declares', () => {
  it('reads each export (source → dist JS and .d.ts) and each bin', () => {
    const { entries, problems } = packageEntries({
      name: '@portico/x',
      exports: { '.': entry('./src/index.ts'), './react': entry('./src/react/index.ts'), './package.json': './package.json' },
      bin: { 'x-cli': './dist/main.js' },
    })
    expect(problems).toEqual([])
    expect(entries).toEqual([
      { subpath: '.', src: './src/index.ts', js: './dist/index.js', types: './dist/index.d.ts' },
      { subpath: './react', src: './src/react/index.ts', js: './dist/react/index.js', types: './dist/react/index.d.ts' },
      { bin: 'x-cli', src: './src/main.ts', js: './dist/main.js', types: null },
    ])
  })

  it.each<[string, PackageJson['exports'], string]>([
    [
      'a source path without a built one',
      { '.': './src/index.ts' },
      'exports["."] points at source without a built alternative: ./src/index.ts',
    ],
    [
      'no source condition',
      { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
      'exports["."] has no "@portico/source" condition',
    ],
    [
      'the source condition not first',
      { '.': { types: './dist/index.d.ts', [S]: './src/index.ts', default: './dist/index.js' } },
      'exports["."]: "@portico/source" must come first',
    ],
    [
      'types after default',
      { '.': { [S]: './src/index.ts', default: './dist/index.js', types: './dist/index.d.ts' } },
      'exports["."]: "types" must come before "default"',
    ],
    [
      'JS elsewhere than the build writes it',
      { '.': { ...entry('./src/index.ts'), default: './dist/main.js' } },
      'exports["."].default should be ./dist/index.js, is ./dist/main.js',
    ],
    [
      'types elsewhere',
      { './a': { ...entry('./src/a.tsx'), types: './types/a.d.ts' } },
      'exports["./a"].types should be ./dist/a.d.ts, is ./types/a.d.ts',
    ],
  ])('refuses %s', (_what, exports, problem) => {
    expect(packageEntries({ name: '@portico/x', exports }).problems).toContain(problem)
  })
})

describe('buildOrder: dependencies first', () => {
  const target = (
    name: string,
    dependencies: Record<string, string> = {},
    peerDependencies: Record<string, string> = {},
  ): [string, Target] => [name, { name, dir: `/w/${name}`, pkg: { name, dependencies, peerDependencies } }]
  const all = new Map([
    target('ui', { headless: '*', react: '19' }),
    target('headless', { protocol: '*' }),
    target('protocol', { zod: '4' }),
    target('wagmi', {}, { headless: '*' }),
  ])

  it('puts every package after the workspace packages it depends on or peers on', () => {
    expect(buildOrder(all).map((t) => t.name)).toEqual(['protocol', 'headless', 'ui', 'wagmi'])
  })

  it('builds only the packages asked for, still in dependency order', () => {
    expect(buildOrder(all, ['ui', 'protocol']).map((t) => t.name)).toEqual(['protocol', 'ui'])
  })

  it('names a dependency cycle and an unknown package', () => {
    const cyclic = new Map([target('a', { b: '*' }), target('b', { a: '*' })])
    expect(() => buildOrder(cyclic)).toThrow('dependency cycle: a → b → a')
    expect(() => buildOrder(all, ['@portico/nope'])).toThrow('@portico/nope is not a workspace package with a build script')
  })
})

describe('publishedManifest: the package.json that goes into a tarball', () => {
  const workspace = {
    name: '@portico/ui',
    version: '0.1.0',
    exports: { '.': entry('./src/index.ts'), './package.json': './package.json' },
    scripts: { build: 'node ../../scripts/build.mjs @portico/ui', prepack: 'node ../../scripts/pack-manifest.mjs prepare' },
    dependencies: { '@portico/headless': '*', uqr: '0.1.3', 'some-lib': '*' },
    peerDependencies: { react: '^18.2 || ^19' },
    devDependencies: { '@portico/devnet': '*' },
  }
  const published = publishedManifest(
    workspace,
    new Map([
      ['@portico/headless', '0.1.0'],
      ['@portico/devnet', '0.1.0'],
    ]),
  )

  it('has no source path: the workspace condition is gone from every export', () => {
    expect(published.exports).toEqual({
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      './package.json': './package.json',
    })
    expect(JSON.stringify(published)).not.toContain('src/')
  })

  it('pins workspace packages given as "*" to their version (other ranges as written)', () => {
    expect(published.dependencies).toEqual({ '@portico/headless': '^0.1.0', uqr: '0.1.3', 'some-lib': '*' })
    expect(published.peerDependencies).toEqual({ react: '^18.2 || ^19' })
  })

  it('drops the scripts and devDependencies (they name repository files and private packages), and leaves the input alone', () => {
    expect(published).not.toHaveProperty('scripts')
    expect(published).not.toHaveProperty('devDependencies')
    expect(workspace.exports['.']).toHaveProperty(S)
  })

  it('lists what its exports and bin point at', () => {
    expect(manifestTargets({ ...published, bin: { 'portico-api': './dist/main.js' } })).toEqual([
      './dist/index.d.ts',
      './dist/index.js',
      './package.json',
      './dist/main.js',
    ])
  })
})

describe('buildPackage on a fixture package', () => {
  const root = path.resolve(import.meta.dirname, '..')
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-build-'))
  const dist = (file: string) => readFileSync(path.join(dir, 'dist', file), 'utf8')
  const files: Record<string, string> = {
    'src/index.ts': `export { Card } from './Card'\nexport { describeFailure } from './client'\nexport type { Failure as FailureType } from './failures.ts'\nexport const loadLazy = () => import('./lazy')\n`,
    'src/Card.css.ts': `import { style } from '@vanilla-extract/css'\nexport const card = style({ color: 'rebeccapurple' })\n`,
    'src/Card.ts': `import { card } from './Card.css'\n/** The card's class. */\nexport function Card(): string {\n  return card\n}\n`,
    'src/lazy.ts': `export const lazyValue: number = 42\n`,
    // an entry that reaches React (through a module of its own) is a client module for RSC
    'src/view.ts': `export { Title } from './title'\n`,
    'src/title.ts': `import { createElement } from 'react'\nexport const Title = (): unknown => createElement('h1', null, 'Portico')\n`,
    // client re-exports a class that only the lazy module's users need: no bare import may stay behind
    'src/failures.ts': `export class Failure extends Error {}\n`,
    'src/client.ts': `export function describeFailure(e: unknown): string {\n  return String(e)\n}\nexport { Failure } from './failures'\n`,
    'src/main.ts': `import { describeFailure } from './client.ts'\nconsole.log(describeFailure(process.argv[2]))\n`,
    'src/data/table.json': `{"rows": 1}\n`,
    'src/Card.test.ts': `throw new Error('not shipped')\n`,
  }
  const pkg: PackageJson = {
    name: '@portico/fixture',
    version: '0.0.0',
    sideEffects: ['**/*.css', '**/*.css.js', '**/*.css.ts'],
    exports: { '.': entry('./src/index.ts'), './view': entry('./src/view.ts') },
    bin: { fixture: './dist/main.js' },
    scripts: { build: 'node ../../scripts/build.mjs @portico/fixture' },
    dependencies: { '@vanilla-extract/css': '*' },
  }

  beforeAll(async () => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      writeFileSync(path.join(dir, file), text)
    }
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', ...pkg }))
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
    await buildPackage({ name: pkg.name, dir, pkg })
  }, 60_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('writes one ES module per source module, and import() stays a separate file', () => {
    expect(dist('index.js')).toMatch(/import\("\.\/lazy\.js"\)/)
    expect(dist('lazy.js')).toContain('42')
    expect(dist('index.js')).not.toContain('42')
  })

  it('compiles the .css.ts to a .css file that its module (.styles.js, never .css.js) imports', () => {
    expect(dist('Card.styles.js')).toMatch(/^import "\.\/Card\.css";/)
    expect(dist('Card.js')).toContain('from "./Card.styles.js"')
    expect(dist('Card.css')).toMatch(/\{\s*color: rebeccapurple;\s*\}/)
    const className = /var card = "([^"]+)"/.exec(dist('Card.styles.js'))?.[1]
    expect(className && dist('Card.css')).toContain(`.${className}`)
  })

  it('drops the bare import of a side-effect-free module whose names nobody imported', () => {
    expect(dist('client.js')).not.toMatch(/import\s*["']\.\/failures\.js["']/)
  })

  it('writes .d.ts beside the JS, each relative specifier naming its .js file', () => {
    expect(dist('index.d.ts')).toContain(`export { Card } from './Card.js'`)
    expect(dist('index.d.ts')).toContain(`export type { Failure as FailureType } from './failures.js'`)
    expect(dist('Card.styles.d.ts')).toContain('export declare const card: string')
    expect(existsSync(path.join(dir, 'dist/Card.css.d.ts'))).toBe(false)
    expect(dist('Card.d.ts')).toContain('export declare function Card(): string')
    expect(existsSync(path.join(dir, 'dist/main.d.ts'))).toBe(false) // a bin has no types
  })

  it('adds source maps with the sources in them, and a #! line to the bin', () => {
    const map = JSON.parse(dist('Card.js.map')) as { sourcesContent: string[] }
    expect(map.sourcesContent.join('\n')).toContain('return card')
    expect(dist('main.js')).toMatch(/^#!\/usr\/bin\/env node\n/)
    expect(dist('main.js')).toContain('from "./client.js"')
  })

  it('starts an entry that reaches React with "use client"; the others, and inner modules, without', () => {
    expect(dist('view.js')).toMatch(/^"use client";\n/)
    expect(dist('index.js')).not.toContain('use client')
    expect(dist('title.js')).not.toContain('use client')
    expect(dist('main.js')).not.toContain('use client')
  })

  it('copies data files and leaves tests out', () => {
    expect(JSON.parse(dist('data/table.json'))).toEqual({ rows: 1 })
    expect(existsSync(path.join(dir, 'dist/Card.test.js'))).toBe(false)
    expect(existsSync(path.join(dir, 'dist/Card.test.ts'))).toBe(false)
  })
})
