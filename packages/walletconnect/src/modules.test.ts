// The module graph the brief of this package promises: the adapter (initial load) and the engine
// (import() chunk) do not import each other statically, and the engine's static graph has neither
// viem nor @solana/kit (it has its own codecs; viem's ABI encoder is a further import() chunk).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = import.meta.dirname
/** `import … from 'x'`, `import type … from 'x'`, `export … from 'x'`, `import 'x'` (not `import('x')`). */
const STATIC = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g

const specifiers = (file: string, re: RegExp) => [...readFileSync(path.join(SRC, file), 'utf8').matchAll(re)].map((m) => m[1]!)

/** Every module reached from `entry` by static imports: local files (name.ts) and packages. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const s of specifiers(file, STATIC)) {
      if (s.startsWith('./')) visit(`${s.slice(2)}.ts`)
      else packages.add(s)
    }
  }
  visit(entry)
  return { files, packages }
}

describe('walletconnect module graph', () => {
  it('adapter.ts and engine.ts do not import each other (no cycle); the adapter reaches the engine by import() only', () => {
    expect(staticGraph('adapter.ts').files).not.toContain('engine.ts')
    expect(staticGraph('engine.ts').files).not.toContain('adapter.ts')
    expect(specifiers('adapter.ts', DYNAMIC)).toEqual(['./engine'])
  })

  it('the engine statically imports neither viem nor @solana/kit; viem comes in the abi.ts chunk by import()', () => {
    const { files, packages } = staticGraph('engine.ts')
    expect([...packages].filter((p) => p === 'viem' || p.startsWith('viem/') || p.startsWith('@solana/'))).toEqual([])
    expect(files).not.toContain('abi.ts')
    // The engine is engine.ts and its static graph (./session, ./operations …): those import() the rest.
    const dynamic = [...files].flatMap((file) => specifiers(file, DYNAMIC))
    expect(dynamic).toEqual(expect.arrayContaining(['./abi', '@walletconnect/sign-client']))
    expect(specifiers('abi.ts', STATIC)).toEqual(['viem'])
  })
})
