// Workspace development runs on TypeScript source; published packages run on their built dist/.
//
// Every export of a workspace package lists a custom condition first:
//   ".": { "@portico/source": "./src/index.ts", "types": "./dist/index.d.ts", "default": "./dist/index.js" }
// Tools inside the repository turn that condition on and so never need a build:
//   - TypeScript: `customConditions` in tsconfig.json,
//   - Vite, Vitest and Storybook: the `workspaceSource()` plugin below,
//   - plain Node (the API, the devnet, scripts/start.mjs): `node --conditions=@portico/source`
//     (NODE_OPTIONS for processes that tests start, see vitest.config.ts).
// An app that installs the packages never sets it and gets dist/; `npm pack` removes the condition
// from the published package.json (scripts/pack-manifest.mjs). The size budgets (scripts/size.mjs)
// deliberately leave it off, to measure what an app gets.
import { existsSync } from 'node:fs'
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite'

export const SOURCE_CONDITION = '@portico/source'

/** `--conditions=@portico/source` added to a NODE_OPTIONS value (once). */
export function withSourceCondition(nodeOptions: string | undefined): string {
  const flag = `--conditions=${SOURCE_CONDITION}`
  if (nodeOptions?.includes(flag)) return nodeOptions
  return nodeOptions ? `${nodeOptions} ${flag}` : flag
}

/** The source file of a workspace package's built entry (…/packages/ui/dist/modal.js → …/src/modal.ts), if any. */
export function sourceOfBuilt(file: string): string | undefined {
  const [, pkg, rest] = /^(.*\/packages\/[^/]+)\/dist\/(.+)\.js$/.exec(file) ?? []
  if (pkg === undefined || rest === undefined) return undefined
  const base = `${pkg}/src/${rest.replace(/\.styles$/, '.css')}`
  return ['.ts', '.tsx'].map((ext) => base + ext).find((f) => existsSync(f))
}

/**
 * Resolve `@portico/*` imports to their TypeScript source in every Vite environment (client, ssr, …):
 * the export condition, and a fallback for the moment a package.json lacks it (`npm pack` removes it
 * while it packs), so a test or Storybook run at that moment still gets the source, not dist/.
 */
export function workspaceSource(): Plugin {
  return {
    name: 'portico-workspace-source',
    enforce: 'pre',
    configEnvironment(name, config) {
      config.resolve ??= {}
      const consumer = config.consumer ?? (name === 'client' ? 'client' : 'server')
      const base = config.resolve.conditions ?? (consumer === 'client' ? defaultClientConditions : defaultServerConditions)
      if (!base.includes(SOURCE_CONDITION)) config.resolve.conditions = [SOURCE_CONDITION, ...base]
    },
    async resolveId(id, importer, options) {
      if (!id.startsWith('@portico/')) return null
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true })
      const source = resolved && sourceOfBuilt(resolved.id)
      return source ? { ...resolved, id: source } : resolved
    },
  }
}
