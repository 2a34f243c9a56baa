import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>
}
/** Each code entry's subpath and source file (its '@portico/source' target; './package.json' is no code). */
const entries = Object.entries(pkg.exports).flatMap(([subpath, target]) =>
  typeof target === 'string' ? [] : [[subpath, target['@portico/source'] as string] as const],
)

describe('@portico/protocol', () => {
  // The server runs on plain Node (type stripping, no bundler): every subpath must resolve there.
  // Tests' child processes get NODE_OPTIONS=--conditions=@portico/source (vitest.config.ts), as the API gets in `npm start`.
  it.each(entries.map(([subpath]) => subpath))('%s imports in plain Node', (subpath) => {
    const specifier = path.posix.join('@portico/protocol', subpath)
    const out = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', `const m = await import('${specifier}'); console.log(Object.keys(m).length)`],
      {
        cwd: path.join(import.meta.dirname, '..'),
        encoding: 'utf8',
      },
    )
    expect(Number(out.trim())).toBeGreaterThan(0)
  })

  it('imports no other @portico package (it is the lowest layer)', () => {
    expect(entries.length).toBeGreaterThan(1)
    const sources = entries.map(([, f]) => readFileSync(path.join(import.meta.dirname, '..', f), 'utf8'))
    expect(sources.join('\n')).not.toMatch(/from ['"]@portico\//)
  })
})
