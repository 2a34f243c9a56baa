// Rules on what a published package contains, shared by the dry-run test and the tarball checks.
import type { PackageJson } from './lib.ts'

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
  const re = new RegExp(
    `^${target
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  )
  return files.some((f) => re.test(f))
}
