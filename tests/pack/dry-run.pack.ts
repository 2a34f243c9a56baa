// What `npm pack --dry-run` would publish, per package: no test, story, fixture or screenshot
// files; a LICENSE. (The manifest a tarball really carries is written by the package's prepack, so
// apps.pack.ts checks exports, types and bin against the real tarballs.)
import { beforeAll, describe, expect, it } from 'vitest'
import { npmPack, type PackageJson, type PackReport, publishedPackages, workspacePackages } from './lib.ts'
import { devOnly, manifestTargets, shipped } from './rules.ts'

describe('the path rules', () => {
  it.each([
    ['src/core/modal/modal.test.ts', true],
    ['dist/Modal/ModalRoot.test.d.ts', true],
    ['src/views/Connect/Connect.stories.tsx', true],
    ['stories/Connect.tsx', true],
    ['src/__screenshots__/Connect.test.tsx/connect-chromium-linux.png', true],
    ['src/fixtures/erc20.json', true],
    ['e2e/connect.e2e.ts', true],
    ['dist/index.js', false],
    ['dist/index.d.ts', false],
    ['dist/styles.css', false],
    ['dist/testing.js', false],
    ['README.md', false],
  ])('%s is dev-only: %s', (file, expected) => {
    expect(devOnly(file)).toBe(expected)
  })

  it('collects manifest targets, exports patterns included', () => {
    const json: PackageJson = {
      name: '@x/y',
      version: '1.0.0',
      types: './dist/index.d.ts',
      bin: { y: './bin/y.js' },
      exports: {
        '.': { types: './dist/index.d.ts', import: './dist/index.js' },
        './styles.css': './dist/styles.css',
        './n/*': './dist/n/*.js',
      },
    }
    expect(manifestTargets(json)).toEqual(['dist/index.d.ts', 'bin/y.js', 'dist/index.js', 'dist/styles.css', 'dist/n/*.js'])
    expect(shipped('dist/n/*.js', ['dist/n/base.js'])).toBe(true)
    expect(shipped('dist/n/*.js', ['dist/n/base.d.ts'])).toBe(false)
    expect(shipped('dist/styles.css', ['dist/index.js'])).toBe(false)
  })
})

const published = publishedPackages()

describe('npm pack --dry-run', () => {
  const reports = new Map<string, PackReport>()

  beforeAll(async () => {
    if (published.length === 0) return
    for (const r of await npmPack(
      published.map((p) => p.json.name),
      { dryRun: true },
    ))
      reports.set(r.name, r)
  }, 120_000)

  it('publishes headless, ui and evm; devnet stays private', () => {
    const names = published.map((p) => p.json.name)
    expect(names).toEqual(expect.arrayContaining(['@portico/headless', '@portico/ui', '@portico/evm']))
    expect(workspacePackages().find((p) => p.json.name === '@portico/devnet')?.json.private).toBe(true)
  })

  describe.each(published.map((p) => ({ name: p.json.name })))('$name', ({ name }) => {
    const files = () => {
      const r = reports.get(name)
      if (!r) throw new Error(`npm pack --dry-run did not list ${name}`)
      return r.files.map((f) => f.path)
    }

    it('lists no test, story, fixture or screenshot file', () => {
      expect(files().filter(devOnly)).toEqual([])
    })

    it('ships a LICENSE and its package.json', () => {
      expect(files()).toEqual(expect.arrayContaining(['package.json']))
      expect(files().some((f) => /^LICEN[CS]E(\.|$)/i.test(f))).toBe(true)
    })
  })
})
