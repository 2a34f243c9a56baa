// Types of scripts/build.mjs for the tests that import it.
export type PackageJson = {
  name: string
  version?: string
  exports?: Record<string, string | Record<string, string>>
  bin?: string | Record<string, string>
  scripts?: Record<string, string>
  sideEffects?: boolean | string[]
  engines?: Record<string, string>
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}
export type Target = { name: string; dir: string; pkg: PackageJson }
export type Entry = { subpath?: string; bin?: string; src: string; js: string; types: string | null }
export function buildablePackages(): Map<string, Target>
export function buildOrder(all: Map<string, Target>, names?: string[]): Target[]
export function packageEntries(pkg: PackageJson): { entries: Entry[]; problems: string[] }
export function buildPackage(target: Target): Promise<void>
