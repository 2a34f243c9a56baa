// What `npm pack --dry-run` would publish, per package: no test, story, fixture or screenshot
// files, and every file the manifest points at (exports, types, bin …) is in the tarball.
import { beforeAll, describe, expect, it } from 'vitest'
import { npmPack, type PackageJson, type PackReport, publishedPackages, workspacePackages } from './lib.ts'

/** Paths that belong to the repository's tests and stories, never to a published package. */
export function devOnly(file: string): boolean {
  return (
    /(^|\/)__screenshots__\//.test(file) ||
    /(^|\/)__tests__\//.test(file) ||
    /(^|\/)stories\//.test(file) ||
    /(^|\/)\.storybook\//.test(file) ||
    /(^|\/)fixtures?\//.test(file) ||
    /\.(test|spec|e2e|stories)\.[^/]+$/.test(file)
  )
}

/** Every file path a manifest refers to: main, module, types, style, bin and each `exports` leaf. */
export function manifestTargets(json: PackageJson): string[] {
  const out: string[] = []
  const leaves = (v: unknown) => {
    if (typeof v === 'string') out.push(v)
    else if (Array.isArray(v)) v.forEach(leaves)
    else if (v && typeof v === 'object') Object.values(v).forEach(leaves)
  }
  for (const v of [json.main, json.module, json.types, json.typings, json.style]) if (v) out.push(v)
  if (typeof json.bin === 'string') out.push(json.bin)
  else if (json.bin) out.push(...Object.values(json.bin))
  leaves(json.exports)
  return [...new Set(out.map((p) => p.replace(/^\.\//, '')))]
}

/** Whether a target (possibly an exports pattern with `*`) names at least one packed file. */
export function shipped(target: string, files: readonly string[]): boolean {
  if (!target.includes('*')) return files.includes(target)
  const re = new RegExp(`^${target.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`)
  return files.some((f) => re.test(f))
}

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
      exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './styles.css': './dist/styles.css', './n/*': './dist/n/*.js' },
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

  describe.each(published.map((p) => ({ name: p.json.name, json: p.json })))('$name', ({ name, json }) => {
    const files = () => {
      const r = reports.get(name)
      if (!r) throw new Error(`npm pack --dry-run did not list ${name}`)
      return r.files.map((f) => f.path)
    }

    it('lists no test, story, fixture or screenshot file', () => {
      expect(files().filter(devOnly)).toEqual([])
    })

    it('ships every file its manifest points at, none of them TypeScript source', () => {
      const targets = manifestTargets(json)
      expect(targets.length).toBeGreaterThan(0)
      expect(targets.filter((t) => !shipped(t, files()))).toEqual([])
      expect(targets.filter((t) => t.startsWith('src/') || (/\.tsx?$/.test(t) && !/\.d\.[cm]?ts$/.test(t)))).toEqual([])
    })

    it('ships a LICENSE and its package.json', () => {
      expect(files()).toEqual(expect.arrayContaining(['package.json']))
      expect(files().some((f) => /^LICEN[CS]E(\.|$)/i.test(f))).toBe(true)
    })
  })
})
